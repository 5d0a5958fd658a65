import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcCalendarDate, addCalendarDays } from '@ledgerleaf/domain';
import { createAccessToken, createUser, notifyBusinessUsers } from '@ledgerleaf/db';
import { generateToken, sha256Hex } from '../../../lib/crypto';
import { createTestApp, type TestApp } from '../../../test/harness';
import type { DomainEvent } from '../../../lib/events';
import { notificationFor } from './notification-events';

let t: TestApp;
let token: string;
let businessId: number;
let userId: number;

const today = () => utcCalendarDate(new Date());
const auth = (bearer: string) => ({
  authorization: `Bearer ${bearer}`,
  accept: 'application/json',
  'x-requested-with': 'XMLHttpRequest',
});
const list = (query = '', bearer = token) =>
  t.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: auth(bearer) });
const patch = (url: string, bearer = token) =>
  t.app.inject({
    method: 'PATCH',
    url,
    headers: { ...auth(bearer), 'content-type': 'application/json' },
    payload: '{}',
  });

/** A second user of the same business (a member), with a token. */
async function addMember(email: string): Promise<{ id: number; token: string }> {
  const now = new Date();
  const user = await createUser(t.database.db, {
    businessId,
    name: 'Mel Member',
    email,
    passwordHash: 'x',
    role: 'member',
    now,
  });
  const bearer = generateToken();
  await createAccessToken(t.database.db, {
    businessId,
    userId: user.id,
    name: 'test',
    tokenHash: sha256Hex(bearer),
    expiresAt: null,
    now,
  });
  return { id: user.id, token: bearer };
}

async function notify(title: string, at: Date, business = businessId) {
  await notifyBusinessUsers(t.database.db, {
    businessId: business,
    type: 'Goal',
    data: { title, message: `${title} message`, goal_id: 3 },
    now: at,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const registered = await t.register({ email: 'bell@example.com' });
  token = registered.token;
  userId = registered.user.id;
  const row = await t.database.db
    .selectFrom('users')
    .select('business_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  businessId = row.business_id;
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/notifications (SPEC.md section 7)', () => {
  it('answers an empty list with zero totals for a new account', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      notifications: [],
      total: 0,
      unread_count: 0,
      current_page: 1,
      per_page: 10,
      last_page: 1,
    });
  });

  it('needs a token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { accept: 'application/json' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('lists newest first, 10 per page by default, with title and message lifted out of data', async () => {
    const base = Date.parse('2026-03-01T10:00:00.000Z');
    for (let i = 1; i <= 12; i += 1) await notify(`N${i}`, new Date(base + i * 60_000));
    const response = await list();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(12);
    expect(body.unread_count).toBe(12);
    expect(body.per_page).toBe(10);
    expect(body.last_page).toBe(2);
    expect(body.notifications).toHaveLength(10);
    expect(body.notifications.map((n: { title: string }) => n.title).slice(0, 3)).toEqual(['N12', 'N11', 'N10']);
    expect(body.notifications[0]).toEqual({
      id: expect.any(Number),
      type: 'Goal',
      data: { title: 'N12', message: 'N12 message', goal_id: 3 },
      title: 'N12',
      message: 'N12 message',
      created_at: new Date(base + 12 * 60_000).toISOString(),
      read_at: null,
    });
    const second = (await list('?page=2')).json();
    expect(second.notifications.map((n: { title: string }) => n.title)).toEqual(['N2', 'N1']);
    expect(second.current_page).toBe(2);
    const five = (await list('?per_page=5')).json();
    expect(five.notifications).toHaveLength(5);
    expect(five.last_page).toBe(3);
  });

  it('count_only answers the totals without rows', async () => {
    const response = await list('?count_only=true&filter=unread');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ notifications: [], total: 12, unread_count: 12 });
  });

  it.each(['?filter=read', '?per_page=0', '?per_page=500', '?page=0', '?count_only=maybe'])(
    'refuses %s with 422 field errors',
    async (query) => {
      const response = await list(query);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toBeTypeOf('object');
    },
  );
});

describe('marking read (SPEC.md section 4: unread becomes read, no way back)', () => {
  it('PATCH /api/notifications/{id}/read marks one; again keeps the first read_at; filter=unread leaves it out', async () => {
    const before = (await list('?filter=unread')).json();
    const target = before.notifications[0];
    const first = await patch(`/api/notifications/${target.id}/read`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Notification marked as read',
      notification: { id: target.id, read_at: expect.any(String) },
    });
    t.clock.advance(60_000);
    const again = await patch(`/api/notifications/${target.id}/read`);
    expect(again.json().notification.read_at).toBe(first.json().notification.read_at);
    const after = (await list('?filter=unread')).json();
    expect(after.total).toBe(before.total - 1);
    expect(after.unread_count).toBe(before.total - 1);
    expect(after.notifications.map((n: { id: number }) => n.id)).not.toContain(target.id);
    const all = (await list()).json();
    expect(all.total).toBe(12);
  });

  it.each(['/api/notifications/999999/read', '/api/notifications/abc/read', '/api/notifications/0/read'])(
    '%s answers 404',
    async (url) => {
      expect((await patch(url)).statusCode).toBe(404);
    },
  );

  it('PATCH /api/notifications/read-all marks every unread one and answers the count', async () => {
    const response = await patch('/api/notifications/read-all');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'All notifications marked as read', updated: 11 });
    expect((await list('?count_only=1&filter=unread')).json()).toMatchObject({ total: 0, unread_count: 0 });
    expect((await patch('/api/notifications/read-all')).json().updated).toBe(0);
  });
});

describe('isolation: only the caller’s own rows', () => {
  it('another user of the same business has their own rows and read state; their ids answer 404 to me', async () => {
    const member = await addMember('mel@example.com');
    await notify('For everyone', new Date());
    const mine = (await list('?filter=unread')).json();
    const theirs = (await list('?filter=unread', member.token)).json();
    expect(mine.notifications.map((n: { title: string }) => n.title)).toEqual(['For everyone']);
    expect(theirs.notifications.map((n: { title: string }) => n.title)).toEqual(['For everyone']);
    expect(theirs.notifications[0].id).not.toBe(mine.notifications[0].id);
    // Their notification is not mine to read.
    expect((await patch(`/api/notifications/${theirs.notifications[0].id}/read`)).statusCode).toBe(404);
    expect((await list('?filter=unread', member.token)).json().total).toBe(1);
    // Mark-all of mine leaves theirs unread.
    await patch('/api/notifications/read-all');
    expect((await list('?filter=unread', member.token)).json().total).toBe(1);
    expect((await list('?filter=unread')).json().total).toBe(0);
  });

  it('another business never sees mine', async () => {
    const other = await t.register({ email: 'other-bell@example.com', business_name: 'Other Co' });
    const response = (await list('', other.token)).json();
    expect(response.total).toBe(0);
    const mineId = (await list()).json().notifications[0].id;
    expect((await patch(`/api/notifications/${mineId}/read`, other.token)).statusCode).toBe(404);
  });
});

describe('invoicing events notify the business (the event subscriber)', () => {
  it('a new client, an issued invoice, a payment and the client viewing it each notify; edits do not', async () => {
    const fresh = await t.register({ email: 'events-bell@example.com', business_name: 'Events Bakery' });
    const bearer = fresh.token;
    const unread = async () => (await list('?filter=unread&per_page=50', bearer)).json();
    const client = await t.post('/api/clients', { name: 'Northwind Traders', contacts: [] }, { token: bearer });
    expect(client.statusCode).toBe(201);
    let body = await unread();
    expect(
      body.notifications.map((n: { type: string; title: string; message: string }) => [n.type, n.title, n.message]),
    ).toEqual([['Client', 'New client', 'Northwind Traders was added to your clients.']]);
    await t.put(
      `/api/clients/${client.json().data.id}`,
      { name: 'Northwind Traders Ltd', contacts: [] },
      { token: bearer },
    );
    expect((await unread()).total).toBe(1);

    const invoice = await t.post(
      '/api/invoices',
      {
        client_id: client.json().data.id,
        issue_date: today(),
        due_date: addCalendarDays(today(), 30),
        lines: [{ description: 'Bread', quantity: 1, unit_price: 120 }],
        send: true,
      },
      { token: bearer },
    );
    expect(invoice.statusCode, invoice.body).toBe(201);
    const { id, invoice_number: number } = invoice.json().data;
    body = await unread();
    expect(body.notifications[0]).toMatchObject({
      type: 'Invoice',
      title: 'Invoice issued',
      message: `Invoice ${number} was marked as issued.`,
      data: { invoice_id: id },
    });

    const payment = await t.post(
      `/api/invoices/${id}/payments`,
      { amount: 120, payment_date: today(), method: 'bank_transfer' },
      { token: bearer },
    );
    expect(payment.statusCode, payment.body).toBe(201);
    body = await unread();
    expect(body.notifications[0]).toMatchObject({
      type: 'Payment',
      title: 'Payment received',
      message: `$120.00 recorded on invoice ${number}, now paid in full.`,
      data: { invoice_id: id, payment_id: payment.json().data.payment_id, amount: 120 },
    });
    expect(body.unread_count).toBe(3);

    const publicUrl: string = (await t.get(`/api/invoices/${id}`, { token: bearer })).json().data.public_url;
    const publicToken = publicUrl.split('/').pop()!;
    expect((await t.get(`/api/public/invoices/${publicToken}`)).statusCode).toBe(200);
    // Paid invoices are not moved to viewed; an unpaid one is.
    const second = await t.post(
      '/api/invoices',
      {
        client_id: client.json().data.id,
        issue_date: today(),
        due_date: addCalendarDays(today(), 30),
        lines: [{ description: 'Cake', quantity: 1, unit_price: 40 }],
        send: true,
      },
      { token: bearer },
    );
    const secondUrl: string = (await t.get(`/api/invoices/${second.json().data.id}`, { token: bearer })).json().data
      .public_url;
    await t.get(`/api/public/invoices/${secondUrl.split('/').pop()}`);
    body = await unread();
    const titles = body.notifications.map((n: { title: string }) => n.title);
    expect(titles[0]).toBe('Invoice viewed');
    expect(body.notifications[0].message).toBe(
      `Invoice ${second.json().data.invoice_number} was opened by your client.`,
    );
    // The other business heard nothing of this.
    expect((await list('?filter=unread')).json().notifications.map((n: { title: string }) => n.title)).not.toContain(
      'Payment received',
    );
  });
});

describe('notificationFor', () => {
  // Events as stored and replayed: any name, partial data (the subscriber must not trust either).
  const event = (type: string, data: Record<string, unknown> = {}, subject = { type: 'invoice', id: 7 }) =>
    ({
      type,
      businessId: 1,
      userId: 1,
      subject,
      data,
      at: new Date(),
    }) as unknown as DomainEvent;

  it.each([
    ['invoice.created', {}],
    ['invoice.updated', { invoice_number: 'INV-1' }],
    ['invoice.deleted', {}],
    ['client.updated', { name: 'A' }],
    ['product.created', { name: 'P' }],
    ['tax_rate.created', { name: 'T' }],
    ['client.imported', { count: 0 }],
  ])('%s notifies nobody', (type, data) => {
    expect(notificationFor(event(type, data))).toBeNull();
  });

  it('words each kind', () => {
    expect(notificationFor(event('invoice.sent', { invoice_number: 'INV-1', via: 'email' }))?.data.message).toBe(
      'Invoice INV-1 was emailed to your client.',
    );
    expect(
      notificationFor(event('invoice.sent', { invoice_number: 'INV-1', via: 'email', again: true }))?.data,
    ).toMatchObject({ title: 'Invoice sent again', message: 'Invoice INV-1 was emailed again to your client.' });
    expect(notificationFor(event('invoice.voided', { invoice_number: 'INV-1' }))?.data.message).toBe(
      'Invoice INV-1 was voided.',
    );
    expect(
      notificationFor(event('payment.recorded', { amount: 50.5, status: 'partial', invoice_number: 'INV-2' }))?.data
        .message,
    ).toBe('$50.50 recorded on invoice INV-2.');
    expect(notificationFor(event('payment.deleted', { amount: 50.5, invoice_number: 'INV-2' }))).toMatchObject({
      type: 'Payment',
      data: { title: 'Payment deleted', message: 'A payment of $50.50 was removed from invoice INV-2.' },
    });
    expect(
      notificationFor(event('client.imported', { count: 3 }, { type: 'client', id: null as never }))?.data.message,
    ).toBe('3 clients were imported.');
  });
});
