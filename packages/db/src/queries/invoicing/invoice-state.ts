import { toDbTime } from '../../dialect';
import type { InvoiceRow } from '../../schema';
import type { Db } from '../shared/types';

/* An invoice's state changes: the row lock a change starts with, the status and figure columns, deletion. */

/**
 * Locks the invoice row for the rest of the transaction and answers its latest committed state.
 * A no-op UPDATE ... RETURNING: PostgreSQL takes the row lock (like SELECT ... FOR UPDATE, and
 * re-reads the row a concurrent writer just committed); on SQLite a write as the transaction's first
 * statement takes the database's write lock, so the check that follows cannot go stale.
 */
export async function lockInvoice(
  db: Db,
  params: { businessId: number; invoiceId: number },
): Promise<InvoiceRow | undefined> {
  return db
    .updateTable('invoices')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.invoiceId)
    .returningAll()
    .executeTakeFirst();
}

export type InvoiceStateUpdate = Partial<
  Pick<
    InvoiceRow,
    'status' | 'invoice_number' | 'paid_cents' | 'balance_cents' | 'sent_at' | 'viewed_at' | 'voided_at' | 'void_reason'
  >
>;

export async function updateInvoiceState(
  db: Db,
  params: { businessId: number; invoiceId: number; set: InvoiceStateUpdate; now: Date },
): Promise<void> {
  await db
    .updateTable('invoices')
    .set({ ...params.set, updated_at: toDbTime(params.now) })
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.invoiceId)
    .execute();
}

export async function deleteInvoice(db: Db, params: { businessId: number; invoiceId: number }): Promise<boolean> {
  await db
    .deleteFrom('invoice_line_taxes')
    .where('business_id', '=', params.businessId)
    .where('invoice_id', '=', params.invoiceId)
    .execute();
  await db
    .deleteFrom('invoice_lines')
    .where('business_id', '=', params.businessId)
    .where('invoice_id', '=', params.invoiceId)
    .execute();
  await db
    .deleteFrom('payments')
    .where('business_id', '=', params.businessId)
    .where('invoice_id', '=', params.invoiceId)
    .execute();
  const result = await db
    .deleteFrom('invoices')
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.invoiceId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
