import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays, utcCalendarDate } from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
let token: string;
let clientId = 0;
const today = () => utcCalendarDate(new Date());

/** An issued invoice of `total` (no tax), due in 30 days. */
async function issued(total = 100, dueDate = addCalendarDays(today(), 30)): Promise<number> {
  const response = await t.post(
    '/api/invoices',
    {
      client_id: clientId,
      issue_date: today() > dueDate ? dueDate : today(),
      due_date: dueDate,
      lines: [{ description: 'Work', quantity: 1, unit_price: total }],
      send: true,
    },
    { token },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}

const pay = (
  invoiceId: number,
  amount: number,
  headers: Record<string, string> = {},
  extra: Record<string, unknown> = {},
) =>
  t.post(
    `/api/invoices/${invoiceId}/payments`,
    { amount, payment_date: today(), method: 'bank_transfer', reference: 'TX-1', ...extra },
    { token, headers },
  );

async function paymentCount(invoiceId: number): Promise<number> {
  const row = await t.database.db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('invoice_id', '=', invoiceId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.register()).token;
  clientId = (await t.post('/api/clients', { name: 'Payer Co', contacts: [] }, { token })).json().data.id;
});
afterAll(async () => {
  await t.close();
});

describe('payments', () => {
  it('a partial then a final payment move the invoice to partial then paid; the answer carries payment_id', async () => {
    const id = await issued(250);
    const first = await pay(id, 100.5);
    expect(first.statusCode, first.body).toBe(201);
    const body = first.json();
    expect(body.data.payment_id).toBe(body.data.id);
    expect(body.data.amount).toBe(100.5);
    expect(body.invoice.status).toBe('partial');
    expect(body.invoice.amount_paid).toBe(100.5);
    expect(body.invoice.balance_due).toBe(149.5);
    const over = await pay(id, 149.51);
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.amount[0]).toMatch(/balance due of \$149\.50/);
    const last = await pay(id, 149.5);
    expect(last.statusCode).toBe(201);
    expect(last.json().invoice.status).toBe('paid');
    expect(last.json().invoice.balance_due).toBe(0);
    const list = await t.get(`/api/invoices/${id}/payments`, { token });
    expect(list.json().data.map((payment: { amount: number }) => payment.amount)).toEqual([100.5, 149.5]);
    const more = await pay(id, 1);
    expect(more.statusCode).toBe(409);
    const detail = (await t.get(`/api/invoices/${id}`, { token })).json().data;
    expect(detail.activity.map((entry: { event: string }) => entry.event)).toEqual([
      'payment.recorded',
      'payment.recorded',
      'invoice.sent',
      'invoice.created',
    ]);
    expect(detail.payments).toHaveLength(2);
  });

  it('deleting a payment recomputes paid, balance and status', async () => {
    const id = await issued(80);
    const first = (await pay(id, 30)).json().data.id as number;
    const second = (await pay(id, 50)).json();
    expect(second.invoice.status).toBe('paid');
    const removed = await t.delete(`/api/invoices/${id}/payments/${second.data.id}`, { token });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.status).toBe('partial');
    expect(removed.json().data.balance_due).toBe(50);
    const all = await t.delete(`/api/invoices/${id}/payments/${first}`, { token });
    expect(all.json().data.status).toBe('sent');
    expect(all.json().data.amount_paid).toBe(0);
    expect((await t.delete(`/api/invoices/${id}/payments/${first}`, { token })).statusCode).toBe(404);
    const activity = (await t.get(`/api/invoices/${id}/activity`, { token })).json().data;
    expect(activity[0].event).toBe('payment.deleted');
  });

  it('a payment on an overdue invoice leaves it overdue until paid; deleting the last payment goes back to overdue', async () => {
    const id = await issued(60, '2025-01-31');
    const partial = await pay(id, 20);
    expect(partial.json().invoice.status).toBe('overdue');
    // Part-paid: the amounts are settled, so it can no longer be edited.
    const edit = await t.put(
      `/api/invoices/${id}`,
      {
        client_id: clientId,
        issue_date: '2025-01-31',
        due_date: '2025-01-31',
        lines: [{ description: 'Work', quantity: 1, unit_price: 1 }],
      },
      { token },
    );
    expect(edit.statusCode).toBe(409);
    const paid = await pay(id, 40);
    expect(paid.json().invoice.status).toBe('paid');
    const back = await t.delete(`/api/invoices/${id}/payments/${paid.json().data.id}`, { token });
    expect(back.json().data.status).toBe('overdue');
  });

  it('refuses payments on drafts and void invoices', async () => {
    const draft = (
      await t.post(
        '/api/invoices',
        {
          client_id: clientId,
          issue_date: today(),
          due_date: today(),
          lines: [{ description: 'x', quantity: 1, unit_price: 5 }],
        },
        { token },
      )
    ).json().data.id;
    expect((await pay(draft, 1)).statusCode).toBe(409);
    const id = await issued(10);
    await t.post(`/api/invoices/${id}/void`, {}, { token });
    expect((await pay(id, 1)).statusCode).toBe(409);
    expect(await paymentCount(id)).toBe(0);
  });

  it('bad payment input answers 422 per field', async () => {
    const id = await issued(10);
    const response = await t.post(
      `/api/invoices/${id}/payments`,
      { amount: -1, payment_date: '2026-13-40', method: 'bitcoin' },
      { token },
    );
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['amount', 'method', 'payment_date']);
    const absurd = await pay(id, 1_000_000_000);
    expect(absurd.statusCode).toBe(422);
    const zero = await pay(id, 0);
    expect(zero.statusCode).toBe(422);
    expect(await paymentCount(id)).toBe(0);
  });

  it('two concurrent payments that together exceed the balance: exactly one succeeds', async () => {
    const id = await issued(100);
    const results = await Promise.all([pay(id, 70), pay(id, 70)]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([201, 422]);
    expect(await paymentCount(id)).toBe(1);
    const invoice = (await t.get(`/api/invoices/${id}`, { token })).json().data;
    expect(invoice.amount_paid).toBe(70);
    expect(invoice.balance_due).toBe(30);
  });

  it('ten concurrent payments of a fifth of the balance: exactly five succeed and the invoice is paid', async () => {
    const id = await issued(100);
    const results = await Promise.all(Array.from({ length: 10 }, () => pay(id, 20)));
    expect(results.filter((response) => response.statusCode === 201)).toHaveLength(5);
    // The rest find the invoice paid (409) or the balance too small (422).
    expect(results.filter((response) => response.statusCode === 409 || response.statusCode === 422)).toHaveLength(5);
    const invoice = (await t.get(`/api/invoices/${id}`, { token })).json().data;
    expect(invoice.status).toBe('paid');
    expect(invoice.amount_paid).toBe(100);
  });
});

describe('Idempotency-Key', () => {
  it('the same key twice records one payment and replays the identical answer', async () => {
    const id = await issued(100);
    const first = await pay(id, 25, { 'idempotency-key': 'key-1' });
    const second = await pay(id, 25, { 'idempotency-key': 'key-1' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await paymentCount(id)).toBe(1);
  });

  it('the same key with a different body answers 422 and changes nothing', async () => {
    const id = await issued(100);
    expect((await pay(id, 10, { 'idempotency-key': 'key-2' })).statusCode).toBe(201);
    const other = await pay(id, 11, { 'idempotency-key': 'key-2' });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors['Idempotency-Key']).toBeDefined();
    expect(await paymentCount(id)).toBe(1);
  });

  it('concurrent retries with one key record one payment and all answer the same', async () => {
    const id = await issued(100);
    const results = await Promise.all(Array.from({ length: 5 }, () => pay(id, 60, { 'idempotency-key': 'key-3' })));
    expect(results.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const bodies = results.map((response) => response.json());
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(await paymentCount(id)).toBe(1);
  });

  it('a refused request is not stored: the same key may be retried once the cause is fixed', async () => {
    const id = await issued(10);
    expect((await pay(id, 20, { 'idempotency-key': 'key-4' })).statusCode).toBe(422);
    expect((await pay(id, 20, { 'idempotency-key': 'key-4' }, { amount: 10 })).statusCode).toBe(201);
  });

  it('a malformed key answers 422', async () => {
    const id = await issued(10);
    const response = await pay(id, 1, { 'idempotency-key': 'x'.repeat(300) });
    expect(response.statusCode).toBe(422);
    expect(await paymentCount(id)).toBe(0);
  });

  it('keys are per business', async () => {
    const id = await issued(100);
    expect((await pay(id, 5, { 'idempotency-key': 'shared' })).statusCode).toBe(201);
    const other = await t.register({ email: 'other@example.com', business_name: 'Other' });
    const otherClient = (await t.post('/api/clients', { name: 'Theirs', contacts: [] }, { token: other.token })).json()
      .data.id;
    const theirs = (
      await t.post(
        '/api/invoices',
        {
          client_id: otherClient,
          issue_date: today(),
          due_date: today(),
          lines: [{ description: 'x', quantity: 1, unit_price: 50 }],
          send: true,
        },
        { token: other.token },
      )
    ).json().data.id;
    const response = await t.post(
      `/api/invoices/${theirs}/payments`,
      { amount: 5, payment_date: today(), method: 'cash' },
      { token: other.token, headers: { 'idempotency-key': 'shared' } },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().invoice.id).toBe(theirs);
  });
});

describe('the overdue filter right after a payment', () => {
  it("moves the list's overdue count and totals with each payment, at once", async () => {
    const overdue = async () => {
      const response = await t.get('/api/invoices?status=overdue&per_page=100', { token });
      expect(response.statusCode).toBe(200);
      const page = response.json();
      // The summary is of every matching invoice: here they all fit on the page, so it adds up the rows.
      const rows = page.data as Array<{ total: number; amount_paid: number; balance_due: number }>;
      const cents = (values: number[]) => values.reduce((sum, value) => sum + Math.round(value * 100), 0);
      expect(page.summary).toEqual({
        count: rows.length,
        total: cents(rows.map((row) => row.total)) / 100,
        amount_paid: cents(rows.map((row) => row.amount_paid)) / 100,
        balance_due: cents(rows.map((row) => row.balance_due)) / 100,
        // Overdue invoices are issued ones: no draft or void is among them.
        draft_count: 0,
        draft_total: 0,
        void_count: 0,
        void_total: 0,
      });
      const { count, total, amount_paid, balance_due } = page.summary as {
        count: number;
        total: number;
        amount_paid: number;
        balance_due: number;
      };
      return { count, total, amount_paid, balance_due };
    };
    const before = await overdue();
    const id = await issued(300, addCalendarDays(today(), -10));
    await issued(80, addCalendarDays(today(), 5)); // not due yet: never counted
    const created = await overdue();
    expect(created).toEqual({
      count: before.count + 1,
      total: before.total + 300,
      amount_paid: before.amount_paid,
      balance_due: before.balance_due + 300,
    });
    expect((await pay(id, 120)).statusCode).toBe(201);
    expect(await overdue()).toEqual({
      ...created,
      amount_paid: before.amount_paid + 120,
      balance_due: before.balance_due + 180,
    });
    expect((await pay(id, 180)).statusCode).toBe(201);
    expect(await overdue()).toEqual(before);
  });
});
