import { addCalendarDays } from '../invoicing/due-date';
import { localCalendarDate, periodDueAt } from '../estimates/schedule';

/**
 * The business's time zone and its calendar (issue 14): without the schemas of shared.ts, because
 * the dashboard's figures use them and a module that builds zod schemas made every signed-in page
 * load and run zod before it could draw.
 */

/** The instant `time` (`HH:mm`) on `date` (`yyyy-MM-dd`) in `timeZone` (a skipped time moves forward by the gap). */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  return periodDueAt(date, time, timeZone);
}

/** The business's calendar date at `now`. */
export function zonedToday(now: Date, timeZone: string): string {
  return localCalendarDate(now, timeZone);
}

/** The first instant of `date` in `timeZone` (its local midnight). */
export function startOfZonedDay(date: string, timeZone: string): Date {
  return zonedInstant(date, '00:00', timeZone);
}

/** The first instant of the business's day after `now`'s: the end (exclusive) of "today". */
export function endOfZonedToday(now: Date, timeZone: string): Date {
  return startOfZonedDay(addCalendarDays(zonedToday(now, timeZone), 1), timeZone);
}

/** The first instant of the business's current month: "this month" starts here. */
export function startOfZonedMonth(now: Date, timeZone: string): Date {
  return startOfZonedDay(`${zonedToday(now, timeZone).slice(0, 8)}01`, timeZone);
}

/**
 * A `[from, to]` date filter (dates in the business's time zone, both inclusive) as instants:
 * `from` at the start of its day, `to` up to (excluding) the start of the day after it.
 */
export function zonedDateRange(
  range: { from?: string | null | undefined; to?: string | null | undefined },
  timeZone: string,
): { since: Date | undefined; before: Date | undefined } {
  return {
    since: range.from ? startOfZonedDay(range.from, timeZone) : undefined,
    before: range.to ? startOfZonedDay(addCalendarDays(range.to, 1), timeZone) : undefined,
  };
}
