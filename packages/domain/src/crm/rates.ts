import { addCalendarDays } from '../invoicing/due-date';
import { startOfZonedDay, zonedToday } from './zoned-time';

/*
 * The CRM's rates, as the dashboard's crm-overview and the CRM screens show them. Both are
 * percentages with one decimal (rounded half up: 2 of 3 is 66.7, 1 of 8 is 12.5), and null (not 0)
 * when their denominator is 0: "no opportunity closed" is not "a 0 % win rate".
 */

/** `numerator / denominator` as a percentage with one decimal, or null when the denominator is 0. */
export function percentOneDecimal(numerator: number, denominator: number): number | null {
  if (!Number.isInteger(numerator) || !Number.isInteger(denominator) || numerator < 0 || denominator < 0)
    throw new RangeError(`Counts must be whole numbers 0 or more: ${numerator} / ${denominator}`);
  if (denominator === 0) return null;
  // Tenths of a percent, rounded half up in integers (no binary drift): 2/3 -> 667 -> 66.7.
  return Math.floor((numerator * 2000 + denominator) / (denominator * 2)) / 10;
}

/**
 * Win rate: among the opportunities CLOSED in the window (their `closed_at` in it; they are now in a
 * won or a lost stage), the share that was won: won / (won + lost) x 100, one decimal; null when
 * none closed in the window. A reopened opportunity has no closed date, so it counts in neither.
 */
export function winRate(won: number, lost: number): number | null {
  return percentOneDecimal(won, won + lost);
}

/**
 * Lead conversion rate: among the leads CREATED in the window, the share that is now converted:
 * converted / created x 100, one decimal; null when no lead was created in the window. A lead
 * created before the window and converted in it counts in neither (the rate follows a cohort).
 */
export function leadConversionRate(converted: number, created: number): number | null {
  return percentOneDecimal(converted, created);
}

/**
 * Where the rate window starts: the window is the last `days` calendar days of the business,
 * today included (90 days on 2026-03-31 are 2026-01-01 to 2026-03-31), from the local midnight of
 * its first day, in the business's time zone. The window ends now.
 */
export function rateWindowStart(now: Date, days: number, timeZone: string): Date {
  if (!Number.isInteger(days) || days < 1) throw new RangeError(`Window days must be 1 or more: ${days}`);
  return startOfZonedDay(addCalendarDays(zonedToday(now, timeZone), 1 - days), timeZone);
}
