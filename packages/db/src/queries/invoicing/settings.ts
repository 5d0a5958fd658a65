import { toDbTime } from '../../dialect';
import type { Db } from '../shared/types';

/*
 * The business's invoicing settings (payment terms, prices including tax): the invoicing area's
 * settings screen writes them; invoices, estimates, recurring invoices and clients read them.
 */

export interface BusinessInvoicingSettings {
  default_payment_terms_days: number;
  prices_include_tax: boolean;
}

export async function findInvoicingSettings(
  db: Db,
  params: { businessId: number },
): Promise<BusinessInvoicingSettings | undefined> {
  const row = await db
    .selectFrom('businesses')
    .select(['default_payment_terms_days', 'prices_include_tax'])
    .where('id', '=', params.businessId)
    .executeTakeFirst();
  return row
    ? {
        default_payment_terms_days: Number(row.default_payment_terms_days),
        prices_include_tax: Boolean(row.prices_include_tax),
      }
    : undefined;
}

export async function updateInvoicingSettings(
  db: Db,
  params: { businessId: number; settings: BusinessInvoicingSettings; now: Date },
): Promise<void> {
  await db
    .updateTable('businesses')
    .set({ ...params.settings, updated_at: toDbTime(params.now) })
    .where('id', '=', params.businessId)
    .execute();
}
