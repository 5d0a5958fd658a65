import { sql } from 'kysely';
import { reminderInstant } from '@ledgerleaf/domain';
import { toDbTime } from '../../dialect';
import type { CrmActivityRow } from '../../schema-crm';
import { inTransaction, num } from '../shared/sql';
import type { Db } from '../shared/types';
import { activityViewQuery, expandSubject, subjectCondition, type CrmSubjectRef } from './activity-queries';

export type { CrmSubjectRef } from './activity-queries';

/*
 * Queries of CRM activities (issue 14): the writes, which keep each activity's reminder rows in
 * step with its due time, and the lists of a lead's, an opportunity's or a client's activities.
 * Every query is scoped by `businessId`. The reminders are read in `reminders.ts`, delivered by
 * `reminder-queue.ts`; notes and timelines have their own files.
 */

export interface ActivityFields {
  type_id: number;
  subject: string;
  notes: string | null;
  /** ISO instant. */
  due_at: string;
  assignee_user_id: number | null;
  lead_id: number | null;
  opportunity_id: number | null;
  client_id: number | null;
}

/** An activity with its type, assignee and the name of what it is about. */
export type ActivityView = CrmActivityRow & {
  type_name: string;
  type_icon: string;
  assignee_name: string | null;
  /** The lead's display name, the opportunity's title or the client's name. */
  about_name: string | null;
};

/** The reminder rows of an activity due at `dueAt`: each offset fires `offset` minutes before. */
function reminderValues(
  businessId: number,
  activityId: number,
  dueAt: string,
  offsets: readonly number[],
  done: boolean,
  now: string,
) {
  return [...new Set(offsets)].map((offset) => {
    const remindAt = toDbTime(reminderInstant(dueAt, offset));
    return {
      business_id: businessId,
      activity_id: activityId,
      offset_minutes: offset,
      remind_at: remindAt,
      pending_at: done ? null : remindAt,
      created_at: now,
    };
  });
}

/**
 * Inserts an activity and its reminders (offsets in minutes before the due time). `done` records
 * it as done at once (a logged call: its reminders never fire). Runs in a transaction.
 */
export async function insertCrmActivity(
  db: Db,
  params: {
    businessId: number;
    fields: ActivityFields;
    reminders: readonly number[];
    done?: boolean;
    userId: number | null;
    now: Date;
    createdAt?: Date;
  },
): Promise<{ id: number }> {
  return inTransaction(db, async (tx) => {
    const now = toDbTime(params.now);
    const created = params.createdAt ? toDbTime(params.createdAt) : now;
    const row = await tx
      .insertInto('crm_activities')
      .values({
        business_id: params.businessId,
        ...params.fields,
        done_at: params.done ? now : null,
        done_by_user_id: params.done ? params.userId : null,
        created_by_user_id: params.userId,
        created_at: created,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const values = reminderValues(
      params.businessId,
      row.id,
      params.fields.due_at,
      params.reminders,
      Boolean(params.done),
      now,
    );
    if (values.length > 0) await tx.insertInto('crm_activity_reminders').values(values).execute();
    return row;
  });
}

export async function findCrmActivity(
  db: Db,
  params: { businessId: number; activityId: number },
): Promise<ActivityView | undefined> {
  return activityViewQuery(db, params.businessId).where('crm_activities.id', '=', params.activityId).executeTakeFirst();
}

/** Cancels the deliveries of an activity's reminders that have not gone out (pending): done, moved or deleted. */
async function cancelPendingDeliveries(db: Db, businessId: number, activityId: number, now: string): Promise<void> {
  await db
    .updateTable('crm_reminder_deliveries')
    .set({ status: 'cancelled', claimed_until: null, claim_token: null, updated_at: now })
    .where('business_id', '=', businessId)
    .where('activity_id', '=', activityId)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Sets an activity's reminders for its due time `dueAt`: offsets no longer wanted are removed,
 * new ones added, and every reminder's `remind_at` follows the due time. A reminder whose instant
 * changed fires again at the new one (its old, undelivered deliveries are cancelled); one whose
 * instant stayed keeps its state, so an edit of the subject does not re-send a reminder.
 */
async function syncReminders(
  db: Db,
  params: {
    businessId: number;
    activityId: number;
    dueAt: string;
    offsets: readonly number[];
    done: boolean;
    now: string;
  },
): Promise<void> {
  const existing = await db
    .selectFrom('crm_activity_reminders')
    .selectAll()
    .where('business_id', '=', params.businessId)
    .where('activity_id', '=', params.activityId)
    .execute();
  const wanted = new Set(params.offsets);
  const gone = existing.filter((reminder) => !wanted.has(reminder.offset_minutes)).map((reminder) => reminder.id);
  if (gone.length > 0) await db.deleteFrom('crm_activity_reminders').where('id', 'in', gone).execute();
  let moved = false;
  for (const reminder of existing) {
    if (!wanted.has(reminder.offset_minutes)) continue;
    const remindAt = toDbTime(reminderInstant(params.dueAt, reminder.offset_minutes));
    if (new Date(reminder.remind_at).getTime() === new Date(remindAt).getTime()) continue;
    moved = true;
    await db
      .updateTable('crm_activity_reminders')
      .set({ remind_at: remindAt, pending_at: params.done ? null : remindAt })
      .where('id', '=', reminder.id)
      .execute();
  }
  if (moved) await cancelPendingDeliveries(db, params.businessId, params.activityId, params.now);
  const known = new Set(existing.map((reminder) => reminder.offset_minutes));
  const added = params.offsets.filter((offset) => !known.has(offset));
  const values = reminderValues(params.businessId, params.activityId, params.dueAt, added, params.done, params.now);
  if (values.length > 0) await db.insertInto('crm_activity_reminders').values(values).execute();
}

/**
 * Replaces an activity's fields and reminders (see `syncReminders` for when a reminder fires
 * again). Its done state is kept (`setCrmActivityDone` changes it). False when not the business's.
 */
export async function updateCrmActivity(
  db: Db,
  params: { businessId: number; activityId: number; fields: ActivityFields; reminders: readonly number[]; now: Date },
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const now = toDbTime(params.now);
    const row = await tx
      .updateTable('crm_activities')
      .set({ ...params.fields, updated_at: now })
      .where('business_id', '=', params.businessId)
      .where('id', '=', params.activityId)
      .returning(['id', 'done_at'])
      .executeTakeFirst();
    if (!row) return false;
    await syncReminders(tx, {
      businessId: params.businessId,
      activityId: params.activityId,
      dueAt: params.fields.due_at,
      offsets: params.reminders,
      done: row.done_at !== null,
      now,
    });
    return true;
  });
}

/**
 * Moves an activity's due time (a snooze, or a drag on a calendar); its reminders move with it and
 * fire again before the new time. False when not the business's.
 */
export async function rescheduleCrmActivity(
  db: Db,
  params: { businessId: number; activityId: number; dueAt: Date; now: Date },
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const now = toDbTime(params.now);
    const dueAt = toDbTime(params.dueAt);
    const row = await tx
      .updateTable('crm_activities')
      .set({ due_at: dueAt, updated_at: now })
      .where('business_id', '=', params.businessId)
      .where('id', '=', params.activityId)
      .returning(['id', 'done_at'])
      .executeTakeFirst();
    if (!row) return false;
    const offsets = (
      await tx
        .selectFrom('crm_activity_reminders')
        .select('offset_minutes')
        .where('activity_id', '=', params.activityId)
        .execute()
    ).map((reminder) => reminder.offset_minutes);
    await syncReminders(tx, {
      businessId: params.businessId,
      activityId: params.activityId,
      dueAt,
      offsets,
      done: row.done_at !== null,
      now,
    });
    return true;
  });
}

/**
 * Marks an activity done (its reminders stop: nothing pending fires) or not done again (its
 * reminders still ahead fire again; those in the past do not). False when not the business's.
 */
export async function setCrmActivityDone(
  db: Db,
  params: { businessId: number; activityId: number; done: boolean; userId: number | null; now: Date },
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const now = toDbTime(params.now);
    const result = await tx
      .updateTable('crm_activities')
      .set({
        done_at: params.done ? now : null,
        done_by_user_id: params.done ? params.userId : null,
        updated_at: now,
      })
      .where('business_id', '=', params.businessId)
      .where('id', '=', params.activityId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    if (params.done) {
      await tx
        .updateTable('crm_activity_reminders')
        .set({ pending_at: null })
        .where('business_id', '=', params.businessId)
        .where('activity_id', '=', params.activityId)
        .execute();
      await cancelPendingDeliveries(tx, params.businessId, params.activityId, now);
    } else {
      await tx
        .updateTable('crm_activity_reminders')
        .set((eb) => ({ pending_at: eb.ref('remind_at') }))
        .where('business_id', '=', params.businessId)
        .where('activity_id', '=', params.activityId)
        .where('remind_at', '>', now)
        .execute();
    }
    return true;
  });
}

export async function deleteCrmActivity(db: Db, params: { businessId: number; activityId: number }): Promise<boolean> {
  const result = await db
    .deleteFrom('crm_activities')
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.activityId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ---------------------------------------------------------------- lists

/**
 * The activities of a lead, an opportunity or a client, open ones first by due time, then done ones
 * newest first. For a client, `includeRelated` adds those of its opportunities and of the leads
 * converted into it (client 360).
 */
export async function listCrmActivities(
  db: Db,
  params: {
    businessId: number;
    subject: CrmSubjectRef;
    includeRelated?: boolean;
    done?: 'all' | 'open' | 'done';
    limit: number;
    offset: number;
  },
): Promise<{ rows: ActivityView[]; total: number }> {
  const subjects = await expandSubject(db, params.businessId, params.subject, params.includeRelated ?? false);
  let base = activityViewQuery(db, params.businessId).where((eb) => subjectCondition(eb, subjects));
  if (params.done === 'open') base = base.where('crm_activities.done_at', 'is', null);
  if (params.done === 'done') base = base.where('crm_activities.done_at', 'is not', null);
  const count = await base
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await base
    .orderBy(sql`case when crm_activities.done_at is null then 0 else 1 end`)
    .orderBy(sql`case when crm_activities.done_at is null then crm_activities.due_at end`)
    .orderBy('crm_activities.done_at', 'desc')
    .orderBy('crm_activities.id', 'desc')
    .limit(params.limit)
    .offset(params.offset)
    .execute();
  return { rows, total: num(count.total) };
}

/**
 * The next open activity (earliest due) of each of the business's opportunities among `ids`, for
 * the board cards. One query whatever the number of cards on the page.
 */
export async function listNextActivities(
  db: Db,
  params: { businessId: number; opportunityIds: readonly number[] },
): Promise<Map<number, Pick<ActivityView, 'id' | 'subject' | 'due_at' | 'type_icon' | 'opportunity_id'>>> {
  const next = new Map<number, Pick<ActivityView, 'id' | 'subject' | 'due_at' | 'type_icon' | 'opportunity_id'>>();
  if (params.opportunityIds.length === 0) return next;
  const rows = await db
    .selectFrom('crm_activities')
    .innerJoin('crm_activity_types', 'crm_activity_types.id', 'crm_activities.type_id')
    .select([
      'crm_activities.id',
      'crm_activities.subject',
      'crm_activities.due_at',
      'crm_activities.opportunity_id',
      'crm_activity_types.icon as type_icon',
    ])
    .where('crm_activities.business_id', '=', params.businessId)
    .where('crm_activities.opportunity_id', 'in', [...params.opportunityIds])
    .where('crm_activities.done_at', 'is', null)
    .orderBy('crm_activities.due_at')
    .orderBy('crm_activities.id')
    .execute();
  for (const row of rows)
    if (row.opportunity_id !== null && !next.has(row.opportunity_id)) next.set(row.opportunity_id, row);
  return next;
}
