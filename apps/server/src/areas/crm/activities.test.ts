import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, ACTIVITY_REMINDER_NOTIFICATION_TYPE, CRM_MESSAGES } from '@ledgerleaf/domain';
import { listOutboxEmails } from '@ledgerleaf/db';
import { createTestApp, type TestApp } from '../../test/harness';
import { runScheduler } from '../../lib/scheduler';
import { createClient, createLead, createOpportunity, crmMember, crmOwner, type CrmOwner } from './crm.test-helpers';

let t: TestApp;
let owner: CrmOwner;
let types: Record<string, { id: number; next_type_id: number | null }>;
let clientId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await crmOwner(t, 'owner@example.com');
  types = Object.fromEntries(
    (await t.get('/api/crm/activity-types', { token: owner.token }))
      .json()
      .data.map((type: { name: string; id: number; next_type_id: number | null }) => [type.name, type]),
  );
  clientId = (await createClient(t, owner.token)).id;
});
afterAll(async () => {
  await t.close();
});

const token = () => owner.token;
const inMinutes = (minutes: number) => new Date(t.clock().getTime() + minutes * 60_000).toISOString();

async function activity(body: Record<string, unknown>, as = token()) {
  const response = await t.post(
    '/api/crm/activities',
    { type_id: types.Call!.id, subject: 'Call back', due_at: inMinutes(24 * 60), client_id: clientId, ...body },
    { token: as },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

describe('activities', () => {
  it('creates with the type’s default reminder, edits (reminders follow the due time), deletes', async () => {
    const created = await activity({ due_at: '2030-03-01T10:00:00+01:00' });
    expect(created).toMatchObject({
      due_at: '2030-03-01T09:00:00.000Z',
      assignee_user_id: owner.userId,
      done: false,
      about: { kind: 'client', id: clientId, name: 'Acme Studio' },
      reminders: [{ offset_minutes: 15, remind_at: '2030-03-01T08:45:00.000Z', deliveries: [] }],
    });
    const edited = await t.put(
      `/api/crm/activities/${created.id}`,
      {
        type_id: types.Meeting!.id,
        subject: 'Meet',
        due_at: '2030-03-02T09:00:00Z',
        client_id: clientId,
        reminders: [0, 60],
      },
      { token: token() },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.reminders.map((r: { remind_at: string }) => r.remind_at)).toEqual([
      '2030-03-02T09:00:00.000Z',
      '2030-03-02T08:00:00.000Z',
    ]);
    const kept = await t.put(
      `/api/crm/activities/${created.id}`,
      { type_id: types.Meeting!.id, subject: 'Meet', due_at: '2030-03-03T09:00:00Z', client_id: clientId },
      { token: token() },
    );
    expect(kept.json().data.reminders).toHaveLength(2);
    const two = await t.post(
      '/api/crm/activities',
      { type_id: types.Call!.id, subject: 'X', due_at: inMinutes(5), client_id: clientId, lead_id: 1 },
      { token: token() },
    );
    expect(two.statusCode).toBe(422);
    expect(two.json().errors.lead_id).toBeDefined();
    const unknown = await t.post(
      '/api/crm/activities',
      { type_id: 999999, subject: 'X', due_at: inMinutes(5), client_id: clientId, assignee_user_id: 999999 },
      { token: token() },
    );
    expect(Object.keys(unknown.json().errors).sort()).toEqual(['assignee_user_id', 'type_id']);
    expect((await t.delete(`/api/crm/activities/${created.id}`, { token: token() })).statusCode).toBe(200);
    expect((await t.get(`/api/crm/activities/${created.id}`, { token: token() })).statusCode).toBe(404);
  });

  it('done suggests the type’s next activity; snooze moves the due time and its reminders', async () => {
    const created = await activity({});
    const done = await t.post(`/api/crm/activities/${created.id}/done`, { done: true }, { token: token() });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      data: { done: true },
      message: CRM_MESSAGES.activityDone,
      suggested_next: { type_id: types['Follow-up']!.id, type_name: 'Follow-up' },
    });
    const reopened = await t.post(`/api/crm/activities/${created.id}/done`, { done: false }, { token: token() });
    expect(reopened.json()).toMatchObject({ data: { done: false, done_at: null }, suggested_next: null });

    const snoozed = await t.post(`/api/crm/activities/${created.id}/snooze`, { option: '1_hour' }, { token: token() });
    expect(snoozed.statusCode, snoozed.body).toBe(200);
    const due = new Date(snoozed.json().data.due_at).getTime();
    expect(Math.abs(due - (t.clock().getTime() + 3_600_000))).toBeLessThan(5_000);
    expect(snoozed.json().data.reminders[0].remind_at).toBe(new Date(due - 15 * 60_000).toISOString());
    const zone = await t.put(
      '/api/recurring-invoices/config',
      { send_time: '09:00', time_zone: 'America/New_York', default_auto_send: false, missed_runs: 'catch_up' },
      { token: token() },
    );
    expect(zone.statusCode, zone.body).toBe(200);
    const dated = await t.post(
      `/api/crm/activities/${created.id}/snooze`,
      { option: 'date', date: '2031-01-05', time: '14:30' },
      { token: token() },
    );
    expect(dated.json().data.due_at).toBe('2031-01-05T19:30:00.000Z');
    const past = await t.post(
      `/api/crm/activities/${created.id}/snooze`,
      { option: 'date', date: '2001-01-05' },
      { token: token() },
    );
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.date).toEqual([CRM_MESSAGES.snoozeInPast]);
  });

  it('the reminders screen: buckets and counts for the caller; everyone’s for owners and admins only', async () => {
    const team = await crmOwner(t, 'team@example.com');
    const member = await crmMember(t, team, 'member@example.com', 'member');
    const client = await createClient(t, team.token);
    const make = (due: string, as: string) =>
      t.post('/api/crm/activities', { type_id: 0, subject: 'x', due_at: due, client_id: client.id }, { token: as });
    const teamTypes = (await t.get('/api/crm/activity-types', { token: team.token })).json().data;
    const post = (due: string, as: string, subject: string) =>
      t.post(
        '/api/crm/activities',
        { type_id: teamTypes[0].id, subject, due_at: due, client_id: client.id },
        { token: as },
      );
    expect((await make(inMinutes(1), team.token)).statusCode).toBe(422);
    await post(inMinutes(-60 * 24 * 3), team.token, 'Overdue mine');
    await post(inMinutes(-5), member.token, 'Overdue member');
    await post(inMinutes(60 * 24 * 10), team.token, 'Upcoming mine');
    const mine = (await t.get('/api/crm/reminders?bucket=overdue', { token: team.token })).json();
    expect(mine.data.map((a: { subject: string }) => a.subject)).toEqual(['Overdue mine']);
    expect(mine.counts.overdue).toBe(1);
    expect(mine.counts.overdue + mine.counts.today + mine.counts.upcoming).toBe(2);
    const everyone = (await t.get('/api/crm/reminders?bucket=overdue&scope=everyone', { token: team.token })).json();
    expect(everyone.data.map((a: { subject: string }) => a.subject)).toEqual(['Overdue mine', 'Overdue member']);
    const refused = await t.get('/api/crm/reminders?scope=everyone', { token: member.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ACCOUNT_MESSAGES.adminOnly);
    const memberOwn = (await t.get('/api/crm/reminders?bucket=overdue', { token: member.token })).json();
    expect(memberOwn.data.map((a: { subject: string }) => a.subject)).toEqual(['Overdue member']);
  });

  it('notes and the timeline: next activity first, then newest first, with stage changes and the conversion', async () => {
    const lead = await createLead(t, token(), { person_name: 'Tim Line', email: 'tim@example.com' });
    const note = await t.post('/api/crm/notes', { body: 'Likes blue', lead_id: lead.id }, { token: token() });
    expect(note.statusCode, note.body).toBe(201);
    expect(note.json().data).toMatchObject({ body: 'Likes blue', lead_id: lead.id, user_id: owner.userId });
    const next = await activity({ lead_id: lead.id, client_id: null, subject: 'First call', due_at: inMinutes(120) });
    const converted = await t.post(
      `/api/crm/leads/${lead.id}/convert`,
      { client: { mode: 'new', name: 'Tim Line Ltd' }, opportunity: { title: 'Tim deal', amount: 50 } },
      { token: token() },
    );
    const { client_id: newClient, opportunity_id: opportunityId } = converted.json().data;
    const stagesList = (await t.get('/api/crm/pipeline-stages', { token: token() })).json().data;
    await t.post(`/api/crm/opportunities/${opportunityId}/move`, { stage_id: stagesList[1].id }, { token: token() });

    const leadTimeline = (await t.get(`/api/crm/timeline?lead_id=${lead.id}`, { token: token() })).json().data;
    expect(leadTimeline.next_activity.id).toBe(next.id);
    expect(leadTimeline.items.map((item: { kind: string }) => item.kind).sort()).toEqual([
      'activity',
      'conversion',
      'created',
      'note',
    ]);
    const opportunityTimeline = (
      await t.get(`/api/crm/timeline?opportunity_id=${opportunityId}`, { token: token() })
    ).json().data;
    expect(opportunityTimeline.items.map((item: { title: string }) => item.title)).toEqual(
      expect.arrayContaining([
        'Created in New',
        'Moved from New to Qualified',
        'Converted into Tim deal for Tim Line Ltd',
      ]),
    );
    const clientTimeline = (await t.get(`/api/crm/timeline?client_id=${newClient}&limit=2`, { token: token() })).json()
      .data;
    expect(clientTimeline.items).toHaveLength(2);
    expect(clientTimeline.next_before).not.toBeNull();
    const activities = (await t.get(`/api/crm/activities?client_id=${newClient}`, { token: token() })).json();
    expect(activities.data.map((a: { id: number }) => a.id)).toEqual([next.id]);
    expect((await t.get('/api/crm/timeline?lead_id=999999', { token: token() })).statusCode).toBe(404);
    expect((await t.delete(`/api/crm/notes/${note.json().data.id}`, { token: token() })).statusCode).toBe(200);
  });
});

describe('reminder delivery (the crm-reminders job)', () => {
  const notificationsOf = (userId: number) =>
    t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .where('type', '=', ACTIVITY_REMINDER_NOTIFICATION_TYPE)
      .execute();

  it('delivers each due reminder exactly once in the app and by email, also with two schedulers at once', async () => {
    const biz = await crmOwner(t, 'remind@example.com', 'Remind Co');
    await t.put(
      '/api/crm/settings',
      { rate_window_days: 90, reminder_in_app: true, reminder_email: true },
      { token: biz.token },
    );
    const client = await createClient(t, biz.token);
    const bizTypes = (await t.get('/api/crm/activity-types', { token: biz.token })).json().data;
    const ids: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      const created = await t.post(
        '/api/crm/activities',
        {
          type_id: bizTypes[0].id,
          subject: `Reminder ${index}`,
          due_at: inMinutes(5),
          client_id: client.id,
          reminders: [15, 30],
        },
        { token: biz.token },
      );
      ids.push(created.json().data.id);
    }
    const future = await t.post(
      '/api/crm/activities',
      { type_id: bizTypes[0].id, subject: 'Later', due_at: inMinutes(600), client_id: client.id, reminders: [15] },
      { token: biz.token },
    );
    const pass = { only: ['crm-reminders'] };
    await Promise.all([
      t.app.scheduler.runNow(pass),
      runScheduler(t.app.deps, t.app.scheduler.jobs, pass),
      runScheduler(t.app.deps, t.app.scheduler.jobs, pass),
    ]);
    await t.app.scheduler.runNow(pass);
    const notifications = await notificationsOf(biz.userId);
    expect(notifications).toHaveLength(12);
    const data = JSON.parse(notifications[0]!.data) as { title: string; message: string; activity_id: number };
    expect(data.title).toBe(CRM_MESSAGES.reminderNotificationTitle);
    expect(data.message).toMatch(/^Reminder \d is due /);
    const mails = await listOutboxEmails(t.database.db, { to: 'remind@example.com' });
    const reminderMails = mails.filter((mail) => mail.subject.startsWith('Reminder: Reminder'));
    expect(reminderMails).toHaveLength(12);
    expect(reminderMails[0]!.text_body).toContain('/crm/reminders');
    const deliveries = await t.database.db
      .selectFrom('crm_reminder_deliveries')
      .selectAll()
      .where('business_id', '=', biz.businessId)
      .execute();
    expect(deliveries).toHaveLength(24);
    expect(deliveries.every((delivery) => delivery.status === 'sent' && delivery.attempts === 1)).toBe(true);
    const read = (await t.get(`/api/crm/activities/${ids[0]}`, { token: biz.token })).json().data;
    expect(
      read.reminders[0].deliveries.map((d: { channel: string; status: string }) => [d.channel, d.status]).sort(),
    ).toEqual([
      ['email', 'sent'],
      ['in_app', 'sent'],
    ]);
    expect(
      (await t.get(`/api/crm/activities/${future.json().data.id}`, { token: biz.token })).json().data.reminders[0]
        .deliveries,
    ).toEqual([]);
    // Snoozing makes its reminders fire again, once.
    await t.post(`/api/crm/activities/${ids[0]}/snooze`, { option: '1_hour' }, { token: biz.token });
    t.clock.advance(60 * 60_000);
    await t.app.scheduler.runNow(pass);
    await t.app.scheduler.runNow(pass);
    expect(await notificationsOf(biz.userId)).toHaveLength(14);
  });

  it('a failed delivery is retried, and stays visible as failed after the last attempt; done activities send nothing', async () => {
    const biz = await crmOwner(t, 'fail@example.com', 'Fail Co');
    const client = await createClient(t, biz.token);
    const bizTypes = (await t.get('/api/crm/activity-types', { token: biz.token })).json().data;
    const created = await t.post(
      '/api/crm/activities',
      { type_id: bizTypes[0].id, subject: 'Flaky', due_at: inMinutes(1), client_id: client.id, reminders: [10] },
      { token: biz.token },
    );
    const skipped = await t.post(
      '/api/crm/activities',
      {
        type_id: bizTypes[0].id,
        subject: 'Done already',
        due_at: inMinutes(1),
        client_id: client.id,
        reminders: [10],
        done: true,
      },
      { token: biz.token },
    );
    expect(skipped.statusCode).toBe(201);
    const failing = {
      only: ['crm-reminders'],
      businessId: biz.businessId,
      hooks: {
        beforeReminderDelivery: () => {
          throw new Error('Notification service down');
        },
      },
    };
    await t.app.scheduler.runNow(failing);
    let read = (await t.get(`/api/crm/activities/${created.json().data.id}`, { token: biz.token })).json().data;
    expect(read.reminders[0].deliveries).toEqual([
      expect.objectContaining({
        channel: 'in_app',
        status: 'pending',
        attempts: 1,
        last_error: 'Notification service down',
      }),
    ]);
    for (let attempt = 0; attempt < 6; attempt += 1) {
      t.clock.advance(61 * 60_000);
      await t.app.scheduler.runNow(failing);
    }
    read = (await t.get(`/api/crm/activities/${created.json().data.id}`, { token: biz.token })).json().data;
    expect(read.reminders[0].deliveries).toEqual([expect.objectContaining({ status: 'failed', attempts: 5 })]);
    expect(await notificationsOf(biz.userId)).toHaveLength(0);
    const retried = await t.post(`/api/crm/activities/${created.json().data.id}/retry-reminders`, undefined, {
      token: biz.token,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data.reminders[0].deliveries).toEqual([
      expect.objectContaining({ status: 'pending', attempts: 0 }),
    ]);
    await t.app.scheduler.runNow({ only: ['crm-reminders'], businessId: biz.businessId });
    expect(await notificationsOf(biz.userId)).toHaveLength(1);
    const skippedRead = (await t.get(`/api/crm/activities/${skipped.json().data.id}`, { token: biz.token })).json()
      .data;
    expect(skippedRead.reminders[0].deliveries).toEqual([]);
  });
});

describe('opportunity activities', () => {
  it('an activity on an opportunity shows as the board card’s next activity', async () => {
    const opportunity = await createOpportunity(t, token(), { client_id: clientId, title: 'With next step' });
    const next = await activity({
      opportunity_id: opportunity.id,
      client_id: null,
      subject: 'Send proposal',
      due_at: inMinutes(-10),
    });
    const column = (await t.get('/api/crm/board', { token: token() })).json().data.columns[0];
    const card = column.cards.find((c: { id: number }) => c.id === opportunity.id);
    expect(card.next_activity).toMatchObject({
      id: next.id,
      subject: 'Send proposal',
      overdue: true,
      type_icon: 'phone',
    });
  });
});
