import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing';
import {
  type ActivityFields,
  deleteCrmActivity,
  findCrmActivity,
  insertCrmActivity,
  listCrmActivities,
  listNextActivities,
  rescheduleCrmActivity,
  setCrmActivityDone,
  updateCrmActivity,
} from './activities';
import { listActivityReminders } from './reminders';
import { markLeadConverted } from './leads';
import { crmFixture } from './test-fixtures';
import { activity, minutes, now } from './activity-test-helpers';

let test: TestDatabase;
beforeEach(async () => {
  test = await createTestDatabase();
});
afterEach(async () => {
  await test.cleanup();
});

describe('activities', () => {
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
