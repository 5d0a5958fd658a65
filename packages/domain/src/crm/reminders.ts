import { addCalendarDays, calendarDaysBetween } from '../invoicing/due-date';
import { endOfZonedToday, zonedInstant, zonedToday } from './zoned-time';

/*
 * Activities' due times, reminders and snoozes. An activity is due at an instant; each reminder is
 * an offset in minutes BEFORE that instant (0 = at the due time). "Today", "tomorrow" and "next
 * week" are the business's, in its time zone.
 */

const MINUTE_MS = 60_000;

/** The instant a reminder fires: the activity's due instant minus `offsetMinutes`. */
export function reminderInstant(dueAt: string | Date, offsetMinutes: number): Date {
  if (!Number.isInteger(offsetMinutes) || offsetMinutes < 0) throw new RangeError(`Bad offset: ${offsetMinutes}`);
  const due = typeof dueAt === 'string' ? new Date(dueAt) : dueAt;
  return new Date(due.getTime() - offsetMinutes * MINUTE_MS);
}

/** A new activity's due instant from its type's default offset: `now` plus `offsetMinutes`. */
export function defaultDueInstant(now: Date, offsetMinutes: number): Date {
  return new Date(now.getTime() + offsetMinutes * MINUTE_MS);
}

// ---------------------------------------------------------------- offsets in forms

export const OFFSET_UNITS = ['minutes', 'hours', 'days', 'weeks'] as const;
export type OffsetUnit = (typeof OFFSET_UNITS)[number];
export const OFFSET_UNIT_MINUTES: Record<OffsetUnit, number> = { minutes: 1, hours: 60, days: 1440, weeks: 10080 };

/** Reminder choices a form offers first (minutes before the due time). */
export const REMINDER_OFFSET_PRESETS = [0, 15, 30, 60, 1440] as const;

/** `value` `unit`s in minutes (2 days = 2880). */
export function offsetToMinutes(value: number, unit: OffsetUnit): number {
  return Math.round(value * OFFSET_UNIT_MINUTES[unit]);
}

/** Minutes as the largest whole unit (2880 = 2 days, 90 = 90 minutes), for a form's number + unit pair. */
export function minutesToOffset(minutes: number): { value: number; unit: OffsetUnit } {
  for (const unit of [...OFFSET_UNITS].reverse()) {
    const size = OFFSET_UNIT_MINUTES[unit];
    if (minutes !== 0 && minutes % size === 0) return { value: minutes / size, unit };
  }
  return { value: minutes, unit: 'minutes' };
}

/** "2 days", "1 hour", "90 minutes"; 0 is "0 minutes" (say "at the due time" around it). */
export function formatOffset(minutes: number): string {
  const { value, unit } = minutesToOffset(minutes);
  const singular = unit.slice(0, -1);
  return `${value} ${value === 1 ? singular : unit}`;
}

/** A reminder as a sentence: "At the due time", "1 hour before", "2 days before". */
export function describeReminder(offsetMinutes: number): string {
  return offsetMinutes === 0 ? 'At the due time' : `${formatOffset(offsetMinutes)} before`;
}

// ---------------------------------------------------------------- the reminders screen

export const REMINDER_BUCKETS = ['overdue', 'today', 'upcoming'] as const;
export type ReminderBucket = (typeof REMINDER_BUCKETS)[number];
export const REMINDER_BUCKET_LABELS: Record<ReminderBucket, string> = {
  overdue: 'Overdue',
  today: 'Due today',
  upcoming: 'Upcoming',
};

/**
 * The instants that split open (not done) activities into the screen's buckets: **overdue** is
 * due before `now`; **due today** is due from `now` until the end of the business's today
 * (`endOfToday`, exclusive); **upcoming** is due from then on.
 */
export function reminderBucketBounds(now: Date, timeZone: string): { now: Date; endOfToday: Date } {
  return { now, endOfToday: endOfZonedToday(now, timeZone) };
}

export function reminderBucketOf(dueAt: string | Date, bounds: { now: Date; endOfToday: Date }): ReminderBucket {
  const due = (typeof dueAt === 'string' ? new Date(dueAt) : dueAt).getTime();
  if (due < bounds.now.getTime()) return 'overdue';
  if (due < bounds.endOfToday.getTime()) return 'today';
  return 'upcoming';
}

// ---------------------------------------------------------------- snooze

export const SNOOZE_OPTIONS = ['1_hour', 'tomorrow', 'next_week', 'date'] as const;
export type SnoozeOption = (typeof SNOOZE_OPTIONS)[number];
export const SNOOZE_OPTION_LABELS: Record<SnoozeOption, string> = {
  '1_hour': '1 hour',
  tomorrow: 'Tomorrow',
  next_week: 'Next week',
  date: 'Pick a date',
};
/** The time of day "tomorrow", "next week" and a picked date snooze to, unless a time is given. */
export const SNOOZE_DEFAULT_TIME = '09:00';

/**
 * The new due instant of a snoozed activity, in the business's time zone:
 * - `1_hour`: one hour from now;
 * - `tomorrow`: the business's tomorrow at 09:00;
 * - `next_week`: the Monday of next week (the first Monday after today; from a Sunday, the day
 *   after) at 09:00;
 * - `date`: `date` at `time` (09:00 when not given).
 * A time skipped by a daylight-saving change moves forward by the gap. The caller refuses a
 * target that is not after `now` (a picked date in the past).
 */
export function snoozeTarget(params: {
  option: SnoozeOption;
  now: Date;
  timeZone: string;
  date?: string | null | undefined;
  time?: string | null | undefined;
}): Date {
  const time = params.time ?? SNOOZE_DEFAULT_TIME;
  const today = zonedToday(params.now, params.timeZone);
  switch (params.option) {
    case '1_hour':
      return new Date(params.now.getTime() + 60 * MINUTE_MS);
    case 'tomorrow':
      return zonedInstant(addCalendarDays(today, 1), time, params.timeZone);
    case 'next_week': {
      // Day of the week of the local date: 0 Sunday ... 6 Saturday (a calendar date has no zone).
      const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
      const daysToMonday = (8 - weekday) % 7 || 7;
      return zonedInstant(addCalendarDays(today, daysToMonday), time, params.timeZone);
    }
    case 'date':
      if (!params.date) throw new RangeError('A date is needed to snooze to a date');
      return zonedInstant(params.date, time, params.timeZone);
  }
}

/** Calendar days from the business's today to `date` (for "in 3 days" labels). */
export function daysFromToday(date: string, now: Date, timeZone: string): number {
  return calendarDaysBetween(zonedToday(now, timeZone), date);
}

// ---------------------------------------------------------------- delivery retries

/** A delivery that failed this many times is `failed` (shown on the reminders screen), not retried. */
export const REMINDER_MAX_ATTEMPTS = 5;
/** How long a scheduler holds a claimed delivery before another may take it over (a crashed sender). */
export const REMINDER_LEASE_MS = 5 * 60_000;
const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000] as const;

/**
 * When to try a failed delivery again, after its `attempts`-th failed attempt (1, 2, ...): 1
 * minute, 5 minutes, 15 minutes, then hourly; null once `REMINDER_MAX_ATTEMPTS` attempts failed
 * (the delivery stays `failed` and visible until someone retries it by hand).
 */
export function reminderRetryAt(attempts: number, now: Date): Date | null {
  if (attempts >= REMINDER_MAX_ATTEMPTS) return null;
  const delay = RETRY_DELAYS_MS[Math.min(Math.max(attempts, 1), RETRY_DELAYS_MS.length) - 1] as number;
  return new Date(now.getTime() + delay);
}

/** The notification type of an activity reminder (the bell picks its icon from it). */
export const ACTIVITY_REMINDER_NOTIFICATION_TYPE = 'ActivityReminder';
/** Reminder channels: the in-app notification and the email (as the CRM settings enable them). */
export const REMINDER_CHANNELS = ['in_app', 'email'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];
export const REMINDER_DELIVERY_STATUSES = ['pending', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type ReminderDeliveryStatus = (typeof REMINDER_DELIVERY_STATUSES)[number];
