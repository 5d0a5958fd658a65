import { countClientInvoices, type Db } from '@ledgerleaf/db';

/**
 * Why a client may not be deleted, or null when it may. A client with invoices is archived, never
 * deleted. There is no invoices table yet: the invoicing issue extends this function with its
 * count of the client's invoices (and estimates, recurring profiles), and DELETE /api/clients/:id
 * then answers 409 with the message below.
 */
export async function clientDeletionBlocker(
  db: Db,
  params: { businessId: number; clientId: number },
): Promise<'invoices' | null> {
  return (await countClientInvoices(db, params)) > 0 ? 'invoices' : null;
}
