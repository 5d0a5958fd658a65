import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  createBusiness,
  insertClient,
  recomputedDashboardTotals,
  storedDashboardTotals,
  toDbTime,
  type Db,
} from '@ledgerleaf/db';
import { createTestDatabase, type TestDatabase } from '@ledgerleaf/db/testing';

/*
 * The dashboard's totals (migration 0015) are kept by triggers: after any sequence of writes to
 * invoices, payments, other income and clients they equal a recomputation from every row, on the
 * database of the run (SQLite, or PostgreSQL with TEST_DATABASE_URL).
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.cleanup();
});

const NOW = new Date('2026-11-24T12:00:00Z');
const STATUSES = ['draft', 'sent', 'viewed', 'partial', 'paid', 'overdue', 'void'] as const;
const DATES = ['2026-09-30', '2026-10-01', '2026-10-31', '2026-11-01', '2026-11-24', '2026-12-31'] as const;

type Op =
  | { kind: 'client' }
  | { kind: 'archive'; client: number; archived: boolean }
  | { kind: 'invoice'; client: number; status: (typeof STATUSES)[number]; date: string; paid: number }
  | {
      kind: 'invoiceUpdate';
      invoice: number;
      client: number;
      status: (typeof STATUSES)[number];
      date: string;
      paid: number;
    }
  | { kind: 'invoiceDelete'; invoice: number }
  | { kind: 'payment'; invoice: number; date: string; cents: number }
  | { kind: 'paymentUpdate'; payment: number; invoice: number; date: string; cents: number }
  | { kind: 'paymentDelete'; payment: number }
  | { kind: 'income'; date: string; cents: number }
  | { kind: 'incomeUpdate'; income: number; date: string; cents: number }
  | { kind: 'incomeDelete'; income: number };

const pick = fc.nat({ max: 50 });
const date = fc.constantFrom(...DATES);
const cents = fc.integer({ min: 1, max: 500_00 });
const status = fc.constantFrom(...STATUSES);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.constant({ kind: 'client' as const }),
  fc.record({ kind: fc.constant('archive' as const), client: pick, archived: fc.boolean() }),
  {
    arbitrary: fc.record({
      kind: fc.constant('invoice' as const),
      client: pick,
      status,
      date,
      paid: fc.nat({ max: 900_00 }),
    }),
    weight: 4,
  },
  fc.record({
    kind: fc.constant('invoiceUpdate' as const),
    invoice: pick,
    client: pick,
    status,
    date,
    paid: fc.nat({ max: 900_00 }),
  }),
  fc.record({ kind: fc.constant('invoiceDelete' as const), invoice: pick }),
  { arbitrary: fc.record({ kind: fc.constant('payment' as const), invoice: pick, date, cents }), weight: 4 },
  fc.record({ kind: fc.constant('paymentUpdate' as const), payment: pick, invoice: pick, date, cents }),
  fc.record({ kind: fc.constant('paymentDelete' as const), payment: pick }),
  fc.record({ kind: fc.constant('income' as const), date, cents }),
  fc.record({ kind: fc.constant('incomeUpdate' as const), income: pick, date, cents }),
  fc.record({ kind: fc.constant('incomeDelete' as const), income: pick }),
);

const at = <T>(list: T[], index: number): T | undefined => (list.length === 0 ? undefined : list[index % list.length]);

async function apply(db: Db, businessId: number, ops: Op[]): Promise<void> {
  const clients: number[] = [];
  const invoices: number[] = [];
  const payments: number[] = [];
  const incomes: number[] = [];
  const time = toDbTime(NOW);
  const addClient = async () => {
    const row = await insertClient(db, {
      businessId,
      fields: {
        kind: 'company',
        name: `Client ${clients.length}`,
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
    clients.push(row.id);
  };
  await addClient();
  for (const o of ops) {
    switch (o.kind) {
      case 'client':
        await addClient();
        break;
      case 'archive': {
        const id = at(clients, o.client)!;
        await db
          .updateTable('clients')
          .set({ archived_at: o.archived ? time : null })
          .where('id', '=', id)
          .execute();
        break;
      }
      case 'invoice': {
        const row = await db
          .insertInto('invoices')
          .values({
            business_id: businessId,
            client_id: at(clients, o.client)!,
            invoice_number: null,
            status: o.status,
            issue_date: o.date,
            due_date: o.date,
            discount_type: null,
            discount_value: null,
            notes: null,
            terms: null,
            currency: 'USD',
            goal_id: null,
            estimate_id: null,
            recurring_invoice_id: null,
            recurring_period: null,
            prices_include_tax: false,
            subtotal_cents: 1000_00,
            line_discount_cents: 0,
            discount_cents: 0,
            tax_cents: 0,
            total_cents: 1000_00,
            paid_cents: o.paid,
            balance_cents: 1000_00 - o.paid,
            public_token: randomBytes(16).toString('hex'),
            void_reason: null,
            sent_at: null,
            viewed_at: null,
            voided_at: null,
            created_at: time,
            updated_at: time,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        invoices.push(row.id);
        break;
      }
      case 'invoiceUpdate': {
        const id = at(invoices, o.invoice);
        if (id === undefined) break;
        await db
          .updateTable('invoices')
          .set({ client_id: at(clients, o.client)!, status: o.status, issue_date: o.date, paid_cents: o.paid })
          .where('id', '=', id)
          .execute();
        break;
      }
      case 'invoiceDelete': {
        const id = at(invoices, o.invoice);
        if (id === undefined) break;
        // Payments go with their invoice (ON DELETE CASCADE): the triggers see both.
        await db.deleteFrom('invoices').where('id', '=', id).execute();
        invoices.splice(invoices.indexOf(id), 1);
        break;
      }
      case 'payment': {
        const invoiceId = at(invoices, o.invoice);
        if (invoiceId === undefined) break;
        const row = await db
          .insertInto('payments')
          .values({
            business_id: businessId,
            invoice_id: invoiceId,
            amount_cents: o.cents,
            payment_date: o.date,
            method: 'cash',
            reference: null,
            note: null,
            user_id: null,
            created_at: time,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        payments.push(row.id);
        break;
      }
      case 'paymentUpdate': {
        const id = at(payments, o.payment);
        const invoiceId = at(invoices, o.invoice);
        if (id === undefined || invoiceId === undefined) break;
        await db
          .updateTable('payments')
          .set({ amount_cents: o.cents, payment_date: o.date, invoice_id: invoiceId })
          .where('id', '=', id)
          .execute();
        break;
      }
      case 'paymentDelete': {
        const id = at(payments, o.payment);
        if (id === undefined) break;
        await db.deleteFrom('payments').where('id', '=', id).execute();
        payments.splice(payments.indexOf(id), 1);
        break;
      }
      case 'income': {
        const row = await db
          .insertInto('other_income')
          .values({
            business_id: businessId,
            user_id: null,
            amount_cents: o.cents,
            income_date: o.date,
            source: 'Grant',
            reference_number: null,
            description: null,
            created_at: time,
            updated_at: time,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        incomes.push(row.id);
        break;
      }
      case 'incomeUpdate': {
        const id = at(incomes, o.income);
        if (id === undefined) break;
        await db
          .updateTable('other_income')
          .set({ amount_cents: o.cents, income_date: o.date })
          .where('id', '=', id)
          .execute();
        break;
      }
      case 'incomeDelete': {
        const id = at(incomes, o.income);
        if (id === undefined) break;
        await db.deleteFrom('other_income').where('id', '=', id).execute();
        incomes.splice(incomes.indexOf(id), 1);
        break;
      }
    }
  }
}

describe('dashboard totals kept by triggers (migration 0015)', () => {
  it('equal a full recomputation after random sequences of writes', async () => {
    let run = 0;
    let withMoney = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 3, maxLength: 40 }), async (ops) => {
        run += 1;
        const business = await createBusiness(database.db, { name: `Totals ${run}`, now: NOW });
        await database.db.transaction().execute((tx) => apply(tx, business.id, ops));
        const stored = await storedDashboardTotals(database.db, business.id);
        const recomputed = await recomputedDashboardTotals(database.db, business.id);
        expect(stored).toEqual(recomputed);
        if (stored.months.length > 0 && stored.clients.some((row) => row.last_activity_date !== null)) withMoney += 1;
      }),
      { numRuns: Number(process.env.DASHBOARD_TOTALS_RUNS ?? 40) },
    );
    // The sequences did write money and activity (not only empty businesses).
    expect(withMoney).toBeGreaterThan(5);
  }, 120_000);

  it('a deleted business takes its totals with it', async () => {
    const business = await createBusiness(database.db, { name: 'Gone', now: NOW });
    await apply(database.db, business.id, [
      { kind: 'invoice', client: 0, status: 'paid', date: '2026-11-01', paid: 100_00 },
      { kind: 'payment', invoice: 0, date: '2026-11-01', cents: 100_00 },
      { kind: 'income', date: '2026-11-02', cents: 5_00 },
    ]);
    expect((await storedDashboardTotals(database.db, business.id)).months).toHaveLength(1);
    await database.db.deleteFrom('businesses').where('id', '=', business.id).execute();
    expect(await storedDashboardTotals(database.db, business.id)).toEqual({
      months: [],
      days: [],
      clients: [],
      business: { clients: 0, paying_clients: 0, client_paid_cents: 0 },
    });
    const left = await database.db
      .selectFrom('dashboard_business_totals')
      .select('business_id')
      .where('business_id', '=', business.id)
      .execute();
    expect(left).toEqual([]);
  });
});
