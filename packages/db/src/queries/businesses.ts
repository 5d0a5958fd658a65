import { toDbTime } from '../dialect';
import type { Business } from '../schema';
import type { Db } from './types';

export async function createBusiness(
  db: Db,
  params: { name: string; phone?: string | null; email?: string | null; companyLogo?: string | null; now: Date },
): Promise<Business> {
  const now = toDbTime(params.now);
  return db
    .insertInto('businesses')
    .values({
      name: params.name,
      phone: params.phone ?? null,
      email: params.email ?? null,
      company_logo: params.companyLogo ?? null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findBusinessById(db: Db, params: { businessId: number }): Promise<Business | undefined> {
  return db.selectFrom('businesses').selectAll().where('id', '=', params.businessId).executeTakeFirst();
}

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
