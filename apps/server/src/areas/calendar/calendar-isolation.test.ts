import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  NOW,
  calendarBusiness,
  createActivity,
  createInvoice,
  events,
  setClock,
  type CalendarBusiness,
} from './calendar.test-helpers';

/** Another business's ids answer 404 and change nothing; no read or feed shows another business's events. */

let t: TestApp;
let alice: CalendarBusiness;
let bob: CalendarBusiness;
let aliceActivity: { id: number };
let aliceInvoice: number;

beforeAll(async () => {
  t = await createTestApp();
  setClock(t, NOW);
  alice = await calendarBusiness(t, 'alice-cal@example.com', 'Alice Co');
  bob = await calendarBusiness(t, 'bob-cal@example.com', 'Bob Co');
  aliceActivity = await createActivity(t, alice, '2030-05-13T13:00:00Z');
  aliceInvoice = await createInvoice(t, alice, '2030-05-20', { send: true });
  await createInvoice(t, bob, '2030-05-21', { send: true });
});
afterAll(async () => {
  await t.close();
});

describe('calendar isolation', () => {
  it('each business reads only its own events', async () => {
    const bobs = await events(t, bob.token, 'from=2030-05-01&to=2030-06-01');
    expect(bobs.map((event) => event.id)).not.toContain(`activity-${aliceActivity.id}`);
    expect(bobs.map((event) => event.id)).not.toContain(`invoice_due-${aliceInvoice}`);
    expect(bobs.every((event) => !String(event.title).includes('Alice'))).toBe(true);
  });

  it("moving another business's activity answers 404 and changes nothing", async () => {
    const moved = await t.post(
      `/api/calendar/activities/${aliceActivity.id}/move`,
      { date: '2030-05-20', time: '10:00' },
      { token: bob.token },
    );
    expect(moved.statusCode).toBe(404);
    const row = await t.database.db
      .selectFrom('crm_activities')
      .select('due_at')
      .where('id', '=', aliceActivity.id)
      .executeTakeFirstOrThrow();
    expect(new Date(row.due_at).toISOString()).toBe('2030-05-13T13:00:00.000Z');
  });

  it("a person filter naming another business's person is refused", async () => {
    const response = await t.get(`/api/calendar/events?from=2030-05-01&to=2030-06-01&person_id=${alice.userId}`, {
      token: bob.token,
    });
    expect(response.statusCode).toBe(422);
  });

  it("a feed holds its own business's events only, and each person's feed settings are their own", async () => {
    const aliceFeed = await t.put('/api/calendar/feed', { kinds: ['invoice_due', 'activity'] }, { token: alice.token });
    const bobFeed = await t.put('/api/calendar/feed', { kinds: ['invoice_due', 'activity'] }, { token: bob.token });
    const bobUrl = new URL(bobFeed.json().data.url as string).pathname;
    const body = (await t.app.inject({ method: 'GET', url: bobUrl })).body;
    const uids = new ICAL.Component(ICAL.parse(body))
      .getAllSubcomponents('vevent')
      .map((vevent) => String(vevent.getFirstPropertyValue('uid')));
    expect(uids).not.toContain(`invoice_due-${aliceInvoice}@ledgerleaf`);
    expect(uids).not.toContain(`activity-${aliceActivity.id}@ledgerleaf`);
    expect(body).not.toContain('Alice');
    // Bob regenerating or turning off his feed leaves Alice's address working.
    await t.post('/api/calendar/feed/regenerate', undefined, { token: bob.token });
    await t.delete('/api/calendar/feed', { token: bob.token });
    const aliceUrl = new URL(aliceFeed.json().data.url as string).pathname;
    expect((await t.app.inject({ method: 'GET', url: aliceUrl })).statusCode).toBe(200);
    expect((await t.get('/api/calendar/feed', { token: alice.token })).json().data.enabled).toBe(true);
  });
});
