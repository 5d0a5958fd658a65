import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REMINDER_MAX_ATTEMPTS } from '@ledgerleaf/domain';
import { createDatabase, type DatabaseHandle } from '../../connection';
import { createTestDatabase, type TestDatabase } from '../../testing';
import { saveCrmSettings } from './config';
import { insertCrmActivity, rescheduleCrmActivity, setCrmActivityDone } from './activities';
import {
  claimReminderDelivery,
  completeReminderDelivery,
  deliverInAppReminder,
  enqueueDueReminderDeliveries,
  failReminderDelivery,
  findReminderDeliveryContext,
  listClaimableReminderDeliveries,
  listReminderDeliveries,
  retryReminderDelivery,
} from './reminder-queue';
import { crmFixture } from './test-fixtures';
import { activity, minutes, now, schedulerPass } from './activity-test-helpers';

let test: TestDatabase;
beforeEach(async () => {
  test = await createTestDatabase();
});
afterEach(async () => {
  await test.cleanup();
});

describe('reminder delivery', () => {
  it('delivers each reminder exactly once, in the app, at its time', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    const lead = await f.addLead();
    const { id } = await insertCrmActivity(test.db, {
      businessId: f.businessId,
      fields: activity(f, { lead_id: lead.id }),
      reminders: [30],
      userId: f.owner.id,
      now,
    });
    expect(await schedulerPass(test.db, minutes(29))).toBe(0);
    expect(await schedulerPass(test.db, minutes(30))).toBe(1);
    expect(await schedulerPass(test.db, minutes(31))).toBe(0);
    const notifications = await test.db.selectFrom('notifications').selectAll().execute();
    expect(notifications).toEqual([
      expect.objectContaining({ user_id: f.member.id, business_id: f.businessId, type: 'ActivityReminder' }),
    ]);
    const deliveries = await listReminderDeliveries(test.db, { businessId: f.businessId, limit: 10 });
    expect(deliveries).toEqual([
      expect.objectContaining({
        channel: 'in_app',
        status: 'sent',
        attempts: 1,
        notification_id: notifications[0]?.id,
        activity_subject: 'Call Ana',
        recipient_name: 'Acme Member',
      }),
    ]);
    // Snoozed: the reminder fires again before the new due time, once.
    await rescheduleCrmActivity(test.db, {
      businessId: f.businessId,
      activityId: id,
      dueAt: minutes(240),
      now: minutes(32),
    });
    expect(await schedulerPass(test.db, minutes(209))).toBe(0);
    expect(await schedulerPass(test.db, minutes(210))).toBe(1);
    expect(await schedulerPass(test.db, minutes(300))).toBe(0);
    expect(await test.db.selectFrom('notifications').selectAll().execute()).toHaveLength(2);
  });

  it('email deliveries when the settings ask for them; nothing for a done activity', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    await saveCrmSettings(test.db, {
      businessId: f.businessId,
      settings: { rate_window_days: 90, reminder_in_app: true, reminder_email: true, default_owner_user_id: null },
      now,
    });
    const client = await f.addClient('Client');
    const open = await insertCrmActivity(test.db, {
      businessId: f.businessId,
      fields: activity(f, { client_id: client.id, assignee_user_id: null }),
      reminders: [0],
      userId: f.owner.id,
      now,
    });
    const done = await insertCrmActivity(test.db, {
      businessId: f.businessId,
      fields: activity(f, { client_id: client.id }),
      reminders: [0],
      userId: f.owner.id,
      now,
    });
    await setCrmActivityDone(test.db, {
      businessId: f.businessId,
      activityId: done.id,
      done: true,
      userId: f.owner.id,
      now,
    });
    expect(await enqueueDueReminderDeliveries(test.db, { now: minutes(60), limit: 100 })).toBe(2);
    const rows = await listReminderDeliveries(test.db, { businessId: f.businessId, limit: 10 });
    // No assignee: the creator is reminded.
    expect(rows.map((row) => [row.activity_id, row.channel, row.recipient_user_id]).sort()).toEqual(
      [
        [open.id, 'email', f.owner.id],
        [open.id, 'in_app', f.owner.id],
      ].sort(),
    );
    const email = rows.find((row) => row.channel === 'email');
    const context = await findReminderDeliveryContext(test.db, { id: email?.id ?? 0 });
    expect(context?.recipient).toEqual({ id: f.owner.id, name: 'Acme Owner', email: 'owner@acme.test' });
    expect(context?.activity.about_name).toBe('Client');
    // Reopening: reminders in the past do not fire again, those ahead do.
    await setCrmActivityDone(test.db, {
      businessId: f.businessId,
      activityId: done.id,
      done: false,
      userId: null,
      now: minutes(61),
    });
    expect(await enqueueDueReminderDeliveries(test.db, { now: minutes(90), limit: 100 })).toBe(0);
  });

  it('marking done cancels what has not gone out', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    const client = await f.addClient('Client');
    const { id } = await insertCrmActivity(test.db, {
      businessId: f.businessId,
      fields: activity(f, { client_id: client.id }),
      reminders: [0],
      userId: f.owner.id,
      now,
    });
    await enqueueDueReminderDeliveries(test.db, { now: minutes(60), limit: 100 });
    await setCrmActivityDone(test.db, {
      businessId: f.businessId,
      activityId: id,
      done: true,
      userId: f.owner.id,
      now: minutes(61),
    });
    expect(await listClaimableReminderDeliveries(test.db, { now: minutes(62), limit: 10 })).toEqual([]);
    expect((await listReminderDeliveries(test.db, { businessId: f.businessId, limit: 10 }))[0]?.status).toBe(
      'cancelled',
    );
  });

  it('a failed delivery is retried later, then stays visibly failed until retried by hand', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    const client = await f.addClient('Client');
    await insertCrmActivity(test.db, {
      businessId: f.businessId,
      fields: activity(f, { client_id: client.id }),
      reminders: [0],
      userId: f.owner.id,
      now,
    });
    await enqueueDueReminderDeliveries(test.db, { now: minutes(60), limit: 100 });
    let at = minutes(60);
    const [id] = await listClaimableReminderDeliveries(test.db, { now: at, limit: 10 });
    if (id === undefined) throw new Error('nothing to claim');
    for (let attempt = 1; attempt <= REMINDER_MAX_ATTEMPTS; attempt += 1) {
      expect(await listClaimableReminderDeliveries(test.db, { now: at, limit: 10 })).toEqual([id]);
      const token = randomUUID();
      expect(await claimReminderDelivery(test.db, { id, token, now: at, leaseMs: 60_000 })).toMatchObject({
        attempts: attempt,
      });
      const outcome = await failReminderDelivery(test.db, { id, token, error: `SMTP down ${attempt}`, now: at });
      expect(outcome).toBe(attempt < REMINDER_MAX_ATTEMPTS ? 'retry' : 'failed');
      // Not claimable again right away.
      expect(await listClaimableReminderDeliveries(test.db, { now: at, limit: 10 })).toEqual([]);
      at = new Date(at.getTime() + 61 * 60_000);
    }
    expect(await listClaimableReminderDeliveries(test.db, { now: minutes(100_000), limit: 10 })).toEqual([]);
    expect(await listReminderDeliveries(test.db, { businessId: f.businessId, status: 'failed', limit: 10 })).toEqual([
      expect.objectContaining({ id, status: 'failed', attempts: REMINDER_MAX_ATTEMPTS, last_error: 'SMTP down 5' }),
    ]);
    const other = await crmFixture(test.db, 'Other', now);
    expect(await retryReminderDelivery(test.db, { businessId: other.businessId, id, now: at })).toBe(false);
    expect(await retryReminderDelivery(test.db, { businessId: f.businessId, id, now: at })).toBe(true);
    expect(await schedulerPass(test.db, at)).toBe(1);
  });

  it('a lost lease: the late holder cannot complete, the taker delivers once', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    const client = await f.addClient('Client');
    await insertCrmActivity(test.db, {
      businessId: f.businessId,
      fields: activity(f, { client_id: client.id }),
      reminders: [0],
      userId: f.owner.id,
      now,
    });
    await enqueueDueReminderDeliveries(test.db, { now: minutes(60), limit: 100 });
    const [id] = await listClaimableReminderDeliveries(test.db, { now: minutes(60), limit: 10 });
    if (id === undefined) throw new Error('nothing to claim');
    expect(
      await claimReminderDelivery(test.db, { id, token: 'slow', now: minutes(60), leaseMs: 60_000 }),
    ).toBeDefined();
    // Within the lease nobody else gets it.
    expect(
      await claimReminderDelivery(test.db, { id, token: 'fast', now: minutes(60.5), leaseMs: 60_000 }),
    ).toBeUndefined();
    // After it, another scheduler takes over.
    expect(
      await claimReminderDelivery(test.db, { id, token: 'fast', now: minutes(62), leaseMs: 60_000 }),
    ).toBeDefined();
    expect(
      await deliverInAppReminder(test.db, {
        id,
        token: 'slow',
        now: minutes(62),
        type: 'ActivityReminder',
        data: { title: 't', message: 'm' },
      }),
    ).toBe(false);
    expect(await completeReminderDelivery(test.db, { id, token: 'slow', now: minutes(62) })).toBe(false);
    expect(await failReminderDelivery(test.db, { id, token: 'slow', error: 'x', now: minutes(62) })).toBe('lost');
    expect(
      await deliverInAppReminder(test.db, {
        id,
        token: 'fast',
        now: minutes(62),
        type: 'ActivityReminder',
        data: { title: 't', message: 'm' },
      }),
    ).toBe(true);
    expect(await test.db.selectFrom('notifications').selectAll().execute()).toHaveLength(1);
  });
});

describe('two schedulers at once', () => {
  it('deliver every reminder exactly once', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    const client = await f.addClient('Client');
    const count = 40;
    for (let index = 0; index < count; index += 1)
      await insertCrmActivity(test.db, {
        businessId: f.businessId,
        fields: activity(f, {
          client_id: client.id,
          subject: `Task ${index}`,
          due_at: minutes(index % 5).toISOString(),
        }),
        reminders: [0, 10],
        userId: f.owner.id,
        now,
      });
    // PostgreSQL: two connection pools, like two server instances. SQLite: one in-memory database
    // has one connection, so the two schedulers interleave their statements on it.
    let second: DatabaseHandle | undefined;
    if (test.dialect === 'postgres' && process.env.TEST_DATABASE_URL)
      second = createDatabase({ url: process.env.TEST_DATABASE_URL, searchPath: test.schema, poolSize: 4 });
    const other = second?.db ?? test.db;
    try {
      const at = minutes(10);
      const delivered = await Promise.all([
        schedulerPass(test.db, at),
        schedulerPass(other, at),
        schedulerPass(test.db, at),
        schedulerPass(other, at),
      ]);
      expect(delivered.reduce((sum, value) => sum + value, 0)).toBe(count * 2);
    } finally {
      await second?.destroy();
    }
    const notifications = await test.db.selectFrom('notifications').select(['id', 'data']).execute();
    expect(notifications).toHaveLength(count * 2);
    const deliveries = await listReminderDeliveries(test.db, { businessId: f.businessId, limit: 1000 });
    expect(deliveries).toHaveLength(count * 2);
    expect(deliveries.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    expect(new Set(deliveries.map((row) => row.notification_id)).size).toBe(count * 2);
  });
});
