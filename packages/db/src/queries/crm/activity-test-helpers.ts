import { randomUUID } from 'node:crypto';
import type { ActivityFields } from './activities';
import {
  claimReminderDelivery,
  deliverInAppReminder,
  enqueueDueReminderDeliveries,
  listClaimableReminderDeliveries,
} from './reminder-queue';
import type { CrmFixture } from './test-fixtures';
import type { Db } from '../shared/types';

/* Helpers of the activity, reminder and timeline query tests. */

export const now = new Date('2026-03-11T15:00:00.000Z');
export const minutes = (count: number) => new Date(now.getTime() + count * 60_000);

export function activity(f: CrmFixture, extra: Partial<ActivityFields>): ActivityFields {
  return {
    type_id: f.types[0]?.id ?? 0,
    subject: 'Call Ana',
    notes: null,
    due_at: minutes(60).toISOString(),
    assignee_user_id: f.member.id,
    lead_id: null,
    opportunity_id: null,
    client_id: null,
    ...extra,
  };
}

/** One scheduler pass over deliveries: enqueue, then claim and deliver each (in-app) with its own token. */
export async function schedulerPass(db: Db, at: Date): Promise<number> {
  await enqueueDueReminderDeliveries(db, { now: at, limit: 100 });
  let delivered = 0;
  for (const id of await listClaimableReminderDeliveries(db, { now: at, limit: 100 })) {
    const token = randomUUID();
    const claimed = await claimReminderDelivery(db, { id, token, now: at, leaseMs: 60_000 });
    if (!claimed) continue;
    if (claimed.channel !== 'in_app') continue;
    if (
      await deliverInAppReminder(db, {
        id,
        token,
        now: at,
        type: 'ActivityReminder',
        data: { title: 'Activity reminder', message: 'Due soon', activity_id: claimed.activity_id },
      })
    )
      delivered += 1;
  }
  return delivered;
}
