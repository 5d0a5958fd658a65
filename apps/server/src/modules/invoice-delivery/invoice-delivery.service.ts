import { readFile, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import {
  defaultRecipientEmails,
  INVOICE_MESSAGES,
  OUTBOX_CATEGORIES,
  OUTBOX_MESSAGES,
  pageMeta,
  toDateFormat,
  type Invoice,
  type InvoiceSendResponse,
  type OutboxCategory,
  type OutboxEmailDetail,
  type OutboxEmailItem,
  type OutboxPage,
  type OutboxQuery,
  type PublicInvoice,
} from '@ledgerleaf/domain';
import { findBusinessOutboxEmail, listBusinessOutboxEmails, outboxAttachments, type OutboxEmail } from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../lib/context';
import { AppError, notFound, validationError } from '../../lib/errors';
import { invoicePdfFilename, renderInvoicePdf } from '../../lib/pdf/render-invoice';
import type { InvoicePdfView } from '../../lib/pdf/types';
import {
  getInvoiceView,
  getInvoiceViewByToken,
  markInvoiceSent,
  markInvoiceViewed,
  todayOf,
  type InvoiceDocument,
} from '../invoices/invoices.service';
import { composeInvoiceEmail } from './invoice-email';
import { emailTemplateFor } from '../email-templates/email-templates.service';

export const DELIVERY_MESSAGES = {
  sent: (to: readonly string[]) => `Invoice sent to ${to.join(', ')}.`,
  voidNotSendable: 'A void invoice cannot be sent.',
} as const;

// ---------------------------------------------------------------- document -> PDF view

/** Billing address line by line: street lines, `City, ST 10013`, country. */
export function addressLines(address: InvoiceDocument['client']['billing_address']): string[] {
  const cityLine = [address.city, [address.state, address.postal_code].filter(Boolean).join(' ')]
    .filter((part) => part && part.trim() !== '')
    .join(', ');
  return [address.line1, address.line2, cityLine, address.country]
    .map((line) => line?.trim() ?? '')
    .filter((line) => line !== '');
}

const MAX_LOGO_BYTES = 2 * 1024 * 1024;

function isPngOrJpeg(bytes: Buffer): boolean {
  const png = bytes.length > 8 && bytes[0] === 0x89 && bytes.subarray(1, 4).toString('latin1') === 'PNG';
  const jpeg = bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  return png || jpeg;
}

/**
 * The business logo's bytes for the PDF: a PNG/JPEG `data:` URL, or an upload served under
 * `/storage/` (relative, or absolute on APP_URL), read from the uploads folder and only from inside
 * it. Anything else (another site's URL: the server fetches nothing) prints no logo.
 */
export async function logoBytes(
  companyLogo: string | null,
  options: { uploadsDir: string; appUrl: string },
): Promise<Buffer | null> {
  const value = companyLogo?.trim();
  if (!value) return null;
  const data = /^data:image\/(?:png|jpe?g);base64,([A-Za-z0-9+/=\s]+)$/i.exec(value);
  if (data?.[1]) {
    const bytes = Buffer.from(data[1], 'base64');
    return bytes.length <= MAX_LOGO_BYTES && isPngOrJpeg(bytes) ? bytes : null;
  }
  let pathname = value;
  if (/^https?:\/\//i.test(value)) {
    try {
      const url = new URL(value);
      if (url.origin !== new URL(options.appUrl).origin) return null;
      pathname = url.pathname;
    } catch {
      return null;
    }
  }
  // A path relative to the uploads (`logos/12/x.png`, as uploads store it) is served under /storage/ too (SPEC.md section 3).
  if (!/^https?:\/\//i.test(value) && !/^\/?storage\//.test(pathname))
    pathname = `storage/${pathname.replace(/^\/+/, '')}`;
  const upload = /^\/?storage\/(.+)$/.exec(pathname.split(/[?#]/)[0] ?? '');
  if (!upload?.[1]) return null;
  let relative: string;
  try {
    relative = decodeURIComponent(upload[1]);
  } catch {
    return null;
  }
  const root = resolve(options.uploadsDir);
  const file = resolve(root, relative);
  if (!file.startsWith(root + sep)) return null;
  try {
    const info = await stat(file);
    if (!info.isFile() || info.size > MAX_LOGO_BYTES) return null;
    const bytes = await readFile(file);
    return isPngOrJpeg(bytes) ? bytes : null;
  } catch {
    return null;
  }
}

/** Contacts in order, the primary one first. */
function orderedContacts(document: InvoiceDocument): InvoiceDocument['client']['contacts'] {
  return [...document.client.contacts].sort((a, b) => Number(b.is_primary) - Number(a.is_primary));
}

export function pdfViewOf(document: InvoiceDocument, logo: Buffer | null = null): InvoicePdfView {
  const { invoice, business, client } = document;
  return {
    ...invoice,
    business: {
      name: business.name,
      email: business.email,
      phone: business.phone,
      address_lines: (business.address ?? '').split(/\r?\n/),
      tax_id: business.tax_id ?? null,
      logo,
      date_format: business.date_format,
    },
    client: {
      name: client.name,
      email: client.email,
      phone: client.phone,
      address_lines: addressLines(client.billing_address),
      contacts: orderedContacts(document).map((contact) => ({
        name: contact.name,
        email: contact.email,
        phone: contact.phone,
      })),
    },
  };
}

export interface RenderedPdf {
  filename: string;
  pdf: Buffer;
}

/** The invoice's PDF, named as a download gets it (`INV-2026-0001.pdf`). */
export async function renderDocument(deps: Deps, document: InvoiceDocument): Promise<RenderedPdf> {
  const logo = await logoBytes(document.business.company_logo, {
    uploadsDir: deps.config.uploadsDir,
    appUrl: deps.config.appUrl,
  });
  return { filename: invoicePdfFilename(document.invoice), pdf: await renderInvoicePdf(pdfViewOf(document, logo)) };
}

function viewOptions(deps: Deps) {
  return { appUrl: deps.config.appUrl, today: todayOf(deps) };
}

/** The business's invoice with its client, contacts and business; 404 when it is not the business's. */
export async function requireDocument(
  deps: Deps,
  db: Deps['db'],
  businessId: number,
  invoiceId: number,
): Promise<InvoiceDocument> {
  const document = await getInvoiceView(db, businessId, invoiceId, viewOptions(deps));
  if (!document) throw notFound(INVOICE_MESSAGES.notFound);
  return document;
}

// ---------------------------------------------------------------- owner: PDF and send

/** `GET /api/invoices/:id/pdf`: the caller's invoice as PDF (404 for another business's id). */
export async function invoicePdf(deps: Deps, params: { auth: AuthContext; invoiceId: number }): Promise<RenderedPdf> {
  return renderDocument(deps, await requireDocument(deps, deps.db, params.auth.businessId, params.invoiceId));
}

/** The client's addresses: every contact's email (primary first), else the client's own, without repeats (the domain's rule). */
export function defaultRecipients(document: Pick<InvoiceDocument, 'client'>): string[] {
  return defaultRecipientEmails(document.client.contacts, document.client.email);
}

function uniqueAddresses(addresses: readonly string[]): string[] {
  const seen = new Set<string>();
  return addresses.filter((address) => {
    const key = address.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * `POST /api/invoices/:id/send`: issues a draft (number and status sent, through the invoices
 * module, in one transaction with rendering the PDF) or records a "send again", then mails the PDF
 * and the public link. The mail is handed over after the commit: the outbox insert needs the
 * connection the transaction holds on SQLite, and a rolled-back issue must not have been mailed.
 */
export async function sendInvoice(
  deps: Deps,
  params: {
    auth: AuthContext;
    invoiceId: number;
    input: { to?: string[] | undefined; subject?: string | null | undefined; message?: string | null | undefined };
  },
): Promise<InvoiceSendResponse> {
  const { businessId, userId } = params.auth;
  const before = await requireDocument(deps, deps.db, businessId, params.invoiceId);
  if (before.invoice.status === 'void')
    throw new AppError(409, DELIVERY_MESSAGES.voidNotSendable, { extra: { status: 'void' } });
  const to = params.input.to ? uniqueAddresses(params.input.to) : defaultRecipients(before);
  if (to.length === 0) throw validationError({ to: [INVOICE_MESSAGES.recipientsRequired] });

  const { document, rendered } = await deps.db.transaction().execute(async (tx) => {
    await markInvoiceSent(tx, {
      businessId,
      userId,
      invoiceId: params.invoiceId,
      now: deps.clock(),
      via: 'email',
      data: { to },
    });
    const issued = await requireDocument(deps, tx, businessId, params.invoiceId);
    return { document: issued, rendered: await renderDocument(deps, issued) };
  });

  const invoice = document.invoice;
  const invoiceNumber = invoice.invoice_number ?? rendered.filename.replace(/\.pdf$/, '');
  const publicUrl = invoice.public_url ?? `${deps.config.appUrl}/i/${document.public_token}`;
  const email = composeInvoiceEmail({
    businessName: document.business.name,
    clientName: document.client.name,
    invoiceNumber,
    total: invoice.totals.total,
    balanceDue: invoice.balance_due,
    dueDate: invoice.due_date,
    dateFormat: document.business.date_format,
    publicUrl,
    message: params.input.message ?? null,
    subject: params.input.subject ?? null,
    template: await emailTemplateFor(deps.db, businessId, 'invoice'),
  });
  const { id } = await deps.mailer.send({
    to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    replyTo: document.business.email,
    attachments: [{ filename: rendered.filename, content: rendered.pdf, contentType: 'application/pdf' }],
    businessId,
    category: 'invoice',
  });
  return {
    data: invoice,
    email: { id, to, subject: email.subject, transport: deps.config.smtpUrl ? 'smtp' : 'log' },
    message: DELIVERY_MESSAGES.sent(to),
  };
}

// ---------------------------------------------------------------- outbox

function outboxStatus(row: OutboxEmail): OutboxEmailItem['status'] {
  if (row.error) return 'failed';
  return row.sent_at ? 'sent' : 'queued';
}

/**
 * What a business's outbox lists: its mail to clients. Account mail (password-reset links,
 * invitations) carries the business id too but is `system` and never listed: its links are for one
 * person's eyes only.
 */
export const OUTBOX_BUSINESS_CATEGORIES = OUTBOX_CATEGORIES;

function outboxItemOf(row: OutboxEmail): OutboxEmailItem {
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
    status: outboxStatus(row),
    error: row.error,
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
  return { data: rows.map(outboxItemOf), meta: pageMeta(page, perPage, total) };
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
  return { ...outboxItemOf(row), html: row.html_body };
}

// ---------------------------------------------------------------- public page

/** Tokens are 32 random bytes in base64url (43 characters); anything else is not worth a query. */
export const PUBLIC_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;

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
  // The owner previewing their own link (signed in as the invoice's business) is not the client viewing it.
  if (params.viewer?.businessId === found.business_id) return found;
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
  const tax = (item: { name: string; rate: number; is_compound: boolean; taxable: number; amount: number }) => ({
    name: item.name,
    rate: item.rate,
    is_compound: item.is_compound,
    taxable: item.taxable,
    amount: item.amount,
  });
  return {
    invoice_number: invoice.invoice_number ?? '',
    status: invoice.status,
    issue_date: invoice.issue_date,
    due_date: invoice.due_date,
    currency: invoice.currency,
    business: {
      name: document.business.name,
      email: document.business.email,
      phone: document.business.phone,
      date_format: toDateFormat(document.business.date_format),
    },
    client: { name: document.client.name, address_lines: addressLines(document.client.billing_address) },
    lines: invoice.lines.map((line) => ({
      position: line.position,
      description: line.description,
      quantity: line.quantity,
      unit: line.unit,
      unit_price: line.unit_price,
      discount_type: line.discount_type,
      discount_value: line.discount_value,
      subtotal: line.subtotal,
      discount: line.discount,
      net: line.net,
      invoice_discount: line.invoice_discount,
      taxable: line.taxable,
      taxes: line.taxes.map(tax),
      tax: line.tax,
      total: line.total,
    })),
    discount_type: invoice.discount_type,
    discount_value: invoice.discount_value,
    totals: { ...invoice.totals, taxes: invoice.totals.taxes.map(tax) },
    amount_paid: invoice.amount_paid,
    balance_due: invoice.balance_due,
    credit: invoice.credit,
    payments: invoice.payments.map((payment) => ({
      payment_date: payment.payment_date,
      method: payment.method,
      amount: payment.amount,
    })),
    notes: invoice.notes,
    terms: invoice.terms,
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
  return renderDocument(deps, await openPublicDocument(deps, params));
}
