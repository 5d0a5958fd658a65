import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addCalendarDays,
  calendarDaysBetween,
  daysOverdue,
  dueDateFromTerms,
  isCalendarDate,
  isOverdue,
  utcCalendarDate,
} from './due-date';

describe('due dates on calendar dates', () => {
  it('adds net days across month ends, leap days and years', () => {
    expect(dueDateFromTerms('2026-01-31', 30)).toBe('2026-03-02');
    expect(dueDateFromTerms('2028-02-15', 15)).toBe('2028-03-01');
    expect(dueDateFromTerms('2026-02-15', 14)).toBe('2026-03-01');
    expect(dueDateFromTerms('2026-12-15', 30)).toBe('2027-01-14');
    expect(dueDateFromTerms('2026-11-22', 0)).toBe('2026-11-22');
    // 2026-03-08 is a US daylight-saving change: no drift on UTC calendar arithmetic
    expect(dueDateFromTerms('2026-03-01', 7)).toBe('2026-03-08');
    expect(() => dueDateFromTerms('2026-02-30', 30)).toThrow(RangeError);
    expect(() => dueDateFromTerms('2026-11-22', -1)).toThrow(RangeError);
    expect(() => dueDateFromTerms('2026-11-22', 1.5)).toThrow(RangeError);
  });
  it('overdue means past the due date with a balance', () => {
    expect(isOverdue('2026-11-21', '2026-11-22', 100)).toBe(true);
    expect(isOverdue('2026-11-22', '2026-11-22', 100)).toBe(false);
    expect(isOverdue('2026-11-21', '2026-11-22', 0)).toBe(false);
    expect(daysOverdue('2026-11-01', '2026-11-22')).toBe(21);
    expect(daysOverdue('2026-12-01', '2026-11-22')).toBe(0);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(utcCalendarDate(new Date('2026-11-22T23:59:59Z'))).toBe('2026-11-22');
  });
  it('adding then measuring days round-trips for every date and term', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 * 200 }), fc.integer({ min: 0, max: 3650 }), (offset, days) => {
        const issue = addCalendarDays('1950-01-01', offset);
        expect(isCalendarDate(issue)).toBe(true);
        const due = dueDateFromTerms(issue, days);
        expect(calendarDaysBetween(issue, due)).toBe(days);
        expect(due >= issue).toBe(true);
        expect(addCalendarDays(due, -days)).toBe(issue);
      }),
    );
  });
});
