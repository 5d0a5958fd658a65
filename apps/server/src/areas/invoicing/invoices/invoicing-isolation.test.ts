import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcCalendarDate } from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../../test/harness';

/**
 * Every invoice and payment route with another business's ids: 404 exactly like a missing id, and
 * nothing of either business changes. References to another business's client, product or tax rate
 * inside a body answer 422 on that field (like an unknown id), never revealing that they exist.
 */
let t: TestApp;
let ownerA: string;
let ownerB: string;
const a = { client: 0, product: 0, tax: 0, draft: 0, sent: 0, payment: 0 };
const b = { client: 0 };
const today = utcCalendarDate(new Date());

const invoiceBody = (clientId: number, extra: Record<string, unknown> = {}) => ({
  client_id: clientId,
  issue_date: today,
  due_date: today,
  lines: [{ description: 'Hijack', quantity: 1, unit_price: 5 }],
  ...extra,
});

async function snapshot() {
  const db = t.database.db;
  return {
    invoices: await db.selectFrom('invoices').selectAll().orderBy('id').execute(),
    lines: await db.selectFrom('invoice_lines').selectAll().orderBy('id').execute(),
    taxes: await db.selectFrom('invoice_line_taxes').selectAll().orderBy('id').execute(),
    payments: await db.selectFrom('payments').selectAll().orderBy('id').execute(),
    counters: await db.selectFrom('document_counters').selectAll().orderBy('business_id').execute(),
    keys: await db.selectFrom('idempotency_keys').selectAll().orderBy('id').execute(),
    activity: await db.selectFrom('activity_log').selectAll().orderBy('id').execute(),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  ownerA = (await t.register({ email: 'a@example.com', business_name: 'Alpha' })).token;
  ownerB = (await t.register({ email: 'b@example.com', business_name: 'Beta' })).token;
  a.tax = (await t.post('/api/tax-rates', { name: 'Alpha tax', rate: 7 }, { token: ownerA })).json().data.id;
  a.client = (await t.post('/api/clients', { name: 'Alpha Client', contacts: [] }, { token: ownerA })).json().data.id;
  a.product = (
    await t.post('/api/products', { name: 'Alpha Product', unit_price: 10 }, { token: ownerA })
  ).json().data.id;
  b.client = (await t.post('/api/clients', { name: 'Beta Client', contacts: [] }, { token: ownerB })).json().data.id;
  a.draft = (await t.post('/api/invoices', invoiceBody(a.client), { token: ownerA })).json().data.id;
  const sent = await t.post(
    '/api/invoices',
    {
      ...invoiceBody(a.client, {
        lines: [
          { product_id: a.product, description: 'Alpha work', quantity: 2, unit_price: 10, tax_rate_ids: [a.tax] },
        ],
      }),
      send: true,
    },
    { token: ownerA },
  );
  a.sent = sent.json().data.id;
  const payment = await t.post(
    `/api/invoices/${a.sent}/payments`,
    { amount: 1, payment_date: today, method: 'cash' },
    { token: ownerA },
  );
  a.payment = payment.json().data.payment_id;
  expect(Object.values(a).every((id) => id > 0)).toBe(true);
});
afterAll(async () => {
  await t.close();
});

describe('invoicing isolation between businesses', () => {
  it("every :id route answers 404 for another business's ids and changes nothing", async () => {
    const routes = t.app.routeDocs.filter((route) => /^\/api\/invoices\/:id/.test(route.url));
    // Guard against a route added later and forgotten here (the delivery module's routes are walked too).
    const walked = routes.map((route) => `${route.method} ${route.url}`);
    expect(walked).toEqual(
      expect.arrayContaining([
        'GET /api/invoices/:id',
        'PUT /api/invoices/:id',
        'DELETE /api/invoices/:id',
        'POST /api/invoices/:id/mark-sent',
        'POST /api/invoices/:id/void',
        'POST /api/invoices/:id/duplicate',
        'GET /api/invoices/:id/activity',
        'POST /api/invoices/:id/payments',
        'GET /api/invoices/:id/payments',
        'DELETE /api/invoices/:id/payments/:paymentId',
      ]),
    );
    const bodies: Record<string, unknown> = {
      'PUT /api/invoices/:id': invoiceBody(b.client),
      'POST /api/invoices/:id/void': { reason: 'hijack' },
      'POST /api/invoices/:id/payments': { amount: 1, payment_date: today, method: 'cash' },
    };
    const before = await snapshot();
    for (const route of routes) {
      for (const invoiceId of [a.draft, a.sent]) {
        const url = route.url.replace(':id', String(invoiceId)).replace(':paymentId', String(a.payment));
        const missing = route.url.replace(':id', '987654').replace(':paymentId', '987654');
        const body = bodies[`${route.method} ${route.url}`];
        const send = (target: string) =>
          t.app.inject({
            method: route.method,
            url: target,
            headers: {
              authorization: `Bearer ${ownerB}`,
              accept: 'application/json',
              'idempotency-key': `walk-${route.url}-${invoiceId}`,
            },
            ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
          });
        const foreign = await send(url);
        const absent = await send(missing);
        expect(foreign.statusCode, `${route.method} ${url}: ${foreign.body}`).toBe(404);
        expect(absent.statusCode, `${route.method} ${missing}`).toBe(404);
        expect(foreign.json().message).toBe(absent.json().message);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("B's payment route with A's payment id on B's own invoice answers 404", async () => {
    const mine = (await t.post('/api/invoices', { ...invoiceBody(b.client), send: true }, { token: ownerB })).json()
      .data.id;
    const response = await t.delete(`/api/invoices/${mine}/payments/${a.payment}`, { token: ownerB });
    expect(response.statusCode).toBe(404);
    const aInvoice = (await t.get(`/api/invoices/${a.sent}`, { token: ownerA })).json().data;
    expect(aInvoice.payments).toHaveLength(1);
  });

  it("another business's client, product or tax rate in a body is a field error, like an unknown id", async () => {
    const cases: Array<[(ref: { client: number; product: number; tax: number }) => Record<string, unknown>, string]> = [
      [(ref) => invoiceBody(ref.client), 'client_id'],
      [
        (ref) =>
          invoiceBody(b.client, { lines: [{ product_id: ref.product, description: 'x', quantity: 1, unit_price: 1 }] }),
        'lines.0.product_id',
      ],
      [
        (ref) =>
          invoiceBody(b.client, { lines: [{ description: 'x', quantity: 1, unit_price: 1, tax_rate_ids: [ref.tax] }] }),
        'lines.0.tax_rate_ids',
      ],
    ];
    for (const [body, field] of cases) {
      const foreign = await t.post('/api/invoices', body(a), { token: ownerB });
      expect(foreign.statusCode).toBe(422);
      expect(Object.keys(foreign.json().errors)).toEqual([field]);
      const unknown = await t.post('/api/invoices', body({ client: 987654, product: 987654, tax: 987654 }), {
        token: ownerB,
      });
      expect(unknown.json().errors).toEqual(foreign.json().errors);
    }
  });

  it("lists never show another business's invoices, and their numbering is separate", async () => {
    const list = (await t.get('/api/invoices?per_page=100', { token: ownerB })).json();
    expect(list.data.every((row: { client: { id: number } }) => row.client.id === b.client)).toBe(true);
    const search = (await t.get('/api/invoices?search=alpha', { token: ownerB })).json();
    expect(search.data).toEqual([]);
    const numbers = list.data.map((row: { invoice_number: string | null }) => row.invoice_number).filter(Boolean);
    expect(numbers).toContain(`INV-${new Date().getUTCFullYear()}-0001`);
  });
});
