import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findInvoiceDataVersion, summarizeByStatus, summarizeMatchingRows } from '@ledgerleaf/db';
import { addCalendarDays, utcCalendarDate } from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../../test/harness';
import { invoiceSummaryCache } from './invoice-list-cache';

let t: TestApp;
let token: string;
let businessId: number;
let clientId: number;
const today = () => utcCalendarDate(new Date());

const line = (price: number) => ({ description: 'Design work', quantity: 1, unit_price: price, tax_rate_ids: [] });

async function createInvoice(price: number, send = true): Promise<number> {
  const response = await t.post(
    '/api/invoices',
    {
      client_id: clientId,
      issue_date: today(),
      due_date: addCalendarDays(today(), 30),
      lines: [line(price)],
      ...(send ? { send: true } : {}),
    },
    { token },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}

async function summary(query = '') {
  const response = await t.get(`/api/invoices?per_page=5${query}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    summary: { count: number; total: number; amount_paid: number; balance_due: number };
    meta: { total: number };
  };
}

const version = () => findInvoiceDataVersion(t.database.db, { businessId });

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.register();
  token = owner.token;
  businessId = (
    await t.database.db
      .selectFrom('users')
      .select('business_id')
      .where('id', '=', owner.user.id)
      .executeTakeFirstOrThrow()
  ).business_id;
  clientId = (await t.post('/api/clients', { name: 'Birch Studio', email: 'ap@birch.test' }, { token })).json().data.id;
});
afterAll(async () => {
  await t.close();
});

describe('invoice list totals cache', () => {
  it('database triggers move the data version on invoice inserts, updates, deletes and client renames', async () => {
    const start = (await version())!;
    const draft = await createInvoice(100, false);
    const afterInsert = (await version())!;
    expect(afterInsert).toBeGreaterThan(start);
    expect((await t.post(`/api/invoices/${draft}/mark-sent`, {}, { token })).statusCode).toBe(200);
    const afterUpdate = (await version())!;
    expect(afterUpdate).toBeGreaterThan(afterInsert);
    const other = await createInvoice(5, false);
    const beforeDelete = (await version())!;
    expect((await t.delete(`/api/invoices/${other}`, { token })).statusCode).toBe(200);
    const afterDelete = (await version())!;
    expect(afterDelete).toBeGreaterThan(beforeDelete);
    expect(
      (await t.put(`/api/clients/${clientId}`, { name: 'Birch & Oak Studio', email: 'ap@birch.test' }, { token }))
        .statusCode,
    ).toBe(200);
    expect((await version())!).toBeGreaterThan(afterDelete);
  });

  it('serves repeated lists from the cache and never a stale total after a write', async () => {
    const cache = invoiceSummaryCache(t.app.deps);
    const first = await summary();
    const hits = cache.hits;
    expect(await summary()).toEqual(first);
    expect(cache.hits).toBe(hits + 1);

    // A new invoice, a payment, a void: each shows at once.
    const id = await createInvoice(250);
    const afterCreate = await summary();
    expect(afterCreate.summary.count).toBe(first.summary.count + 1);
    expect(afterCreate.summary.total).toBe(first.summary.total + 250);
    expect(afterCreate.meta.total).toBe(first.meta.total + 1);

    const paid = await t.post(
      `/api/invoices/${id}/payments`,
      { amount: 100, payment_date: today(), method: 'cash' },
      { token },
    );
    expect(paid.statusCode, paid.body).toBe(201);
    const afterPayment = await summary();
    expect(afterPayment.summary.amount_paid).toBe(afterCreate.summary.amount_paid + 100);
    expect(afterPayment.summary.balance_due).toBe(afterCreate.summary.balance_due - 100);

    const voided = await t.post(`/api/invoices/${id}/void`, { reason: 'Entered twice' }, { token });
    expect(voided.statusCode, voided.body).toBe(200);
    expect((await summary()).summary.total).toBe(first.summary.total);
  });

  it('keys totals by filter: a search for a renamed client finds its invoices at once', async () => {
    const before = await summary('&search=maple');
    expect(before.summary.count).toBe(0);
    expect(
      (await t.put(`/api/clients/${clientId}`, { name: 'Maple Studio', email: 'ap@birch.test' }, { token })).statusCode,
    ).toBe(200);
    const after = await summary('&search=maple');
    expect(after.summary.count).toBe((await summary()).summary.count);
    expect(after.summary.count).toBeGreaterThan(0);
  });

  it('keeps businesses apart: another business writing does not change this one and sees only its own', async () => {
    const mine = await summary();
    const other = await t.register({ email: 'second@example.com', business_name: 'Second Shop' });
    const otherClient = (
      await t.post('/api/clients', { name: 'Other Client', email: 'o@other.test' }, { token: other.token })
    ).json().data.id;
    const created = await t.post(
      '/api/invoices',
      { client_id: otherClient, issue_date: today(), due_date: today(), lines: [line(999)], send: true },
      { token: other.token },
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(await summary()).toEqual(mine);
    const theirs = (await t.get('/api/invoices', { token: other.token })).json();
    expect(theirs.summary.count).toBe(1);
    expect(theirs.summary.total).toBe(999);
  });

  it('trigger-kept per-status totals equal adding up the rows, for every plain filter, after inserts, updates and deletes', async () => {
    // A mix: drafts, sent, partly and fully paid, voided, deleted.
    const drafts = [await createInvoice(40, false), await createInvoice(60, false)];
    const sent = [await createInvoice(120), await createInvoice(80), await createInvoice(33.33)];
    expect(
      (
        await t.post(
          `/api/invoices/${sent[0]}/payments`,
          { amount: 120, payment_date: today(), method: 'cash' },
          { token },
        )
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await t.post(
          `/api/invoices/${sent[1]}/payments`,
          { amount: 10.5, payment_date: today(), method: 'card' },
          { token },
        )
      ).statusCode,
    ).toBe(201);
    expect((await t.post(`/api/invoices/${sent[2]}/void`, { reason: 'Wrong client' }, { token })).statusCode).toBe(200);
    expect((await t.delete(`/api/invoices/${drafts[0]}`, { token })).statusCode).toBe(200);
    for (const status of ['all', 'unpaid', 'draft', 'sent', 'partial', 'paid', 'void']) {
      const filter = { businessId, status, today: today() };
      const reference = await summarizeMatchingRows(
        t.database.db,
        status === 'sent' || status === 'partial' ? { ...filter, today: '0000-01-01' } : filter,
      );
      expect(await summarizeByStatus(t.database.db, filter), status).toEqual(reference);
    }
    const all = await summary();
    expect(all.summary.count).toBe(
      (await summarizeMatchingRows(t.database.db, { businessId, status: 'all', today: today() })).count,
    );
  });
});
