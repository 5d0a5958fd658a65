/**
 * Calendar-date rules on `yyyy-MM-dd` strings. The arithmetic runs on UTC midnights, so a date
 * never shifts by a day whatever the time zone of the browser or the server.
 */

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Net days a business may give: up to ten years, which is already absurd. */
export const MAX_NET_DAYS = 3650;

function toUtcMs(date: string): number {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`Not a yyyy-MM-dd date: ${date}`);
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (fromUtcMs(ms) !== date) throw new RangeError(`Not a calendar date: ${date}`);
  return ms;
}

function fromUtcMs(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** True for an existing calendar date written `yyyy-MM-dd`. */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  return fromUtcMs(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) === value;
}

/** `date` plus `days` calendar days (negative goes back). */
export function addCalendarDays(date: string, days: number): string {
  if (!Number.isSafeInteger(days)) throw new RangeError(`Days must be a whole number: ${days}`);
  return fromUtcMs(toUtcMs(date) + days * DAY_MS);
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function calendarDaysBetween(from: string, to: string): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / DAY_MS);
}

/** The due date for payment terms of `net_days` days (Net 30 from 2026-01-31 is 2026-03-02). */
export function dueDateFromTerms(issueDate: string, netDays: number): string {
  if (!Number.isSafeInteger(netDays) || netDays < 0 || netDays > MAX_NET_DAYS)
    throw new RangeError(`Net days must be 0-${MAX_NET_DAYS}: ${netDays}`);
  return addCalendarDays(issueDate, netDays);
}

/** Past the due date (the due date itself is still on time) with something left to pay. */
export function isOverdue(dueDate: string, today: string, balanceCents: number): boolean {
  toUtcMs(dueDate);
  toUtcMs(today);
  return balanceCents > 0 && dueDate < today;
}

/** Days past due, 0 when not overdue. */
export function daysOverdue(dueDate: string, today: string): number {
  return Math.max(0, calendarDaysBetween(dueDate, today));
}

/** The calendar date of an instant in UTC, `yyyy-MM-dd`. */
export function utcCalendarDate(instant: Date): string {
  return fromUtcMs(instant.getTime());
}
