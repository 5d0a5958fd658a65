import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, CALENDAR_MESSAGES, notDraggableReason } from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { addMember } from '../../test/members';
import {
  NOW,
  calendarBusiness,
  createActivity,
  createInvoice,
  events,
  setClock,
  type CalendarBusiness,
} from './calendar.test-helpers';

let t: TestApp;
let b: CalendarBusiness;
let member: { token: string; id: number };
let reader: { token: string; id: number };
const ids: Record<string, number> = {};

const MAY = 'from=2030-05-01&to=2030-06-01';

beforeAll(async () => {
  t = await createTestApp();
  setClock(t, NOW);
  b = await calendarBusiness(t, 'calendar-owner@example.com');
  member = await addMember(t, b.token, 'calendar-member@example.com', 'member', 'Mia Member');
  reader = await addMember(t, b.token, 'calendar-reader@example.com', 'accountant', 'Ada Accountant');
  ids.sentLate = await createInvoice(t, b, '2030-05-03', { send: true, price: 300 });
  ids.sentLater = await createInvoice(t, b, '2030-05-20', { send: true, price: 500 });
  ids.draft = await createInvoice(t, b, '2030-05-05');
  ids.nextMonth = await createInvoice(t, b, '2030-06-02', { send: true });
  const paid = await t.post(
    `/api/invoices/${ids.sentLater}/payments`,
    { amount: 200, payment_date: '2030-05-09', method: 'bank_transfer' },
    { token: b.token },
  );
  expect(paid.statusCode, paid.body).toBe(201);
  const estimate = await t.post(
    '/api/estimates',
    {
      client_id: b.clientId,
      issue_date: '2030-05-01',
      expiry_date: '2030-05-25',
      lines: [{ description: 'Quote', quantity: 1, unit_price: 900, tax_rate_ids: [] }],
    },
    { token: b.token },
  );
  expect(estimate.statusCode, estimate.body).toBe(201);
  ids.estimate = estimate.json().data.id;
  const recurring = await t.post(
    '/api/recurring-invoices',
    {
      client_id: b.clientId,
      lines: [{ description: 'Retainer', quantity: 1, unit_price: 250 }],
      payment_terms_days: 15,
      auto_send: false,
      frequency: 'monthly',
      interval: 1,
      day_of_month: null,
      start_date: '2030-05-15',
      end_type: 'after_count',
      end_count: 3,
    },
    { token: b.token },
  );
  expect(recurring.statusCode, recurring.body).toBe(201);
  ids.recurring = recurring.json().data.id;
  const goal = await t.post(
    '/api/goals',
    { title: 'New van', target_amount: 20000, start_date: '2030-01-01', target_date: '2030-05-31' },
    { token: b.token },
  );
  expect(goal.statusCode, goal.body).toBe(201);
  ids.goal = goal.json().data.id;
  // 09:00 in New York on Monday 2030-05-13 (EDT, UTC-4).
  ids.activity = (await createActivity(t, b, '2030-05-13T13:00:00Z')).id;
  ids.memberActivity = (
    await createActivity(t, b, '2030-05-14T14:00:00Z', { subject: 'Visit', assignee_user_id: member.id })
  ).id;
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/calendar/events', () => {
  it('answers every kind of the range, worded, in the business’s time zone', async () => {
    const response = await t.get(`/api/calendar/events?${MAY}`, { token: b.token });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ time_zone: 'America/New_York', today: '2030-05-10', from: '2030-05-01' });
    const byId = Object.fromEntries(
      (body.data as Array<{ id: string; kind: string; start: string; status: string; editable?: boolean }>).map(
        (event) => [event.id, event],
      ),
    );
    expect(byId[`invoice_due-${ids.sentLate}`]).toMatchObject({
      kind: 'invoice_due',
      start: '2030-05-03',
      status: 'overdue',
      overdue: true,
      amount: 300,
      record: { type: 'invoice', id: ids.sentLate },
    });
    // What does not apply is left out, not sent as null or false.
    expect(Object.keys(byId[`invoice_due-${ids.sentLate}`] as object).sort()).toEqual(
      ['amount', 'id', 'kind', 'overdue', 'record', 'start', 'status', 'title'].sort(),
    );
    expect(notDraggableReason(byId[`invoice_due-${ids.sentLate}`] as never)).toBe(
      CALENDAR_MESSAGES.notDraggable.invoice_due,
    );
    expect(byId[`invoice_due-${ids.sentLater}`]).toMatchObject({ status: 'partial', amount: 300 });
    expect(byId[`invoice_due-${ids.sentLater}`]).not.toHaveProperty('overdue');
    expect(byId[`invoice_due-${ids.draft}`]).toMatchObject({ status: 'draft' });
    expect(byId[`invoice_due-${ids.nextMonth}`]).toBeUndefined();
    expect(byId[`estimate_expiry-${ids.estimate}`]).toMatchObject({ start: '2030-05-25', amount: 900 });
    expect(byId[`recurring_run-${ids.recurring}-2030-05-15`]).toMatchObject({
      kind: 'recurring_run',
      record: { type: 'recurring_invoice', id: ids.recurring },
    });
    expect(byId[`goal_target-${ids.goal}`]).toMatchObject({ start: '2030-05-31', amount: 20000 });
    expect(Object.values(byId).filter((event) => (event as { kind: string }).kind === 'payment')).toMatchObject([
      { start: '2030-05-09', amount: 200, record: { type: 'invoice', id: ids.sentLater } },
    ]);
    expect(byId[`activity-${ids.activity}`]).toMatchObject({
      kind: 'activity',
      // The business's wall clock with its offset: 13:00Z is 09:00 in New York in May.
      start: '2030-05-13T09:00:00-04:00',
      status: 'open',
      record: { type: 'client', id: b.clientId },
      activity_id: ids.activity,
      assignee: { id: b.userId },
      editable: true,
    });
    expect(byId[`activity-${ids.memberActivity}`]).toMatchObject({ assignee: { id: member.id, name: 'Mia Member' } });
    const reminders = Object.values(byId).filter((event) => (event as { kind: string }).kind === 'reminder');
    expect(reminders).toHaveLength(2);
    expect(reminders[0]).toMatchObject({ start: '2030-05-13T08:45:00-04:00', activity_id: ids.activity });
    expect(reminders[0]).not.toHaveProperty('editable');
    expect(Date.parse(reminders[0]!.start)).toBe(Date.parse('2030-05-13T12:45:00Z'));
    const starts = (body.data as Array<{ start: string }>).map((event) => event.start);
    expect(starts).toEqual([...starts].sort());
  });

  it('projects recurring runs by the scheduler’s schedule: the count ends them, a run made is not shown again', async () => {
    const runs = async () =>
      (await events(t, b.token, 'from=2030-05-01&to=2030-10-01&kinds=recurring_run')).map((event) => event.start);
    expect(await runs()).toEqual(['2030-05-15', '2030-06-15', '2030-07-15']);
    // The scheduler runs the May period: the calendar then shows the two left, as the schedule says.
    setClock(t, '2030-05-15T18:00:00Z');
    try {
      await t.app.scheduler.runNow({ only: ['recurring'], businessId: b.businessId });
    } finally {
      setClock(t, NOW);
    }
    expect(await runs()).toEqual(['2030-06-15', '2030-07-15']);
    // The invoice it made is due on the period plus its terms.
    const due = await events(t, b.token, 'from=2030-05-01&to=2030-06-01&kinds=invoice_due');
    expect(due.map((event) => event.start)).toContain('2030-05-30');
  });

  it('narrows by kind and, for owners and admins, by person', async () => {
    const only = await events(t, b.token, `${MAY}&kinds=activity,goal_target`);
    expect(new Set(only.map((event) => event.kind))).toEqual(new Set(['activity', 'goal_target']));
    const mias = await events(t, b.token, `${MAY}&kinds=activity&person_id=${member.id}`);
    expect(mias.map((event) => event.id)).toEqual([`activity-${ids.memberActivity}`]);
    // A member may ask for their own, not someone else's.
    expect((await events(t, member.token, `${MAY}&kinds=activity&person_id=${member.id}`)).length).toBe(1);
    const refused = await t.get(`/api/calendar/events?${MAY}&person_id=${b.userId}`, { token: member.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ACCOUNT_MESSAGES.adminOnly);
    const stranger = await t.get(`/api/calendar/events?${MAY}&person_id=999999`, { token: b.token });
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().errors).toEqual({ person_id: [CALENDAR_MESSAGES.personInvalid] });
  });

  it('refuses a range longer than a year, backwards or malformed with 422', async () => {
    const cases: Array<[string, string]> = [
      ['from=2030-01-01&to=2031-01-03', 'to'],
      ['from=2030-05-10&to=2030-05-10', 'to'],
      ['from=2030-13-01&to=2030-05-10', 'from'],
      ['from=yesterday&to=2030-05-10', 'from'],
      ['from=2030-05-01', 'to'],
      [`${MAY}&kinds=birthdays`, 'kinds'],
    ];
    for (const [query, field] of cases) {
      const response = await t.get(`/api/calendar/events?${query}`, { token: b.token });
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json().errors), query).toContain(field);
    }
    expect((await t.get(`/api/calendar/events?from=2030-01-01&to=2031-01-01`, { token: b.token })).statusCode).toBe(
      200,
    );
  });

  it('a read-only role sees the events, none of them draggable', async () => {
    const seen = await events(t, reader.token, `${MAY}&kinds=activity`);
    expect(seen.length).toBe(2);
    expect(seen.every((event) => event.editable === undefined)).toBe(true);
    expect(notDraggableReason(seen[0] as never)).toBe(CALENDAR_MESSAGES.notDraggable.activity);
    expect((await t.get('/api/calendar/people', { token: reader.token })).statusCode).toBe(403);
    const people = await t.get('/api/calendar/people', { token: b.token });
    expect(
      people
        .json()
        .data.map((person: { id: number }) => person.id)
        .sort(),
    ).toEqual([b.userId, member.id, reader.id].sort());
  });
});

describe('POST /api/calendar/activities/:id/move', () => {
  it('moves the activity and its reminders through the CRM, in the business’s time zone', async () => {
    const id = (await createActivity(t, b, '2030-05-16T13:00:00Z', { subject: 'Drag me' })).id;
    const moved = await t.post(
      `/api/calendar/activities/${id}/move`,
      { date: '2030-05-17', time: '10:30' },
      {
        token: b.token,
      },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      message: CALENDAR_MESSAGES.activityRescheduled,
      data: { id, due_at: '2030-05-17T14:30:00.000Z', reminders: [{ remind_at: '2030-05-17T14:15:00.000Z' }] },
    });
    const record = await t.get(`/api/crm/activities/${id}`, { token: b.token });
    expect(record.json().data.due_at).toBe('2030-05-17T14:30:00.000Z');
    // A day in the past is allowed (a drag corrects the record).
    const back = await t.post(
      `/api/calendar/activities/${id}/move`,
      { date: '2030-05-02', time: '08:00' },
      {
        token: member.token,
      },
    );
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data.due_at).toBe('2030-05-02T12:00:00.000Z');
  });

  it('refuses a done activity (409), a read-only role (403) and unknown ids (404)', async () => {
    const id = (await createActivity(t, b, '2030-05-16T13:00:00Z', { subject: 'Done one' })).id;
    await t.post(`/api/crm/activities/${id}/done`, { done: true }, { token: b.token });
    const done = await t.post(
      `/api/calendar/activities/${id}/move`,
      { date: '2030-05-17', time: '10:30' },
      {
        token: b.token,
      },
    );
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe(CALENDAR_MESSAGES.notDraggable.done);
    const readOnly = await t.post(
      `/api/calendar/activities/${ids.activity}/move`,
      { date: '2030-05-17', time: '10:30' },
      {
        token: reader.token,
      },
    );
    expect(readOnly.statusCode).toBe(403);
    const missing = await t.post(
      '/api/calendar/activities/999999/move',
      { date: '2030-05-17', time: '10:30' },
      {
        token: b.token,
      },
    );
    expect(missing.statusCode).toBe(404);
  });
});

function parse(text: string) {
  const component = new ICAL.Component(ICAL.parse(text));
  const vevents = component.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
  return { component, vevents };
}

describe('the private feed', () => {
  it('is off until turned on; its address works without a session, is never cached, and holds the kinds chosen', async () => {
    expect((await t.get('/api/calendar/feed', { token: b.token })).json().data).toMatchObject({
      enabled: false,
      url: null,
    });
    const on = await t.put(
      '/api/calendar/feed',
      { kinds: ['invoice_due', 'activity', 'recurring_run'] },
      {
        token: b.token,
      },
    );
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ message: CALENDAR_MESSAGES.feedOn, data: { enabled: true } });
    const url = new URL(on.json().data.url as string);
    expect(url.pathname).toMatch(/^\/api\/calendar\/feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    // Shown once: reading the feed later answers no address.
    expect((await t.get('/api/calendar/feed', { token: b.token })).json().data).toMatchObject({
      enabled: true,
      url: null,
      kinds: ['invoice_due', 'recurring_run', 'activity'],
    });
    // Only the hash is stored.
    const stored = await t.database.db.selectFrom('calendar_feeds').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash).join()).not.toContain(url.pathname.split('/').pop()!.slice(0, 20));

    const fetched = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(fetched.statusCode, fetched.body).toBe(200);
    expect(fetched.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(fetched.headers['cache-control']).toContain('private');
    expect(fetched.headers['cache-control']).toContain('no-store');
    const { component, vevents } = parse(fetched.body);
    const timezone = component.getFirstSubcomponent('vtimezone');
    expect(timezone?.getFirstPropertyValue('tzid')).toBe('America/New_York');
    const uids = vevents.map((event) => event.uid);
    expect(uids).toContain(`invoice_due-${ids.sentLate}@ledgerleaf`);
    expect(uids).toContain(`recurring_run-${ids.recurring}-2030-06-15@ledgerleaf`);
    expect(uids).toContain(`activity-${ids.activity}@ledgerleaf`);
    // Kinds not chosen, and other people's activities, are not in it.
    expect(uids.some((uid) => uid.startsWith('estimate_expiry-') || uid.startsWith('goal_target-'))).toBe(false);
    expect(uids.some((uid) => uid.startsWith('payment-') || uid.startsWith('reminder-'))).toBe(false);
    expect(uids).not.toContain(`activity-${ids.memberActivity}@ledgerleaf`);
    const due = vevents.find((event) => event.uid === `invoice_due-${ids.sentLate}@ledgerleaf`)!;
    expect(due.startDate.isDate).toBe(true);
    expect(due.component.getFirstPropertyValue('dtstamp')?.toString()).toBe('2030-05-10T15:00:00Z');
    expect(due.startDate.toString()).toBe('2030-05-03');
    expect(due.endDate.toString()).toBe('2030-05-04');
    const call = vevents.find((event) => event.uid === `activity-${ids.activity}@ledgerleaf`)!;
    expect(call.startDate.isDate).toBe(false);
    expect(call.component.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('America/New_York');
    expect(call.startDate.toString()).toBe('2030-05-13T09:00:00');
    expect(call.summary).toContain('Call back');
    expect(call.component.getFirstPropertyValue('url')).toBe(
      `http://localhost:3000/crm/client-360?client=${b.clientId}`,
    );
    // Stable UIDs: a second fetch names the same events.
    const again = parse((await t.app.inject({ method: 'GET', url: url.pathname })).body);
    expect(again.vevents.map((event) => event.uid)).toEqual(uids);
    // Without the .ics it answers too.
    expect((await t.app.inject({ method: 'GET', url: url.pathname.replace(/\.ics$/, '') })).statusCode).toBe(200);
  });

  it('changes kinds without a new address; regenerating kills the old address at once; off kills it too', async () => {
    const on = await t.put('/api/calendar/feed', { kinds: ['activity'] }, { token: member.token });
    const first = new URL(on.json().data.url as string).pathname;
    const changed = await t.put('/api/calendar/feed', { kinds: ['activity', 'goal_target'] }, { token: member.token });
    expect(changed.json()).toMatchObject({ message: CALENDAR_MESSAGES.feedSaved, data: { url: null } });
    const fetched = parse((await t.app.inject({ method: 'GET', url: first })).body);
    // The member's feed: their own activity, the business's goal date.
    expect(fetched.vevents.map((event) => event.uid).sort()).toEqual(
      [`activity-${ids.memberActivity}@ledgerleaf`, `goal_target-${ids.goal}@ledgerleaf`].sort(),
    );
    const regenerated = await t.post('/api/calendar/feed/regenerate', undefined, { token: member.token });
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    expect(regenerated.json().message).toBe(CALENDAR_MESSAGES.feedRegenerated);
    const second = new URL(regenerated.json().data.url as string).pathname;
    expect(second).not.toBe(first);
    const old = await t.app.inject({ method: 'GET', url: first });
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ message: CALENDAR_MESSAGES.feedNotFound });
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
    const off = await t.delete('/api/calendar/feed', { token: member.token });
    expect(off.json()).toMatchObject({ message: CALENDAR_MESSAGES.feedOff, data: { enabled: false } });
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(404);
    expect((await t.post('/api/calendar/feed/regenerate', undefined, { token: member.token })).statusCode).toBe(404);
  });

  it('a read-only role has its own feed; a token that names nothing answers 404', async () => {
    const on = await t.put('/api/calendar/feed', { kinds: ['invoice_due'] }, { token: reader.token });
    expect(on.statusCode, on.body).toBe(200);
    for (const junk of ['nothing', 'A'.repeat(43), 'A'.repeat(43) + '.ics', '..%2F..%2Fetc', 'x'.repeat(150)])
      expect((await t.app.inject({ method: 'GET', url: `/api/calendar/feeds/${junk}` })).statusCode, junk).toBe(404);
  });
});
