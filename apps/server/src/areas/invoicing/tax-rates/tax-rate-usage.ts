import { countTaxRateInvoiceLines, type Db } from '@ledgerleaf/db';

/**
 * How many records use a tax rate: products that default to it now; the invoicing issue adds its
 * invoice lines here. A rate in use is archived, never deleted (DELETE answers 409).
 */
export async function taxRateUsage(db: Db, params: { businessId: number; taxRateId: number }): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('business_id', '=', params.businessId)
    .where('default_tax_rate_id', '=', params.taxRateId)
    .executeTakeFirstOrThrow();
  return Number(row.n) + (await countTaxRateInvoiceLines(db, params));
}
