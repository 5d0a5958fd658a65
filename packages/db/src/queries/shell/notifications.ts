import { toDbTime } from '../../dialect';
import type { NotificationRow } from '../../schema';
import type { Db } from '../shared/types';

export interface NewNotification {
  businessId: number;
  /** `Invoice`, `Payment`, `Estimate`, `Goal`, `RecurringInvoice`, `OtherIncome`, `Client`. */
  type: string;
  /** Stored as JSON: at least `title` and `message`, plus links (`invoice_id`, `goal_id`, …). */
  data: { title: string; message: string } & Record<string, unknown>;
  now: Date;
}

/**
 * One notification row for every user of the business, written through `db` (pass the transaction
 * of the change so a rolled-back change notifies nobody). Answers the number of rows written.
 */
export async function notifyBusinessUsers(db: Db, params: NewNotification): Promise<number> {
  const users = await db.selectFrom('users').select('id').where('business_id', '=', params.businessId).execute();
  if (users.length === 0) return 0;
  const data = JSON.stringify(params.data);
  const createdAt = toDbTime(params.now);
  await db
    .insertInto('notifications')
    .values(
      users.map((user) => ({
        business_id: params.businessId,
        user_id: user.id,
        type: params.type,
        data,
        created_at: createdAt,
      })),
    )
    .execute();
  return users.length;
}

/** One user's notifications, newest first; `unreadOnly` keeps those without `read_at`. */
export async function listUserNotifications(
  db: Db,
  params: { userId: number; unreadOnly: boolean; limit: number; offset: number },
): Promise<NotificationRow[]> {
  let query = db.selectFrom('notifications').selectAll().where('user_id', '=', params.userId);
  if (params.unreadOnly) query = query.where('read_at', 'is', null);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(params.limit).offset(params.offset).execute();
}

/** How many notifications the user has (all, or only unread). */
export async function countUserNotifications(db: Db, params: { userId: number; unreadOnly: boolean }): Promise<number> {
  let query = db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where('user_id', '=', params.userId);
  if (params.unreadOnly) query = query.where('read_at', 'is', null);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.total);
}

/** One of the user's notifications; another user's id answers undefined, as if it did not exist. */
export async function findUserNotification(
  db: Db,
  params: { userId: number; notificationId: number },
): Promise<NotificationRow | undefined> {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', params.userId)
    .where('id', '=', params.notificationId)
    .executeTakeFirst();
}

/**
 * Marks one of the user's notifications read (unread → read only: an already read one keeps its
 * first `read_at`). Answers the row after the change, undefined when it is not the user's.
 */
export async function markUserNotificationRead(
  db: Db,
  params: { userId: number; notificationId: number; now: Date },
): Promise<NotificationRow | undefined> {
  await db
    .updateTable('notifications')
    .set({ read_at: toDbTime(params.now) })
    .where('user_id', '=', params.userId)
    .where('id', '=', params.notificationId)
    .where('read_at', 'is', null)
    .execute();
  return findUserNotification(db, params);
}

/** Marks every unread notification of the user read; answers how many changed. */
export async function markAllUserNotificationsRead(db: Db, params: { userId: number; now: Date }): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: toDbTime(params.now) })
    .where('user_id', '=', params.userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
