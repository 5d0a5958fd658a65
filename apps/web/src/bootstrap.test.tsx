import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount } from './bootstrap';

afterEach(() => vi.restoreAllMocks());

describe('mount', () => {
  it('logs an error and mounts nothing without #root (SPEC.md section 8)', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const doc = document.implementation.createHTMLDocument('empty');
    expect(mount(doc)).toBeNull();
    expect(error).toHaveBeenCalledTimes(1);
    expect(doc.body.innerHTML).toBe('');
  });
});
