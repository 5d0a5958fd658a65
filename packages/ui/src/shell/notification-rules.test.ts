import { describe, expect, it } from 'vitest';
import { notificationKindOf, relativeTime, unreadBadgeText } from './notification-rules';

describe('unreadBadgeText (SPEC.md section 9)', () => {
  it.each([
    [0, null],
    [-1, null],
    [Number.NaN, null],
    [1, '1'],
    [9, '9'],
    [10, '9+'],
    [250, '9+'],
  ])('%s -> %j', (count, text) => {
    expect(unreadBadgeText(count)).toBe(text);
  });
});

describe('relativeTime (SPEC.md section 9)', () => {
  const now = new Date('2026-03-10T12:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  it.each([
    [0, 'Just now'],
    [59_999, 'Just now'],
    [-30_000, 'Just now'],
    [60_000, '1 minute ago'],
    [5 * 60_000 + 59_000, '5 minutes ago'],
    [59 * 60_000, '59 minutes ago'],
    [60 * 60_000, '1 hour ago'],
    [23 * 3_600_000, '23 hours ago'],
    [24 * 3_600_000, '1 day ago'],
    [6 * 86_400_000 + 3_600_000, '6 days ago'],
  ])('%s ms ago -> %s', (ms, text) => {
    expect(relativeTime(ago(ms), now)).toBe(text);
  });

  it('gives a locale date from 7 days on', () => {
    const iso = ago(7 * 86_400_000);
    expect(relativeTime(iso, now, 'en-US')).toBe(new Date(iso).toLocaleDateString('en-US'));
    expect(relativeTime(iso, now, 'en-US')).toBe('3/3/2026');
  });

  it('gives the date as the business writes it from 7 days on, when told how', () => {
    const formatDate = (value: string) => `formatted ${value.slice(0, 10)}`;
    expect(relativeTime(ago(7 * 86_400_000), now, undefined, formatDate)).toBe(
      `formatted ${ago(7 * 86_400_000).slice(0, 10)}`,
    );
    expect(relativeTime(ago(60_000), now, undefined, formatDate)).toBe('1 minute ago');
  });

  it('gives nothing for a broken date', () => {
    expect(relativeTime('soon', now)).toBe('');
  });
});

describe('notificationKindOf', () => {
  it.each([
    ['Invoice', 'Invoice'],
    ['RecurringInvoice', 'RecurringInvoice'],
    ['App\\Notifications\\OtherIncomeRecorded', 'OtherIncome'],
    ['PaymentReceived', 'Payment'],
    ['ActivityReminder', 'ActivityReminder'],
    ['Weird', 'Other'],
  ])('%s -> %s', (type, kind) => {
    expect(notificationKindOf(type)).toBe(kind);
  });
});
