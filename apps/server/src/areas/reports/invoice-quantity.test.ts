import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import {
  createBusiness,
  createMigrator,
  migrateToLatest,
  deleteInvoice,
  insertClient,
  insertInvoice,
  replaceInvoiceContent,
  type Db,
  type InvoiceContentFields,
  type InvoiceLineWrite,
} from '@ledgerleaf/db';
import { createTestDatabase, type TestDatabase } from '@ledgerleaf/db/testing';

/*
 * `invoices.quantity_thousandths` (migration 0020, sales by client) is kept by triggers on
 * invoice_lines: after any sequence of invoice writes through the real queries (create, replace the
 * content, void, delete) and direct line edits, every invoice's kept quantity equals the sum of its
 * lines' quantities, on the database of the run (SQLite, or PostgreSQL with TEST_DATABASE_URL).
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.cleanup();
});

const NOW = new Date('2026-11-24T12:00:00Z');

type Op =
  | { kind: 'create'; quantities: number[] }
  | { kind: 'replace'; invoice: number; quantities: number[] }
  | { kind: 'void'; invoice: number }
  | { kind: 'delete'; invoice: number }
  | { kind: 'lineQuantity'; invoice: number; quantity: number }
  | { kind: 'lineDelete'; invoice: number };

const pick = fc.nat({ max: 30 });
const quantities = fc.array(fc.integer({ min: 0, max: 100_000 }), { maxLength: 6 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('create' as const), quantities }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('replace' as const), invoice: pick, quantities }), weight: 2 },
  fc.record({ kind: fc.constant('void' as const), invoice: pick }),
  fc.record({ kind: fc.constant('delete' as const), invoice: pick }),
  fc.record({
    kind: fc.constant('lineQuantity' as const),
    invoice: pick,
    quantity: fc.integer({ min: 0, max: 9_999 }),
  }),
  fc.record({ kind: fc.constant('lineDelete' as const), invoice: pick }),
);

const line = (quantity: number): InvoiceLineWrite => ({
  product_id: null,
  description: 'Work',
  quantity_thousandths: quantity,
  unit: null,
  unit_price_cents: 1_00,
  discount_type: null,
  discount_value: null,
  subtotal_cents: 1_00,
  discount_cents: 0,
  invoice_discount_cents: 0,
  taxable_cents: 1_00,
  tax_cents: 0,
  total_cents: 1_00,
  taxes: [],
});

async function apply(db: Db, businessId: number, clientId: number, ops: Op[]): Promise<void> {
  const invoices: number[] = [];
  const fields = (count: number): InvoiceContentFields => ({
    client_id: clientId,
    issue_date: '2026-11-01',
    due_date: '2026-12-01',
    discount_type: null,
    discount_value: null,
    notes: null,
    terms: null,
    currency: 'USD',
    goal_id: null,
    prices_include_tax: false,
    subtotal_cents: count * 1_00,
    line_discount_cents: 0,
    discount_cents: 0,
    tax_cents: 0,
    total_cents: count * 1_00,
    paid_cents: 0,
    balance_cents: count * 1_00,
  });
  const at = (index: number) => (invoices.length === 0 ? undefined : invoices[index % invoices.length]);
  for (const o of ops) {
    switch (o.kind) {
      case 'create': {
        const row = await insertInvoice(db, {
          businessId,
          fields: fields(o.quantities.length),
          lines: o.quantities.map(line),
          publicToken: `token-${String(businessId)}-${String(invoices.length)}-${String(Math.random())}`,
          now: NOW,
        });
        invoices.push(row.id);
        break;
      }
      case 'replace': {
        const id = at(o.invoice);
        if (id === undefined) break;
        await replaceInvoiceContent(db, {
          businessId,
          invoiceId: id,
          fields: fields(o.quantities.length),
          status: 'draft',
          lines: o.quantities.map(line),
          now: NOW,
        });
        break;
      }
      case 'void': {
        const id = at(o.invoice);
        if (id === undefined) break;
        await db.updateTable('invoices').set({ status: 'void' }).where('id', '=', id).execute();
        break;
      }
      case 'delete': {
        const id = at(o.invoice);
        if (id === undefined) break;
        await deleteInvoice(db, { businessId, invoiceId: id });
        invoices.splice(invoices.indexOf(id), 1);
        break;
      }
      case 'lineQuantity': {
        const id = at(o.invoice);
        if (id === undefined) break;
        await sql`update invoice_lines set quantity_thousandths = ${o.quantity}
          where id = (select min(id) from invoice_lines where invoice_id = ${id})`.execute(db);
        break;
      }
      case 'lineDelete': {
        const id = at(o.invoice);
        if (id === undefined) break;
        await sql`delete from invoice_lines where id = (select max(id) from invoice_lines where invoice_id = ${id})`.execute(
          db,
        );
        break;
      }
    }
  }
}

async function mismatches(db: Db, businessId: number) {
  const result = await sql<{ id: number; kept: number | string; lines: number | string }>`
    select i.id, i.quantity_thousandths as kept,
      (select coalesce(sum(l.quantity_thousandths), 0) from invoice_lines l where l.invoice_id = i.id) as lines
    from invoices i where i.business_id = ${businessId}`.execute(db);
  return result.rows.filter((row) => Number(row.kept) !== Number(row.lines));
}

async function newClient(db: Db, businessId: number) {
  return insertClient(db, {
    businessId,
    fields: {
      kind: 'company',
      name: 'Client',
      email: null,
      phone: null,
      billing_line1: null,
      billing_line2: null,
      billing_city: null,
      billing_state: null,
      billing_postal_code: null,
      billing_country: null,
      shipping_line1: null,
      shipping_line2: null,
      shipping_city: null,
      shipping_state: null,
      shipping_postal_code: null,
      shipping_country: null,
      payment_terms_days: 30,
      notes: null,
      tax_id: null,
      is_active: true,
    },
    contacts: [],
    now: NOW,
  });
}

describe('invoice quantity totals', () => {
  it('equal the sum of the lines after random invoice and line writes', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        run += 1;
        const business = await createBusiness(database.db, { name: `Quantities ${String(run)}`, now: NOW });
        const client = await newClient(database.db, business.id);
        await apply(database.db, business.id, client.id, ops);
        expect(await mismatches(database.db, business.id)).toEqual([]);
      }),
      { numRuns: Number(process.env.INVOICE_QUANTITY_RUNS ?? 30) },
    );
  });

  it('is written by migration 0020 for the invoices that had lines before it', async () => {
    const db = database.db;
    const business = await createBusiness(db, { name: 'Before 0020', now: NOW });
    const client = await newClient(db, business.id);
    await apply(db, business.id, client.id, [
      { kind: 'create', quantities: [1_500, 2_000] },
      { kind: 'create', quantities: [] },
      { kind: 'create', quantities: [750] },
    ]);
    await database.ddl(async () => {
      const { error } = await createMigrator(db, { schema: database.schema }).migrateTo('0017-calendar');
      if (error) throw error;
    });
    await database.ddl(() => migrateToLatest(db, { schema: database.schema }));
    const kept = await db
      .selectFrom('invoices')
      .select('quantity_thousandths')
      .where('business_id', '=', business.id)
      .orderBy('id')
      .execute();
    expect(kept.map((row) => Number(row.quantity_thousandths))).toEqual([3_500, 0, 750]);
    expect(await mismatches(db, business.id)).toEqual([]);
  });
});
