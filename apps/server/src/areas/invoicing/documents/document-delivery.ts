import {
  INVOICE_MESSAGES,
  defaultRecipientEmails,
  toDocumentNumberFormat,
  type OutboxCategory,
} from '@ledgerleaf/domain';
import { findInvoiceNumbering, takeDocumentNumber, type Db } from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../../lib/context';
import { validationError } from '../../../lib/errors';
import type { RenderedPdf } from './document-pdf';
import type { DocumentBusiness, DocumentClient } from './document-view';

/*
 * How an invoice or an estimate leaves the business: it is issued (numbered, status sent) in one
 * transaction with rendering its PDF, then emailed with the PDF and its public link after the
 * commit (the outbox insert needs the connection the transaction holds on SQLite, and a rolled-back
 * issue must not have been mailed). Its public page, opened by anyone but the business itself,
 * records the first view.
 */

/** Public links carry 32 random bytes in base64url (43 characters); anything else is not worth a query. */
export const PUBLIC_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;

/** The client's addresses: every contact's email (primary first), else the client's own, without repeats (the domain's rule). */
export function defaultRecipients(document: { client: Pick<DocumentClient, 'contacts' | 'email'> }): string[] {
  return defaultRecipientEmails(document.client.contacts, document.client.email);
}

/** Addresses in the order given, each once (compared without case). */
export function uniqueAddresses(addresses: readonly string[]): string[] {
  const seen = new Set<string>();
  return addresses.filter((address) => {
    const key = address.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Who a send goes to: the addresses the sender typed, else the client's; 422 when that is nobody. */
export function recipientsOf(typed: readonly string[] | undefined, document: { client: DocumentClient }): string[] {
  const to = typed ? uniqueAddresses(typed) : defaultRecipients(document);
  if (to.length === 0) throw validationError({ to: [INVOICE_MESSAGES.recipientsRequired] });
  return to;
}

/**
 * The next number of an invoice or estimate issued today, taken from the business's counter of that
 * kind inside the caller's transaction: gap-free, and never one an earlier pattern already used.
 * Both follow the business's numbering settings; an estimate has its own prefix (`EST`). Null when
 * the business has no numbering settings (it does not exist).
 */
export async function nextDocumentNumber(
  tx: Db,
  params: { businessId: number; kind: 'invoice' | 'estimate'; year: number; prefix?: string },
): Promise<string | null> {
  const numbering = await findInvoiceNumbering(tx, { businessId: params.businessId });
  if (!numbering) return null;
  const format = toDocumentNumberFormat({
    prefix: params.prefix ?? numbering.prefix,
    include_year: numbering.include_year,
    separator: numbering.separator as '-',
    padding: numbering.padding,
    yearly_reset: numbering.yearly_reset,
  });
  const { number } = await takeDocumentNumber(tx, {
    businessId: params.businessId,
    kind: params.kind,
    year: params.year,
    yearlyReset: numbering.yearly_reset,
    format,
  });
  return number;
}

/** The email a document goes out with, as handed to the mailer. */
export interface DocumentEmail {
  subject: string;
  text: string;
  html: string;
}

/** What a send answers about its email. */
export interface SentEmail {
  id: number;
  to: string[];
  subject: string;
  transport: 'smtp' | 'log';
}

/**
 * Issues the document and mails it: `issue` runs in one transaction (mark it sent, read it back);
 * once that committed, `render` builds its PDF (in a file worker: no transaction is held while a
 * worker is busy or the pool queues it), `compose` words the email and the mailer gets it with the
 * PDF attached, from the business (reply-to) and filed in its outbox under `category`.
 */
export async function emailDocument<D extends { business: DocumentBusiness }>(
  deps: Deps,
  params: {
    businessId: number;
    to: string[];
    category: OutboxCategory;
    /** The invoice or estimate mailed, filed with the message so the document lists it. */
    about: { type: 'invoice' | 'estimate'; id: number };
    issue: (tx: Db) => Promise<D>;
    render: (document: D) => Promise<RenderedPdf>;
    compose: (document: D, rendered: RenderedPdf) => Promise<DocumentEmail> | DocumentEmail;
  },
): Promise<{ document: D; email: SentEmail }> {
  const document = await deps.db.transaction().execute(params.issue);
  const rendered = await params.render(document);
  const email = await params.compose(document, rendered);
  const { id } = await deps.mailer.send({
    to: params.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    replyTo: document.business.email,
    attachments: [{ filename: rendered.filename, content: rendered.pdf, contentType: 'application/pdf' }],
    businessId: params.businessId,
    category: params.category,
    document: params.about,
  });
  return {
    document,
    email: { id, to: params.to, subject: email.subject, transport: deps.config.smtpUrl ? 'smtp' : 'log' },
  };
}

/**
 * Is the caller of a public page the document's own business (signed in, previewing its link)?
 * That is not the client viewing it: no view is recorded.
 */
export function isOwnerPreview(viewer: AuthContext | null, businessId: number): boolean {
  return viewer?.businessId === businessId;
}
