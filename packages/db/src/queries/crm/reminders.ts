import { sql } from 'kysely';
import { toDbTime } from '../../dialect';
import type { CrmActivityReminderRow, CrmReminderDeliveryRow } from '../../schema-crm';
import { chunks, num } from '../shared/sql';
import type { Db } from '../shared/types';
import type { ActivityView } from './activities';
import { activityViewQuery } from './activity-queries';

/*
 * Reading reminders (issue 14): an activity's reminders with their deliveries, and the reminders
 * screen (open activities in the overdue / today / upcoming buckets). The reminder rows are written
 * with their activity (`activities.ts`) and delivered by `reminder-queue.ts`.
 */

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
