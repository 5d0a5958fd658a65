import {
  CATALOG_MESSAGES,
  percentToThousandths,
  thousandthsToPercent,
  type TaxRate,
  type TaxRateListQuery,
  type TaxRateRef,
  type TaxRateRequest,
} from '@ledgerleaf/domain';
import {
  activeTaxRateNameExists,
  clearDefaultTaxRate,
  deleteTaxRate as deleteTaxRateRow,
  findTaxRate,
  insertTaxRate,
  listTaxRates as listTaxRateRows,
  setTaxRateArchived,
  updateTaxRate as updateTaxRateRow,
  type Db,
  type TaxRateFields,
  type TaxRateWithUsage,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../../lib/context';
import { AppError, notFound, validationError } from '../../../lib/errors';
import { publish } from '../../../lib/events';
import { deleteCatalogRecord, setCatalogRecordArchived, type CatalogRecordKind } from '../../../lib/catalog-record';
import { taxRateUsage } from './tax-rate-usage';

export function taxRateView(row: TaxRateWithUsage): TaxRate {
  return {
    id: row.id,
    name: row.name,
    rate: thousandthsToPercent(row.rate_thousandths),
    is_compound: Boolean(row.is_compound),
    is_default: Boolean(row.is_default),
    status: row.archived_at ? 'archived' : 'active',
    archived_at: row.archived_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    products_count: row.products_count,
  };
}

export function taxRateRef(row: {
  id: number;
  name: string;
  rate_thousandths: number;
  is_compound: boolean | number;
}): TaxRateRef {
  return {
    id: row.id,
    name: row.name,
    rate: thousandthsToPercent(row.rate_thousandths),
    is_compound: Boolean(row.is_compound),
  };
}

function fields(input: TaxRateRequest): TaxRateFields {
  return {
    name: input.name,
    rate_thousandths: percentToThousandths(input.rate),
    is_compound: input.is_compound,
    is_default: input.is_default,
  };
}

async function load(db: Db, businessId: number, taxRateId: number): Promise<TaxRate> {
  const row = await findTaxRate(db, { businessId, taxRateId });
  if (!row) throw notFound(CATALOG_MESSAGES.taxRateNotFound);
  return taxRateView(row);
}

export async function listTaxRates(
  deps: Deps,
  params: { auth: AuthContext; query: TaxRateListQuery },
): Promise<{ data: TaxRate[] }> {
  const rows = await listTaxRateRows(deps.db, { businessId: params.auth.businessId, status: params.query.status });
  return { data: rows.map(taxRateView) };
}

export async function getTaxRate(deps: Deps, params: { auth: AuthContext; taxRateId: number }): Promise<TaxRate> {
  return load(deps.db, params.auth.businessId, params.taxRateId);
}

export async function createTaxRate(
  deps: Deps,
  params: { auth: AuthContext; input: TaxRateRequest },
): Promise<TaxRate> {
  const { businessId, userId } = params.auth;
  return deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    if (await activeTaxRateNameExists(tx, { businessId, name: params.input.name }))
      throw validationError({ name: [CATALOG_MESSAGES.taxRateNameTaken] });
    if (params.input.is_default) await clearDefaultTaxRate(tx, { businessId, now });
    const { id } = await insertTaxRate(tx, { businessId, fields: fields(params.input), now });
    await publish(tx, {
      type: 'tax_rate.created',
      businessId,
      userId,
      subject: { type: 'tax_rate', id },
      data: { name: params.input.name, rate: params.input.rate },
      at: now,
    });
    return load(tx, businessId, id);
  });
}

export async function updateTaxRate(
  deps: Deps,
  params: { auth: AuthContext; taxRateId: number; input: TaxRateRequest },
): Promise<TaxRate> {
  const { businessId, userId } = params.auth;
  return deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    const before = await findTaxRate(tx, { businessId, taxRateId: params.taxRateId });
    if (!before) throw notFound(CATALOG_MESSAGES.taxRateNotFound);
    if (await activeTaxRateNameExists(tx, { businessId, name: params.input.name, exceptId: params.taxRateId }))
      throw validationError({ name: [CATALOG_MESSAGES.taxRateNameTaken] });
    if (params.input.is_default) await clearDefaultTaxRate(tx, { businessId, exceptId: params.taxRateId, now });
    await updateTaxRateRow(tx, { businessId, taxRateId: params.taxRateId, fields: fields(params.input), now });
    await publish(tx, {
      type: 'tax_rate.updated',
      businessId,
      userId,
      subject: { type: 'tax_rate', id: params.taxRateId },
      data: { name: params.input.name, rate: params.input.rate },
      at: now,
    });
    return load(tx, businessId, params.taxRateId);
  });
}

/** Tax rates as catalog records: archived, restored and deleted the way clients and products are. */
const TAX_RATE_RECORD: CatalogRecordKind<TaxRate> = {
  subject: 'tax_rate',
  notFoundMessage: CATALOG_MESSAGES.taxRateNotFound,
  find: (tx, businessId, taxRateId) => findTaxRate(tx, { businessId, taxRateId }),
  setArchived: (tx, { businessId, id, archivedAt, now }) =>
    setTaxRateArchived(tx, { businessId, taxRateId: id, archivedAt, now }),
  load,
  deleteRow: (tx, businessId, taxRateId) => deleteTaxRateRow(tx, { businessId, taxRateId }),
  async assertDeletable(tx, businessId, taxRateId) {
    if ((await taxRateUsage(tx, { businessId, taxRateId })) > 0) throw new AppError(409, CATALOG_MESSAGES.taxRateInUse);
  },
  // Active tax rate names are unique: an archived rate whose name an active one took stays archived.
  async assertRestorable(tx, businessId, record) {
    if (await activeTaxRateNameExists(tx, { businessId, name: record.name }))
      throw validationError({ name: [CATALOG_MESSAGES.taxRateNameTaken] });
  },
};

export function setArchived(
  deps: Deps,
  params: { auth: AuthContext; taxRateId: number; archived: boolean },
): Promise<TaxRate> {
  return setCatalogRecordArchived(deps, TAX_RATE_RECORD, {
    auth: params.auth,
    id: params.taxRateId,
    archived: params.archived,
  });
}

export function deleteTaxRate(deps: Deps, params: { auth: AuthContext; taxRateId: number }): Promise<void> {
  return deleteCatalogRecord(deps, TAX_RATE_RECORD, { auth: params.auth, id: params.taxRateId });
}
