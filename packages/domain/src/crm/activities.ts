import { z } from 'zod';
import { isoDateSchema } from '../common';
import { CRM_MESSAGES, CRM_NOTES_MAX_LENGTH, MAX_ACTIVITY_REMINDERS, MAX_REMINDER_OFFSET_MINUTES } from './messages';
import { REMINDER_BUCKETS, REMINDER_CHANNELS, REMINDER_DELIVERY_STATUSES, SNOOZE_OPTIONS } from './reminders';
import {
  crmNameSchema,
  crmPagingSchema,
  isoInstantSchema,
  optionalCrmText,
  optionalRefIdSchema,
  refIdSchema,
  timeOfDaySchema,
} from './shared';

/*
 * Activities (calls, emails, meetings, tasks...) with a due time, an assignee and reminders, and
 * notes. Each belongs to exactly one lead, opportunity or client (the database checks it too).
 * Suggested endpoints: GET/POST /api/crm/activities, PUT/DELETE /api/crm/activities/{id},
 * POST /api/crm/activities/{id}/done, POST /api/crm/activities/{id}/snooze,
 * GET /api/crm/reminders?bucket=&scope=, GET/POST /api/crm/notes, DELETE /api/crm/notes/{id},
 * GET /api/crm/timeline?lead_id=|opportunity_id=|client_id=.
 */

export const CRM_SUBJECT_KINDS = ['lead', 'opportunity', 'client'] as const;
export type CrmSubjectKind = (typeof CRM_SUBJECT_KINDS)[number];

/** What an activity or note is about: exactly one of the three. */
export type CrmSubject = { kind: CrmSubjectKind; id: number };

const subjectFields = {
  lead_id: optionalRefIdSchema(CRM_MESSAGES.activityTargetRequired),
  opportunity_id: optionalRefIdSchema(CRM_MESSAGES.activityTargetRequired),
  client_id: optionalRefIdSchema(CRM_MESSAGES.activityTargetRequired),
};

/** The one subject among `lead_id`, `opportunity_id` and `client_id`, or null when not exactly one is set. */
export function crmSubjectOf(value: {
  lead_id: number | null;
  opportunity_id: number | null;
  client_id: number | null;
}): CrmSubject | null {
  const set = [
    value.lead_id !== null ? ({ kind: 'lead', id: value.lead_id } as const) : null,
    value.opportunity_id !== null ? ({ kind: 'opportunity', id: value.opportunity_id } as const) : null,
    value.client_id !== null ? ({ kind: 'client', id: value.client_id } as const) : null,
  ].filter((subject) => subject !== null);
  return set.length === 1 ? (set[0] as CrmSubject) : null;
}

function checkSubject(message: string) {
  return (
    value: { lead_id: number | null; opportunity_id: number | null; client_id: number | null },
    ctx: z.RefinementCtx,
  ) => {
    if (ctx.issues.some((issue) => ['lead_id', 'opportunity_id', 'client_id'].includes(String(issue.path?.[0]))))
      return;
    if (crmSubjectOf(value) === null) ctx.addIssue({ code: 'custom', message, path: ['lead_id'] });
  };
}

const reminderOffsetSchema = z
  .number({ error: CRM_MESSAGES.reminderOffsetInvalid })
  .int(CRM_MESSAGES.reminderOffsetInvalid)
  .min(0, CRM_MESSAGES.reminderOffsetInvalid)
  .max(MAX_REMINDER_OFFSET_MINUTES, CRM_MESSAGES.reminderOffsetInvalid);

/**
 * Create and edit an activity (PUT replaces every field, reminders included). `due_at` is an
 * instant with its offset; `assignee_user_id` omitted: the person creating it. `reminders` are
 * offsets in minutes before the due time (0 = at the due time), at most 5, each once; omitted on
 * create: the type's default reminder, if any. `done` marks it done at once (a logged call).
 */
export const activityInputSchema = z
  .strictObject({
    type_id: refIdSchema(CRM_MESSAGES.activityTypeInvalid),
    subject: crmNameSchema(CRM_MESSAGES.subjectRequired, CRM_MESSAGES.subjectTooLong),
    due_at: isoInstantSchema(CRM_MESSAGES.dueAtRequired),
    notes: optionalCrmText(CRM_NOTES_MAX_LENGTH, CRM_MESSAGES.notesTooLong),
    assignee_user_id: optionalRefIdSchema(CRM_MESSAGES.assigneeInvalid),
    ...subjectFields,
    reminders: z
      .array(reminderOffsetSchema, { error: CRM_MESSAGES.remindersInvalid })
      .max(MAX_ACTIVITY_REMINDERS, CRM_MESSAGES.tooManyReminders)
      .refine((offsets) => new Set(offsets).size === offsets.length, CRM_MESSAGES.reminderRepeated)
      .optional(),
    done: z.boolean().default(false),
  })
  .superRefine(checkSubject(CRM_MESSAGES.activityTargetRequired));
export type ActivityInput = z.input<typeof activityInputSchema>;
export type ActivityRequest = z.output<typeof activityInputSchema>;

/** `POST /api/crm/activities/{id}/done` with `{ done: true }` (or false to reopen it). */
export const activityDoneRequestSchema = z.strictObject({ done: z.boolean({ error: CRM_MESSAGES.filterInvalid }) });
export type ActivityDoneRequest = z.output<typeof activityDoneRequestSchema>;

/**
 * `POST /api/crm/activities/{id}/snooze`: moves the due time to `snoozeTarget(...)` in the
 * business's time zone (422 `date` when the target is not in the future); its reminders move with
 * it (the same offsets before the new due time) and fire again.
 */
export const activitySnoozeRequestSchema = z
  .strictObject({
    option: z.enum(SNOOZE_OPTIONS, { error: CRM_MESSAGES.snoozeOptionInvalid }),
    date: isoDateSchema.nullish().transform((value) => value ?? null),
    time: timeOfDaySchema.nullish().transform((value) => value ?? null),
  })
  .superRefine((request, ctx) => {
    if (request.option === 'date' && request.date === null && !ctx.issues.some((issue) => issue.path?.[0] === 'date'))
      ctx.addIssue({ code: 'custom', message: CRM_MESSAGES.snoozeDateRequired, path: ['date'] });
  });
export type ActivitySnoozeInput = z.input<typeof activitySnoozeRequestSchema>;
export type ActivitySnoozeRequest = z.output<typeof activitySnoozeRequestSchema>;

/**
 * `GET /api/crm/reminders?bucket=overdue|today|upcoming&scope=mine|everyone&assignee_id=&page=&per_page=`:
 * the open activities of the bucket (`reminderBucketOf`), soonest first (overdue: oldest first).
 * `everyone` (and `assignee_id`) is for owners and admins (403 otherwise); `mine` is the caller's.
 */
export const reminderListQuerySchema = crmPagingSchema.extend({
  bucket: z.enum(REMINDER_BUCKETS, { error: CRM_MESSAGES.reminderBucketInvalid }).default('overdue'),
  scope: z.enum(['mine', 'everyone'], { error: CRM_MESSAGES.reminderScopeInvalid }).default('mine'),
  assignee_id: refIdSchema(CRM_MESSAGES.assigneeInvalid).optional(),
});
export type ReminderListQuery = z.output<typeof reminderListQuerySchema>;

/** `GET /api/crm/activities?lead_id=|opportunity_id=|client_id=&done=&page=&per_page=` */
export const activityListQuerySchema = crmPagingSchema
  .extend({
    ...subjectFields,
    done: z.enum(['all', 'open', 'done']).default('all'),
  })
  .superRefine(checkSubject(CRM_MESSAGES.activityTargetRequired));
export type ActivityListQuery = z.output<typeof activityListQuerySchema>;

// ---------------------------------------------------------------- notes

/** `POST /api/crm/notes`: a note on one lead, opportunity or client (shown on its timeline). */
export const crmNoteInputSchema = z
  .strictObject({
    body: z
      .string({ error: CRM_MESSAGES.noteRequired })
      .trim()
      .min(1, CRM_MESSAGES.noteRequired)
      .max(CRM_NOTES_MAX_LENGTH, CRM_MESSAGES.notesTooLong),
    ...subjectFields,
  })
  .superRefine(checkSubject(CRM_MESSAGES.noteTargetRequired));
export type CrmNoteInput = z.input<typeof crmNoteInputSchema>;
export type CrmNoteRequest = z.output<typeof crmNoteInputSchema>;

// ---------------------------------------------------------------- responses

export const reminderDeliverySchema = z.object({
  channel: z.enum(REMINDER_CHANNELS),
  status: z.enum(REMINDER_DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  delivered_at: z.string().nullable(),
});
export type ReminderDelivery = z.infer<typeof reminderDeliverySchema>;

export const activityReminderSchema = z.object({
  id: z.number().int(),
  offset_minutes: z.number().int(),
  remind_at: z.string(),
  /** How the current `remind_at` went out (empty before it is due). A `failed` one is shown and can be retried. */
  deliveries: z.array(reminderDeliverySchema),
});
export type ActivityReminder = z.infer<typeof activityReminderSchema>;

export const crmSubjectSummarySchema = z.object({
  kind: z.enum(CRM_SUBJECT_KINDS),
  id: z.number().int(),
  /** The lead's display name, the opportunity's title or the client's name. */
  name: z.string(),
});
export type CrmSubjectSummary = z.infer<typeof crmSubjectSummarySchema>;

export const activitySchema = z.object({
  id: z.number().int(),
  type_id: z.number().int(),
  type_name: z.string(),
  type_icon: z.string(),
  subject: z.string(),
  due_at: z.string(),
  notes: z.string().nullable(),
  assignee_user_id: z.number().int().nullable(),
  assignee_name: z.string().nullable(),
  done: z.boolean(),
  done_at: z.string().nullable(),
  lead_id: z.number().int().nullable(),
  opportunity_id: z.number().int().nullable(),
  client_id: z.number().int().nullable(),
  about: crmSubjectSummarySchema,
  reminders: z.array(activityReminderSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;
export const activityResponseSchema = z.object({
  data: activitySchema,
  message: z.string().optional(),
  /**
   * After marking done: the activity the type suggests next (its next type, due after that type's
   * default offset), for the form to offer prefilled; null when the type suggests none.
   */
  suggested_next: z
    .object({ type_id: z.number().int(), type_name: z.string(), due_at: z.string() })
    .nullable()
    .optional(),
});
export type ActivityResponse = z.infer<typeof activityResponseSchema>;
export const activityPageSchema = z.object({
  data: z.array(activitySchema),
  meta: z.object({
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
  }),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

/** The reminders screen: the bucket's page and the three buckets' counts (for the tabs). */
export const reminderPageSchema = activityPageSchema.extend({
  counts: z.object({ overdue: z.number().int(), today: z.number().int(), upcoming: z.number().int() }),
});
export type ReminderPage = z.infer<typeof reminderPageSchema>;

export const crmNoteSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  lead_id: z.number().int().nullable(),
  opportunity_id: z.number().int().nullable(),
  client_id: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  created_at: z.string(),
});
export type CrmNote = z.infer<typeof crmNoteSchema>;

// ---------------------------------------------------------------- timeline

export const TIMELINE_ITEM_KINDS = ['activity', 'note', 'stage_change', 'conversion', 'created'] as const;
export type TimelineItemKind = (typeof TIMELINE_ITEM_KINDS)[number];

/**
 * One entry of a lead's, opportunity's or client's timeline, newest first, after the next open
 * activity (`next_activity`, shown first). `at`: an activity's due time (done: when it was done), a
 * note's or a record's creation, a stage change's or a conversion's time.
 */
export const timelineItemSchema = z.object({
  kind: z.enum(TIMELINE_ITEM_KINDS),
  /** Unique in the timeline: `activity-4`, `note-9`, `stage_change-12`, `conversion-3`, `created-opportunity-7`. */
  key: z.string(),
  at: z.string(),
  title: z.string(),
  body: z.string().nullable(),
  user_name: z.string().nullable(),
  about: crmSubjectSummarySchema,
  activity: activitySchema.nullable(),
});
export type TimelineItem = z.infer<typeof timelineItemSchema>;
export const timelineSchema = z.object({
  data: z.object({
    next_activity: activitySchema.nullable(),
    items: z.array(timelineItemSchema),
    /** Pass as `before` for older entries; null when there are none. */
    next_before: z.string().nullable(),
  }),
});
export type Timeline = z.infer<typeof timelineSchema>['data'];
export const timelineQuerySchema = z
  .object({
    ...subjectFields,
    before: isoInstantSchema().optional(),
    limit: z.coerce.number().int().min(1).max(100).default(30),
  })
  .superRefine(checkSubject(CRM_MESSAGES.activityTargetRequired));
export type TimelineQuery = z.output<typeof timelineQuerySchema>;
