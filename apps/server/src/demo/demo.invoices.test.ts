import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, INVOICE_STATUSES, utcCalendarDate } from '@ledgerleaf/domain';
import { findUserByEmail } from '@ledgerleaf/db';
import { createTestDatabase, type TestDatabase } from '@ledgerleaf/db/testing';
import { PasswordHasher } from '../lib/password';
import { TEST_PASSWORD_PARAMS } from '../test/harness';
import { effectiveStatus, getInvoiceView } from '../areas/invoicing/invoices/invoice-view';
import { seedDemo } from './demo.seed';

let database: TestDatabase;
const hasher = new PasswordHasher(TEST_PASSWORD_PARAMS);
const clock = () => new Date();
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.cleanup();
});

describe('demo invoices', () => {
  it('seeds about 150 invoices in every status with partial and full payments, once, consistent with the engine', async () => {
    await seedDemo({ db: database.db, hasher, clock });
    const user = await findUserByEmail(database.db, { email: DEMO_ACCOUNT.email });
    const businessId = user!.business_id;
    const invoices = await database.db
      .selectFrom('invoices')
      .selectAll()
      .where('business_id', '=', businessId)
      .orderBy('id')
      .execute();
    expect(invoices.length).toBeGreaterThanOrEqual(140);
    const today = utcCalendarDate(new Date());
    const statuses = new Set(invoices.map((row) => effectiveStatus(row, today)));
    expect([...statuses].sort()).toEqual([...INVOICE_STATUSES].sort());
    const numbers = invoices.map((row) => row.invoice_number).filter((number): number is string => number !== null);
    expect(new Set(numbers).size).toBe(numbers.length);
    const payments = await database.db
      .selectFrom('payments')
      .selectAll()
      .where('business_id', '=', businessId)
      .execute();
    expect(payments.length).toBeGreaterThan(80);
    // Cached figures equal the engine's on what is stored, and the payments' sum.
    for (const row of invoices.filter((_, index) => index % 10 === 0)) {
      const view = await getInvoiceView(database.db, businessId, row.id, { today });
      expect(view).toBeDefined();
      expect(view!.calculation.total_cents).toBe(Number(row.total_cents));
      expect(view!.calculation.paid_cents).toBe(Number(row.paid_cents));
      expect(view!.invoice.status).toBe(effectiveStatus(row, today));
    }
    const counter = await database.db
      .selectFrom('document_counters')
      .selectAll()
      .where('business_id', '=', businessId)
      .where('kind', '=', 'invoice')
      .executeTakeFirstOrThrow();
    const current = numbers.filter((number) => number.includes(`-${counter.year}-`)).sort();
    expect(current.at(-1)).toMatch(new RegExp(`-${String(counter.last_counter).padStart(4, '0')}$`));
    // Idempotent.
    await seedDemo({ db: database.db, hasher, clock });
    expect((await database.db.selectFrom('invoices').select('id').execute()).length).toBe(invoices.length);
  });
});
