import { sql } from 'kysely';
import { toDbTime } from '../../dialect';
import type { ProductRow } from '../../schema';
import {
  containsLower,
  searchText,
  startsWithLower,
  type ArchiveFilter,
  type PageParams,
  type SortDirection,
} from '../shared/list-helpers';
import type { Db } from '../shared/types';
import { setArchived } from '../shared/archive';

export interface ProductFields {
  name: string;
  description: string | null;
  type: string;
  unit: string;
  unit_price_cents: number;
  default_tax_rate_id: number | null;
  sku: string | null;
  is_active: boolean;
}

/** A product with its default tax rate's name, rate and compound flag (null when it has none). */
export type ProductWithTaxRate = ProductRow & {
  tax_rate_name: string | null;
  tax_rate_thousandths: number | null;
  tax_rate_is_compound: boolean | number | null;
};

function productSearchText(fields: ProductFields): string {
  return searchText([fields.name, fields.sku, fields.description]);
}

function withTaxRate(db: Db) {
  return db
    .selectFrom('products')
    .leftJoin('tax_rates', (join) =>
      join
        .onRef('tax_rates.id', '=', 'products.default_tax_rate_id')
        .onRef('tax_rates.business_id', '=', 'products.business_id'),
    )
    .selectAll('products')
    .select([
      'tax_rates.name as tax_rate_name',
      'tax_rates.rate_thousandths as tax_rate_thousandths',
      'tax_rates.is_compound as tax_rate_is_compound',
    ]);
}

function normalise(row: ProductWithTaxRate): ProductWithTaxRate {
  return { ...row, unit_price_cents: Number(row.unit_price_cents) };
}

export async function insertProduct(
  db: Db,
  params: { businessId: number; fields: ProductFields; now: Date; createdAt?: Date; archivedAt?: Date | null },
): Promise<{ id: number }> {
  const now = toDbTime(params.now);
  const created = params.createdAt ? toDbTime(params.createdAt) : now;
  return db
    .insertInto('products')
    .values({
      business_id: params.businessId,
      ...params.fields,
      sort_name: params.fields.name.toLowerCase(),
      search_text: productSearchText(params.fields),
      archived_at: params.archivedAt ? toDbTime(params.archivedAt) : null,
      created_at: created,
      updated_at: created > now ? created : now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function updateProduct(
  db: Db,
  params: { businessId: number; productId: number; fields: ProductFields; now: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({
      ...params.fields,
      sort_name: params.fields.name.toLowerCase(),
      search_text: productSearchText(params.fields),
      updated_at: toDbTime(params.now),
    })
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.productId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findProduct(
  db: Db,
  params: { businessId: number; productId: number },
): Promise<ProductWithTaxRate | undefined> {
  const row = await withTaxRate(db)
    .where('products.business_id', '=', params.businessId)
    .where('products.id', '=', params.productId)
    .executeTakeFirst();
  return row ? normalise(row) : undefined;
}

/** The id of the business's product with this SKU, if any. */
/** Which of `productIds` are the business's products (another business's ids read as unknown); any number of ids. */
export async function listBusinessProductIds(
  db: Db,
  params: { businessId: number; productIds: readonly number[] },
): Promise<Set<number>> {
  const known = new Set<number>();
  // In chunks: a statement takes a bounded number of parameters.
  for (let start = 0; start < params.productIds.length; start += 400) {
    const rows = await db
      .selectFrom('products')
      .select('id')
      .where('business_id', '=', params.businessId)
      .where('id', 'in', params.productIds.slice(start, start + 400))
      .execute();
    for (const row of rows) known.add(row.id);
  }
  return known;
}

export async function findProductIdBySku(
  db: Db,
  params: { businessId: number; sku: string },
): Promise<number | undefined> {
  const row = await db
    .selectFrom('products')
    .select('id')
    .where('business_id', '=', params.businessId)
    .where('sku', '=', params.sku)
    .executeTakeFirst();
  return row?.id;
}

export async function listProductSkus(db: Db, params: { businessId: number }): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('products')
    .select(['id', 'sku'])
    .where('business_id', '=', params.businessId)
    .where('sku', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [row.sku as string, row.id]));
}

export interface ProductListParams extends PageParams {
  businessId: number;
  search?: string | undefined;
  status: ArchiveFilter;
  type?: string | undefined;
  sort: 'name' | 'created_at' | 'unit_price' | 'sku';
  direction: SortDirection;
}

export async function listProducts(
  db: Db,
  params: ProductListParams,
): Promise<{ rows: ProductWithTaxRate[]; total: number }> {
  let base = withTaxRate(db).where('products.business_id', '=', params.businessId);
  if (params.status === 'active') base = base.where('products.archived_at', 'is', null);
  if (params.status === 'archived') base = base.where('products.archived_at', 'is not', null);
  if (params.type) base = base.where('products.type', '=', params.type);
  const search = params.search?.trim();
  if (search) base = base.where(({ ref }) => containsLower(ref('products.search_text'), search));
  const count = await base
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const direction = params.direction;
  let query = base;
  if (params.sort === 'created_at') query = query.orderBy('products.created_at', direction);
  if (params.sort === 'unit_price') query = query.orderBy('products.unit_price_cents', direction);
  // Products without a SKU sort after those with one, in both directions.
  if (params.sort === 'sku')
    query = query.orderBy(sql`case when products.sku is null then 1 else 0 end`).orderBy('products.sku', direction);
  query = query
    .orderBy('products.sort_name', params.sort === 'name' ? direction : 'asc')
    .orderBy('products.id', params.sort === 'name' ? direction : 'asc');
  const rows = await query.limit(params.limit).offset(params.offset).execute();
  return { rows: rows.map(normalise), total: Number(count.total) };
}

/** The product picker: active, non-archived products, name prefix matches first, then name/SKU/description contains. */
export async function searchProducts(
  db: Db,
  params: { businessId: number; q: string; limit: number },
): Promise<ProductWithTaxRate[]> {
  const base = withTaxRate(db)
    .where('products.business_id', '=', params.businessId)
    .where('products.archived_at', 'is', null)
    .where('products.is_active', '=', true);
  const q = params.q.trim();
  if (!q)
    return (await base.orderBy('products.sort_name').orderBy('products.id').limit(params.limit).execute()).map(
      normalise,
    );
  const prefix = await base
    .where(({ ref }) => startsWithLower(ref('products.sort_name'), q))
    .orderBy('products.sort_name')
    .orderBy('products.id')
    .limit(params.limit)
    .execute();
  if (prefix.length >= params.limit) return prefix.map(normalise);
  const seen = prefix.map((row) => row.id);
  let rest = base.where(({ ref }) => containsLower(ref('products.search_text'), q));
  if (seen.length > 0) rest = rest.where('products.id', 'not in', seen);
  const more = await rest
    .orderBy('products.sort_name')
    .orderBy('products.id')
    .limit(params.limit - prefix.length)
    .execute();
  return [...prefix, ...more].map(normalise);
}

export async function listAllProducts(db: Db, params: { businessId: number }): Promise<ProductWithTaxRate[]> {
  const rows = await withTaxRate(db)
    .where('products.business_id', '=', params.businessId)
    .orderBy('products.sort_name')
    .orderBy('products.id')
    .execute();
  return rows.map(normalise);
}

/** Archives (a date) or restores (null). False when no such product in the business. */
export function setProductArchived(
  db: Db,
  params: { businessId: number; productId: number; archivedAt: Date | null; now: Date },
): Promise<boolean> {
  return setArchived(db, 'products', { ...params, id: params.productId });
}

export async function deleteProduct(db: Db, params: { businessId: number; productId: number }): Promise<boolean> {
  const result = await db
    .deleteFrom('products')
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.productId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
