import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/*
 * Recurring-invoice schedule arithmetic. A run is keyed by its period: the calendar date
 * (`yyyy-MM-dd`) of the occurrence, computed from the start date and the occurrence's index, never
 * from the previous run (so a run on Feb 28 for "the 31st" is followed by Mar 31, not Mar 28). The
 * time of day and the time zone only decide WHEN a period becomes due; they never change which
 * periods exist, so a daylight-saving change can neither skip nor double a run.
 */

export const RECURRING_FREQUENCIES = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];
export const RECURRING_END_TYPES = ['never', 'on_date', 'after_count'] as const;
export type RecurringEndType = (typeof RECURRING_END_TYPES)[number];

/** The "last day of the month" choice. */
export const LAST_DAY_OF_MONTH = 'last';
export type DayOfMonth = number | typeof LAST_DAY_OF_MONTH;

export interface RecurringSchedule {
  frequency: RecurringFrequency;
  /** Every `interval` days, weeks, months or years (1 or more). */
  interval: number;
  /** Monthly and yearly: 1 to 31 or `last`; null means the start date's day. Ignored for daily and weekly. */
  day_of_month: DayOfMonth | null;
  start_date: string;
  end_type: RecurringEndType;
  /** `on_date`: the last date a run may fall on (inclusive). */
  end_date: string | null;
  /** `after_count`: how many invoices the schedule produces. */
  end_count: number | null;
}

const DAY_MS = 86_400_000;

function parts(date: string): { year: number; month: number; day: number } {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}

function format(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function toDayNumber(date: string): number {
  const { year, month, day } = parts(date);
  return Math.round(Date.UTC(year, month - 1, day) / DAY_MS);
}

function fromDayNumber(days: number): string {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** The date in month `monthIndex` (months since year 0) on `day`, clamped to the month's last day. */
function clampedDate(monthIndex: number, day: number): string {
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  return format(year, month, Math.min(day, daysInMonth(year, month)));
}

function monthStep(schedule: RecurringSchedule): number {
  return schedule.frequency === 'yearly' ? 12 * schedule.interval : schedule.interval;
}

function anchorDay(schedule: RecurringSchedule): number {
  const day = schedule.day_of_month;
  if (day === LAST_DAY_OF_MONTH) return 31;
  return day ?? parts(schedule.start_date).day;
}

/** Month offset (from the start month) of occurrence 0 of a monthly or yearly schedule. */
function firstMonthOffset(schedule: RecurringSchedule): number {
  const { year, month } = parts(schedule.start_date);
  const candidate = clampedDate(year * 12 + month - 1, anchorDay(schedule));
  return candidate >= schedule.start_date ? 0 : monthStep(schedule);
}

/**
 * The date of occurrence `index` (0 is the first run on or after the start date), ignoring the end
 * condition. Strictly increasing in `index`.
 */
export function occurrenceDate(schedule: RecurringSchedule, index: number): string {
  if (!Number.isInteger(index) || index < 0) throw new RangeError('index must be a non-negative integer');
  if (schedule.frequency === 'daily' || schedule.frequency === 'weekly') {
    const step = schedule.interval * (schedule.frequency === 'weekly' ? 7 : 1);
    return fromDayNumber(toDayNumber(schedule.start_date) + index * step);
  }
  const { year, month } = parts(schedule.start_date);
  return clampedDate(
    year * 12 + month - 1 + firstMonthOffset(schedule) + index * monthStep(schedule),
    anchorDay(schedule),
  );
}

/** The index of the first occurrence on or after `date`. */
export function occurrenceIndexOnOrAfter(schedule: RecurringSchedule, date: string): number {
  if (date <= schedule.start_date) return 0;
  let index: number;
  if (schedule.frequency === 'daily' || schedule.frequency === 'weekly') {
    const step = schedule.interval * (schedule.frequency === 'weekly' ? 7 : 1);
    index = Math.max(0, Math.floor((toDayNumber(date) - toDayNumber(schedule.start_date)) / step) - 1);
  } else {
    const from = parts(schedule.start_date);
    const to = parts(date);
    const months = (to.year - from.year) * 12 + (to.month - from.month) - firstMonthOffset(schedule);
    index = Math.max(0, Math.floor(months / monthStep(schedule)) - 1);
  }
  while (occurrenceDate(schedule, index) < date) index += 1;
  return index;
}

/** True when a run on `date` is allowed by the end date (the count is checked by the caller, who knows how many invoices exist). */
export function withinEndDate(schedule: Pick<RecurringSchedule, 'end_type' | 'end_date'>, date: string): boolean {
  return schedule.end_type !== 'on_date' || schedule.end_date === null || date <= schedule.end_date;
}

/** Invoices still to come, or null for "never ends" and end-by-date schedules. */
export function remainingCount(
  schedule: Pick<RecurringSchedule, 'end_type' | 'end_count'>,
  generated: number,
): number | null {
  if (schedule.end_type !== 'after_count' || schedule.end_count === null) return null;
  return Math.max(0, schedule.end_count - generated);
}

/**
 * The next `count` run dates from occurrence `fromIndex`, stopping at the end condition
 * (`generated` invoices already produced count towards `after_count`).
 */
export function upcomingRunDates(
  schedule: RecurringSchedule,
  options: { fromIndex?: number; generated?: number; count?: number } = {},
): string[] {
  const count = options.count ?? 5;
  const remaining = remainingCount(schedule, options.generated ?? 0);
  const limit = remaining === null ? count : Math.min(count, remaining);
  const out: string[] = [];
  for (let index = options.fromIndex ?? 0; out.length < limit; index += 1) {
    const date = occurrenceDate(schedule, index);
    if (!withinEndDate(schedule, date)) break;
    out.push(date);
  }
  return out;
}

// ---------------------------------------------------------------- time of day and time zone

export const SEND_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export function isValidTimeZone(zone: string): boolean {
  if (zone.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** `zone` when it is a time zone this runtime knows, else `UTC` (a registration's browser zone). */
export function timeZoneOrUtc(zone: string | null | undefined): string {
  return zone && isValidTimeZone(zone) ? zone : 'UTC';
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC, in minutes, at `instantMs` (one formatter per zone: the scheduler asks for every due row). */
function zoneOffsetMinutes(instantMs: number, timeZone: string): number {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    zoneFormats.set(timeZone, format);
  }
  const field: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of format.formatToParts(instantMs)) field[part.type] = Number(part.value);
  const local = Date.UTC(
    field.year ?? 0,
    (field.month ?? 1) - 1,
    field.day ?? 1,
    field.hour ?? 0,
    field.minute ?? 0,
    field.second ?? 0,
  );
  return Math.round((local - (instantMs - (((instantMs % 1000) + 1000) % 1000))) / 60_000);
}

/**
 * The instant a period becomes due: `sendTime` (`HH:mm`) on the period's date in `timeZone`. A time
 * that does not exist that day (spring forward) moves forward by the gap (02:30 New York on
 * 2026-03-08 is 03:30 EDT); an ambiguous one (fall back) takes the first occurrence (01:30 New York on
 * 2026-11-01 is 01:30 EDT, 05:30Z, not 01:30 EST). One instant per period either way.
 */
export function periodDueAt(period: string, sendTime: string, timeZone: string): Date {
  const { year, month, day } = parts(period);
  // The wall-clock time read as if it were UTC; the real instant is this minus the zone's offset.
  const wall = Date.UTC(year, month - 1, day, Number(sendTime.slice(0, 2)), Number(sendTime.slice(3, 5)));
  // A day either side is outside any transition near the time: the offsets before and after it.
  const before = zoneOffsetMinutes(wall - DAY_MS, timeZone);
  const after = zoneOffsetMinutes(wall + DAY_MS, timeZone);
  const candidates = [...new Set([before, after])].map((offset) => ({ offset, at: wall - offset * 60_000 }));
  // A candidate is real when the zone has that offset at that instant; two real ones: the repeated hour.
  const real = candidates
    .filter((candidate) => zoneOffsetMinutes(candidate.at, timeZone) === candidate.offset)
    .map((candidate) => candidate.at);
  // None: the time falls in the gap; read with the offset before it, it lands the gap's length later.
  return new Date(real.length > 0 ? Math.min(...real) : wall - before * 60_000);
}

/** The calendar date of `instant` in `timeZone`. */
export function localCalendarDate(instant: Date, timeZone: string): string {
  return dayjs(instant).tz(timeZone).format('YYYY-MM-DD');
}

export interface DueRunsInput {
  schedule: RecurringSchedule;
  /** Index of the next occurrence to run. */
  nextIndex: number;
  /** Invoices already produced (for `after_count`). */
  generated: number;
  sendTime: string;
  timeZone: string;
  now: Date;
  /** `catch_up`: every missed period gets its invoice; `skip`: only the latest due period runs. */
  missedRuns: 'catch_up' | 'skip';
  /** At most this many periods (catch-up after a long outage is done over several ticks). */
  limit?: number;
}

/**
 * What is due now: `run` are the periods to invoice (in order, with their occurrence index),
 * `skipped` the missed periods the `skip` policy passes over. Both empty when nothing is due.
 */
export function dueRuns(input: DueRunsInput): {
  run: Array<{ index: number; period: string }>;
  skipped: Array<{ index: number; period: string }>;
} {
  const remaining = remainingCount(input.schedule, input.generated);
  const due: Array<{ index: number; period: string }> = [];
  const limit = input.limit ?? 100;
  for (let index = input.nextIndex; ; index += 1) {
    const period = occurrenceDate(input.schedule, index);
    if (!withinEndDate(input.schedule, period)) break;
    if (periodDueAt(period, input.sendTime, input.timeZone).getTime() > input.now.getTime()) break;
    due.push({ index, period });
    // Under catch-up every due period is run: stop at the count and at the batch limit.
    if (input.missedRuns === 'catch_up' && (due.length >= limit || (remaining !== null && due.length >= remaining)))
      break;
    // Under skip only the last due one matters; still bound the walk.
    if (due.length > 10_000) break;
  }
  if (remaining !== null && remaining <= 0) return { run: [], skipped: [] };
  if (input.missedRuns === 'skip' && due.length > 1) {
    const last = due[due.length - 1] as { index: number; period: string };
    return { run: [last], skipped: due.slice(0, -1) };
  }
  return { run: due, skipped: [] };
}
