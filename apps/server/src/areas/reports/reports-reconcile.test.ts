import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  AGING_BUCKETS,
  addCalendarDays,
  agingBucketOf,
  startOfZonedDay,
  toCents,
  zonedToday,
  type Report,
} from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../test/harness';

/*
 * Reports reconcile to the cent (issue 16): random businesses (invoices with line and invoice
 * discounts and two taxes, drafts, partial payments, deleted payments, voids, other income), and
 * every report's totals equal a recomputation from the raw rows in plain TypeScript, the totals row
 * equals the sum of the rows, and the aging total equals the invoice list's balance due.
 */

const ZONE = 'Pacific/Auckland';
let t: TestApp;
let runs = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const lineArb = fc.record({
  quantity: fc.integer({ min: 1000, max: 5000 }).map((n) => n / 1000),
  unit_price: fc.integer({ min: 1000, max: 90_000 }).map((c) => c / 100),
  discount: fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }),
  taxes: fc.subarray([0, 1]),
});
const invoiceArb = fc.record({
  client: fc.integer({ min: 0, max: 2 }),
  issueBack: fc.integer({ min: 0, max: 300 }),
  dueAfter: fc.integer({ min: 0, max: 60 }),
  lines: fc.array(lineArb, { minLength: 1, maxLength: 3 }),
  discount: fc.option(
    fc.oneof(fc.constant({ type: 'percent', value: 10 }), fc.constant({ type: 'amount', value: 5 })),
    {
      nil: undefined,
    },
  ),
  draft: fc.boolean(),
  payments: fc.array(fc.record({ share: fc.integer({ min: 1, max: 60 }), after: fc.integer({ min: 0, max: 90 }) }), {
    maxLength: 3,
  }),
  deleteFirst: fc.boolean(),
  voided: fc.boolean(),
});
const businessArb = fc.record({
  invoices: fc.array(invoiceArb, { minLength: 1, maxLength: 7 }),
  income: fc.array(fc.record({ back: fc.integer({ min: 0, max: 300 }), cents: fc.integer({ min: 1, max: 500_000 }) }), {
    maxLength: 3,
  }),
});

const cents = (value: unknown) => toCents(Number(value));

function sumColumn(report: Report, key: string): number {
  return report.rows.reduce((sum, row) => sum + cents(row.cells[key] ?? 0), 0);
}

/** The totals row is the sum of the rows, for every money and count column. */
function expectTotalsAreSums(report: Report) {
  for (const column of report.columns) {
    if (column.kind !== 'money' && column.kind !== 'count') continue;
    expect(cents(report.totals[column.key]), `${report.report}.${column.key}`).toBe(sumColumn(report, column.key));
  }
}

type BusinessInput = ReturnType<typeof businessArb.generate>['value'];

async function build(token: string, input: BusinessInput, today: string) {
  const rate = async (name: string, value: number) =>
    (await t.post('/api/tax-rates', { name, rate: value }, { token })).json().data.id as number;
  const taxes = [await rate('State', 7.25), await rate('City', 2.5)];
  const clients: number[] = [];
  for (const name of ['North Ltd', 'South Inc', 'East Co'])
    clients.push((await t.post('/api/clients', { name, contacts: [] }, { token })).json().data.id);
  for (const invoice of input.invoices) {
    const issue = addCalendarDays(today, -invoice.issueBack);
    const created = await t.post(
      '/api/invoices',
      {
        client_id: clients[invoice.client],
        issue_date: issue,
        due_date: addCalendarDays(issue, invoice.dueAfter),
        ...(invoice.discount ? { discount_type: invoice.discount.type, discount_value: invoice.discount.value } : {}),
        lines: invoice.lines.map((line) => ({
          description: 'Work',
          quantity: Math.round(line.quantity * 1000) / 1000,
          unit_price: line.unit_price,
          ...(line.discount ? { discount_type: 'percent', discount_value: line.discount } : {}),
          tax_rate_ids: line.taxes.map((index: number) => taxes[index]),
        })),
        send: !invoice.draft,
      },
      { token },
    );
    expect(created.statusCode, created.body).toBe(201);
    if (invoice.draft) continue;
    const id = created.json().data.id as number;
    let balance = toCents(created.json().data.balance_due);
    const paymentIds: number[] = [];
    for (const payment of invoice.payments) {
      const amount = Math.min(
        balance,
        Math.max(1, Math.floor((toCents(created.json().data.totals.total) * payment.share) / 100)),
      );
      if (amount <= 0) break;
      const date = addCalendarDays(issue, payment.after) > today ? today : addCalendarDays(issue, payment.after);
      const paid = await t.post(
        `/api/invoices/${id}/payments`,
        { amount: amount / 100, payment_date: date, method: payment.share % 2 ? 'cash' : 'bank_transfer' },
        { token },
      );
      expect(paid.statusCode, paid.body).toBe(201);
      paymentIds.push(paid.json().data.payment_id);
      balance -= amount;
    }
    if (invoice.deleteFirst && paymentIds.length > 0) {
      const removed = await t.delete(`/api/invoices/${id}/payments/${paymentIds[0]}`, { token });
      expect(removed.statusCode, removed.body).toBeLessThan(300);
      balance = -1;
    }
    if (invoice.voided) {
      const view = (await t.get(`/api/invoices/${id}`, { token })).json().data;
      if (view.status !== 'paid') await t.post(`/api/invoices/${id}/void`, {}, { token });
    }
  }
  for (const entry of input.income)
    await t.post(
      '/api/other-income',
      { amount: entry.cents / 100, income_date: addCalendarDays(today, -entry.back), source: 'Grant' },
      { token },
    );
}

async function raw(businessId: number) {
  const db = t.database.db;
  return {
    invoices: await db.selectFrom('invoices').selectAll().where('business_id', '=', businessId).execute(),
    lines: await db.selectFrom('invoice_lines').selectAll().where('business_id', '=', businessId).execute(),
    taxes: await db.selectFrom('invoice_line_taxes').selectAll().where('business_id', '=', businessId).execute(),
    payments: await db
      .selectFrom('payments')
      .selectAll()
      .where('business_id', '=', businessId)
      .orderBy('payment_date')
      .orderBy('id')
      .execute(),
    income: await db.selectFrom('other_income').selectAll().where('business_id', '=', businessId).execute(),
  };
}

const n = (value: unknown) => Number(value);

describe('reports reconcile with the raw rows', () => {
  it('every report’s totals equal a recomputation, and aging equals the invoice list’s balance due', async () => {
    await fc.assert(
      fc.asyncProperty(businessArb, async (input) => {
        runs += 1;
        const registered = await t.register({
          email: `owner${String(runs)}@example.com`,
          business_name: `Business ${String(runs)}`,
          time_zone: ZONE,
        });
        const token = registered.token;
        const today = zonedToday(new Date(), ZONE);
        await build(token, input, today);
        const businessId = n(
          (
            await t.database.db
              .selectFrom('users')
              .select('business_id')
              .where('id', '=', registered.user.id)
              .executeTakeFirstOrThrow()
          ).business_id,
        );
        const rows = await raw(businessId);
        const from = addCalendarDays(today, -400);
        const range = `from=${from}&to=${today}`;
        const get = async (path: string) => {
          const response = await t.get(path, { token });
          expect(response.statusCode, response.body).toBe(200);
          return response.json() as Report;
        };
        const sold = rows.invoices.filter((invoice) => !['draft', 'void'].includes(invoice.status));
        const paidOf = (invoiceId: number, upTo?: string) =>
          rows.payments
            .filter((p) => p.invoice_id === invoiceId && (upTo === undefined || p.payment_date <= upTo))
            .reduce((sum, p) => sum + n(p.amount_cents), 0);

        // Aging today: the invoice list's balance due, and per client the open balances.
        const aging = await get('/api/reports/aging');
        expectTotalsAreSums(aging);
        const list = (await t.get('/api/invoices?status=all', { token })).json();
        expect(cents(aging.totals.balance)).toBe(cents(list.summary.balance_due));
        const expectedToday = sold.reduce(
          (sum, invoice) => sum + Math.max(0, n(invoice.total_cents) - paidOf(invoice.id)),
          0,
        );
        expect(cents(aging.totals.balance)).toBe(expectedToday);

        // Aging as of 45 days ago: payments after it do not count; voided later still open then.
        const asOf = addCalendarDays(today, -45);
        const cutoff = startOfZonedDay(addCalendarDays(asOf, 1), ZONE).getTime();
        const past = await get(`/api/reports/aging?as_of=${asOf}`);
        expectTotalsAreSums(past);
        const bucketSums = Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, 0]));
        for (const invoice of rows.invoices) {
          if (invoice.status === 'draft') continue;
          const issued =
            invoice.issue_date <= asOf || (invoice.sent_at !== null && Date.parse(String(invoice.sent_at)) < cutoff);
          const voidedBefore = invoice.status === 'void' && Date.parse(String(invoice.voided_at)) < cutoff;
          if (!issued || voidedBefore) continue;
          const balance = n(invoice.total_cents) - paidOf(invoice.id, asOf);
          if (balance > 0) bucketSums[agingBucketOf(invoice.due_date, asOf)]! += balance;
        }
        for (const bucket of AGING_BUCKETS) expect(cents(past.totals[`b_${bucket}`]), bucket).toBe(bucketSums[bucket]);

        // Sales by client and by product: the same totals as the invoices issued in the range.
        const inRange = sold.filter((invoice) => invoice.issue_date >= from && invoice.issue_date <= today);
        const sum = (key: 'total_cents' | 'tax_cents' | 'paid_cents' | 'balance_cents') =>
          inRange.reduce((acc, invoice) => acc + n(invoice[key]), 0);
        for (const report of ['sales_by_client', 'sales_by_product']) {
          const sales = await get(`/api/reports/${report}?${range}`);
          expectTotalsAreSums(sales);
          expect(cents(sales.totals.total), report).toBe(sum('total_cents'));
          expect(cents(sales.totals.tax), report).toBe(sum('tax_cents'));
          expect(cents(sales.totals.net), report).toBe(sum('total_cents') - sum('tax_cents'));
          expect(cents(sales.totals.paid), report).toBe(sum('paid_cents'));
          expect(cents(sales.totals.balance), report).toBe(sum('balance_cents'));
          expect(n(sales.totals.invoices) >= (inRange.length > 0 ? 1 : 0)).toBe(true);
          // The paid amounts are the payments' (a deleted payment counts nowhere).
          expect(sum('paid_cents')).toBe(inRange.reduce((acc, invoice) => acc + paidOf(invoice.id), 0));
        }

        // Tax summary, accrual: the taxes of the invoices issued in the range.
        const soldIds = new Set(inRange.map((invoice) => invoice.id));
        const accrual = await get(`/api/reports/tax_summary?${range}&basis=accrual`);
        expectTotalsAreSums(accrual);
        expect(accrual.basis_label).toContain('Accrual');
        expect(cents(accrual.totals.amount)).toBe(
          rows.taxes.filter((tax) => soldIds.has(tax.invoice_id)).reduce((acc, tax) => acc + n(tax.amount_cents), 0),
        );

        // Tax summary, cash: each payment's proportional share (cumulative floors) of its invoice's taxes.
        const cash = await get(`/api/reports/tax_summary?${range}&basis=cash`);
        expectTotalsAreSums(cash);
        let expectedCashTax = 0;
        for (const invoice of sold) {
          const tax = rows.taxes.filter((row) => row.invoice_id === invoice.id);
          const perRate = new Map<string, number>();
          for (const row of tax)
            perRate.set(
              `${row.name}|${String(row.rate_thousandths)}`,
              (perRate.get(`${row.name}|${String(row.rate_thousandths)}`) ?? 0) + n(row.amount_cents),
            );
          let before = 0;
          for (const payment of rows.payments.filter((p) => p.invoice_id === invoice.id)) {
            const after = before + n(payment.amount_cents);
            if (payment.payment_date >= from && payment.payment_date <= today)
              for (const amount of perRate.values())
                expectedCashTax +=
                  Math.floor((after * amount) / n(invoice.total_cents)) -
                  Math.floor((before * amount) / n(invoice.total_cents));
            before = after;
          }
          // A fully paid invoice collected exactly its tax.
          if (before === n(invoice.total_cents) && before > 0) {
            let collected = 0;
            let b = 0;
            for (const payment of rows.payments.filter((p) => p.invoice_id === invoice.id)) {
              const a = b + n(payment.amount_cents);
              for (const amount of perRate.values())
                collected += Math.floor((a * amount) / before) - Math.floor((b * amount) / before);
              b = a;
            }
            expect(collected).toBe(n(invoice.tax_cents));
          }
        }
        expect(cents(cash.totals.amount)).toBe(expectedCashTax);

        // Income statement: invoiced, collected and other income; money received = payments + other income.
        const income = await get(`/api/reports/income_statement?${range}&basis=cash`);
        expectTotalsAreSums(income);
        const collected = rows.payments
          .filter((p) => p.payment_date >= from && p.payment_date <= today)
          .reduce((acc, p) => acc + n(p.amount_cents), 0);
        const other = rows.income
          .filter((row) => row.income_date >= from && row.income_date <= today)
          .reduce((acc, row) => acc + n(row.amount_cents), 0);
        expect(cents(income.totals.invoiced)).toBe(sum('total_cents'));
        expect(cents(income.totals.collected)).toBe(collected);
        expect(cents(income.totals.other)).toBe(other);
        expect(cents(income.totals.revenue)).toBe(collected + other);
        const accrualIncome = await get(`/api/reports/income_statement?${range}&basis=accrual`);
        expect(cents(accrualIncome.totals.revenue)).toBe(sum('total_cents') + other);

        // Payments received, every grouping.
        for (const group of ['date', 'method', 'client']) {
          const payments = await get(`/api/reports/payments_received?${range}&group=${group}`);
          expectTotalsAreSums(payments);
          expect(cents(payments.totals.amount), group).toBe(collected);
        }

        // The records behind the aging total add up to it.
        const records = (await t.get(`/api/reports/records/invoices?as_of=${today}&per_page=100`, { token })).json();
        expect(cents(records.totals.balance)).toBe(expectedToday);
      }),
      { numRuns: Number(process.env.REPORTS_RUNS ?? 25), endOnFailure: true },
    );
  }, 240_000);
});
