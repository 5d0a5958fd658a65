import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { endOfZonedToday } from '@ledgerleaf/domain';
import { createTestDatabase, type TestDatabase } from '../../testing';
import { insertCrmActivity, setCrmActivityDone } from './activities';
import { countCrmReminderBuckets, listCrmReminders } from './reminders';
import { crmFixture } from './test-fixtures';
import { activity, minutes, now } from './activity-test-helpers';

let test: TestDatabase;
beforeEach(async () => {
  test = await createTestDatabase();
});
afterEach(async () => {
  await test.cleanup();
});

describe('the reminders screen', () => {
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
});
