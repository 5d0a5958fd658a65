import {
  CALENDAR_MESSAGES,
  CRM_MESSAGES,
  zonedInstant,
  crmSubjectOf,
  defaultDueInstant,
  reminderBucketBounds,
  snoozeTarget,
  type Activity,
  type ActivityDoneRequest,
  type ActivityListQuery,
  type ActivityPage,
  type ActivityRequest,
  type ActivityResponse,
  type ActivitySnoozeRequest,
  type CrmNote,
  type CrmNoteRequest,
  type CrmSubject,
  type ReminderListQuery,
  type ReminderPage,
  type Timeline,
  type TimelineItem,
  type TimelineQuery,
  pageMeta,
} from '@ledgerleaf/domain';
import {
  countCrmReminderBuckets,
  deleteCrmActivity,
  deleteCrmNote,
  findActivityType,
  findCrmActivity,
  findCrmNote,
  insertCrmActivity,
  insertCrmNote,
  listActivityReminders,
  listCrmActivities,
  listCrmReminders,
  listCrmTimeline,
  listReminderDeliveries,
  retryReminderDelivery,
  rescheduleCrmActivity,
  setCrmActivityDone,
  unknownCrmReferences,
  updateCrmActivity,
  type ActivityView,
  type Db,
  type NoteView,
  type TimelineEntry,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../lib/context';
import { AppError, notFound, validationError } from '../../lib/errors';
import { requireAdmin } from '../../plugins/auth';
import { businessTimeZone, checkReferences } from './crm-common';

/*
 * Activities (with their reminders), notes, the reminders screen and the timelines.
 */

function subjectOfRow(row: { lead_id: number | null; opportunity_id: number | null; client_id: number | null }) {
  return crmSubjectOf(row) ?? { kind: 'client' as const, id: row.client_id ?? 0 };
}

export function activityView(
  row: ActivityView,
  reminders: Awaited<ReturnType<typeof listActivityReminders>>,
): Activity {
  const subject = subjectOfRow(row);
  return {
    id: row.id,
    type_id: row.type_id,
    type_name: row.type_name,
    type_icon: row.type_icon,
    subject: row.subject,
    due_at: row.due_at,
    notes: row.notes,
    assignee_user_id: row.assignee_user_id,
    assignee_name: row.assignee_name,
    done: row.done_at !== null,
    done_at: row.done_at,
    lead_id: row.lead_id,
    opportunity_id: row.opportunity_id,
    client_id: row.client_id,
    about: { kind: subject.kind, id: subject.id, name: row.about_name ?? '' },
    reminders: (reminders.get(row.id) ?? []).map((reminder) => ({
      id: reminder.id,
      offset_minutes: reminder.offset_minutes,
      remind_at: reminder.remind_at,
      deliveries: reminder.deliveries.map((delivery) => ({
        channel: delivery.channel as 'in_app' | 'email',
        status: delivery.status as 'pending' | 'sending' | 'sent' | 'failed' | 'cancelled',
        attempts: delivery.attempts,
        last_error: delivery.last_error,
        delivered_at: delivery.delivered_at,
      })),
    })),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Activities with their reminders (one query for the reminders of all of them). */
export async function activityViews(db: Db, businessId: number, rows: readonly ActivityView[]): Promise<Activity[]> {
  const reminders = await listActivityReminders(db, { businessId, activityIds: rows.map((row) => row.id) });
  return rows.map((row) => activityView(row, reminders));
}

async function loadActivity(db: Db, businessId: number, activityId: number): Promise<Activity> {
  const row = await findCrmActivity(db, { businessId, activityId });
  if (!row) throw notFound(CRM_MESSAGES.activityNotFound);
  return (await activityViews(db, businessId, [row]))[0]!;
}

/** 404 unless the subject (lead, opportunity, client) is the business's. */
async function requireSubject(db: Db, businessId: number, subject: CrmSubject): Promise<void> {
  const unknown = await unknownCrmReferences(db, { businessId, refs: { [`${subject.kind}_id`]: subject.id } });
  if (unknown.length > 0) throw notFound();
}

function subjectOf(value: { lead_id: number | null; opportunity_id: number | null; client_id: number | null }) {
  const subject = crmSubjectOf(value);
  if (!subject) throw validationError({ lead_id: [CRM_MESSAGES.activityTargetRequired] });
  return subject;
}

export async function listActivities(
  deps: Deps,
  { auth, query }: { auth: AuthContext; query: ActivityListQuery },
): Promise<ActivityPage> {
  const subject = subjectOf(query);
  await requireSubject(deps.db, auth.businessId, subject);
  const { rows, total } = await listCrmActivities(deps.db, {
    businessId: auth.businessId,
    subject,
    includeRelated: subject.kind === 'client',
    done: query.done,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: await activityViews(deps.db, auth.businessId, rows),
    meta: pageMeta(query.page, query.per_page, total),
  };
}

export async function getActivity(
  deps: Deps,
  { auth, activityId }: { auth: AuthContext; activityId: number },
): Promise<Activity> {
  return loadActivity(deps.db, auth.businessId, activityId);
}

async function checkActivityReferences(db: Db, businessId: number, input: ActivityRequest) {
  await checkReferences(db, businessId, {
    type_id: input.type_id,
    assignee_user_id: input.assignee_user_id,
    lead_id: input.lead_id,
    opportunity_id: input.opportunity_id,
    client_id: input.client_id,
  });
}

function activityFields(input: ActivityRequest, assignee: number | null) {
  return {
    type_id: input.type_id,
    subject: input.subject,
    notes: input.notes,
    due_at: input.due_at,
    assignee_user_id: assignee,
    lead_id: input.lead_id,
    opportunity_id: input.opportunity_id,
    client_id: input.client_id,
  };
}

/** A new activity; assignee omitted: the caller; reminders omitted: the type's default reminder. */
export async function createActivity(
  deps: Deps,
  { auth, input }: { auth: AuthContext; input: ActivityRequest },
): Promise<Activity> {
  const businessId = auth.businessId;
  await checkActivityReferences(deps.db, businessId, input);
  const type = await findActivityType(deps.db, { businessId, typeId: input.type_id });
  const reminders =
    input.reminders ?? (type?.default_reminder_offset_minutes == null ? [] : [type.default_reminder_offset_minutes]);
  const { id } = await insertCrmActivity(deps.db, {
    businessId,
    fields: activityFields(input, input.assignee_user_id ?? auth.userId),
    reminders,
    done: input.done,
    userId: auth.userId,
    now: deps.clock(),
  });
  return loadActivity(deps.db, businessId, id);
}

/** Replaces an activity: a moved due time moves its reminders (they fire again); reminders omitted: kept. */
export async function updateActivity(
  deps: Deps,
  { auth, activityId, input }: { auth: AuthContext; activityId: number; input: ActivityRequest },
): Promise<Activity> {
  const businessId = auth.businessId;
  return deps.db.transaction().execute(async (tx) => {
    const current = await findCrmActivity(tx, { businessId, activityId });
    if (!current) throw notFound(CRM_MESSAGES.activityNotFound);
    await checkActivityReferences(tx, businessId, input);
    const existing = (await listActivityReminders(tx, { businessId, activityIds: [activityId] })).get(activityId) ?? [];
    const now = deps.clock();
    await updateCrmActivity(tx, {
      businessId,
      activityId,
      fields: activityFields(input, input.assignee_user_id ?? current.assignee_user_id ?? auth.userId),
      reminders: input.reminders ?? existing.map((reminder) => reminder.offset_minutes),
      now,
    });
    if (input.done !== (current.done_at !== null))
      await setCrmActivityDone(tx, { businessId, activityId, done: input.done, userId: auth.userId, now });
    return loadActivity(tx, businessId, activityId);
  });
}

export async function deleteActivity(
  deps: Deps,
  { auth, activityId }: { auth: AuthContext; activityId: number },
): Promise<void> {
  if (!(await deleteCrmActivity(deps.db, { businessId: auth.businessId, activityId })))
    throw notFound(CRM_MESSAGES.activityNotFound);
}

/** Done (its reminders stop) or not done; done answers the activity its type suggests next. */
export async function markDone(
  deps: Deps,
  { auth, activityId, input }: { auth: AuthContext; activityId: number; input: ActivityDoneRequest },
): Promise<ActivityResponse> {
  const businessId = auth.businessId;
  const now = deps.clock();
  const current = await findCrmActivity(deps.db, { businessId, activityId });
  if (!current) throw notFound(CRM_MESSAGES.activityNotFound);
  if (input.done !== (current.done_at !== null))
    await setCrmActivityDone(deps.db, { businessId, activityId, done: input.done, userId: auth.userId, now });
  const data = await loadActivity(deps.db, businessId, activityId);
  let suggested: ActivityResponse['suggested_next'] = null;
  if (input.done) {
    const type = await findActivityType(deps.db, { businessId, typeId: current.type_id });
    const next = type?.next_type_id
      ? await findActivityType(deps.db, { businessId, typeId: type.next_type_id })
      : undefined;
    if (next && next.archived_at === null)
      suggested = {
        type_id: next.id,
        type_name: next.name,
        due_at: defaultDueInstant(now, next.default_due_offset_minutes).toISOString(),
      };
  }
  return {
    data,
    message: input.done ? CRM_MESSAGES.activityDone : CRM_MESSAGES.activityReopened,
    suggested_next: suggested,
  };
}

/** Moves the due time to 1 hour, tomorrow, next week or a date (business time zone); reminders move with it. */
export async function snooze(
  deps: Deps,
  { auth, activityId, input }: { auth: AuthContext; activityId: number; input: ActivitySnoozeRequest },
): Promise<Activity> {
  const businessId = auth.businessId;
  const now = deps.clock();
  if (!(await findCrmActivity(deps.db, { businessId, activityId }))) throw notFound(CRM_MESSAGES.activityNotFound);
  const target = snoozeTarget({
    option: input.option,
    now,
    timeZone: await businessTimeZone(deps.db, businessId),
    date: input.date,
    time: input.time,
  });
  if (target.getTime() <= now.getTime()) throw validationError({ date: [CRM_MESSAGES.snoozeInPast] });
  await rescheduleCrmActivity(deps.db, { businessId, activityId, dueAt: target, now });
  return loadActivity(deps.db, businessId, activityId);
}

/**
 * Moves an open activity to a day and time in the business's time zone (the calendar's drag): its
 * reminders move with it and fire again. Unlike a snooze, a day in the past is allowed (a drag
 * corrects the record). A done activity is not moved (409).
 */
export async function rescheduleActivity(
  deps: Deps,
  { auth, activityId, date, time }: { auth: AuthContext; activityId: number; date: string; time: string },
): Promise<Activity> {
  const businessId = auth.businessId;
  const current = await findCrmActivity(deps.db, { businessId, activityId });
  if (!current) throw notFound(CRM_MESSAGES.activityNotFound);
  if (current.done_at !== null) throw new AppError(409, CALENDAR_MESSAGES.notDraggable.done);
  const dueAt = zonedInstant(date, time, await businessTimeZone(deps.db, businessId));
  await rescheduleCrmActivity(deps.db, { businessId, activityId, dueAt, now: deps.clock() });
  return loadActivity(deps.db, businessId, activityId);
}

/** The reminders screen: a bucket's page and the three counts; everyone's (or one assignee's) for owners and admins. */
export async function listReminders(
  deps: Deps,
  { auth, query }: { auth: AuthContext; query: ReminderListQuery },
): Promise<ReminderPage> {
  const businessId = auth.businessId;
  if (query.scope === 'everyone' || query.assignee_id !== undefined) requireAdmin(auth);
  const assigneeUserId = query.scope === 'mine' && query.assignee_id === undefined ? auth.userId : query.assignee_id;
  const bounds = reminderBucketBounds(deps.clock(), await businessTimeZone(deps.db, businessId));
  const params = { businessId, assigneeUserId, now: bounds.now, endOfToday: bounds.endOfToday };
  const { rows, total } = await listCrmReminders(deps.db, {
    ...params,
    bucket: query.bucket,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: await activityViews(deps.db, businessId, rows),
    meta: pageMeta(query.page, query.per_page, total),
    counts: await countCrmReminderBuckets(deps.db, params),
  };
}

/**
 * "Retry" on an activity whose reminder deliveries failed (after their last automatic attempt):
 * they are pending again now, attempts from zero, and the next scheduler pass sends them.
 */
export async function retryReminders(
  deps: Deps,
  { auth, activityId }: { auth: AuthContext; activityId: number },
): Promise<Activity> {
  const businessId = auth.businessId;
  if (!(await findCrmActivity(deps.db, { businessId, activityId }))) throw notFound(CRM_MESSAGES.activityNotFound);
  const failed = await listReminderDeliveries(deps.db, { businessId, status: 'failed', activityId, limit: 100 });
  for (const delivery of failed)
    await retryReminderDelivery(deps.db, { businessId, id: delivery.id, now: deps.clock() });
  return loadActivity(deps.db, businessId, activityId);
}

// ---------------------------------------------------------------- notes

function noteView(row: NoteView): CrmNote {
  return {
    id: row.id,
    body: row.body,
    lead_id: row.lead_id,
    opportunity_id: row.opportunity_id,
    client_id: row.client_id,
    user_id: row.user_id,
    user_name: row.user_name,
    created_at: row.created_at,
  };
}

export async function createNote(
  deps: Deps,
  { auth, input }: { auth: AuthContext; input: CrmNoteRequest },
): Promise<CrmNote> {
  const businessId = auth.businessId;
  const subject = subjectOf(input);
  await checkReferences(deps.db, businessId, {
    lead_id: input.lead_id,
    opportunity_id: input.opportunity_id,
    client_id: input.client_id,
  });
  const { id } = await insertCrmNote(deps.db, {
    businessId,
    body: input.body,
    subject,
    userId: auth.userId,
    now: deps.clock(),
  });
  const row = await findCrmNote(deps.db, { businessId, noteId: id });
  if (!row) throw notFound(CRM_MESSAGES.noteNotFound);
  return noteView(row);
}

export async function deleteNote(deps: Deps, { auth, noteId }: { auth: AuthContext; noteId: number }): Promise<void> {
  if (!(await deleteCrmNote(deps.db, { businessId: auth.businessId, noteId })))
    throw notFound(CRM_MESSAGES.noteNotFound);
}

// ---------------------------------------------------------------- timeline

function timelineItem(entry: TimelineEntry, activities: Map<number, Activity>): TimelineItem {
  switch (entry.kind) {
    case 'activity': {
      const activity = activities.get(entry.activity.id)!;
      return {
        kind: 'activity',
        key: entry.key,
        at: entry.at,
        title: `${entry.activity.type_name}: ${entry.activity.subject}`,
        body: entry.activity.notes,
        user_name: entry.activity.assignee_name,
        about: activity.about,
        activity,
      };
    }
    case 'note': {
      const subject = subjectOfRow(entry.note);
      return {
        kind: 'note',
        key: entry.key,
        at: entry.at,
        title: 'Note',
        body: entry.note.body,
        user_name: entry.note.user_name,
        about: { kind: subject.kind, id: subject.id, name: '' },
        activity: null,
      };
    }
    case 'stage_change': {
      const change = entry.change;
      return {
        kind: 'stage_change',
        key: entry.key,
        at: entry.at,
        title:
          change.from_stage_name === null
            ? `Created in ${change.to_stage_name}`
            : `Moved from ${change.from_stage_name} to ${change.to_stage_name}`,
        body: null,
        user_name: change.user_name,
        about: { kind: 'opportunity', id: change.opportunity_id, name: change.opportunity_title },
        activity: null,
      };
    }
    case 'conversion': {
      const conversion = entry.conversion;
      const into = [conversion.opportunity_title, conversion.client_name].filter((name) => name).join(' for ');
      return {
        kind: 'conversion',
        key: entry.key,
        at: entry.at,
        title: into ? `Converted into ${into}` : 'Converted',
        body: null,
        user_name: conversion.user_name,
        about: { kind: 'lead', id: conversion.lead_id, name: conversion.lead_name },
        activity: null,
      };
    }
    case 'created':
      return {
        kind: 'created',
        key: entry.key,
        at: entry.at,
        title: `${entry.created.subject.kind === 'lead' ? 'Lead' : 'Record'} created`,
        body: null,
        user_name: entry.created.user_name,
        about: { kind: entry.created.subject.kind, id: entry.created.subject.id, name: entry.created.name },
        activity: null,
      };
  }
}

export async function timelineOf(
  db: Db,
  businessId: number,
  subject: CrmSubject,
  before: Date | undefined,
  limit: number,
): Promise<Timeline> {
  const { entries, nextActivity, hasMore } = await listCrmTimeline(db, { businessId, subject, before, limit });
  const activityRows = [
    ...entries.flatMap((entry) => (entry.kind === 'activity' ? [entry.activity] : [])),
    ...(nextActivity ? [nextActivity] : []),
  ];
  const views = new Map((await activityViews(db, businessId, activityRows)).map((view) => [view.id, view]));
  const items = entries.map((entry) => timelineItem(entry, views));
  const last = items[items.length - 1];
  return {
    next_activity: nextActivity ? (views.get(nextActivity.id) ?? null) : null,
    items,
    next_before: hasMore && last ? last.at : null,
  };
}

export async function timeline(
  deps: Deps,
  { auth, query }: { auth: AuthContext; query: TimelineQuery },
): Promise<Timeline> {
  const subject = subjectOf(query);
  await requireSubject(deps.db, auth.businessId, subject);
  return timelineOf(deps.db, auth.businessId, subject, query.before ? new Date(query.before) : undefined, query.limit);
}
