import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, defaultToastTimeout, MAX_TOASTS } from './toast-store';

describe('toast store (SPEC.md sections 3, 4, 9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('removes a toast after the 5000 ms default', () => {
    const store = createToastStore();
    const id = store.show({ severity: 'success', summary: 'Saved' });
    const [toast] = store.getToasts();
    expect(toast).toMatchObject({ id, severity: 'success', summary: 'Saved', timeout: 5000 });
    expect(typeof toast?.timestamp).toBe('number');
    vi.advanceTimersByTime(4999);
    expect(store.getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getToasts()).toHaveLength(0);
  });

  it.each(['info', 'warn', 'success'] as const)('uses 5000 ms for %s', (severity) => {
    expect(defaultToastTimeout(severity)).toBe(5000);
  });

  it('keeps errors for 10000 ms', () => {
    const store = createToastStore();
    store.show({ severity: 'error', summary: 'Failed', detail: 'Try again' });
    expect(store.getToasts()[0]?.timeout).toBe(10000);
    vi.advanceTimersByTime(9999);
    expect(store.getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getToasts()).toHaveLength(0);
  });

  it('honours an explicit timeout', () => {
    const store = createToastStore();
    store.show({ severity: 'info', summary: 'Quick', timeout: 1000 });
    vi.advanceTimersByTime(1000);
    expect(store.getToasts()).toHaveLength(0);
  });

  it('keeps a toast with timeout false until it is removed', () => {
    const store = createToastStore();
    const id = store.show({ severity: 'warn', summary: 'Offline', timeout: false });
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(store.getToasts()).toHaveLength(1);
    expect(store.getToasts()[0]?.timeout).toBe(false);
    store.remove(id);
    expect(store.getToasts()).toHaveLength(0);
  });

  it('removes manually before the timeout, and the late timer is harmless', () => {
    const store = createToastStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const a = store.show({ severity: 'info', summary: 'A' });
    store.show({ severity: 'info', summary: 'B' });
    store.remove(a);
    expect(store.getToasts().map((t) => t.summary)).toEqual(['B']);
    const calls = listener.mock.calls.length;
    vi.advanceTimersByTime(5000);
    expect(store.getToasts()).toHaveLength(0);
    expect(listener.mock.calls.length).toBe(calls + 1);
  });

  it('clears every toast and its timers', () => {
    const store = createToastStore();
    store.show({ severity: 'info', summary: 'A' });
    store.show({ severity: 'error', summary: 'B', timeout: false });
    store.clear();
    expect(store.getToasts()).toHaveLength(0);
  });

  it('returns unique ids and replaces a toast shown again with the same id', () => {
    const store = createToastStore();
    const a = store.show({ severity: 'info', summary: 'Saving...', timeout: false });
    const b = store.show({ severity: 'info', summary: 'Other' });
    expect(a).not.toBe(b);
    store.show({ id: a, severity: 'success', summary: 'Saved' });
    expect(store.getToasts().map((t) => t.summary)).toEqual(['Saved', 'Other']);
    vi.advanceTimersByTime(5000);
    expect(store.getToasts()).toHaveLength(0);
  });

  it('shows the same message once: shown again, it replaces the first and restarts its time (issue 11)', () => {
    const store = createToastStore();
    const first = store.show({ severity: 'success', summary: 'Receipt emailed', detail: 'To a@b.test' });
    vi.advanceTimersByTime(4000);
    const again = store.show({ severity: 'success', summary: 'Receipt emailed', detail: 'To a@b.test' });
    expect(again).toBe(first);
    expect(store.getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(4000);
    expect(store.getToasts()).toHaveLength(1);
    // Another detail is another message.
    store.show({ severity: 'success', summary: 'Receipt emailed', detail: 'To c@d.test' });
    expect(store.getToasts()).toHaveLength(2);
  });

  it(`keeps at most ${MAX_TOASTS} toasts: a new one pushes the oldest out`, () => {
    const store = createToastStore();
    for (const summary of ['A', 'B', 'C', 'D']) store.show({ severity: 'info', summary, timeout: false });
    expect(store.getToasts().map((t) => t.summary)).toEqual(['B', 'C', 'D']);
  });

  it('pauses the countdown and resumes with the time that was left', () => {
    const store = createToastStore();
    const id = store.show({ severity: 'info', summary: 'Hover me' });
    vi.advanceTimersByTime(3000);
    store.pause(id);
    vi.advanceTimersByTime(10000);
    expect(store.getToasts()[0]?.remaining).toBe(2000);
    store.resume(id);
    vi.advanceTimersByTime(1999);
    expect(store.getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getToasts()).toHaveLength(0);
  });

  it('stops notifying after unsubscribe', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.show({ severity: 'info', summary: 'A' });
    unsubscribe();
    store.show({ severity: 'info', summary: 'B' });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
