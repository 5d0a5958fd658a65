import { countProductInvoiceLines, type Db } from '@ledgerleaf/db';

/**
 * Why a product may not be deleted, or null when it may. There are no invoice lines yet: the
 * invoicing issue extends this with its count of lines referring to the product, and
 * DELETE /api/products/:id then answers 409 (archive it instead).
 */
export async function productDeletionBlocker(
  db: Db,
  params: { businessId: number; productId: number },
): Promise<'invoice_lines' | null> {
  return (await countProductInvoiceLines(db, params)) > 0 ? 'invoice_lines' : null;
}
