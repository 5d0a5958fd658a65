import { toDbTime } from '../../dialect';
import type { TaxRateRow } from '../../schema';
import type { ArchiveFilter } from '../shared/list-helpers';
import type { Db } from '../shared/types';

export interface TaxRateFields {
  name: string;
  rate_thousandths: number;
  is_compound: boolean;
  is_default: boolean;
}

/** A tax rate with the number of products using it as their default. */
export type TaxRateWithUsage = TaxRateRow & { products_count: number };

function withUsage(db: Db) {
  return db
    .selectFrom('tax_rates')
    .selectAll('tax_rates')
    .select((eb) =>
      eb
        .selectFrom('products')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('products.default_tax_rate_id', '=', 'tax_rates.id')
        .whereRef('products.business_id', '=', 'tax_rates.business_id')
        .as('products_count'),
    );
}

function normalise(row: TaxRateRow & { products_count: number | null }): TaxRateWithUsage {
  return { ...row, products_count: Number(row.products_count ?? 0) };
}

export async function listTaxRates(
  db: Db,
  params: { businessId: number; status: ArchiveFilter },
): Promise<TaxRateWithUsage[]> {
  let query = withUsage(db).where('tax_rates.business_id', '=', params.businessId);
  if (params.status === 'active') query = query.where('tax_rates.archived_at', 'is', null);
  if (params.status === 'archived') query = query.where('tax_rates.archived_at', 'is not', null);
  const rows = await query.orderBy('tax_rates.name').orderBy('tax_rates.id').execute();
  return rows.map(normalise);
}

export async function findTaxRate(
  db: Db,
  params: { businessId: number; taxRateId: number },
): Promise<TaxRateWithUsage | undefined> {
  const row = await withUsage(db)
    .where('tax_rates.business_id', '=', params.businessId)
    .where('tax_rates.id', '=', params.taxRateId)
    .executeTakeFirst();
  return row ? normalise(row) : undefined;
}

/** Non-archived rates of the business with this name (case-insensitive), other than `exceptId`. */
export async function activeTaxRateNameExists(
  db: Db,
  params: { businessId: number; name: string; exceptId?: number },
): Promise<boolean> {
  const rows = await db
    .selectFrom('tax_rates')
    .select(['id', 'name'])
    .where('business_id', '=', params.businessId)
    .where('archived_at', 'is', null)
    .execute();
  const wanted = params.name.trim().toLowerCase();
  return rows.some((row) => row.id !== params.exceptId && row.name.trim().toLowerCase() === wanted);
}

export async function insertTaxRate(
  db: Db,
  params: { businessId: number; fields: TaxRateFields; now: Date },
): Promise<{ id: number }> {
  const now = toDbTime(params.now);
  return db
    .insertInto('tax_rates')
    .values({ business_id: params.businessId, ...params.fields, archived_at: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function updateTaxRate(
  db: Db,
  params: { businessId: number; taxRateId: number; fields: TaxRateFields; now: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('tax_rates')
    .set({ ...params.fields, updated_at: toDbTime(params.now) })
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.taxRateId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Clears the default flag of every other rate of the business (at most one default). */
export async function clearDefaultTaxRate(
  db: Db,
  params: { businessId: number; exceptId?: number; now: Date },
): Promise<void> {
  let query = db
    .updateTable('tax_rates')
    .set({ is_default: false, updated_at: toDbTime(params.now) })
    .where('business_id', '=', params.businessId)
    .where('is_default', '=', true);
  if (params.exceptId !== undefined) query = query.where('id', '!=', params.exceptId);
  await query.execute();
}

export async function setTaxRateArchived(
  db: Db,
  params: { businessId: number; taxRateId: number; archivedAt: Date | null; now: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('tax_rates')
    .set({
      archived_at: params.archivedAt ? toDbTime(params.archivedAt) : null,
      ...(params.archivedAt ? { is_default: false } : {}),
      updated_at: toDbTime(params.now),
    })
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.taxRateId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteTaxRate(db: Db, params: { businessId: number; taxRateId: number }): Promise<boolean> {
  const result = await db
    .deleteFrom('tax_rates')
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.taxRateId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The business's tax rates as the engine reads them (archived ones too). */
export async function listBusinessTaxRates(
  db: Db,
  params: { businessId: number },
): Promise<Array<{ id: number; name: string; rate: number; is_compound: boolean }>> {
  const rows = await db
    .selectFrom('tax_rates')
    .select(['id', 'name', 'rate_thousandths', 'is_compound'])
    .where('business_id', '=', params.businessId)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    rate: row.rate_thousandths / 1000,
    is_compound: Boolean(row.is_compound),
  }));
}
