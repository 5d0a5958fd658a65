import { countClientEstimatesAndRecurring, countClientInvoices, type Db } from '@ledgerleaf/db';

/**
 * Why a client may not be deleted, or null when it may: a client named by invoices, estimates or
 * recurring invoices is archived, never deleted (DELETE /api/clients/:id answers 409).
 */
export async function clientDeletionBlocker(
  db: Db,
  params: { businessId: number; clientId: number },
): Promise<'invoices' | 'documents' | null> {
  if ((await countClientInvoices(db, params)) > 0) return 'invoices';
  // Estimates and recurring invoices name their client too (the database refuses to orphan them).
  return (await countClientEstimatesAndRecurring(db, params)) > 0 ? 'documents' : null;
}
