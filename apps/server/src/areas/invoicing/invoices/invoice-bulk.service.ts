import type { Readable } from 'node:stream';
import {
  INVOICE_BULK_MESSAGES,
  INVOICE_CSV_COLUMNS,
  INVOICE_STATUS_LABELS,
  fromCents,
  owedNowCents,
  type InvoiceBulkAction,
  type InvoiceBulkResponse,
  type InvoiceListQuery,
  type OutboxEmailItem,
} from '@ledgerleaf/domain';
import { findInvoice, listDocumentOutboxEmails, listInvoicePage } from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../../lib/context';
import { toCsvStream } from '../../../lib/csv';
import { AppError, notFound } from '../../../lib/errors';
import { documentLogo, documentPdfFilename, pdfViewOf } from '../documents/document-pdf';
import type { InvoicePdfView } from '../../../lib/pdf/types';
import { OUTBOX_BUSINESS_CATEGORIES, outboxItemOf, sendInvoice } from '../delivery/invoice-delivery.service';
import { effectiveStatus, requireInvoiceDocument, todayOf } from './invoice-view';
import { invoiceSummaryCache } from './invoice-list-cache';
import { invoiceListFilter, sendInvoiceManually, voidInvoice } from './invoices.service';

/*
 * The invoice list's work on several invoices, its CSV export and one invoice's emails. Each bulk
 * action runs the single-invoice service for every invoice (one transaction each, their own checks
 * and events), so a refused invoice is skipped with its reason and never undoes the others.
 */

/** `GET /api/invoices/:id/emails`: the business's mail about this invoice, newest first. */
export async function invoiceEmails(
  deps: Deps,
  params: { auth: AuthContext; invoiceId: number },
): Promise<OutboxEmailItem[]> {
  const { businessId } = params.auth;
  const invoice = await findInvoice(deps.db, { businessId, invoiceId: params.invoiceId });
  if (!invoice) throw notFound(INVOICE_BULK_MESSAGES.notFound);
  const rows = await listDocumentOutboxEmails(deps.db, {
    businessId,
    document: { type: 'invoice', id: invoice.id },
    categories: OUTBOX_BUSINESS_CATEGORIES,
  });
  return rows.map((row) => outboxItemOf(row, deps.clock()));
}

/** Ids once each, in the order asked. */
function uniqueIds(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}

/** Why an invoice was skipped: the service's own answer (status, recipients...), else a general one. */
function reasonOf(deps: Deps, error: unknown, invoiceId: number): string {
  if (error instanceof AppError && (error.statusCode < 500 || error.details.expose)) {
    const first = error.details.errors ? Object.values(error.details.errors).flat()[0] : undefined;
    return first ?? error.message;
  }
  deps.logger.error({ err: error instanceof Error ? error.message : String(error), invoiceId }, 'bulk action failed');
  return INVOICE_BULK_MESSAGES.failed;
}

/** `POST /api/invoices/bulk`: send (email), issue (`mark_sent`, its deprecated alias) or void each invoice; what was done and what was skipped, and why. */
export async function bulkInvoices(
  deps: Deps,
  params: { auth: AuthContext; action: InvoiceBulkAction; ids: number[]; reason: string | null },
): Promise<InvoiceBulkResponse> {
  const { auth, action } = params;
  const done: InvoiceBulkResponse['data']['done'] = [];
  const skipped: InvoiceBulkResponse['data']['skipped'] = [];
  for (const id of uniqueIds(params.ids)) {
    const before = await findInvoice(deps.db, { businessId: auth.businessId, invoiceId: id });
    if (!before) {
      skipped.push({ id, invoice_number: null, reason: INVOICE_BULK_MESSAGES.notFound });
      continue;
    }
    try {
      const invoice =
        action === 'send'
          ? // Not waiting for the mail server per invoice: the Emails card of each tells what happened.
            (await sendInvoice(deps, { auth, invoiceId: id, input: {}, waitMs: 0 })).data
          : action === 'issue' || action === 'mark_sent'
            ? await sendInvoiceManually(deps, { auth, invoiceId: id })
            : await voidInvoice(deps, { auth, invoiceId: id, reason: params.reason });
      done.push({ id, invoice_number: invoice.invoice_number });
    } catch (error) {
      skipped.push({ id, invoice_number: before.invoice_number, reason: reasonOf(deps, error, id) });
    }
  }
  return {
    data: { action, done, skipped },
    message: INVOICE_BULK_MESSAGES.done(action, done.length, skipped.length),
  };
}

/** `POST /api/invoices/bulk/pdf`: the PDFs as one zip (names made unique); ids not in the business are left out. */
export async function bulkInvoicePdfs(
  deps: Deps,
  params: { auth: AuthContext; ids: number[] },
): Promise<{ filename: string; zip: Buffer }> {
  const files: Array<{ name: string; view: InvoicePdfView }> = [];
  const names = new Set<string>();
  for (const id of uniqueIds(params.ids)) {
    const found = await findInvoice(deps.db, { businessId: params.auth.businessId, invoiceId: id });
    if (!found) continue;
    const document = await requireInvoiceDocument(deps, deps.db, params.auth.businessId, id);
    const filename = documentPdfFilename(document);
    let name = filename;
    for (let copy = 2; names.has(name); copy += 1) name = filename.replace(/\.pdf$/, `-${copy}.pdf`);
    names.add(name);
    files.push({ name, view: pdfViewOf(document, await documentLogo(deps, document.business)) });
  }
  if (files.length === 0) throw notFound(INVOICE_BULK_MESSAGES.noPdf);
  // Drawn and zipped (stored: PDFs are compressed already) in one file worker task.
  const zip = await deps.files.run({ businessId: params.auth.businessId }, { kind: 'invoice-pdf-zip', files });
  return { filename: 'invoices.zip', zip };
}

const EXPORT_BATCH = 500;

/**
 * `GET /api/invoices/export.csv`: every invoice the list's filters match, in its sort, formula-safe
 * cells, streamed page by page (500 invoices at a time: memory stays flat whatever the count). Bad
 * filters throw before anything is sent.
 */
export async function exportInvoicesCsv(
  deps: Deps,
  params: { auth: AuthContext; query: InvoiceListQuery },
): Promise<Readable> {
  const { query } = params;
  const today = todayOf(deps);
  const filter = invoiceListFilter(params.auth, query, today);
  const { count } = await invoiceSummaryCache(deps).summarize(deps.db, filter);
  async function* pages() {
    for (let offset = 0; offset < count; offset += EXPORT_BATCH) {
      const page = await listInvoicePage(deps.db, {
        ...filter,
        sort: query.sort,
        direction: query.direction,
        limit: EXPORT_BATCH,
        offset,
      });
      yield page.map((row) => {
        const status = effectiveStatus(row, today);
        return {
          number: row.invoice_number ?? 'Draft',
          status: INVOICE_STATUS_LABELS[status],
          client: row.client_name,
          issue_date: row.issue_date,
          due_date: row.due_date,
          currency: row.currency,
          total: fromCents(Number(row.total_cents)).toFixed(2),
          amount_paid: fromCents(Number(row.paid_cents)).toFixed(2),
          balance_due: fromCents(owedNowCents(status, Number(row.balance_cents))).toFixed(2),
        };
      });
      if (page.length < EXPORT_BATCH) break;
    }
  }
  return toCsvStream(INVOICE_CSV_COLUMNS, pages());
}
