import {
  ESTIMATE_MESSAGES,
  deriveEstimateStatus,
  invoiceTotals,
  utcCalendarDate,
  type Estimate,
  type EstimateStatus,
} from '@ledgerleaf/domain';
import { findEstimate, findInvoice, type Db, type EstimateRow } from '@ledgerleaf/db';
import type { Deps } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { contentCalculation, contentLines, parseStoredContent } from '../documents/document-content';
import type { PrintableDocument } from '../documents/document-pdf';
import { loadDocumentParties, type DocumentBusiness, type DocumentClient } from '../documents/document-view';
import { todayOf } from '../invoices/invoice-view';

/* An estimate as the service answers it and prints it: loaded with its parties and figures; the refusal and effective status its changes share. */

export interface EstimateDocument {
  estimate: Estimate;
  business: DocumentBusiness;
  client: DocumentClient;
  public_token: string;
  business_id: number;
  /** The invoice-shaped view the PDF renderer prints. */
  invoiceLike: PrintableDocument['invoice'];
}

function publicUrlOf(row: Pick<EstimateRow, 'status' | 'public_token'>, appUrl: string): string | null {
  return row.status === 'draft' ? null : `${appUrl}/e/${row.public_token}`;
}

async function loadDocument(
  deps: Deps,
  db: Db,
  businessId: number,
  estimateId: number,
): Promise<EstimateDocument | undefined> {
  const row = await findEstimate(db, { businessId, estimateId });
  if (!row) return undefined;
  const [parties, invoice] = await Promise.all([
    loadDocumentParties(db, businessId, row.client_id),
    row.invoice_id === null ? undefined : findInvoice(db, { businessId, invoiceId: row.invoice_id }),
  ]);
  if (!parties) return undefined;
  const content = parseStoredContent(row.content);
  const calculation = contentCalculation(content, Boolean(row.prices_include_tax));
  const amounts = invoiceTotals(calculation);
  const lines = contentLines(content, calculation);
  const status = deriveEstimateStatus(row.status as EstimateStatus, row.expiry_date, todayOf(deps));
  const estimate: Estimate = {
    id: row.id,
    estimate_number: row.estimate_number,
    status,
    client: parties.summary,
    issue_date: row.issue_date,
    expiry_date: row.expiry_date,
    currency: 'USD',
    lines,
    discount_type: content.discount_type,
    discount_value: content.discount_value,
    totals: amounts.totals,
    notes: row.notes,
    terms: row.terms,
    public_url: publicUrlOf(row, deps.config.appUrl),
    sent_at: row.sent_at,
    viewed_at: row.viewed_at,
    accepted_at: row.accepted_at,
    accepted_by: row.accepted_by,
    declined_at: row.declined_at,
    decline_reason: row.decline_reason,
    converted_at: row.converted_at,
    invoice_id: row.invoice_id,
    invoice_number: invoice?.invoice_number ?? null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
  const invoiceLike: PrintableDocument['invoice'] = {
    id: row.id,
    invoice_number: row.estimate_number,
    status: status === 'draft' ? 'draft' : 'sent',
    issue_date: row.issue_date,
    due_date: row.expiry_date,
    lines,
    discount_type: content.discount_type,
    discount_value: content.discount_value,
    ...amounts,
    payments: [],
    notes: row.notes,
    terms: row.terms,
  };
  return {
    estimate,
    invoiceLike,
    public_token: row.public_token,
    business_id: businessId,
    business: parties.business,
    client: parties.client,
  };
}

export async function requireDocument(
  deps: Deps,
  db: Db,
  businessId: number,
  estimateId: number,
): Promise<EstimateDocument> {
  const document = await loadDocument(deps, db, businessId, estimateId);
  if (!document) throw notFound(ESTIMATE_MESSAGES.notFound);
  return document;
}

export function refuse(message: string, status: EstimateStatus): never {
  throw new AppError(409, message, { extra: { status } });
}

export function effective(row: Pick<EstimateRow, 'status' | 'expiry_date'>, now: Date): EstimateStatus {
  return deriveEstimateStatus(row.status as EstimateStatus, row.expiry_date, utcCalendarDate(now));
}
