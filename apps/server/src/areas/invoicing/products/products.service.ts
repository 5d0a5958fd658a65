import {
  CATALOG_MESSAGES,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_EXPORT_ONLY,
  PRODUCT_CSV_REQUIRED,
  fromCents,
  pageMeta,
  productCsvRowToRequest,
  productRequestSchema,
  toCents,
  toFieldErrors,
  addFieldErrors,
  type FieldErrors,
  type ImportResult,
  type PickerQuery,
  type Product,
  type ProductImportPreview,
  type ProductListQuery,
  type ProductPage,
  type ProductPickerItem,
  type ProductRequest,
} from '@ledgerleaf/domain';
import {
  deleteProduct as deleteProductRow,
  findProduct,
  findProductIdBySku,
  findTaxRate,
  insertProduct,
  isUniqueViolation,
  listAllProducts,
  listProductSkus,
  listProducts as listProductRows,
  listTaxRates,
  searchProducts as searchProductRows,
  setProductArchived,
  updateProduct as updateProductRow,
  type Db,
  type ProductFields,
  type ProductWithTaxRate,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../../lib/context';
import { parseCsv, toCsv } from '../../../lib/csv';
import { AppError, notFound, validationError } from '../../../lib/errors';
import {
  catalogImportPreview,
  deleteCatalogRecord,
  importCatalogRecords,
  saveCatalogRecord,
  setCatalogRecordArchived,
  type CatalogRecordKind,
} from '../../../lib/catalog-record';
import { taxRateRef } from '../tax-rates/tax-rates.service';
import { productDeletionBlocker } from './product-usage';

function taxRateOf(row: ProductWithTaxRate) {
  if (row.default_tax_rate_id === null || row.tax_rate_name === null || row.tax_rate_thousandths === null) return null;
  return taxRateRef({
    id: row.default_tax_rate_id,
    name: row.tax_rate_name,
    rate_thousandths: row.tax_rate_thousandths,
    is_compound: row.tax_rate_is_compound ?? false,
  });
}

export function productView(row: ProductWithTaxRate): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type === 'product' ? 'product' : 'service',
    unit: row.unit,
    unit_price: fromCents(row.unit_price_cents),
    default_tax_rate_id: row.default_tax_rate_id,
    default_tax_rate: taxRateOf(row),
    sku: row.sku,
    is_active: Boolean(row.is_active),
    status: row.archived_at ? 'archived' : 'active',
    archived_at: row.archived_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function pickerView(row: ProductWithTaxRate): ProductPickerItem {
  const view = productView(row);
  return {
    id: view.id,
    name: view.name,
    description: view.description,
    type: view.type,
    unit: view.unit,
    unit_price: view.unit_price,
    sku: view.sku,
    default_tax_rate: view.default_tax_rate,
  };
}

function fields(input: ProductRequest): ProductFields {
  return {
    name: input.name,
    description: input.description,
    type: input.type,
    unit: input.unit,
    unit_price_cents: toCents(input.unit_price),
    default_tax_rate_id: input.default_tax_rate_id,
    sku: input.sku,
    is_active: input.is_active,
  };
}

async function load(db: Db, businessId: number, productId: number): Promise<Product> {
  const row = await findProduct(db, { businessId, productId });
  if (!row) throw notFound(CATALOG_MESSAGES.productNotFound);
  return productView(row);
}

/** The tax rate must be one of the business's; an archived one only if the product already had it. */
async function checkReferences(
  db: Db,
  businessId: number,
  input: ProductRequest,
  current?: { id: number; default_tax_rate_id: number | null },
): Promise<void> {
  const errors: FieldErrors = {};
  if (input.default_tax_rate_id !== null) {
    const rate = await findTaxRate(db, { businessId, taxRateId: input.default_tax_rate_id });
    if (!rate || (rate.archived_at && current?.default_tax_rate_id !== rate.id))
      errors.default_tax_rate_id = [CATALOG_MESSAGES.taxRateUnknown];
  }
  if (input.sku !== null) {
    const owner = await findProductIdBySku(db, { businessId, sku: input.sku });
    if (owner !== undefined && owner !== current?.id) errors.sku = [CATALOG_MESSAGES.skuTaken];
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

function skuRace(error: unknown): never {
  // Two requests with the same new SKU at once: the unique index decides, the loser gets the field error.
  if (isUniqueViolation(error)) throw validationError({ sku: [CATALOG_MESSAGES.skuTaken] });
  throw error;
}

export async function listProducts(
  deps: Deps,
  params: { auth: AuthContext; query: ProductListQuery },
): Promise<ProductPage> {
  const { query } = params;
  const { rows, total } = await listProductRows(deps.db, {
    businessId: params.auth.businessId,
    search: query.search,
    status: query.status,
    type: query.type,
    sort: query.sort,
    direction: query.direction,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { data: rows.map(productView), meta: pageMeta(query.page, query.per_page, total) };
}

export async function searchProducts(
  deps: Deps,
  params: { auth: AuthContext; query: PickerQuery },
): Promise<{ data: ProductPickerItem[] }> {
  const rows = await searchProductRows(deps.db, {
    businessId: params.auth.businessId,
    q: params.query.q,
    limit: params.query.limit,
  });
  return { data: rows.map(pickerView) };
}

export async function getProduct(deps: Deps, params: { auth: AuthContext; productId: number }): Promise<Product> {
  return load(deps.db, params.auth.businessId, params.productId);
}

export async function createProduct(
  deps: Deps,
  params: { auth: AuthContext; input: ProductRequest },
): Promise<Product> {
  return saveCatalogRecord(deps, PRODUCT_RECORD, {
    auth: params.auth,
    change: 'created',
    name: params.input.name,
    async write(tx, { businessId, now }) {
      await checkReferences(tx, businessId, params.input);
      return (await insertProduct(tx, { businessId, fields: fields(params.input), now })).id;
    },
    onError: skuRace,
  });
}

export async function updateProduct(
  deps: Deps,
  params: { auth: AuthContext; productId: number; input: ProductRequest },
): Promise<Product> {
  return saveCatalogRecord(deps, PRODUCT_RECORD, {
    auth: params.auth,
    change: 'updated',
    name: params.input.name,
    async write(tx, { businessId, now }) {
      const before = await findProduct(tx, { businessId, productId: params.productId });
      if (!before) throw notFound(CATALOG_MESSAGES.productNotFound);
      await checkReferences(tx, businessId, params.input, before);
      await updateProductRow(tx, { businessId, productId: params.productId, fields: fields(params.input), now });
      return params.productId;
    },
    onError: skuRace,
  });
}

/** Products as catalog records: archived, restored and deleted the way clients and tax rates are. */
const PRODUCT_RECORD: CatalogRecordKind<Product, 'product'> = {
  subject: 'product',
  notFoundMessage: CATALOG_MESSAGES.productNotFound,
  find: (tx, businessId, productId) => findProduct(tx, { businessId, productId }),
  setArchived: (tx, { businessId, id, archivedAt, now }) =>
    setProductArchived(tx, { businessId, productId: id, archivedAt, now }),
  load,
  deleteRow: (tx, businessId, productId) => deleteProductRow(tx, { businessId, productId }),
  async assertDeletable(tx, businessId, productId) {
    if ((await productDeletionBlocker(tx, { businessId, productId })) !== null)
      throw new AppError(409, CATALOG_MESSAGES.productInUse);
  },
};

export function setArchived(
  deps: Deps,
  params: { auth: AuthContext; productId: number; archived: boolean },
): Promise<Product> {
  return setCatalogRecordArchived(deps, PRODUCT_RECORD, {
    auth: params.auth,
    id: params.productId,
    archived: params.archived,
  });
}

export function deleteProduct(deps: Deps, params: { auth: AuthContext; productId: number }): Promise<void> {
  return deleteCatalogRecord(deps, PRODUCT_RECORD, { auth: params.auth, id: params.productId });
}

export async function exportProductsCsv(deps: Deps, params: { auth: AuthContext }): Promise<string> {
  const rows = await listAllProducts(deps.db, { businessId: params.auth.businessId });
  return toCsv(
    PRODUCT_CSV_COLUMNS,
    rows.map((row) => ({
      id: row.id,
      name: row.name,
      sku: row.sku,
      type: row.type,
      unit: row.unit,
      unit_price: fromCents(row.unit_price_cents).toFixed(2),
      tax_rate: row.tax_rate_name,
      description: row.description,
      is_active: Boolean(row.is_active),
      status: row.archived_at ? 'archived' : 'active',
      created_at: row.created_at,
    })),
  );
}

/** Reads and validates every row (tax rate names, SKUs unique in the file and the business); writes nothing. */
export async function previewProductImport(
  deps: Deps,
  params: { auth: AuthContext; csv: string },
): Promise<ProductImportPreview> {
  const businessId = params.auth.businessId;
  const parsed = parseCsv(params.csv, { known: PRODUCT_CSV_COLUMNS, required: PRODUCT_CSV_REQUIRED });
  const rates = await listTaxRates(deps.db, { businessId, status: 'active' });
  const rateIds = new Map(rates.map((rate) => [rate.name.trim().toLowerCase(), rate.id]));
  const existingSkus = await listProductSkus(deps.db, { businessId });
  const fileSkus = new Map<string, number>();
  const rows = parsed.rows.map(({ row, values }) => {
    for (const column of PRODUCT_CSV_EXPORT_ONLY) delete values[column];
    const mapped = productCsvRowToRequest(values, (name) => rateIds.get(name.trim().toLowerCase()));
    const errors: FieldErrors = { ...mapped.errors };
    const result = productRequestSchema.safeParse(mapped.input);
    if (!result.success) {
      for (const [key, messages] of Object.entries(toFieldErrors(result.error))) {
        const column = key === 'default_tax_rate_id' ? 'tax_rate' : key;
        addFieldErrors(errors, column, ...messages);
      }
    }
    if (result.success && result.data.sku !== null) {
      const sku = result.data.sku;
      if (existingSkus.has(sku) || fileSkus.has(sku)) (errors.sku ??= []).push(CATALOG_MESSAGES.skuTaken);
      else fileSkus.set(sku, row);
    }
    const valid = result.success && Object.keys(errors).length === 0;
    return { row, values, data: valid ? result.data : null, errors };
  });
  return catalogImportPreview(parsed, rows);
}

export async function importProducts(deps: Deps, params: { auth: AuthContext; csv: string }): Promise<ImportResult> {
  const preview = await previewProductImport(deps, params);
  return importCatalogRecords(deps, 'product', {
    auth: params.auth,
    preview,
    insertAll: async (tx, { businessId, now }) => {
      const created: number[] = [];
      for (const row of preview.rows)
        created.push((await insertProduct(tx, { businessId, fields: fields(row.data as ProductRequest), now })).id);
      return created;
    },
    onError: skuRace,
  });
}
