import { z } from 'zod';
import { idSchema, isoDateSchema } from '../common';
import { calendarDaysBetween } from '../invoicing/due-date';
import { timeOfDaySchema } from '../crm/shared';

/*
 * The calendar (issue 17): the dates of the other areas on one calendar, and a person's private
 * iCalendar feed of the kinds they choose. The calendar reads; the only write it offers (moving a CRM
 * activity) goes through the CRM's own service.
 */

/** Every kind of event, in the order the filter lists them. */
export const CALENDAR_EVENT_KINDS = [
  'invoice_due',
  'recurring_run',
  'estimate_expiry',
  'activity',
  'reminder',
  'goal_target',
  'payment',
] as const;
export type CalendarEventKind = (typeof CALENDAR_EVENT_KINDS)[number];

export const CALENDAR_KIND_LABELS: Record<CalendarEventKind, string> = {
  invoice_due: 'Invoice due dates',
  recurring_run: 'Recurring invoice runs',
  estimate_expiry: 'Estimate expiry dates',
  activity: 'CRM activities',
  reminder: 'Activity reminders',
  goal_target: 'Goal target dates',
  payment: 'Payments received',
};

/** The kinds a feed offers (its subscriber chooses among them), and those a new feed starts with. */
export const CALENDAR_FEED_KINDS = [
  'invoice_due',
  'recurring_run',
  'estimate_expiry',
  'activity',
  'goal_target',
] as const satisfies readonly CalendarEventKind[];
export type CalendarFeedKind = (typeof CALENDAR_FEED_KINDS)[number];

/** A range may cover at most this many days (a leap year). */
export const CALENDAR_MAX_RANGE_DAYS = 366;
/** The feed holds events from this many days back to `CALENDAR_FEED_DAYS_AHEAD` ahead of today. */
export const CALENDAR_FEED_DAYS_BACK = 90;
export const CALENDAR_FEED_DAYS_AHEAD = 365;

export const CALENDAR_MESSAGES = {
  rangeTooLong: 'Choose a range of at most one year.',
  rangeOrder: 'The end of the range must be after its start.',
  kindInvalid: 'Choose kinds of events from the list.',
  kindsRequired: 'Choose at least one kind of event.',
  personInvalid: 'Choose a person of your business.',
  activityRescheduled: 'Activity moved',
  feedOn: 'Your calendar feed is on. Copy its address now: it is shown only once.',
  feedSaved: 'Calendar feed saved',
  feedRegenerated: 'New feed address made. The old one no longer works.',
  feedOff: 'Calendar feed turned off',
  feedNotFound: 'No such calendar feed.',
  // Why an event cannot be dragged (the calendar says so instead of moving it).
  notDraggable: {
    invoice_due: 'An invoice’s due date is changed on the invoice.',
    recurring_run: 'A recurring invoice’s runs follow its schedule: edit the schedule to move them.',
    estimate_expiry: 'An estimate’s expiry date is changed on the estimate.',
    reminder: 'A reminder moves with its activity: drag the activity.',
    goal_target: 'A goal’s target date is changed on the goal.',
    payment: 'A payment’s date is changed on its invoice.',
    activity: 'Your role cannot change activities.',
    done: 'A done activity stays on the day it was done.',
  },
} as const;

const kindSchema = z.enum(CALENDAR_EVENT_KINDS, { error: CALENDAR_MESSAGES.kindInvalid });

/** `kinds=invoice_due,activity` (or repeated): a list of kinds; omitted means all. */
const kindListSchema = z
  .union([z.string(), z.array(z.string())], { error: CALENDAR_MESSAGES.kindInvalid })
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((item) => item.split(','))
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  )
  // One message on `kinds` (not on `kinds.1`): the list is one query parameter.
  .refine(
    (kinds) =>
      kinds.length <= CALENDAR_EVENT_KINDS.length * 2 &&
      kinds.every((kind) => (CALENDAR_EVENT_KINDS as readonly string[]).includes(kind)),
    CALENDAR_MESSAGES.kindInvalid,
  )
  .transform((kinds) => [...new Set(kinds)] as CalendarEventKind[]);

/**
 * `GET /api/calendar/events?from=2026-05-01&to=2026-06-01&kinds=&person_id=`: the events of
 * [from, to) (`to` exclusive, as a calendar's visible range ends), at most a year. `person_id`
 * (owners and admins) narrows activities and reminders to one assignee.
 */
export const calendarQuerySchema = z
  .object({
    from: isoDateSchema,
    to: isoDateSchema,
    kinds: kindListSchema.optional(),
    person_id: idSchema.optional(),
  })
  .superRefine((query, ctx) => {
    // A date already refused (out of range years) is reported once, on its own field.
    if (ctx.issues.some((issue) => issue.path?.[0] === 'from' || issue.path?.[0] === 'to')) return;
    if (query.to <= query.from) {
      ctx.addIssue({ code: 'custom', message: CALENDAR_MESSAGES.rangeOrder, path: ['to'] });
      return;
    }
    if (calendarDaysBetween(query.from, query.to) > CALENDAR_MAX_RANGE_DAYS)
      ctx.addIssue({ code: 'custom', message: CALENDAR_MESSAGES.rangeTooLong, path: ['to'] });
  });
export type CalendarQueryInput = z.input<typeof calendarQuerySchema>;
export type CalendarQuery = z.output<typeof calendarQuerySchema>;

/** The page an event opens. */
export const CALENDAR_RECORD_TYPES = [
  'invoice',
  'recurring_invoice',
  'estimate',
  'goal',
  'lead',
  'opportunity',
  'client',
] as const;
export type CalendarRecordType = (typeof CALENDAR_RECORD_TYPES)[number];

/**
 * One event. A field that does not apply to the event is left out rather than sent as null or
 * false (a month holds thousands of events): `amount` only about money, `activity_id` and
 * `assignee` only for activities and reminders, `overdue` and `editable` only when true.
 */
export const calendarEventSchema = z.object({
  /** Stable across reads (and the feed's UID): `<kind>-<id>`, `recurring_run-<id>-<period>`. */
  id: z.string(),
  kind: kindSchema,
  title: z.string(),
  /**
   * An all-day event: its date, `yyyy-MM-dd`. A timed one (activities, reminders): an RFC 3339
   * date-time with the business's offset, `2030-05-13T09:00:00-04:00`, so its first 19 characters
   * are the business's wall clock (`isAllDayEvent`, `eventWallClock`).
   */
  start: z.string(),
  /** The record's status (invoice: its status as shown, `overdue` when past due with a balance). */
  status: z.string(),
  /** Past due (an unpaid invoice, an estimate that expired, an open activity, a goal not reached). */
  overdue: z.literal(true).optional(),
  /** Decimal dollars, when the event is about money. */
  amount: z.number().optional(),
  /** The page the event opens. */
  record: z.object({ type: z.enum(CALENDAR_RECORD_TYPES), id: z.number().int() }),
  /** Activities and reminders: the activity (the calendar moves it). */
  activity_id: z.number().int().optional(),
  /** Activities and reminders that have one. */
  assignee: z.object({ id: z.number().int(), name: z.string() }).optional(),
  /** The caller may drag it (an open CRM activity, a role that writes); `notDraggableReason` says why not. */
  editable: z.literal(true).optional(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

export const calendarResponseSchema = z.object({
  data: z.array(calendarEventSchema),
  /** The business's time zone: timed events are shown in it. */
  time_zone: z.string(),
  /** The business's today. */
  today: z.string(),
  from: z.string(),
  to: z.string(),
});
export type CalendarResponse = z.infer<typeof calendarResponseSchema>;

/** The people whose activities an owner or admin may show (`GET /api/calendar/people`). */
export const calendarPeopleResponseSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type CalendarPeopleResponse = z.infer<typeof calendarPeopleResponseSchema>;

/**
 * `POST /api/calendar/activities/:id/move`: a dragged activity's new day (and time) in the
 * business's time zone; the CRM's service moves it and its reminders.
 */
export const calendarMoveRequestSchema = z.strictObject({
  date: isoDateSchema,
  time: timeOfDaySchema,
});
export type CalendarMoveRequest = z.output<typeof calendarMoveRequestSchema>;

// ---------------------------------------------------------------- the feed

const feedKindSchema = z.enum(CALENDAR_FEED_KINDS, { error: CALENDAR_MESSAGES.kindInvalid });

/** `PUT /api/calendar/feed`: turn the caller's feed on (or change its kinds). */
export const calendarFeedRequestSchema = z.strictObject({
  kinds: z
    .array(feedKindSchema, { error: CALENDAR_MESSAGES.kindsRequired })
    .min(1, CALENDAR_MESSAGES.kindsRequired)
    .max(CALENDAR_FEED_KINDS.length * 2, CALENDAR_MESSAGES.kindInvalid)
    .transform((kinds) => [...new Set(kinds)]),
});
export type CalendarFeedRequest = z.output<typeof calendarFeedRequestSchema>;

export const calendarFeedSchema = z.object({
  enabled: z.boolean(),
  kinds: z.array(feedKindSchema),
  /** The subscription address: only in the answer that made its token (turned on, regenerated). */
  url: z.string().nullable(),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const calendarFeedResponseSchema = z.object({ data: calendarFeedSchema, message: z.string().optional() });
export type CalendarFeedResponse = z.infer<typeof calendarFeedResponseSchema>;

/** The feed's path parameter: the token, with or without its `.ics`. */
export const calendarFeedParamsSchema = z.object({
  token: z
    .string()
    .max(200)
    .transform((value) => value.replace(/\.ics$/, ''))
    .pipe(z.string().regex(/^[A-Za-z0-9_-]{20,100}$/)),
});

/** Why an event cannot be dragged (the calendar says so instead of moving it); null when it can. */
export function notDraggableReason(event: Pick<CalendarEvent, 'kind' | 'status' | 'editable'>): string | null {
  if (event.editable) return null;
  if (event.kind === 'activity')
    return event.status === 'done' ? CALENDAR_MESSAGES.notDraggable.done : CALENDAR_MESSAGES.notDraggable.activity;
  return CALENDAR_MESSAGES.notDraggable[event.kind];
}

/** The kinds of a query, all when none was named. */
export function calendarKinds(kinds: readonly CalendarEventKind[] | undefined): CalendarEventKind[] {
  return kinds && kinds.length > 0 ? [...kinds] : [...CALENDAR_EVENT_KINDS];
}

/** An all-day event's `start` is a date; a timed one's a date-time. */
export function isAllDayEvent(event: Pick<CalendarEvent, 'start'>): boolean {
  return event.start.length === 10;
}

/**
 * When the event happens on the business's clock: its date, or its date and time without the
 * offset (`2030-05-13T09:00:00`). The calendar shows it as is, whatever the browser's zone.
 */
export function eventWallClock(event: Pick<CalendarEvent, 'start'>): string {
  return event.start.slice(0, 19);
}
