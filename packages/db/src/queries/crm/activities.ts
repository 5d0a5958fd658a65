import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { reminderInstant, reminderRetryAt } from '@ledgerleaf/domain';
import { toDbTime } from '../../dialect';
import type { Database } from '../../schema';
import type { CrmActivityReminderRow, CrmActivityRow, CrmNoteRow, CrmReminderDeliveryRow } from '../../schema-crm';
import type { StageChangeView } from './opportunities';
import { chunks, inTransaction, num } from '../shared/sql';
import { leadNameSql } from './crm-shared';
import type { Db } from '../shared/types';

/*
 * Queries of activities, their reminders and the reminders' deliveries, notes, the reminders
 * screen and the timelines (issue 14). Every query a person's request reaches is scoped by
 * `businessId`; the scheduler's queries (enqueue, claim) walk every business, or one when given.
 *
 * Reminder delivery, exactly once (also with two schedulers at the same time):
 * 1. `enqueueDueReminderDeliveries` turns each reminder whose `pending_at` has come into one
 *    delivery row per channel (in-app, and email when the CRM settings enable it), INSERT ... ON
 *    CONFLICT DO NOTHING on UNIQUE (reminder_id, channel, remind_at): a second scheduler enqueueing
 *    the same reminder adds nothing. The reminder's `pending_at` is then cleared.
 * 2. `claimReminderDelivery` takes one delivery with a single conditional UPDATE (pending and due,
 *    or sending with an expired lease) that sets a lease and the caller's claim token: of two
 *    schedulers exactly one gets the row.
 * 3. In-app: `deliverInAppReminder` writes the notification and marks the delivery sent in ONE
 *    transaction, only while the caller's token still holds the row: exactly one notification.
 *    Email: send after the claim, then `completeReminderDelivery` (token-guarded).
 * 4. A failure: `failReminderDelivery` puts it back to pending with `next_attempt_at` later
 *    (1, 5, 15, 60 minutes: domain `reminderRetryAt`), or `failed` after the last attempt, which
 *    stays visible (`listReminderDeliveries`) until `retryReminderDelivery`.
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

function activityViewQuery(db: Db, businessId: number) {
  return db
    .selectFrom('crm_activities')
    .innerJoin('crm_activity_types', 'crm_activity_types.id', 'crm_activities.type_id')
    .leftJoin('users', 'users.id', 'crm_activities.assignee_user_id')
    .leftJoin('crm_leads', 'crm_leads.id', 'crm_activities.lead_id')
    .leftJoin('crm_opportunities', 'crm_opportunities.id', 'crm_activities.opportunity_id')
    .leftJoin('clients', 'clients.id', 'crm_activities.client_id')
    .selectAll('crm_activities')
    .select([
      'crm_activity_types.name as type_name',
      'crm_activity_types.icon as type_icon',
      'users.name as assignee_name',
      sql<string | null>`coalesce(${leadNameSql()}, crm_opportunities.title, clients.name)`.as('about_name'),
    ])
    .where('crm_activities.business_id', '=', businessId);
}

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

export type ReminderWithDeliveries = CrmActivityReminderRow & {
  deliveries: Array<
    Pick<CrmReminderDeliveryRow, 'channel' | 'status' | 'attempts' | 'last_error' | 'delivered_at' | 'remind_at'>
  >;
};

/** The reminders of some activities (offset order) with the deliveries of their current firing. */
export async function listActivityReminders(
  db: Db,
  params: { businessId: number; activityIds: readonly number[] },
): Promise<Map<number, ReminderWithDeliveries[]>> {
  const byActivity = new Map<number, ReminderWithDeliveries[]>();
  for (const part of chunks([...new Set(params.activityIds)], 500)) {
    const reminders = await db
      .selectFrom('crm_activity_reminders')
      .selectAll()
      .where('business_id', '=', params.businessId)
      .where('activity_id', 'in', part)
      .orderBy('activity_id')
      .orderBy('offset_minutes')
      .execute();
    if (reminders.length === 0) continue;
    const deliveries = await db
      .selectFrom('crm_reminder_deliveries')
      .select(['reminder_id', 'channel', 'status', 'attempts', 'last_error', 'delivered_at', 'remind_at'])
      .where('business_id', '=', params.businessId)
      .where(
        'reminder_id',
        'in',
        reminders.map((reminder) => reminder.id),
      )
      .orderBy('id')
      .execute();
    for (const reminder of reminders) {
      const list = byActivity.get(reminder.activity_id) ?? [];
      list.push({
        ...reminder,
        deliveries: deliveries
          .filter(
            (delivery) =>
              delivery.reminder_id === reminder.id &&
              new Date(delivery.remind_at).getTime() === new Date(reminder.remind_at).getTime(),
          )
          .map(({ reminder_id: _reminder, ...delivery }) => delivery),
      });
      byActivity.set(reminder.activity_id, list);
    }
  }
  return byActivity;
}

// ---------------------------------------------------------------- lists

export type CrmSubjectRef = { kind: 'lead' | 'opportunity' | 'client'; id: number };

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

interface SubjectSets {
  leadIds: number[];
  opportunityIds: number[];
  clientIds: number[];
}

async function expandSubject(
  db: Db,
  businessId: number,
  subject: CrmSubjectRef,
  related: boolean,
): Promise<SubjectSets> {
  if (subject.kind === 'lead') return { leadIds: [subject.id], opportunityIds: [], clientIds: [] };
  if (subject.kind === 'opportunity') return { leadIds: [], opportunityIds: [subject.id], clientIds: [] };
  if (!related) return { leadIds: [], opportunityIds: [], clientIds: [subject.id] };
  const opportunities = await db
    .selectFrom('crm_opportunities')
    .select('id')
    .where('business_id', '=', businessId)
    .where('client_id', '=', subject.id)
    .execute();
  const leads = await db
    .selectFrom('crm_lead_conversions')
    .select('lead_id')
    .where('business_id', '=', businessId)
    .where('client_id', '=', subject.id)
    .execute();
  return {
    leadIds: leads.map((row) => row.lead_id),
    opportunityIds: opportunities.map((row) => row.id),
    clientIds: [subject.id],
  };
}

function subjectCondition(eb: ExpressionBuilder<Database, 'crm_activities'>, sets: SubjectSets): Expression<SqlBool> {
  const any = [
    sets.leadIds.length > 0 ? eb('crm_activities.lead_id', 'in', sets.leadIds) : null,
    sets.opportunityIds.length > 0 ? eb('crm_activities.opportunity_id', 'in', sets.opportunityIds) : null,
    sets.clientIds.length > 0 ? eb('crm_activities.client_id', 'in', sets.clientIds) : null,
  ].filter((condition) => condition !== null);
  return any.length > 0 ? eb.or(any) : eb.val(false);
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

// ---------------------------------------------------------------- the reminders screen

export type ReminderBucketName = 'overdue' | 'today' | 'upcoming';

interface BucketParams {
  businessId: number;
  /** One person's (the assignee's); undefined for everyone's. */
  assigneeUserId?: number | undefined;
  /** From domain `reminderBucketBounds(now, timeZone)`. */
  now: Date;
  endOfToday: Date;
}

function openActivities(db: Db, params: BucketParams) {
  let query = activityViewQuery(db, params.businessId).where('crm_activities.done_at', 'is', null);
  if (params.assigneeUserId !== undefined)
    query = query.where('crm_activities.assignee_user_id', '=', params.assigneeUserId);
  return query;
}

/**
 * One page of the open activities of a bucket: **overdue** (due before now; oldest first), **due
 * today** (from now to the end of the business's day), **upcoming** (after today; soonest first).
 * Served by the partial indexes on open activities (business_id[, assignee], due_at).
 */
export async function listCrmReminders(
  db: Db,
  params: BucketParams & { bucket: ReminderBucketName; limit: number; offset: number },
): Promise<{ rows: ActivityView[]; total: number }> {
  const now = toDbTime(params.now);
  const end = toDbTime(params.endOfToday);
  let query = openActivities(db, params);
  if (params.bucket === 'overdue') query = query.where('crm_activities.due_at', '<', now);
  if (params.bucket === 'today')
    query = query.where('crm_activities.due_at', '>=', now).where('crm_activities.due_at', '<', end);
  if (params.bucket === 'upcoming') query = query.where('crm_activities.due_at', '>=', end);
  const count = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await query
    .orderBy('crm_activities.due_at')
    .orderBy('crm_activities.id')
    .limit(params.limit)
    .offset(params.offset)
    .execute();
  return { rows, total: num(count.total) };
}

/** How many open activities each bucket holds (the screen's tabs). */
export async function countCrmReminderBuckets(
  db: Db,
  params: BucketParams,
): Promise<Record<ReminderBucketName, number>> {
  const now = toDbTime(params.now);
  const end = toDbTime(params.endOfToday);
  let query = db.selectFrom('crm_activities').where('business_id', '=', params.businessId).where('done_at', 'is', null);
  if (params.assigneeUserId !== undefined) query = query.where('assignee_user_id', '=', params.assigneeUserId);
  const row = await query
    .select([
      sql<number>`sum(case when due_at < ${now} then 1 else 0 end)`.as('overdue'),
      sql<number>`sum(case when due_at >= ${now} and due_at < ${end} then 1 else 0 end)`.as('today'),
      sql<number>`sum(case when due_at >= ${end} then 1 else 0 end)`.as('upcoming'),
    ])
    .executeTakeFirstOrThrow();
  return { overdue: num(row.overdue), today: num(row.today), upcoming: num(row.upcoming) };
}

// ---------------------------------------------------------------- reminder deliveries (the scheduler)

/**
 * Step 1 of delivery: every reminder whose `pending_at` has come (of open activities; of one
 * business when given), at most `limit`, becomes its deliveries: `in_app` when the business's CRM
 * settings deliver in the app (the default), `email` when they email; to the assignee, else the
 * activity's creator (a reminder with neither is dropped). Each delivery is unique per (reminder,
 * channel, remind_at), so concurrent schedulers create one. Answers the number of deliveries
 * created. Runs in a transaction (a new one unless `db` is one).
 */
export async function enqueueDueReminderDeliveries(
  db: Db,
  params: { now: Date; limit: number; businessId?: number },
): Promise<number> {
  return inTransaction(db, async (tx) => {
    const now = toDbTime(params.now);
    let query = tx
      .selectFrom('crm_activity_reminders as r')
      .innerJoin('crm_activities as a', 'a.id', 'r.activity_id')
      .leftJoin('crm_settings as s', 's.business_id', 'r.business_id')
      .select([
        'r.id',
        'r.business_id',
        'r.activity_id',
        'r.pending_at',
        'a.done_at',
        sql<number | null>`coalesce(a.assignee_user_id, a.created_by_user_id)`.as('recipient'),
        's.reminder_in_app',
        's.reminder_email',
      ])
      .where('r.pending_at', 'is not', null)
      .where('r.pending_at', '<=', now);
    if (params.businessId !== undefined) query = query.where('r.business_id', '=', params.businessId);
    const due = await query.orderBy('r.pending_at').orderBy('r.id').limit(params.limit).execute();
    let created = 0;
    for (const reminder of due) {
      const remindAt = reminder.pending_at as string;
      if (reminder.done_at === null && reminder.recipient !== null) {
        const inApp = reminder.reminder_in_app === null ? true : Boolean(reminder.reminder_in_app);
        const email = reminder.reminder_email === null ? false : Boolean(reminder.reminder_email);
        const channels = [...(inApp ? ['in_app'] : []), ...(email ? ['email'] : [])];
        for (const channel of channels) {
          const result = await tx
            .insertInto('crm_reminder_deliveries')
            .values({
              business_id: reminder.business_id,
              reminder_id: reminder.id,
              activity_id: reminder.activity_id,
              channel,
              remind_at: remindAt,
              recipient_user_id: reminder.recipient,
              status: 'pending',
              attempts: 0,
              next_attempt_at: now,
              created_at: now,
              updated_at: now,
            })
            .onConflict((oc) => oc.columns(['reminder_id', 'channel', 'remind_at']).doNothing())
            .executeTakeFirst();
          created += Number(result.numInsertedOrUpdatedRows ?? 0);
        }
      }
      // Only this firing: a reschedule that moved pending_at meanwhile keeps its new one.
      await tx
        .updateTable('crm_activity_reminders')
        .set({ pending_at: null })
        .where('id', '=', reminder.id)
        .where('pending_at', '=', remindAt)
        .execute();
    }
    return created;
  });
}

/** Ids of deliveries that can be claimed now (pending and due, or a lease that ran out), oldest first. */
export async function listClaimableReminderDeliveries(
  db: Db,
  params: { now: Date; limit: number; businessId?: number },
): Promise<number[]> {
  const now = toDbTime(params.now);
  let query = db
    .selectFrom('crm_reminder_deliveries')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
        eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<', now)]),
      ]),
    );
  if (params.businessId !== undefined) query = query.where('business_id', '=', params.businessId);
  const rows = await query.orderBy('next_attempt_at').orderBy('id').limit(params.limit).execute();
  return rows.map((row) => row.id);
}

/**
 * Claims one delivery for `leaseMs` with the caller's `token` (a single conditional UPDATE: of two
 * schedulers, one wins; the loser gets undefined). `attempts` counts the claim. A claim whose
 * holder crashed is taken over once its lease ran out.
 */
export async function claimReminderDelivery(
  db: Db,
  params: { id: number; token: string; now: Date; leaseMs: number },
): Promise<CrmReminderDeliveryRow | undefined> {
  const now = toDbTime(params.now);
  return db
    .updateTable('crm_reminder_deliveries')
    .set((eb) => ({
      status: 'sending',
      claim_token: params.token,
      claimed_until: toDbTime(new Date(params.now.getTime() + params.leaseMs)),
      attempts: eb('attempts', '+', 1),
      updated_at: now,
    }))
    .where('id', '=', params.id)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
        eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<', now)]),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
}

/**
 * Marks a claimed delivery sent, only while `token` still holds it (a takeover after a lost lease
 * makes this answer false, and the caller must not report success). Run it in the transaction of
 * the delivery's own write (the notification) when there is one.
 */
export async function completeReminderDelivery(
  db: Db,
  params: { id: number; token: string; now: Date; notificationId?: number | null; outboxEmailId?: number | null },
): Promise<boolean> {
  const now = toDbTime(params.now);
  const result = await db
    .updateTable('crm_reminder_deliveries')
    .set({
      status: 'sent',
      delivered_at: now,
      claimed_until: null,
      last_error: null,
      notification_id: params.notificationId ?? null,
      outbox_email_id: params.outboxEmailId ?? null,
      updated_at: now,
    })
    .where('id', '=', params.id)
    .where('status', '=', 'sending')
    .where('claim_token', '=', params.token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Delivers a claimed in-app delivery: in ONE transaction, the notification row for its recipient
 * (`type` and `data` as the notifications table keeps them) and the delivery marked sent, only
 * while `token` holds it. False, and no notification, when the claim was lost. This is what makes
 * the in-app reminder exactly-once.
 */
export async function deliverInAppReminder(
  db: Db,
  params: {
    id: number;
    token: string;
    now: Date;
    type: string;
    data: { title: string; message: string } & Record<string, unknown>;
  },
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const delivery = await tx
      .selectFrom('crm_reminder_deliveries')
      .select(['business_id', 'recipient_user_id', 'channel'])
      .where('id', '=', params.id)
      .where('status', '=', 'sending')
      .where('claim_token', '=', params.token)
      .executeTakeFirst();
    if (!delivery || delivery.channel !== 'in_app') return false;
    const notification = await tx
      .insertInto('notifications')
      .values({
        business_id: delivery.business_id,
        user_id: delivery.recipient_user_id,
        type: params.type,
        data: JSON.stringify(params.data),
        read_at: null,
        created_at: toDbTime(params.now),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const completed = await completeReminderDelivery(tx, {
      id: params.id,
      token: params.token,
      now: params.now,
      notificationId: notification.id,
    });
    // Completed cannot fail here: the row was read under the same transaction's conditions.
    if (!completed) throw new Error('Reminder delivery lost its claim inside its own transaction');
    return true;
  });
}

/**
 * A failed attempt of the claim held by `token`: back to pending with `next_attempt_at` later
 * (domain `reminderRetryAt`), or `failed` once `REMINDER_MAX_ATTEMPTS` attempts failed, with the
 * reason kept. `lost` when the token no longer holds the row (nothing changed).
 */
export async function failReminderDelivery(
  db: Db,
  params: { id: number; token: string; error: string; now: Date },
): Promise<'retry' | 'failed' | 'lost'> {
  const row = await db
    .selectFrom('crm_reminder_deliveries')
    .select(['attempts'])
    .where('id', '=', params.id)
    .where('status', '=', 'sending')
    .where('claim_token', '=', params.token)
    .executeTakeFirst();
  if (!row) return 'lost';
  const retryAt = reminderRetryAt(row.attempts, params.now);
  const now = toDbTime(params.now);
  const result = await db
    .updateTable('crm_reminder_deliveries')
    .set({
      status: retryAt ? 'pending' : 'failed',
      next_attempt_at: retryAt ? toDbTime(retryAt) : now,
      claimed_until: null,
      claim_token: null,
      last_error: params.error.slice(0, 2000),
      updated_at: now,
    })
    .where('id', '=', params.id)
    .where('status', '=', 'sending')
    .where('claim_token', '=', params.token)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return 'lost';
  return retryAt ? 'retry' : 'failed';
}

/** "Retry" on a failed delivery of the business: pending again now, attempts from zero. False unless it was failed. */
export async function retryReminderDelivery(
  db: Db,
  params: { businessId: number; id: number; now: Date },
): Promise<boolean> {
  const now = toDbTime(params.now);
  const result = await db
    .updateTable('crm_reminder_deliveries')
    .set({ status: 'pending', attempts: 0, next_attempt_at: now, updated_at: now })
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export type ReminderDeliveryView = CrmReminderDeliveryRow & {
  activity_subject: string;
  activity_due_at: string;
  recipient_name: string;
};

/** The business's deliveries, newest first, optionally of one status (`failed`: what needs attention). */
export async function listReminderDeliveries(
  db: Db,
  params: { businessId: number; status?: string; activityId?: number; limit: number },
): Promise<ReminderDeliveryView[]> {
  let query = db
    .selectFrom('crm_reminder_deliveries as d')
    .innerJoin('crm_activities as a', 'a.id', 'd.activity_id')
    .innerJoin('users as u', 'u.id', 'd.recipient_user_id')
    .selectAll('d')
    .select(['a.subject as activity_subject', 'a.due_at as activity_due_at', 'u.name as recipient_name'])
    .where('d.business_id', '=', params.businessId);
  if (params.status !== undefined) query = query.where('d.status', '=', params.status);
  if (params.activityId !== undefined) query = query.where('d.activity_id', '=', params.activityId);
  return query.orderBy('d.id', 'desc').limit(params.limit).execute();
}

/** What the scheduler needs to compose a delivery's notification or email. */
export interface ReminderDeliveryContext {
  delivery: CrmReminderDeliveryRow;
  activity: ActivityView;
  recipient: { id: number; name: string; email: string };
}

export async function findReminderDeliveryContext(
  db: Db,
  params: { id: number },
): Promise<ReminderDeliveryContext | undefined> {
  const delivery = await db
    .selectFrom('crm_reminder_deliveries')
    .selectAll()
    .where('id', '=', params.id)
    .executeTakeFirst();
  if (!delivery) return undefined;
  const activity = await findCrmActivity(db, { businessId: delivery.business_id, activityId: delivery.activity_id });
  const recipient = await db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('id', '=', delivery.recipient_user_id)
    .where('business_id', '=', delivery.business_id)
    .executeTakeFirst();
  if (!activity || !recipient) return undefined;
  return { delivery, activity, recipient };
}

// ---------------------------------------------------------------- notes

export type NoteView = CrmNoteRow & { user_name: string | null };

export async function insertCrmNote(
  db: Db,
  params: {
    businessId: number;
    body: string;
    subject: CrmSubjectRef;
    userId: number | null;
    now: Date;
  },
): Promise<{ id: number }> {
  const now = toDbTime(params.now);
  return db
    .insertInto('crm_notes')
    .values({
      business_id: params.businessId,
      body: params.body,
      lead_id: params.subject.kind === 'lead' ? params.subject.id : null,
      opportunity_id: params.subject.kind === 'opportunity' ? params.subject.id : null,
      client_id: params.subject.kind === 'client' ? params.subject.id : null,
      user_id: params.userId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function deleteCrmNote(db: Db, params: { businessId: number; noteId: number }): Promise<boolean> {
  const result = await db
    .deleteFrom('crm_notes')
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.noteId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function findCrmNote(
  db: Db,
  params: { businessId: number; noteId: number },
): Promise<NoteView | undefined> {
  return db
    .selectFrom('crm_notes')
    .leftJoin('users', 'users.id', 'crm_notes.user_id')
    .selectAll('crm_notes')
    .select('users.name as user_name')
    .where('crm_notes.business_id', '=', params.businessId)
    .where('crm_notes.id', '=', params.noteId)
    .executeTakeFirst();
}

// ---------------------------------------------------------------- timelines

/** One raw timeline entry; the service maps it to the contract's `timelineItemSchema`. */
export type TimelineEntry =
  | { kind: 'activity'; key: string; at: string; activity: ActivityView }
  | { kind: 'note'; key: string; at: string; note: NoteView }
  | { kind: 'stage_change'; key: string; at: string; change: StageChangeView & { opportunity_title: string } }
  | {
      kind: 'conversion';
      key: string;
      at: string;
      conversion: {
        lead_id: number;
        lead_name: string;
        client_id: number | null;
        client_name: string | null;
        opportunity_id: number | null;
        opportunity_title: string | null;
        user_name: string | null;
      };
    }
  | {
      kind: 'created';
      key: string;
      at: string;
      created: { subject: CrmSubjectRef; name: string; user_name: string | null };
    };

/**
 * The timeline of a lead, an opportunity or a client, newest first, `limit` entries before
 * `before` (an instant; omitted: from the newest), and the next open activity (shown first).
 * - a lead: its activities, notes, its creation and its conversion;
 * - an opportunity: its activities, notes, stage changes (its creation is the first) and the
 *   conversion of the lead it came from;
 * - a client: its own activities and notes, plus those of its opportunities and of the leads
 *   converted into it, their stage changes and those conversions.
 * An activity stands at its due time until done, then at the time it was done. Entries at the very
 * same instant as `before` on a page boundary may be skipped: pages cut on time, not on keys.
 */
export async function listCrmTimeline(
  db: Db,
  params: { businessId: number; subject: CrmSubjectRef; before?: Date | undefined; limit: number },
): Promise<{ entries: TimelineEntry[]; nextActivity: ActivityView | null; hasMore: boolean }> {
  const sets = await expandSubject(db, params.businessId, params.subject, true);
  const before = params.before ? toDbTime(params.before) : null;
  const limit = params.limit + 1;
  const entries: TimelineEntry[] = [];

  const atSql = sql<string>`coalesce(crm_activities.done_at, crm_activities.due_at)`;
  let activities = activityViewQuery(db, params.businessId).where((eb) => subjectCondition(eb, sets));
  if (before) activities = activities.where(atSql, '<', before);
  for (const activity of await activities
    .orderBy(atSql, 'desc')
    .orderBy('crm_activities.id', 'desc')
    .limit(limit)
    .execute())
    entries.push({
      kind: 'activity',
      key: `activity-${activity.id}`,
      at: activity.done_at ?? activity.due_at,
      activity,
    });

  let notes = db
    .selectFrom('crm_notes')
    .leftJoin('users', 'users.id', 'crm_notes.user_id')
    .selectAll('crm_notes')
    .select('users.name as user_name')
    .where('crm_notes.business_id', '=', params.businessId)
    .where((eb) => {
      const any = [
        sets.leadIds.length > 0 ? eb('crm_notes.lead_id', 'in', sets.leadIds) : null,
        sets.opportunityIds.length > 0 ? eb('crm_notes.opportunity_id', 'in', sets.opportunityIds) : null,
        sets.clientIds.length > 0 ? eb('crm_notes.client_id', 'in', sets.clientIds) : null,
      ].filter((condition) => condition !== null);
      return any.length > 0 ? eb.or(any) : eb.val(false);
    });
  if (before) notes = notes.where('crm_notes.created_at', '<', before);
  for (const note of await notes
    .orderBy('crm_notes.created_at', 'desc')
    .orderBy('crm_notes.id', 'desc')
    .limit(limit)
    .execute())
    entries.push({ kind: 'note', key: `note-${note.id}`, at: note.created_at, note });

  if (sets.opportunityIds.length > 0) {
    let changes = db
      .selectFrom('crm_stage_changes')
      .innerJoin('crm_opportunities', 'crm_opportunities.id', 'crm_stage_changes.opportunity_id')
      .leftJoin('users', 'users.id', 'crm_stage_changes.user_id')
      .selectAll('crm_stage_changes')
      .select(['users.name as user_name', 'crm_opportunities.title as opportunity_title'])
      .where('crm_stage_changes.business_id', '=', params.businessId)
      .where('crm_stage_changes.opportunity_id', 'in', sets.opportunityIds);
    if (before) changes = changes.where('crm_stage_changes.changed_at', '<', before);
    for (const change of await changes
      .orderBy('crm_stage_changes.changed_at', 'desc')
      .orderBy('crm_stage_changes.id', 'desc')
      .limit(limit)
      .execute())
      entries.push({ kind: 'stage_change', key: `stage_change-${change.id}`, at: change.changed_at, change });
  }

  let conversions = db
    .selectFrom('crm_lead_conversions as c')
    .innerJoin('crm_leads', 'crm_leads.id', 'c.lead_id')
    .leftJoin('clients', 'clients.id', 'c.client_id')
    .leftJoin('crm_opportunities as o', 'o.id', 'c.opportunity_id')
    .leftJoin('users', 'users.id', 'c.converted_by_user_id')
    .select([
      'c.id',
      'c.lead_id',
      'c.client_id',
      'c.opportunity_id',
      'c.converted_at',
      leadNameSql().as('lead_name'),
      'clients.name as client_name',
      'o.title as opportunity_title',
      'users.name as user_name',
    ])
    .where('c.business_id', '=', params.businessId)
    .where((eb) => {
      const any = [
        sets.leadIds.length > 0 ? eb('c.lead_id', 'in', sets.leadIds) : null,
        sets.opportunityIds.length > 0 ? eb('c.opportunity_id', 'in', sets.opportunityIds) : null,
        sets.clientIds.length > 0 ? eb('c.client_id', 'in', sets.clientIds) : null,
      ].filter((condition) => condition !== null);
      return any.length > 0 ? eb.or(any) : eb.val(false);
    });
  if (before) conversions = conversions.where('c.converted_at', '<', before);
  for (const row of await conversions.orderBy('c.converted_at', 'desc').limit(limit).execute())
    entries.push({
      kind: 'conversion',
      key: `conversion-${row.id}`,
      at: row.converted_at,
      conversion: { ...row, lead_name: row.lead_name ?? '' },
    });

  if (params.subject.kind === 'lead') {
    const lead = await db
      .selectFrom('crm_leads')
      .leftJoin('users', 'users.id', 'crm_leads.created_by_user_id')
      .select(['crm_leads.id', 'crm_leads.created_at', leadNameSql().as('name'), 'users.name as user_name'])
      .where('crm_leads.business_id', '=', params.businessId)
      .where('crm_leads.id', '=', params.subject.id)
      .executeTakeFirst();
    if (lead && (!before || lead.created_at < before))
      entries.push({
        kind: 'created',
        key: `created-lead-${lead.id}`,
        at: lead.created_at,
        created: { subject: params.subject, name: lead.name ?? '', user_name: lead.user_name },
      });
  }

  entries.sort((a, b) => {
    const diff = new Date(b.at).getTime() - new Date(a.at).getTime();
    return diff !== 0 ? diff : a.key < b.key ? 1 : -1;
  });
  const nextActivity = await activityViewQuery(db, params.businessId)
    .where((eb) => subjectCondition(eb, sets))
    .where('crm_activities.done_at', 'is', null)
    .orderBy('crm_activities.due_at')
    .orderBy('crm_activities.id')
    .limit(1)
    .executeTakeFirst();
  return {
    entries: entries.slice(0, params.limit),
    nextActivity: nextActivity ?? null,
    hasMore: entries.length > params.limit,
  };
}
