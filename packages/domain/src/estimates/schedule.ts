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

/** `00` to `99`: two-digit parts without `padStart` (the calendar formats thousands of dates a request). */
const TWO_DIGITS = Array.from({ length: 100 }, (_, value) => String(value).padStart(2, '0'));

function format(year: number, month: number, day: number): string {
  const yyyy = year >= 1000 && year <= 9999 ? String(year) : String(year).padStart(4, '0');
  return `${yyyy}-${TWO_DIGITS[month]!}-${TWO_DIGITS[day]!}`;
}

function toDayNumber(date: string): number {
  const { year, month, day } = parts(date);
  return Math.round(Date.UTC(year, month - 1, day) / DAY_MS);
}

function fromDayNumber(days: number): string {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : MONTH_DAYS[month - 1]!;
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

interface CompiledSchedule {
  /** The date of occurrence `index`. */
  dateAt(index: number): string;
  /** An index at or before the first occurrence on or after `date` (`occurrenceIndexOnOrAfter` walks on from it). */
  indexBefore(date: string): number;
}

/** A schedule's constants (start, step, anchor day, first month) worked out once. */
function compileSchedule(schedule: RecurringSchedule): CompiledSchedule {
  const start = parts(schedule.start_date);
  if (schedule.frequency === 'daily' || schedule.frequency === 'weekly') {
    const step = schedule.interval * (schedule.frequency === 'weekly' ? 7 : 1);
    const startDay = Math.round(Date.UTC(start.year, start.month - 1, start.day) / DAY_MS);
    return {
      dateAt: (index) => fromDayNumber(startDay + index * step),
      indexBefore: (date) => Math.max(0, Math.floor((toDayNumber(date) - startDay) / step) - 1),
    };
  }
  const step = monthStep(schedule);
  const day = schedule.day_of_month === LAST_DAY_OF_MONTH ? 31 : (schedule.day_of_month ?? start.day);
  const startMonth = start.year * 12 + start.month - 1;
  // Occurrence 0 is in the start month unless the anchor day falls before the start date there.
  const firstMonth = startMonth + (clampedDate(startMonth, day) >= schedule.start_date ? 0 : step);
  return {
    dateAt: (index) => clampedDate(firstMonth + index * step, day),
    indexBefore: (date) => {
      const months = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1 - firstMonth;
      return Math.max(0, Math.floor(months / step) - 1);
    },
  };
}

function checkIndex(index: number): void {
  if (!Number.isInteger(index) || index < 0) throw new RangeError('index must be a non-negative integer');
}

/**
 * A schedule's occurrence dates by index, its constants worked out once: `occurrenceDate` is this
 * for one index; walks (the calendar projects a thousand schedules a request) keep one.
 */
export function occurrenceDates(schedule: RecurringSchedule): (index: number) => string {
  const compiled = compileSchedule(schedule);
  return (index) => {
    checkIndex(index);
    return compiled.dateAt(index);
  };
}

/**
 * The date of occurrence `index` (0 is the first run on or after the start date), ignoring the end
 * condition. Strictly increasing in `index`.
 */
export function occurrenceDate(schedule: RecurringSchedule, index: number): string {
  checkIndex(index);
  return compileSchedule(schedule).dateAt(index);
}

function indexOnOrAfter(schedule: RecurringSchedule, compiled: CompiledSchedule, date: string): number {
  if (date <= schedule.start_date) return 0;
  let index = compiled.indexBefore(date);
  while (compiled.dateAt(index) < date) index += 1;
  return index;
}

/** The index of the first occurrence on or after `date`. */
export function occurrenceIndexOnOrAfter(schedule: RecurringSchedule, date: string): number {
  return indexOnOrAfter(schedule, compileSchedule(schedule), date);
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

/**
 * The run dates a recurring invoice will still produce in [`from`, `to`) (`to` exclusive): the
 * occurrences from `nextIndex` (the scheduler's next run, `next_index`) on, stopping at the end date
 * and at the count (`generated` invoices already made), exactly as `dueRuns` walks them. The calendar
 * projects a schedule through this, so it never shows a run the scheduler will not make. Periods
 * before `from` are skipped by index arithmetic (`occurrenceIndexOnOrAfter`), not walked.
 */
export function projectedRunDates(
  schedule: RecurringSchedule,
  options: { nextIndex: number; generated: number; from: string; to: string; limit?: number },
): Array<{ index: number; period: string }> {
  const remaining = remainingCount(schedule, options.generated);
  if (remaining !== null && remaining <= 0) return [];
  // Under a count, the last occurrence the schedule will run has this index.
  const lastIndex = remaining === null ? Number.POSITIVE_INFINITY : options.nextIndex + remaining - 1;
  const limit = options.limit ?? 1_000;
  const out: Array<{ index: number; period: string }> = [];
  const compiled = compileSchedule(schedule);
  let index = Math.max(options.nextIndex, indexOnOrAfter(schedule, compiled, options.from));
  for (; index <= lastIndex && out.length < limit; index += 1) {
    const period = compiled.dateAt(index);
    if (period >= options.to || !withinEndDate(schedule, period)) break;
    out.push({ index, period });
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
 * Whether `timeZone` keeps one offset through UTC day `utcDay` (its offset then, else null: the day
 * it changes). Facts of the time zone database, kept for every zone and day asked (bounded), so the
 * calendar asks `Intl` about a day once, not about every event of it.
 */
const steadyOffsets = new Map<string, Map<number, number | null>>();
const STEADY_OFFSETS_KEPT = 20_000;

function steadyDayOffset(utcDay: number, timeZone: string): number | null {
  let days = steadyOffsets.get(timeZone);
  if (!days) {
    days = new Map();
    steadyOffsets.set(timeZone, days);
  }
  let steady = days.get(utcDay);
  if (steady === undefined) {
    if (days.size >= STEADY_OFFSETS_KEPT) days.clear();
    const start = zoneOffsetMinutes(utcDay * DAY_MS, timeZone);
    steady = start === zoneOffsetMinutes((utcDay + 1) * DAY_MS, timeZone) ? start : null;
    days.set(utcDay, steady);
  }
  return steady;
}

/** The zone's offset from UTC, in minutes, at `ms` (by its day's steady offset when it has one). */
function offsetAt(ms: number, timeZone: string): number {
  return steadyDayOffset(Math.floor(ms / DAY_MS), timeZone) ?? zoneOffsetMinutes(ms, timeZone);
}

/**
 * Formats instants as RFC 3339 date-times in `timeZone`, with its offset (`2030-05-13T09:00:00-04:00`):
 * the same instant, read as the zone's wall clock. The zone's offset is asked of `Intl` once per UTC
 * day (`steadyDayOffset`; only a day the zone changes offset is asked per instant) and each local
 * date is formatted once, so thousands of instants cost no `Intl` or `Date` work each.
 */
export function zonedDateTimeFormatter(timeZone: string): (instant: string | Date | number) => string {
  const dates = new Map<number, string>();
  return (instant) => {
    const ms =
      typeof instant === 'number' ? instant : typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
    if (Number.isNaN(ms)) throw new RangeError(`Not an instant: ${String(instant)}`);
    const offset = offsetAt(ms, timeZone);
    const local = ms + offset * 60_000;
    const localDay = Math.floor(local / DAY_MS);
    let date = dates.get(localDay);
    if (date === undefined) {
      date = fromDayNumber(localDay);
      dates.set(localDay, date);
    }
    const seconds = Math.floor((local - localDay * DAY_MS) / 1000);
    const abs = Math.abs(offset);
    return `${date}T${TWO_DIGITS[Math.floor(seconds / 3600)]!}:${TWO_DIGITS[Math.floor(seconds / 60) % 60]!}:${TWO_DIGITS[seconds % 60]!}${
      offset < 0 ? '-' : '+'
    }${TWO_DIGITS[Math.floor(abs / 60)]!}:${TWO_DIGITS[abs % 60]!}`;
  };
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

/** The calendar date of `instant` in `timeZone` (`Intl` through the zone's cached formatter, not per call). */
export function localCalendarDate(instant: Date, timeZone: string): string {
  const ms = instant.getTime();
  return fromDayNumber(Math.floor((ms + offsetAt(ms, timeZone) * 60_000) / DAY_MS));
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
