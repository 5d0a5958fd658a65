import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../../connection';
import { migrateToLatest } from '../../migrations';
import { openSqlite } from '../../sqlite-adapter';
import { createTestDatabase, type TestDatabase } from '../../testing';
import { isUniqueViolation } from '../../dialect';
import { createBusiness } from '../account/businesses';
import { insertClient, findClient, type ClientFields } from './clients';
import { insertInvoice, type InvoiceContentFields, type InvoiceLineWrite } from './invoices';
import { deleteInvoice, lockInvoice, updateInvoiceState } from './invoice-state';
import { countClientInvoices, findInvoice, findInvoiceByPublicToken, listInvoiceLines } from './invoice-reads';
import {
  listInvoices,
  summarizeByStatus,
  summarizeInvoices,
  summarizeMatchingRows,
  summarizeOverdue,
} from './invoice-lists';
import { findInvoiceNumbering, takeDocumentCounter, takeDocumentNumber } from './numbering';
import { claimWriteLock } from '../shared/write-lock';
import { deletePayment, insertPayment, listPayments, sumPayments } from './payments';
import { findIdempotencyKey, insertIdempotencyKey } from '../shared/idempotency-keys';

const now = new Date('2026-03-01T10:00:00.000Z');
let test: TestDatabase;
beforeEach(async () => {
  test = await createTestDatabase();
});
afterEach(async () => {
  await test.cleanup();
});

const clientFields = (name: string): ClientFields => ({
  kind: 'company',
  name,
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
});

const fields = (
  clientId: number,
  totalCents: number,
  extra: Partial<InvoiceContentFields> = {},
): InvoiceContentFields => ({
  client_id: clientId,
  issue_date: '2026-02-01',
  due_date: '2026-03-03',
  discount_type: null,
  discount_value: null,
  notes: null,
  terms: null,
  currency: 'USD',
  goal_id: null,
  prices_include_tax: false,
  subtotal_cents: totalCents,
  line_discount_cents: 0,
  discount_cents: 0,
  tax_cents: 0,
  total_cents: totalCents,
  paid_cents: 0,
  balance_cents: totalCents,
  ...extra,
});

const line = (cents: number, taxes: InvoiceLineWrite['taxes'] = []): InvoiceLineWrite => ({
  product_id: null,
  description: 'Work',
  quantity_thousandths: 1000,
  unit: null,
  unit_price_cents: cents,
  discount_type: null,
  discount_value: null,
  subtotal_cents: cents,
  discount_cents: 0,
  invoice_discount_cents: 0,
  taxable_cents: cents,
  tax_cents: 0,
  total_cents: cents,
  taxes,
});

async function setup() {
  const business = await createBusiness(test.db, { name: 'Biz', now });
  const { id: clientId } = await insertClient(test.db, {
    businessId: business.id,
    fields: clientFields('Zeta Co'),
    contacts: [],
    now,
  });
  return { businessId: business.id, clientId };
}

describe('invoice queries', () => {
  it('insert with lines and taxes, read back, lock, update, delete', async () => {
    const { businessId, clientId } = await setup();
    const tax = {
      tax_rate_id: null,
      name: 'VAT',
      rate_thousandths: 20000,
      is_compound: false,
      base_cents: 1000,
      amount_cents: 200,
    };
    const { id } = await insertInvoice(test.db, {
      businessId,
      fields: fields(clientId, 3200),
      lines: [line(1000, [tax]), line(2000)],
      publicToken: 'token-1',
      now,
    });
    const row = await findInvoice(test.db, { businessId, invoiceId: id });
    expect(row).toMatchObject({ status: 'draft', invoice_number: null, client_name: 'Zeta Co', total_cents: 3200 });
    expect(await findInvoice(test.db, { businessId: businessId + 1, invoiceId: id })).toBeUndefined();
    expect((await findInvoiceByPublicToken(test.db, { token: 'token-1' }))?.id).toBe(id);
    const { lines, taxes } = await listInvoiceLines(test.db, { businessId, invoiceId: id });
    expect(lines.map((item) => [item.position, Number(item.unit_price_cents)])).toEqual([
      [0, 1000],
      [1, 2000],
    ]);
    expect(taxes).toHaveLength(1);
    expect(taxes[0]?.line_id).toBe(lines[0]?.id);
    expect((await lockInvoice(test.db, { businessId, invoiceId: id }))?.id).toBe(id);
    expect(await lockInvoice(test.db, { businessId: businessId + 1, invoiceId: id })).toBeUndefined();
    await updateInvoiceState(test.db, {
      businessId,
      invoiceId: id,
      set: { status: 'sent', invoice_number: 'INV-2026-0001' },
      now,
    });
    expect(await countClientInvoices(test.db, { businessId, clientId })).toBe(1);
    expect(Number((await findClient(test.db, { businessId, clientId }))?.balance_cents)).toBe(3200);
    expect(await deleteInvoice(test.db, { businessId, invoiceId: id })).toBe(true);
    expect(await listInvoiceLines(test.db, { businessId, invoiceId: id })).toEqual({ lines: [], taxes: [] });
  });

  it('invoice numbers are unique per business; drafts without a number are many', async () => {
    const { businessId, clientId } = await setup();
    const first = await insertInvoice(test.db, {
      businessId,
      fields: fields(clientId, 100),
      lines: [line(100)],
      publicToken: 'a',
      now,
    });
    const second = await insertInvoice(test.db, {
      businessId,
      fields: fields(clientId, 100),
      lines: [line(100)],
      publicToken: 'b',
      now,
    });
    await updateInvoiceState(test.db, { businessId, invoiceId: first.id, set: { invoice_number: 'INV-1' }, now });
    const duplicate = await updateInvoiceState(test.db, {
      businessId,
      invoiceId: second.id,
      set: { invoice_number: 'INV-1' },
      now,
    }).catch((error: unknown) => error);
    expect(isUniqueViolation(duplicate)).toBe(true);
    const token = await insertInvoice(test.db, {
      businessId,
      fields: fields(clientId, 100),
      lines: [line(100)],
      publicToken: 'a',
      now,
    }).catch((error: unknown) => error);
    expect(isUniqueViolation(token)).toBe(true);
  });

  it('numbering defaults to INV, year, 4 digits, yearly reset; counters follow nextCounter', async () => {
    const { businessId } = await setup();
    expect(await findInvoiceNumbering(test.db, { businessId })).toEqual({
      prefix: 'INV',
      include_year: true,
      separator: '-',
      padding: 4,
      yearly_reset: true,
    });
    const take = (year: number) =>
      test.db
        .transaction()
        .execute((tx) => takeDocumentCounter(tx, { businessId, kind: 'invoice', year, yearlyReset: true }));
    expect(await take(2025)).toEqual({ counter: 1, year: 2025 });
    expect(await take(2025)).toEqual({ counter: 2, year: 2025 });
    expect(await take(2026)).toEqual({ counter: 1, year: 2026 });
    // Backdated into an earlier year: continues the current year's count.
    expect(await take(2025)).toEqual({ counter: 2, year: 2026 });
  });

  it('a rolled-back transaction returns its counter: no gap', async () => {
    const { businessId } = await setup();
    await test.db
      .transaction()
      .execute(async (tx) => {
        await takeDocumentCounter(tx, { businessId, kind: 'invoice', year: 2026, yearlyReset: true });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    const next = await test.db
      .transaction()
      .execute((tx) => takeDocumentCounter(tx, { businessId, kind: 'invoice', year: 2026, yearlyReset: true }));
    expect(next.counter).toBe(1);
  });

  it('30 concurrent transactions take 30 distinct consecutive counters', async () => {
    const { businessId } = await setup();
    const taken = await Promise.all(
      Array.from({ length: 30 }, () =>
        test.db
          .transaction()
          .execute((tx) => takeDocumentCounter(tx, { businessId, kind: 'invoice', year: 2026, yearlyReset: true })),
      ),
    );
    expect(taken.map((item) => item.counter).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, index) => index + 1),
    );
  });

  it('takeDocumentNumber moves the counter past numbers already used, in the same transaction', async () => {
    const { businessId, clientId } = await setup();
    const format = { prefix: 'INV', includeYear: false, padding: 4, separator: '-' };
    // Numbers a former pattern left behind: 2, 3 and, past a whole look-up batch, 5 to 60.
    const used = [2, 3, ...Array.from({ length: 56 }, (_, index) => index + 5)];
    for (const counter of used) {
      const { id } = await insertInvoice(test.db, {
        businessId,
        fields: fields(clientId, 100),
        lines: [line(100)],
        publicToken: `used-${counter}`,
        now,
      });
      await updateInvoiceState(test.db, {
        businessId,
        invoiceId: id,
        set: { status: 'sent', invoice_number: `INV-${String(counter).padStart(4, '0')}` },
        now,
      });
    }
    const take = () =>
      test.db
        .transaction()
        .execute((tx) =>
          takeDocumentNumber(tx, { businessId, kind: 'invoice', year: 2026, yearlyReset: false, format }),
        );
    expect(await take()).toEqual({ number: 'INV-0001', counter: 1, year: 2026 });
    expect(await take()).toEqual({ number: 'INV-0004', counter: 4, year: 2026 });
    expect(await take()).toEqual({ number: 'INV-0061', counter: 61, year: 2026 });
    // Estimates keep their own numbers: the invoices' do not count.
    const estimate = await test.db
      .transaction()
      .execute((tx) =>
        takeDocumentNumber(tx, { businessId, kind: 'estimate', year: 2026, yearlyReset: false, format }),
      );
    expect(estimate.number).toBe('INV-0001');
    // A rolled-back take gives its number back.
    await test.db
      .transaction()
      .execute(async (tx) => {
        await takeDocumentNumber(tx, { businessId, kind: 'invoice', year: 2026, yearlyReset: false, format });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect((await take()).counter).toBe(62);
  });

  it('lists with status (overdue derived against today), search, range and a summary excluding voids', async () => {
    const { businessId, clientId } = await setup();
    const make = async (
      status: string,
      total: number,
      extra: Partial<InvoiceContentFields> = {},
      number: string | null = null,
    ) => {
      const { id } = await insertInvoice(test.db, {
        businessId,
        fields: fields(clientId, total, extra),
        lines: [line(total)],
        publicToken: `t-${Math.random()}`,
        now,
      });
      await updateInvoiceState(test.db, { businessId, invoiceId: id, set: { status, invoice_number: number }, now });
      return id;
    };
    const late = await make('sent', 500, { due_date: '2026-02-10' }, 'INV-2026-0001');
    const onTime = await make('sent', 700, { due_date: '2026-04-01' }, 'INV-2026-0002');
    await make('void', 900, {}, 'INV-2026-0003');
    await make('draft', 100);
    const base = {
      businessId,
      today: '2026-03-01',
      sort: 'issue_date' as const,
      direction: 'asc' as const,
      limit: 10,
      offset: 0,
    };
    expect((await listInvoices(test.db, { ...base, status: 'overdue' })).rows.map((row) => row.id)).toEqual([late]);
    expect((await listInvoices(test.db, { ...base, status: 'sent' })).rows.map((row) => row.id)).toEqual([onTime]);
    const all = await listInvoices(test.db, { ...base, status: 'all' });
    // Total, paid and balance due are on the same set, the billed invoices (issued, not void), so
    // total - paid = balance due; the draft's 100 and the void's 900 are counted apart (issue 27 item 7).
    expect(all.summary).toEqual({
      count: 4,
      total_cents: 1200,
      paid_cents: 0,
      balance_cents: 1200,
      draft_count: 1,
      draft_total_cents: 100,
      void_count: 1,
      void_total_cents: 900,
    });
    expect(await summarizeByStatus(test.db, { businessId, status: 'all' })).toEqual(all.summary);
    expect(await summarizeByStatus(test.db, { businessId, status: 'void' })).toMatchObject({
      count: 1,
      total_cents: 0,
      void_count: 1,
      void_total_cents: 900,
    });
    expect(await summarizeMatchingRows(test.db, { ...base, status: 'all' })).toEqual(all.summary);
    expect((await summarizeByStatus(test.db, { businessId, status: 'draft' })).balance_cents).toBe(0);
    expect((await summarizeMatchingRows(test.db, { ...base, status: 'draft' })).balance_cents).toBe(0);
    expect((await summarizeMatchingRows(test.db, { ...base, status: 'void' })).balance_cents).toBe(0);
    // Sorting by balance sorts by what is owed now: the draft and the void come first, at 0.
    const byBalance = await listInvoices(test.db, { ...base, status: 'all', sort: 'balance_due' });
    expect(byBalance.rows.slice(2).map((row) => row.id)).toEqual([late, onTime]);
    expect((await listInvoices(test.db, { ...base, status: 'all', search: '0002' })).rows.map((row) => row.id)).toEqual(
      [onTime],
    );
    expect((await listInvoices(test.db, { ...base, status: 'all', search: 'zeta' })).total).toBe(4);
    expect((await listInvoices(test.db, { ...base, status: 'all', dateFrom: '2026-02-02' })).total).toBe(0);
    expect((await listInvoices(test.db, { ...base, businessId: businessId + 1, status: 'all' })).total).toBe(0);
  });
});

describe('the overdue summary', () => {
  it('is the open totals minus those not yet due: equal to adding up the matching rows, also right after a payment', async () => {
    const { businessId, clientId } = await setup();
    const today = '2026-03-01';
    const make = async (status: string, total: number, dueDate: string, paid = 0) => {
      const { id } = await insertInvoice(test.db, {
        businessId,
        fields: fields(clientId, total, { due_date: dueDate }),
        lines: [line(total)],
        publicToken: `t-${Math.random()}`,
        now,
      });
      await updateInvoiceState(test.db, {
        businessId,
        invoiceId: id,
        set: { status, paid_cents: paid, balance_cents: status === 'void' ? 0 : total - paid },
        now,
      });
      return id;
    };
    const late = await make('sent', 500, '2026-02-10');
    await make('partial', 800, '2026-01-05', 300);
    await make('viewed', 650, '2026-02-28');
    // Stored as overdue but due later (its due date moved): not overdue today, in both ways of adding up.
    await make('overdue', 420, '2026-03-20');
    await make('sent', 700, today); // due today: not overdue yet
    await make('partial', 900, '2026-04-01', 100);
    await make('draft', 100, '2026-01-01');
    await make('void', 300, '2026-01-01');
    await make('paid', 250, '2026-01-01', 250);
    const filter = { businessId, status: 'overdue', today };
    const none = { draft_count: 0, draft_total_cents: 0, void_count: 0, void_total_cents: 0 };
    const expected = { count: 3, total_cents: 1950, paid_cents: 300, balance_cents: 1650, ...none };
    expect(await summarizeMatchingRows(test.db, filter)).toEqual(expected);
    expect(await summarizeOverdue(test.db, filter)).toEqual(expected);
    expect(await summarizeInvoices(test.db, filter)).toEqual(expected);

    // A payment on the late invoice (the totals kept by the triggers move with it), then it is paid.
    await updateInvoiceState(test.db, {
      businessId,
      invoiceId: late,
      set: { status: 'partial', paid_cents: 200, balance_cents: 300 },
      now,
    });
    const afterPayment = await summarizeMatchingRows(test.db, filter);
    expect(afterPayment).toEqual({ count: 3, total_cents: 1950, paid_cents: 500, balance_cents: 1450, ...none });
    expect(await summarizeInvoices(test.db, filter)).toEqual(afterPayment);
    await updateInvoiceState(test.db, {
      businessId,
      invoiceId: late,
      set: { status: 'paid', paid_cents: 500, balance_cents: 0 },
      now,
    });
    expect(await summarizeInvoices(test.db, filter)).toEqual({
      count: 2,
      total_cents: 1450,
      paid_cents: 300,
      balance_cents: 1150,
      ...none,
    });
    expect(await summarizeInvoices(test.db, filter)).toEqual(await summarizeMatchingRows(test.db, filter));
    // Another business's invoices count for nobody else.
    expect(await summarizeInvoices(test.db, { ...filter, businessId: businessId + 1 })).toEqual({
      count: 0,
      total_cents: 0,
      paid_cents: 0,
      balance_cents: 0,
      ...none,
    });
  });
});

describe('payment queries', () => {
  it('insert, list, sum, delete; idempotency keys unique per business', async () => {
    const { businessId, clientId } = await setup();
    const { id } = await insertInvoice(test.db, {
      businessId,
      fields: fields(clientId, 1000),
      lines: [line(1000)],
      publicToken: 'p',
      now,
    });
    const payment = await insertPayment(test.db, {
      businessId,
      invoiceId: id,
      userId: null,
      fields: { amount_cents: 300, payment_date: '2026-03-01', method: 'cash', reference: null, note: null },
      now,
    });
    await insertPayment(test.db, {
      businessId,
      invoiceId: id,
      userId: null,
      fields: { amount_cents: 200, payment_date: '2026-02-01', method: 'card', reference: 'R', note: null },
      now,
    });
    expect((await listPayments(test.db, { businessId, invoiceId: id })).map((row) => Number(row.amount_cents))).toEqual(
      [200, 300],
    );
    expect(await sumPayments(test.db, { businessId, invoiceId: id })).toBe(500);
    expect(await deletePayment(test.db, { businessId: businessId + 1, invoiceId: id, paymentId: payment.id })).toBe(
      false,
    );
    expect(await deletePayment(test.db, { businessId, invoiceId: id, paymentId: payment.id })).toBe(true);
    expect(await sumPayments(test.db, { businessId, invoiceId: id })).toBe(200);
    const key = {
      businessId,
      key: 'k',
      method: 'POST',
      path: '/x',
      requestHash: 'h',
      status: 201,
      body: { ok: true },
      now,
    };
    await insertIdempotencyKey(test.db, key);
    expect(isUniqueViolation(await insertIdempotencyKey(test.db, key).catch((error: unknown) => error))).toBe(true);
    expect(JSON.parse((await findIdempotencyKey(test.db, { businessId, key: 'k' }))!.response_body)).toEqual({
      ok: true,
    });
    expect(await findIdempotencyKey(test.db, { businessId: businessId + 1, key: 'k' })).toBeUndefined();
  });
});

describe('claimWriteLock on a SQLite file', () => {
  it('holds the write lock from the first statement, so another process cannot write in between', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ledgerleaf-lock-'));
    const handle = createDatabase({ sqlitePath: join(dir, 'db.sqlite') });
    try {
      await migrateToLatest(handle.db);
      const other = openSqlite({ path: join(dir, 'db.sqlite'), busyTimeoutMs: 20 });
      await handle.db.transaction().execute(async (tx) => {
        await claimWriteLock(tx);
        expect(() => other.exec('BEGIN IMMEDIATE')).toThrow(/locked|busy/i);
      });
      other.exec('BEGIN IMMEDIATE');
      other.exec('ROLLBACK');
      other.close();
    } finally {
      await handle.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
