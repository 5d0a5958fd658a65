import {
  INVOICE_MESSAGES,
  OUTBOX_CATEGORIES,
  OUTBOX_MESSAGES,
  pageMeta,
  type Invoice,
  type InvoiceSendResponse,
  type OutboxCategory,
  type OutboxEmailDetail,
  type OutboxEmailItem,
  type OutboxPage,
  type OutboxQuery,
  type PublicInvoice,
  greetingName,
  documentEmailMessage,
} from '@ledgerleaf/domain';
import { findBusinessOutboxEmail, listBusinessOutboxEmails, outboxAttachments, type OutboxEmail } from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { emailDocument, isOwnerPreview, recipientsOf } from '../documents/document-delivery';
import { renderDocumentPdf, type RenderedPdf } from '../documents/document-pdf';
import { publicDocumentParts } from '../documents/document-view';
import { emailTemplateFor } from '../../../lib/email-templates';
import {
  getInvoiceView,
  getInvoiceViewByToken,
  requireInvoiceDocument,
  viewOptions,
  type InvoiceDocument,
} from '../invoices/invoice-view';
import { markInvoiceSent, markInvoiceViewed } from '../invoices/invoices.service';
import { composeInvoiceEmail } from './invoice-email';

/*
 * Invoice delivery: the PDF, sending by email (and again), the business's outbox, and the public
 * page `/i/{token}` that the client opens from the email. What invoices and estimates share (PDF
 * layout, recipients, the send itself) is in document-core.
 */

export const DELIVERY_MESSAGES = {
  sent: (to: readonly string[]) => `Invoice sent to ${to.join(', ')}.`,
  voidNotSendable: 'A void invoice cannot be sent.',
} as const;

// ---------------------------------------------------------------- owner: PDF and send

/** `GET /api/invoices/:id/pdf`: the caller's invoice as PDF (404 for another business's id). */
export async function invoicePdf(deps: Deps, params: { auth: AuthContext; invoiceId: number }): Promise<RenderedPdf> {
  return renderDocumentPdf(
    deps,
    await requireInvoiceDocument(deps, deps.db, params.auth.businessId, params.invoiceId),
    {
      requester: { businessId: params.auth.businessId },
    },
  );
}

/**
 * `POST /api/invoices/:id/send`: issues a draft (number and status sent, through the invoices
 * module, in one transaction; the PDF is drawn once it committed) or records a "send again", then mails the PDF
 * and the public link after the commit (see document-delivery.ts).
 */
export async function sendInvoice(
  deps: Deps,
  params: {
    auth: AuthContext;
    invoiceId: number;
    input: { to?: string[] | undefined; subject?: string | null | undefined; message?: string | null | undefined };
    /** How long to wait for the mail server's answer (default `DELIVERY_WAIT_MS`; 0 for bulk sends). */
    waitMs?: number;
  },
): Promise<InvoiceSendResponse> {
  const { businessId, userId } = params.auth;
  const before = await requireInvoiceDocument(deps, deps.db, businessId, params.invoiceId);
  if (before.invoice.status === 'void')
    throw new AppError(409, DELIVERY_MESSAGES.voidNotSendable, { extra: { status: 'void' } });
  const to = recipientsOf(params.input.to, before);
  const { document, email } = await emailDocument(deps, {
    businessId,
    to,
    category: 'invoice',
    about: { type: 'invoice', id: params.invoiceId },
    ...(params.waitMs === undefined ? {} : { waitMs: params.waitMs }),
    issue: async (tx, keptInOutbox) => {
      await markInvoiceSent(tx, {
        businessId,
        userId,
        invoiceId: params.invoiceId,
        now: deps.clock(),
        via: 'email',
        data: keptInOutbox ? { to, kept_in_outbox: true } : { to },
      });
      return requireInvoiceDocument(deps, tx, businessId, params.invoiceId);
    },
    render: (issued) => renderDocumentPdf(deps, issued),
    compose: async (issued, rendered) => {
      const invoice = issued.invoice;
      return composeInvoiceEmail({
        businessName: issued.business.name,
        clientName: issued.client.name,
        recipientName: greetingName(issued.client, to),
        invoiceNumber: invoice.invoice_number ?? rendered.filename.replace(/\.pdf$/, ''),
        total: invoice.totals.total,
        balanceDue: invoice.balance_due,
        dueDate: invoice.due_date,
        dateFormat: issued.business.date_format,
        publicUrl: invoice.public_url ?? `${deps.config.appUrl}/i/${issued.public_token}`,
        message: params.input.message ?? null,
        subject: params.input.subject ?? null,
        template: await emailTemplateFor(deps.db, businessId, 'invoice'),
      });
    },
  });
  return { data: document.invoice, email, message: documentEmailMessage('Invoice', to, email) };
}

// ---------------------------------------------------------------- outbox

/**
 * A retry that should have happened more than this long ago did not (the process that held the
 * message stopped): the message is reported as failed, not as sending forever.
 */
export const ABANDONED_RETRY_MS = 15 * 60_000;

/** What happened to a message (`EmailDeliveryState`). */
export function outboxStatus(row: OutboxEmail, now: Date = new Date()): OutboxEmailItem['status'] {
  if (row.transport !== 'smtp') return 'outbox';
  if (row.sent_at) return 'delivered';
  if (!row.error) return 'sending';
  if (row.retry_at === null) return 'failed';
  return Date.parse(row.retry_at) + ABANDONED_RETRY_MS < now.getTime() ? 'failed' : 'sending';
}

/**
 * What a business's outbox lists: its mail to clients. Account mail (password-reset links,
 * invitations) carries the business id too but is `system` and never listed: its links are for one
 * person's eyes only.
 */
export const OUTBOX_BUSINESS_CATEGORIES = OUTBOX_CATEGORIES;

export function outboxItemOf(row: OutboxEmail, now: Date = new Date()): OutboxEmailItem {
  return {
    id: row.id,
    to: row.to_address
      .split(',')
      .map((address) => address.trim())
      .filter((address) => address !== ''),
    subject: row.subject,
    text: row.text_body,
    category: row.category as OutboxCategory,
    transport: row.transport,
    status: outboxStatus(row, now),
    error: row.error,
    attempts: Number(row.attempts ?? 0),
    attachments: outboxAttachments(row),
    created_at: row.created_at,
    sent_at: row.sent_at,
  };
}

/** `GET /api/outbox`: the business's mail to its clients, newest first. */
export async function listOutbox(deps: Deps, params: { auth: AuthContext; query: OutboxQuery }): Promise<OutboxPage> {
  const { page, per_page: perPage } = params.query;
  const { rows, total } = await listBusinessOutboxEmails(deps.db, {
    businessId: params.auth.businessId,
    categories: OUTBOX_BUSINESS_CATEGORIES,
    limit: perPage,
    offset: (page - 1) * perPage,
  });
  return { data: rows.map((row) => outboxItemOf(row, deps.clock())), meta: pageMeta(page, perPage, total) };
}

/** `GET /api/outbox/:id`: one listed message with its HTML body; 404 for another business's mail and for account mail. */
export async function getOutboxEmail(
  deps: Deps,
  params: { auth: AuthContext; id: number },
): Promise<OutboxEmailDetail> {
  const row = await findBusinessOutboxEmail(deps.db, {
    businessId: params.auth.businessId,
    id: params.id,
    categories: OUTBOX_BUSINESS_CATEGORIES,
  });
  if (!row) throw notFound(OUTBOX_MESSAGES.notFound);
  return { ...outboxItemOf(row, deps.clock()), html: row.html_body };
}

// ---------------------------------------------------------------- public page

/**
 * The invoice behind a public token (never a draft). The first view by anyone but the owner records
 * `invoice.viewed` and moves sent to viewed (the invoices module guards the transition); later views
 * change nothing.
 */
async function openPublicDocument(
  deps: Deps,
  params: { token: string; viewer: AuthContext | null },
): Promise<InvoiceDocument> {
  const found = await getInvoiceViewByToken(deps.db, params.token, viewOptions(deps));
  if (!found) throw notFound(INVOICE_MESSAGES.notFound);
  if (found.invoice.viewed_at !== null || found.invoice.status === 'void') return found;
  if (isOwnerPreview(params.viewer, found.business_id)) return found;
  const changed = await deps.db
    .transaction()
    .execute((tx) =>
      markInvoiceViewed(tx, { businessId: found.business_id, invoiceId: found.invoice.id, now: deps.clock() }),
    );
  if (!changed) return found;
  return (await getInvoiceView(deps.db, found.business_id, found.invoice.id, viewOptions(deps))) ?? found;
}

export function publicInvoiceOf(document: InvoiceDocument, token: string): PublicInvoice {
  const invoice: Invoice = document.invoice;
  return {
    invoice_number: invoice.invoice_number ?? '',
    status: invoice.status,
    issue_date: invoice.issue_date,
    due_date: invoice.due_date,
    currency: invoice.currency,
    ...publicDocumentParts({ ...invoice, business: document.business, client: document.client }),
    amount_paid: invoice.amount_paid,
    balance_due: invoice.balance_due,
    credit: invoice.credit,
    payments: invoice.payments.map((payment) => ({
      payment_date: payment.payment_date,
      method: payment.method,
      amount: payment.amount,
    })),
    pdf_url: `/api/public/invoices/${token}/pdf`,
  };
}

/** `GET /api/public/invoices/:token` */
export async function publicInvoice(
  deps: Deps,
  params: { token: string; viewer: AuthContext | null },
): Promise<PublicInvoice> {
  return publicInvoiceOf(await openPublicDocument(deps, params), params.token);
}

/** `GET /api/public/invoices/:token/pdf` */
export async function publicInvoicePdf(
  deps: Deps,
  params: { token: string; viewer: AuthContext | null },
): Promise<RenderedPdf> {
  const document = await openPublicDocument(deps, params);
  return renderDocumentPdf(deps, document, { requester: { businessId: document.business.id } });
}
