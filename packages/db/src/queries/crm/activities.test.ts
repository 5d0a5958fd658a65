import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REMINDER_MAX_ATTEMPTS, endOfZonedToday } from '@ledgerleaf/domain';
import { createDatabase, type DatabaseHandle } from '../../connection';
import { createTestDatabase, type TestDatabase } from '../../testing';
import { saveCrmSettings } from './config';
import {
  claimReminderDelivery,
  completeReminderDelivery,
  countCrmReminderBuckets,
  deleteCrmActivity,
  deleteCrmNote,
  deliverInAppReminder,
  enqueueDueReminderDeliveries,
  failReminderDelivery,
  findCrmActivity,
  findCrmNote,
  findReminderDeliveryContext,
  insertCrmActivity,
  insertCrmNote,
  listActivityReminders,
  listClaimableReminderDeliveries,
  listCrmActivities,
  listCrmReminders,
  listCrmTimeline,
  listNextActivities,
  listReminderDeliveries,
  rescheduleCrmActivity,
  retryReminderDelivery,
  setCrmActivityDone,
  updateCrmActivity,
  type ActivityFields,
} from './activities';
import { markLeadConverted } from './leads';
import { findOpportunity, moveOpportunity } from './opportunities';
import { crmFixture, type CrmFixture } from './test-fixtures';
import type { Db } from '../shared/types';

const now = new Date('2026-03-11T15:00:00.000Z');
const minutes = (count: number) => new Date(now.getTime() + count * 60_000);
let test: TestDatabase;
beforeEach(async () => {
  test = await createTestDatabase();
});
afterEach(async () => {
  await test.cleanup();
});

function activity(f: CrmFixture, extra: Partial<ActivityFields>): ActivityFields {
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
async function schedulerPass(db: Db, at: Date): Promise<number> {
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

describe('activities and reminders', () => {
  it('stores reminders before the due time and moves them with it', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    const lead = await f.addLead();
    const { id } = await insertCrmActivity(test.db, {
      businessId: f.businessId,
      fields: activity(f, { lead_id: lead.id }),
      reminders: [15, 0, 15],
      userId: f.owner.id,
      now,
    });
    const view = await findCrmActivity(test.db, { businessId: f.businessId, activityId: id });
    expect(view).toMatchObject({
      type_name: 'Call',
      type_icon: 'phone',
      assignee_name: 'Acme Member',
      about_name: 'Ana Lead',
    });
    const reminders =
      (await listActivityReminders(test.db, { businessId: f.businessId, activityIds: [id] })).get(id) ?? [];
    expect(reminders.map((r) => [r.offset_minutes, r.remind_at, r.pending_at])).toEqual([
      [0, minutes(60).toISOString(), minutes(60).toISOString()],
      [15, minutes(45).toISOString(), minutes(45).toISOString()],
    ]);
    await rescheduleCrmActivity(test.db, { businessId: f.businessId, activityId: id, dueAt: minutes(180), now });
    const moved = (await listActivityReminders(test.db, { businessId: f.businessId, activityIds: [id] })).get(id) ?? [];
    expect(moved.map((r) => r.remind_at)).toEqual([minutes(180).toISOString(), minutes(165).toISOString()]);
    await updateCrmActivity(test.db, {
      businessId: f.businessId,
      activityId: id,
      fields: activity(f, { lead_id: lead.id, subject: 'Call Ana again', due_at: minutes(180).toISOString() }),
      reminders: [15, 60],
      now,
    });
    const edited =
      (await listActivityReminders(test.db, { businessId: f.businessId, activityIds: [id] })).get(id) ?? [];
    expect(edited.map((r) => [r.offset_minutes, r.remind_at])).toEqual([
      [15, minutes(165).toISOString()],
      [60, minutes(120).toISOString()],
    ]);
  });

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

describe('lists, reminders screen and timelines', () => {
  it('buckets open activities into overdue, due today and upcoming, for one person or everyone', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    const client = await f.addClient('Client');
    const zone = 'America/New_York';
    const endOfToday = endOfZonedToday(now, zone); // 2026-03-12T04:00Z
    const add = (subject: string, due: Date, assignee: number) =>
      insertCrmActivity(test.db, {
        businessId: f.businessId,
        fields: activity(f, { client_id: client.id, subject, due_at: due.toISOString(), assignee_user_id: assignee }),
        reminders: [],
        userId: f.owner.id,
        now,
      });
    await add('old', minutes(-600), f.member.id);
    await add('late', minutes(-5), f.owner.id);
    await add('tonight', new Date(endOfToday.getTime() - 60_000), f.member.id);
    await add('tomorrow', endOfToday, f.member.id);
    const done = await add('done', minutes(-50), f.member.id);
    await setCrmActivityDone(test.db, { businessId: f.businessId, activityId: done.id, done: true, userId: null, now });
    const bounds = { businessId: f.businessId, now, endOfToday };
    expect(await countCrmReminderBuckets(test.db, bounds)).toEqual({ overdue: 2, today: 1, upcoming: 1 });
    expect(await countCrmReminderBuckets(test.db, { ...bounds, assigneeUserId: f.member.id })).toEqual({
      overdue: 1,
      today: 1,
      upcoming: 1,
    });
    const overdue = await listCrmReminders(test.db, { ...bounds, bucket: 'overdue', limit: 10, offset: 0 });
    expect(overdue.rows.map((row) => row.subject)).toEqual(['old', 'late']);
    expect(overdue.total).toBe(2);
    expect(
      (await listCrmReminders(test.db, { ...bounds, bucket: 'today', limit: 10, offset: 0 })).rows.map(
        (row) => row.subject,
      ),
    ).toEqual(['tonight']);
    expect(
      (await listCrmReminders(test.db, { ...bounds, bucket: 'upcoming', limit: 10, offset: 0 })).rows.map(
        (row) => row.subject,
      ),
    ).toEqual(['tomorrow']);
    const other = await crmFixture(test.db, 'Other', now);
    expect(await countCrmReminderBuckets(test.db, { ...bounds, businessId: other.businessId })).toEqual({
      overdue: 0,
      today: 0,
      upcoming: 0,
    });
  });

  it("a client's activities include its opportunities' and converted leads'; next activities per card", async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    const client = await f.addClient('Maple');
    const lead = await f.addLead({ person_name: 'Ana' });
    const opportunity = await f.addOpportunity({ title: 'Deal', client_id: client.id, lead_id: lead.id });
    await markLeadConverted(test.db, {
      businessId: f.businessId,
      leadId: lead.id,
      clientId: client.id,
      opportunityId: opportunity.id,
      userId: f.owner.id,
      now: minutes(1),
    });
    const add = (subject: string, subject_ref: Partial<ActivityFields>, due: number) =>
      insertCrmActivity(test.db, {
        businessId: f.businessId,
        fields: activity(f, { ...subject_ref, subject, due_at: minutes(due).toISOString() }),
        reminders: [],
        userId: f.owner.id,
        now,
      });
    await add('on lead', { lead_id: lead.id }, -100);
    await add('on deal later', { opportunity_id: opportunity.id }, 300);
    const soon = await add('on deal soon', { opportunity_id: opportunity.id }, 100);
    await add('on client', { client_id: client.id }, 200);
    const own = await listCrmActivities(test.db, {
      businessId: f.businessId,
      subject: { kind: 'client', id: client.id },
      limit: 10,
      offset: 0,
    });
    expect(own.rows.map((row) => row.subject)).toEqual(['on client']);
    const all = await listCrmActivities(test.db, {
      businessId: f.businessId,
      subject: { kind: 'client', id: client.id },
      includeRelated: true,
      limit: 10,
      offset: 0,
    });
    expect(all.rows.map((row) => row.subject)).toEqual(['on lead', 'on deal soon', 'on client', 'on deal later']);
    const next = await listNextActivities(test.db, { businessId: f.businessId, opportunityIds: [opportunity.id] });
    expect(next.get(opportunity.id)).toMatchObject({ id: soon.id, subject: 'on deal soon', type_icon: 'phone' });
    expect(await deleteCrmActivity(test.db, { businessId: f.businessId, activityId: soon.id })).toBe(true);
  });

  it('timelines: activities, notes, stage changes, conversion and creation, newest first, paged', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    const client = await f.addClient('Maple');
    const lead = await f.addLead({ person_name: 'Ana' });
    const opportunity = await f.addOpportunity({ title: 'Deal', client_id: client.id, lead_id: lead.id }, minutes(2));
    await markLeadConverted(test.db, {
      businessId: f.businessId,
      leadId: lead.id,
      clientId: client.id,
      opportunityId: opportunity.id,
      userId: f.owner.id,
      now: minutes(3),
    });
    await insertCrmNote(test.db, {
      businessId: f.businessId,
      body: 'Met at the fair',
      subject: { kind: 'lead', id: lead.id },
      userId: f.member.id,
      now: minutes(1),
    });
    const view = await findOpportunity(test.db, { businessId: f.businessId, opportunityId: opportunity.id });
    await moveOpportunity(test.db, {
      businessId: f.businessId,
      opportunityId: opportunity.id,
      stageId: f.stage('Proposal').id,
      previousId: null,
      nextId: null,
      state: { probability: 50, closed_at: null, lost_reason_id: null, lost_note: view?.lost_note ?? null },
      userId: f.member.id,
      now: minutes(4),
    });
    const call = await insertCrmActivity(test.db, {
      businessId: f.businessId,
      fields: activity(f, { opportunity_id: opportunity.id, subject: 'Call back', due_at: minutes(600).toISOString() }),
      reminders: [],
      userId: f.owner.id,
      now,
    });
    const leadTimeline = await listCrmTimeline(test.db, {
      businessId: f.businessId,
      subject: { kind: 'lead', id: lead.id },
      limit: 10,
    });
    expect(leadTimeline.entries.map((entry) => entry.kind)).toEqual(['conversion', 'note', 'created']);
    expect(leadTimeline.nextActivity).toBeNull();
    const dealTimeline = await listCrmTimeline(test.db, {
      businessId: f.businessId,
      subject: { kind: 'opportunity', id: opportunity.id },
      limit: 10,
    });
    expect(dealTimeline.entries.map((entry) => entry.key)).toEqual([
      `activity-${call.id}`,
      expect.stringMatching(/^stage_change-/),
      expect.stringMatching(/^conversion-/),
      expect.stringMatching(/^stage_change-/),
    ]);
    expect(dealTimeline.nextActivity?.id).toBe(call.id);
    const clientTimeline = await listCrmTimeline(test.db, {
      businessId: f.businessId,
      subject: { kind: 'client', id: client.id },
      limit: 3,
    });
    expect(clientTimeline.entries.map((entry) => entry.kind)).toEqual(['activity', 'stage_change', 'conversion']);
    expect(clientTimeline.hasMore).toBe(true);
    const older = await listCrmTimeline(test.db, {
      businessId: f.businessId,
      subject: { kind: 'client', id: client.id },
      before: new Date(clientTimeline.entries[2]?.at ?? ''),
      limit: 10,
    });
    expect(older.entries.map((entry) => entry.kind)).toEqual(['stage_change', 'note']);
    expect(older.hasMore).toBe(false);
    const note = older.entries.find((entry) => entry.kind === 'note');
    const noteId = note?.kind === 'note' ? note.note.id : 0;
    expect(await findCrmNote(test.db, { businessId: f.businessId, noteId })).toMatchObject({
      user_name: 'Acme Member',
    });
    const other = await crmFixture(test.db, 'Other', now);
    expect(await deleteCrmNote(test.db, { businessId: other.businessId, noteId })).toBe(false);
    expect(
      (
        await listCrmTimeline(test.db, {
          businessId: other.businessId,
          subject: { kind: 'client', id: client.id },
          limit: 10,
        })
      ).entries,
    ).toEqual([]);
    expect(await deleteCrmNote(test.db, { businessId: f.businessId, noteId })).toBe(true);
  });

  it("another business's activity ids find and change nothing", async () => {
    const a = await crmFixture(test.db, 'Acme', now);
    const b = await crmFixture(test.db, 'Beta', now);
    const bClient = await b.addClient('B');
    const theirs = await insertCrmActivity(test.db, {
      businessId: b.businessId,
      fields: activity(b, { client_id: bClient.id }),
      reminders: [5],
      userId: b.owner.id,
      now,
    });
    expect(await findCrmActivity(test.db, { businessId: a.businessId, activityId: theirs.id })).toBeUndefined();
    expect(
      await setCrmActivityDone(test.db, {
        businessId: a.businessId,
        activityId: theirs.id,
        done: true,
        userId: null,
        now,
      }),
    ).toBe(false);
    expect(
      await rescheduleCrmActivity(test.db, {
        businessId: a.businessId,
        activityId: theirs.id,
        dueAt: minutes(999),
        now,
      }),
    ).toBe(false);
    expect(
      await updateCrmActivity(test.db, {
        businessId: a.businessId,
        activityId: theirs.id,
        fields: activity(a, { client_id: bClient.id }),
        reminders: [],
        now,
      }),
    ).toBe(false);
    expect(await deleteCrmActivity(test.db, { businessId: a.businessId, activityId: theirs.id })).toBe(false);
    expect((await listActivityReminders(test.db, { businessId: a.businessId, activityIds: [theirs.id] })).size).toBe(0);
    expect(await findCrmActivity(test.db, { businessId: b.businessId, activityId: theirs.id })).toMatchObject({
      done_at: null,
      due_at: minutes(60).toISOString(),
    });
  });
});
