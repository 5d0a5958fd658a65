import {
  ESTIMATE_MESSAGES,
  deriveEstimateStatus,
  fromCents,
  isEstimateDeletable,
  isEstimateEditable,
  pageMeta,
  discountFromFields,
  type Estimate,
  type EstimateActivity,
  type EstimateListQuery,
  type EstimatePage,
  type EstimateRequest,
  type EstimateStatus,
} from '@ledgerleaf/domain';
import {
  claimWriteLock,
  deleteEstimate as deleteEstimateRow,
  findInvoicingSettings,
  insertEstimate,
  listEstimatePage,
  lockEstimate,
  replaceEstimateContent,
  updateEstimateState,
  type Db,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../../lib/context';
import { notFound } from '../../../lib/errors';
import { publish } from '../../../lib/events';
import { resolveStoredContent, storedDiscountColumns } from '../documents/document-content';
import { documentActivity } from '../documents/document-view';
import { newPublicToken } from '../invoices/invoice-content';
import { todayOf } from '../invoices/invoice-view';
import { effective, refuse, requireDocument } from './estimate-document';
import { markEstimateSent } from './estimate-sending';

/*
 * Estimates: the list, one estimate and its writes here; the loaded document in `estimate-document.ts`,
 * issuing, the PDF and sending in `estimate-sending.ts`, conversion into an invoice in
 * `estimate-conversion.ts`, the public page and the client's answer in `estimate-public.ts` (re-exported
 * below, so the routes read one module).
 */
export type { EstimateDocument } from './estimate-document';
export { estimatePdf, markEstimateSent, markSent, sendEstimate } from './estimate-sending';
export { convertEstimate } from './estimate-conversion';
export { publicEstimate, publicEstimatePdf, respondToEstimate } from './estimate-public';

// ---------------------------------------------------------------- list, read

export async function listEstimates(
  deps: Deps,
  params: { auth: AuthContext; query: EstimateListQuery },
): Promise<EstimatePage> {
  const { query } = params;
  const today = todayOf(deps);
  const { rows, total } = await listEstimatePage(deps.db, {
    businessId: params.auth.businessId,
    status: query.status,
    today,
    search: query.search,
    clientId: query.client_id,
    dateFrom: query.date_from,
    dateTo: query.date_to,
    sort: query.sort,
    direction: query.direction,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: rows.map((row) => ({
      id: row.id,
      estimate_number: row.estimate_number,
      status: deriveEstimateStatus(row.status as EstimateStatus, row.expiry_date, today),
      client: { id: row.client_id, name: row.client_name },
      issue_date: row.issue_date,
      expiry_date: row.expiry_date,
      total: fromCents(Number(row.total_cents)),
      invoice_id: row.invoice_id,
      created_at: row.created_at,
    })),
    meta: pageMeta(query.page, query.per_page, total),
  };
}

export async function getEstimate(
  deps: Deps,
  params: { auth: AuthContext; estimateId: number },
): Promise<Estimate & { activity: EstimateActivity[] }> {
  const document = await requireDocument(deps, deps.db, params.auth.businessId, params.estimateId);
  const activity = await documentActivity(deps.db, params.auth.businessId, { type: 'estimate', id: params.estimateId });
  return { ...document.estimate, activity };
}

// ---------------------------------------------------------------- write

async function contentFields(tx: Db, businessId: number, input: EstimateRequest, pricesIncludeTax: boolean) {
  const { content, calculation } = await resolveStoredContent(tx, businessId, input, pricesIncludeTax);
  return {
    client_id: input.client_id,
    issue_date: input.issue_date,
    expiry_date: input.expiry_date,
    ...storedDiscountColumns(discountFromFields(input)),
    notes: input.notes,
    terms: input.terms,
    currency: input.currency,
    prices_include_tax: pricesIncludeTax,
    content: JSON.stringify(content),
    subtotal_cents: calculation.subtotal_cents,
    tax_cents: calculation.tax_cents,
    total_cents: calculation.total_cents,
  };
}

export async function createEstimate(
  deps: Deps,
  params: { auth: AuthContext; input: EstimateRequest; send?: boolean },
): Promise<Estimate> {
  const { businessId, userId } = params.auth;
  return deps.db.transaction().execute(async (tx) => {
    await claimWriteLock(tx);
    const now = deps.clock();
    const settings = await findInvoicingSettings(tx, { businessId });
    const fields = await contentFields(tx, businessId, params.input, settings?.prices_include_tax ?? false);
    const { id } = await insertEstimate(tx, { businessId, fields, publicToken: newPublicToken(), now });
    await publish(tx, {
      type: 'estimate.created',
      businessId,
      userId,
      subject: { type: 'estimate', id },
      data: { total: fromCents(fields.total_cents), lines: params.input.lines.length },
      at: now,
    });
    if (params.send) await markEstimateSent(tx, { businessId, userId, estimateId: id, now });
    return (await requireDocument(deps, tx, businessId, id)).estimate;
  });
}

export async function updateEstimate(
  deps: Deps,
  params: { auth: AuthContext; estimateId: number; input: EstimateRequest },
): Promise<Estimate> {
  const { businessId, userId } = params.auth;
  return deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    const row = await lockEstimate(tx, { businessId, estimateId: params.estimateId });
    if (!row) throw notFound(ESTIMATE_MESSAGES.notFound);
    const from = effective(row, now);
    if (!isEstimateEditable(from)) refuse(ESTIMATE_MESSAGES.notEditable, from);
    const pricesIncludeTax =
      from === 'draft'
        ? ((await findInvoicingSettings(tx, { businessId }))?.prices_include_tax ?? false)
        : Boolean(row.prices_include_tax);
    const fields = await contentFields(tx, businessId, params.input, pricesIncludeTax);
    await replaceEstimateContent(tx, { businessId, estimateId: row.id, fields, now });
    await publish(tx, {
      type: 'estimate.updated',
      businessId,
      userId,
      subject: { type: 'estimate', id: row.id },
      data: { estimate_number: row.estimate_number, total: fromCents(fields.total_cents) },
      at: now,
    });
    return (await requireDocument(deps, tx, businessId, row.id)).estimate;
  });
}

export async function deleteEstimate(deps: Deps, params: { auth: AuthContext; estimateId: number }): Promise<void> {
  const { businessId, userId } = params.auth;
  await deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    const row = await lockEstimate(tx, { businessId, estimateId: params.estimateId });
    if (!row) throw notFound(ESTIMATE_MESSAGES.notFound);
    const status = effective(row, now);
    if (!isEstimateDeletable(status)) refuse(ESTIMATE_MESSAGES.notDeletable, status);
    await deleteEstimateRow(tx, { businessId, estimateId: row.id });
    await publish(tx, {
      type: 'estimate.deleted',
      businessId,
      userId,
      subject: { type: 'estimate', id: row.id },
      data: { total: fromCents(Number(row.total_cents)) },
      at: now,
    });
  });
}

// ---------------------------------------------------------------- scheduler

/** Stores `expired` on open estimates past their expiry date on `today`, the business's date (each once, in the activity log). */
export async function expireEstimate(
  tx: Db,
  params: { businessId: number; estimateId: number; now: Date; today: string },
): Promise<boolean> {
  const row = await lockEstimate(tx, { businessId: params.businessId, estimateId: params.estimateId });
  if (
    !row ||
    (row.status !== 'sent' && row.status !== 'viewed') ||
    deriveEstimateStatus(row.status as EstimateStatus, row.expiry_date, params.today) !== 'expired'
  )
    return false;
  await updateEstimateState(tx, {
    businessId: params.businessId,
    estimateId: row.id,
    set: { status: 'expired', expired_at: params.now.toISOString() },
    now: params.now,
  });
  await publish(tx, {
    type: 'estimate.expired',
    businessId: params.businessId,
    userId: null,
    subject: { type: 'estimate', id: row.id },
    data: { estimate_number: row.estimate_number, expiry_date: row.expiry_date },
    at: params.now,
  });
  return true;
}
