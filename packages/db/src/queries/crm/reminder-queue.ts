import { sql } from 'kysely';
import { reminderRetryAt } from '@ledgerleaf/domain';
import { toDbTime } from '../../dialect';
import type { CrmReminderDeliveryRow } from '../../schema-crm';
import { inTransaction } from '../shared/sql';
import type { Db } from '../shared/types';
import { findCrmActivity, type ActivityView } from './activities';

/*
 * The reminder delivery queue (issue 14), used by the scheduler: its enqueue and claim queries walk
 * every business, or one when given; the rest is scoped by the delivery or by `businessId`.
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
