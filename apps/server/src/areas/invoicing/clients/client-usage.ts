import { clientHasCrmRecords, countClientEstimatesAndRecurring, countClientInvoices, type Db } from '@ledgerleaf/db';

/**
 * Why a client may not be deleted, or null when it may: a client named by invoices, estimates or
 * recurring invoices, or linked by CRM records, is archived, never deleted (DELETE /api/clients/:id answers 409).
 */
export async function clientDeletionBlocker(
  db: Db,
  params: { businessId: number; clientId: number },
): Promise<'invoices' | 'documents' | 'crm' | null> {
  if ((await countClientInvoices(db, params)) > 0) return 'invoices';
  // Estimates and recurring invoices name their client too (the database refuses to orphan them).
  if ((await countClientEstimatesAndRecurring(db, params)) > 0) return 'documents';
  // Deleting would strip its opportunities of their client and delete its activities and notes (CRM, issue 14).
  return (await clientHasCrmRecords(db, params)) ? 'crm' : null;
}
