import {
  ESTIMATE_MESSAGES,
  canEstimateTransition,
  dueDateFromTerms,
  fromCents,
  isEstimateConvertible,
  utcCalendarDate,
  type Estimate,
  type InvoiceRequest,
} from '@ledgerleaf/domain';
import { claimWriteLock, findClient, lockEstimate, updateEstimateState } from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../../lib/context';
import { notFound } from '../../../lib/errors';
import { publish } from '../../../lib/events';
import { contentCalculation, contentRequestLines, parseStoredContent } from '../documents/document-content';
import { insertBuiltInvoice } from '../invoices/invoice-content';
import { effective, refuse, requireDocument } from './estimate-document';

/**
 * Turns the estimate into a draft invoice with the same lines (from its tax snapshot: the figures
 * do not move), dated today with the client's payment terms, and links both ways. Once: a second
 * call answers 409, and `estimates.invoice_id` is unique.
 */
export async function convertEstimate(
  deps: Deps,
  params: { auth: AuthContext; estimateId: number },
): Promise<{ estimate: Estimate; invoice_id: number; invoice_number: string | null }> {
  const { businessId, userId } = params.auth;
  return deps.db.transaction().execute(async (tx) => {
    await claimWriteLock(tx);
    const now = deps.clock();
    const row = await lockEstimate(tx, { businessId, estimateId: params.estimateId });
    if (!row) throw notFound(ESTIMATE_MESSAGES.notFound);
    const from = effective(row, now);
    if (row.invoice_id !== null || from === 'converted') refuse(ESTIMATE_MESSAGES.alreadyConverted, from);
    if (!isEstimateConvertible(from)) refuse(ESTIMATE_MESSAGES.notConvertible, from);
    const client = await findClient(tx, { businessId, clientId: row.client_id });
    const content = parseStoredContent(row.content);
    const pricesIncludeTax = Boolean(row.prices_include_tax);
    const calculation = contentCalculation(content, pricesIncludeTax);
    const issueDate = utcCalendarDate(now);
    const request: InvoiceRequest = {
      client_id: row.client_id,
      issue_date: issueDate,
      due_date: dueDateFromTerms(issueDate, client?.payment_terms_days ?? 30),
      lines: contentRequestLines(content),
      discount_type: content.discount_type,
      discount_value: content.discount_value,
      notes: row.notes,
      terms: row.terms,
      goal_id: null,
      currency: 'USD',
    };
    const { invoiceId, content: built } = await insertBuiltInvoice(tx, {
      businessId,
      request,
      calculation,
      pricesIncludeTax,
      origin: { estimateId: row.id },
      now,
    });
    await publish(tx, {
      type: 'invoice.created',
      businessId,
      userId,
      subject: { type: 'invoice', id: invoiceId },
      data: {
        total: fromCents(built.fields.total_cents),
        lines: built.lines.length,
        estimate_id: row.id,
        estimate_number: row.estimate_number,
      },
      at: now,
    });
    if (!canEstimateTransition(from, 'converted'))
      refuse(ESTIMATE_MESSAGES.transitionNotAllowed(from, 'converted'), from);
    await updateEstimateState(tx, {
      businessId,
      estimateId: row.id,
      set: { status: 'converted', converted_at: now.toISOString(), invoice_id: invoiceId },
      now,
    });
    await publish(tx, {
      type: 'estimate.converted',
      businessId,
      userId,
      subject: { type: 'estimate', id: row.id },
      data: { estimate_number: row.estimate_number, invoice_id: invoiceId },
      at: now,
    });
    const document = await requireDocument(deps, tx, businessId, row.id);
    return { estimate: document.estimate, invoice_id: invoiceId, invoice_number: document.estimate.invoice_number };
  });
}
