import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import { addCalendarDays, toCents, utcCalendarDate } from '@ledgerleaf/domain';
import { createMigrator, deleteBusiness, migrateToLatest } from '@ledgerleaf/db';
import { createTestApp, type TestApp } from '../../test/harness';

/*
 * The reports' figures kept per day (migration 0021: `report_product_days`, `report_tax_days`,
 * `report_payment_taxes`; migration 0022: `report_client_days`) are written by triggers. After
 * random sequences of every kind of write (issue for one of two clients, edit the lines, void,
 * delete drafts through the API, delete issued invoices and change lines, products, issue dates and
 * clients in the database directly, add and delete payments, delete the business), they equal a
 * recomputation from the raw rows, on the database of the run (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL). The back-fills of migrations 0021 and 0022 are checked the same way.
 */

let t: TestApp;
let runs = 0;
const today = utcCalendarDate(new Date());
const DAYS = [addCalendarDays(today, -2), addCalendarDays(today, -1), today];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Op =
  | {
      kind: 'create';
      day: number;
      draft: boolean;
      client?: number;
      lines: Array<{ product: number; taxes: number[]; price: number }>;
    }
  | { kind: 'edit'; invoice: number; lines: Array<{ product: number; taxes: number[]; price: number }> }
  | { kind: 'send' | 'void' | 'deleteDraft' | 'deleteRow' | 'payFull' | 'unpay'; invoice: number }
  | { kind: 'payPart'; invoice: number; share: number; day: number }
  | { kind: 'moveDay'; invoice: number; day: number }
  | { kind: 'lineProduct'; invoice: number; product: number }
  | { kind: 'moveClient'; invoice: number; client: number };

const pick = fc.nat({ max: 20 });
const lines = fc.array(
  fc.record({
    product: fc.integer({ min: 0, max: 2 }),
    taxes: fc.subarray([0, 1]),
    price: fc.integer({ min: 100, max: 50_000 }),
  }),
  { minLength: 1, maxLength: 4 },
);
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      day: fc.integer({ min: 0, max: 2 }),
      draft: fc.boolean(),
      client: fc.integer({ min: 0, max: 1 }),
      lines,
    }),
    weight: 5,
  },
  { arbitrary: fc.record({ kind: fc.constant('edit' as const), invoice: pick, lines }), weight: 2 },
  ...(['send', 'void', 'deleteDraft', 'deleteRow', 'payFull', 'unpay'] as const).map((kind) =>
    fc.record({ kind: fc.constant(kind), invoice: pick }),
  ),
  {
    arbitrary: fc.record({
      kind: fc.constant('payPart' as const),
      invoice: pick,
      share: fc.integer({ min: 1, max: 90 }),
      day: fc.integer({ min: 0, max: 2 }),
    }),
    weight: 3,
  },
  fc.record({ kind: fc.constant('moveDay' as const), invoice: pick, day: fc.integer({ min: 0, max: 2 }) }),
  fc.record({ kind: fc.constant('lineProduct' as const), invoice: pick, product: fc.integer({ min: 0, max: 2 }) }),
  fc.record({ kind: fc.constant('moveClient' as const), invoice: pick, client: fc.integer({ min: 0, max: 1 }) }),
);

interface Setup {
  token: string;
  businessId: number;
  clients: number[];
  products: number[];
  taxes: number[];
}

async function setup(): Promise<Setup> {
  runs += 1;
  const registered = await t.register({
    email: `days${String(runs)}@example.com`,
    business_name: `Days ${String(runs)}`,
  });
  const token = registered.token;
  const businessId = Number(
    (
      await t.database.db
        .selectFrom('users')
        .select('business_id')
        .where('id', '=', registered.user.id)
        .executeTakeFirstOrThrow()
    ).business_id,
  );
  const taxes: number[] = [];
  for (const [name, rate] of [
    ['State', 7.25],
    ['City', 2.5],
  ] as const)
    taxes.push((await t.post('/api/tax-rates', { name, rate }, { token })).json().data.id);
  const products: number[] = [];
  for (const name of ['Alpha', 'Beta'])
    products.push((await t.post('/api/products', { name, unit_price: 10 }, { token })).json().data.id);
  const clients: number[] = [];
  for (const name of ['Days Client', 'Other Client'])
    clients.push((await t.post('/api/clients', { name, contacts: [] }, { token })).json().data.id);
  return { token, businessId, clients, products, taxes };
}

async function apply(s: Setup, ops: Op[]): Promise<void> {
  const invoices: number[] = [];
  const at = (index: number) => (invoices.length === 0 ? undefined : invoices[index % invoices.length]);
  const body = (day: string, ls: Extract<Op, { kind: 'edit' }>['lines'], client: number) => ({
    client_id: client,
    issue_date: day,
    due_date: addCalendarDays(day, 30),
    lines: ls.map((line) => ({
      ...(line.product > 0 ? { product_id: s.products[line.product - 1] } : {}),
      description: 'Work',
      quantity: 1.5,
      unit_price: line.price / 100,
      tax_rate_ids: line.taxes.map((index) => s.taxes[index]),
    })),
  });
  const ok = (response: { statusCode: number; body: string }) =>
    expect(response.statusCode, response.body).toBeLessThan(500);
  const db = t.database.db;
  for (const o of ops) {
    if (o.kind === 'create') {
      const created = await t.post(
        '/api/invoices',
        { ...body(DAYS[o.day]!, o.lines, s.clients[o.client ?? 0]!), send: !o.draft },
        { token: s.token },
      );
      expect(created.statusCode, created.body).toBe(201);
      invoices.push(created.json().data.id);
      continue;
    }
    const id = at(o.invoice);
    if (id === undefined) continue;
    const invoice = await db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    switch (o.kind) {
      case 'edit':
        ok(
          await t.put(`/api/invoices/${String(id)}`, body(invoice.issue_date, o.lines, invoice.client_id), {
            token: s.token,
          }),
        );
        break;
      case 'send':
        ok(await t.post(`/api/invoices/${String(id)}/mark-sent`, {}, { token: s.token }));
        break;
      case 'void':
        ok(await t.post(`/api/invoices/${String(id)}/void`, {}, { token: s.token }));
        break;
      case 'deleteDraft':
        ok(await t.delete(`/api/invoices/${String(id)}`, { token: s.token }));
        break;
      case 'deleteRow':
        await db.deleteFrom('invoices').where('id', '=', id).execute();
        break;
      case 'payFull':
      case 'payPart': {
        const balance = Number(invoice.total_cents) - Number(invoice.paid_cents);
        const amount = o.kind === 'payPart' ? Math.floor((Number(invoice.total_cents) * o.share) / 100) : balance;
        if (amount <= 0 || amount > balance) break;
        ok(
          await t.post(
            `/api/invoices/${String(id)}/payments`,
            { amount: amount / 100, payment_date: o.kind === 'payPart' ? DAYS[o.day]! : today, method: 'cash' },
            { token: s.token },
          ),
        );
        break;
      }
      case 'unpay': {
        const payment = await db.selectFrom('payments').select('id').where('invoice_id', '=', id).executeTakeFirst();
        if (payment)
          ok(await t.delete(`/api/invoices/${String(id)}/payments/${String(payment.id)}`, { token: s.token }));
        break;
      }
      case 'moveDay':
        await db.updateTable('invoices').set({ issue_date: DAYS[o.day]! }).where('id', '=', id).execute();
        break;
      case 'moveClient':
        await db.updateTable('invoices').set({ client_id: s.clients[o.client]! }).where('id', '=', id).execute();
        break;
      case 'lineProduct':
        await sql`update invoice_lines set product_id = ${o.product > 0 ? s.products[o.product - 1]! : null}
          where id = (select min(id) from invoice_lines where invoice_id = ${id})`.execute(db);
        break;
    }
    if (!(await db.selectFrom('invoices').select('id').where('id', '=', id).executeTakeFirst()))
      invoices.splice(invoices.indexOf(id), 1);
  }
}

const n = (value: unknown) => Number(value);

/** The kept rows that are not all zeros, keyed, and the same figures recomputed from the raw rows. */
async function keptAndRecomputed(businessId: number) {
  const db = t.database.db;
  const sold = (await db.selectFrom('invoices').selectAll().where('business_id', '=', businessId).execute()).filter(
    (invoice) => invoice.status !== 'draft' && invoice.status !== 'void',
  );
  const byId = new Map(sold.map((invoice) => [invoice.id, invoice]));
  const products = new Map<string, { invoices: Set<number>; figures: number[] }>();
  for (const line of await db.selectFrom('invoice_lines').selectAll().where('business_id', '=', businessId).execute()) {
    const invoice = byId.get(line.invoice_id);
    if (!invoice) continue;
    const key = `${invoice.issue_date}|${String(line.product_id ?? 0)}`;
    const entry = products.get(key) ?? { invoices: new Set<number>(), figures: [0, 0, 0, 0, 0] };
    entry.invoices.add(invoice.id);
    const full = n(invoice.paid_cents) >= n(invoice.total_cents);
    const add = [
      n(line.quantity_thousandths),
      n(line.total_cents) - n(line.tax_cents),
      n(line.tax_cents),
      n(line.total_cents),
      full ? n(line.total_cents) : 0,
    ];
    entry.figures = entry.figures.map((value, i) => value + add[i]!);
    products.set(key, entry);
  }
  // Per issue date and client: the invoice's own figures (count, quantity, net, tax, total, paid, balance).
  const clients = new Map<string, { invoices: Set<number>; figures: number[] }>();
  for (const invoice of sold) {
    const key = `${invoice.issue_date}|${String(invoice.client_id)}`;
    const entry = clients.get(key) ?? { invoices: new Set<number>(), figures: [0, 0, 0, 0, 0, 0] };
    entry.invoices.add(invoice.id);
    const add = [
      n(invoice.quantity_thousandths),
      n(invoice.total_cents) - n(invoice.tax_cents),
      n(invoice.tax_cents),
      n(invoice.total_cents),
      n(invoice.paid_cents),
      n(invoice.balance_cents),
    ];
    entry.figures = entry.figures.map((value, i) => value + add[i]!);
    clients.set(key, entry);
  }
  const taxes = new Map<string, { invoices: Set<number>; figures: number[] }>();
  for (const tax of await db
    .selectFrom('invoice_line_taxes')
    .selectAll()
    .where('business_id', '=', businessId)
    .execute()) {
    const invoice = byId.get(tax.invoice_id);
    if (!invoice) continue;
    const key = `${invoice.issue_date}|${tax.name}|${String(tax.rate_thousandths)}`;
    const entry = taxes.get(key) ?? { invoices: new Set<number>(), figures: [0, 0] };
    entry.invoices.add(invoice.id);
    entry.figures = [entry.figures[0]! + n(tax.base_cents), entry.figures[1]! + n(tax.amount_cents)];
    taxes.set(key, entry);
  }
  // Each payment's share of each tax: cumulative differences in payment order (date, id).
  const payments = await db
    .selectFrom('payments')
    .selectAll()
    .where('business_id', '=', businessId)
    .orderBy('payment_date')
    .orderBy('id')
    .execute();
  const allTaxes = await db
    .selectFrom('invoice_line_taxes')
    .selectAll()
    .where('business_id', '=', businessId)
    .execute();
  const shares: Record<string, number[]> = {};
  const paidBefore = new Map<number, number>();
  for (const payment of payments) {
    const invoice = byId.get(payment.invoice_id);
    const before = paidBefore.get(payment.invoice_id) ?? 0;
    const after = before + n(payment.amount_cents);
    paidBefore.set(payment.invoice_id, after);
    if (!invoice || n(invoice.total_cents) <= 0) continue;
    const total = n(invoice.total_cents);
    const perTax = new Map<string, [number, number]>();
    for (const tax of allTaxes.filter((x) => x.invoice_id === invoice.id)) {
      const key = `${tax.name}|${String(tax.rate_thousandths)}`;
      const sum = perTax.get(key) ?? [0, 0];
      perTax.set(key, [sum[0] + n(tax.base_cents), sum[1] + n(tax.amount_cents)]);
    }
    const share = (amount: number) => Math.floor((after * amount) / total) - Math.floor((before * amount) / total);
    for (const [key, [base, amount]] of perTax)
      shares[`${String(payment.id)}|${key}`] = [payment.invoice_id, share(base), share(amount)];
  }
  const keptShares = await db
    .selectFrom('report_payment_taxes')
    .selectAll()
    .where('business_id', '=', businessId)
    .execute();
  for (const row of keptShares) {
    const payment = payments.find((p) => p.id === row.payment_id);
    expect(row.payment_date, 'a share is dated by its payment').toBe(payment?.payment_date);
  }
  const recomputed = (map: Map<string, { invoices: Set<number>; figures: number[] }>) =>
    Object.fromEntries([...map.entries()].map(([key, entry]) => [key, [entry.invoices.size, ...entry.figures]]));
  const keptProducts = await db
    .selectFrom('report_product_days')
    .selectAll()
    .where('business_id', '=', businessId)
    .execute();
  const keptTaxes = await db.selectFrom('report_tax_days').selectAll().where('business_id', '=', businessId).execute();
  const keptClients = await db
    .selectFrom('report_client_days')
    .selectAll()
    .where('business_id', '=', businessId)
    .execute();
  const nonZero = (values: number[]) => values.some((value) => value !== 0);
  return {
    kept: {
      products: Object.fromEntries(
        keptProducts
          .map(
            (row) =>
              [
                `${row.day}|${String(row.product_key)}`,
                [
                  row.invoices,
                  row.quantity_thousandths,
                  row.net_cents,
                  row.tax_cents,
                  row.total_cents,
                  row.paid_cents,
                ].map(n),
              ] as const,
          )
          .filter(([, values]) => nonZero(values)),
      ),
      taxes: Object.fromEntries(
        keptTaxes
          .map(
            (row) =>
              [
                `${row.day}|${row.name}|${String(row.rate_thousandths)}`,
                [row.invoices, row.base_cents, row.tax_cents].map(n),
              ] as const,
          )
          .filter(([, values]) => nonZero(values)),
      ),
      clients: Object.fromEntries(
        keptClients
          .map(
            (row) =>
              [
                `${row.day}|${String(row.client_id)}`,
                [
                  row.invoices,
                  row.quantity_thousandths,
                  row.net_cents,
                  row.tax_cents,
                  row.total_cents,
                  row.paid_cents,
                  row.balance_cents,
                ].map(n),
              ] as const,
          )
          .filter(([, values]) => nonZero(values)),
      ),
      shares: Object.fromEntries(
        keptShares.map((row) => [
          `${String(row.payment_id)}|${row.name}|${String(row.rate_thousandths)}`,
          [row.invoice_id, row.base_cents, row.tax_cents].map(n),
        ]),
      ),
    },
    recomputed: { products: recomputed(products), taxes: recomputed(taxes), clients: recomputed(clients), shares },
  };
}

describe('report figures kept per day', () => {
  it('equal a recomputation from the raw rows after random writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 18 }), async (ops) => {
        const s = await setup();
        await apply(s, ops);
        const { kept, recomputed } = await keptAndRecomputed(s.businessId);
        expect(kept).toEqual(recomputed);
      }),
      { numRuns: Number(process.env.REPORT_DAYS_RUNS ?? 15) },
    );
  });

  it('the sales by client, sales by product and tax summary reports read them', async () => {
    const s = await setup();
    await apply(s, [
      {
        kind: 'create',
        day: 2,
        draft: false,
        lines: [
          { product: 1, taxes: [0, 1], price: 10_000 },
          { product: 0, taxes: [0], price: 2_50 },
        ],
      },
      { kind: 'create', day: 2, draft: false, lines: [{ product: 1, taxes: [0], price: 5_000 }] },
      { kind: 'create', day: 1, draft: false, client: 1, lines: [{ product: 2, taxes: [], price: 700 }] },
      { kind: 'create', day: 1, draft: true, client: 1, lines: [{ product: 2, taxes: [], price: 900 }] },
      { kind: 'payPart', invoice: 0, share: 40, day: 2 },
    ]);
    const byClient = (
      await t.get(`/api/reports/sales_by_client?from=${DAYS[0]!}&to=${today}`, { token: s.token })
    ).json();
    expect(
      byClient.rows.map((row: { key: string; cells: { invoices: number; total: number } }) => [
        row.key,
        row.cells.invoices,
        row.cells.total,
      ]),
    ).toEqual([
      [String(s.clients[0]), 2, expect.any(Number)],
      [String(s.clients[1]), 1, 10.5],
    ]);
    const onDay = (await t.get(`/api/reports/sales_by_client?from=${DAYS[2]!}&to=${today}`, { token: s.token })).json();
    expect(onDay.rows.map((row: { key: string }) => row.key)).toEqual([String(s.clients[0])]);
    const sales = (
      await t.get(`/api/reports/sales_by_product?from=${DAYS[0]!}&to=${today}`, { token: s.token })
    ).json();
    const alpha = sales.rows.find((row: { key: string }) => row.key === String(s.products[0]));
    expect(alpha.cells.invoices).toBe(2);
    const none = sales.rows.find((row: { key: string }) => row.key === 'none');
    expect(none.cells.invoices).toBe(1);
    const tax = (
      await t.get(`/api/reports/tax_summary?from=${DAYS[0]!}&to=${today}&basis=accrual`, { token: s.token })
    ).json();
    expect(
      tax.rows.map((row: { cells: { tax: string; invoices: number } }) => [row.cells.tax, row.cells.invoices]),
    ).toEqual([
      ['City', 1],
      ['State', 2],
    ]);
    const cash = (
      await t.get(`/api/reports/tax_summary?from=${DAYS[0]!}&to=${today}&basis=cash`, { token: s.token })
    ).json();
    expect(
      cash.rows.map((row: { cells: { tax: string; invoices: number } }) => [row.cells.tax, row.cells.invoices]),
    ).toEqual([
      ['City', 1],
      ['State', 1],
    ]);
    const { kept, recomputed } = await keptAndRecomputed(s.businessId);
    expect(Object.keys(kept.shares).length).toBe(2);
    expect(kept).toEqual(recomputed);
    const total = Object.values(kept.products).reduce((sum, values) => sum + values[4]!, 0);
    expect(toCents(sales.totals.total)).toBe(total);
  });

  it('go with the business when it is deleted', async () => {
    const s = await setup();
    await apply(s, [
      { kind: 'create', day: 0, draft: false, lines: [{ product: 1, taxes: [0], price: 1_000 }] },
      { kind: 'payFull', invoice: 0 },
      { kind: 'create', day: 1, draft: false, lines: [{ product: 2, taxes: [1], price: 2_000 }] },
    ]);
    expect(Object.keys((await keptAndRecomputed(s.businessId)).kept.products).length).toBe(2);
    await t.database.db.transaction().execute((tx) => deleteBusiness(tx, { businessId: s.businessId }));
    for (const table of [
      'report_product_days',
      'report_tax_days',
      'report_client_days',
      'report_payment_taxes',
    ] as const)
      expect(
        await t.database.db.selectFrom(table).select('business_id').where('business_id', '=', s.businessId).execute(),
        table,
      ).toEqual([]);
  });

  it('are back-filled by migrations 0021 and 0022 for the invoices written before them', async () => {
    const db = t.database.db;
    const s = await setup();
    await t.database.ddl(async () => {
      const { error } = await createMigrator(db, { schema: t.database.schema }).migrateTo('0020-invoice-quantity');
      if (error) throw error;
    });
    // Written without the triggers (the tables are gone), through the same API.
    await apply(s, [
      {
        kind: 'create',
        day: 0,
        draft: false,
        lines: [
          { product: 1, taxes: [0, 1], price: 1_000 },
          { product: 1, taxes: [0], price: 300 },
        ],
      },
      { kind: 'create', day: 1, draft: true, lines: [{ product: 2, taxes: [1], price: 2_000 }] },
      {
        kind: 'create',
        day: 1,
        draft: false,
        lines: [
          { product: 0, taxes: [], price: 700 },
          { product: 2, taxes: [1], price: 2_000 },
        ],
      },
      { kind: 'payFull', invoice: 2 },
    ]);
    await t.database.ddl(() => migrateToLatest(db, { schema: t.database.schema }));
    const { kept, recomputed } = await keptAndRecomputed(s.businessId);
    expect(Object.keys(kept.products).length).toBe(3);
    expect(Object.keys(kept.clients).length).toBe(2);
    expect(kept).toEqual(recomputed);
  });
});
