import {
  INVOICE_MESSAGES,
  defaultRecipientEmails,
  type EmailDeliveryState,
  toDocumentNumberFormat,
  type OutboxCategory,
} from '@ledgerleaf/domain';
import { findInvoiceNumbering, takeDocumentNumber, type Db } from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../../lib/context';
import { validationError } from '../../../lib/errors';
import { publish } from '../../../lib/events';
import type { DeliveryOutcome, MailFailure } from '../../../lib/mailer';
import type { RenderedPdf } from './document-pdf';
import type { DocumentBusiness, DocumentClient } from './document-view';

/*
 * How an invoice or an estimate leaves the business: it is issued (numbered, status sent) in one
 * transaction, then its PDF is rendered (in a file worker) and emailed with its public link after the
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
  /** What happened, as far as the send waited for the mail server (`sending` when it is still out). */
  delivery: EmailDeliveryState;
  /** The mail server's reason, when it refused the message. */
  error: string | null;
}

/**
 * How long a send waits for the mail server's answer before it answers "still sending" (a later
 * refusal reaches the outbox and the document's timeline). Without a mail server it answers at once.
 */
export const DELIVERY_WAIT_MS = 10_000;

/** Waits for the transport's answer, at most `ms`; `null` while it is still out. */
export function within(delivered: Promise<DeliveryOutcome>, ms: number): Promise<DeliveryOutcome | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([delivered, timeout]).finally(() => clearTimeout(timer));
}

/** The state an answer reports: the outcome, or `sending` while the mail server has not answered. */
export function deliveryStateOf(outcome: DeliveryOutcome | null): {
  delivery: EmailDeliveryState;
  error: string | null;
} {
  if (!outcome) return { delivery: 'sending', error: null };
  return outcome.ok ? { delivery: outcome.state, error: null } : { delivery: 'failed', error: outcome.error };
}

/**
 * Issues the document and mails it: `issue` runs in one transaction (mark it sent, read it back),
 * told whether the email will be kept in the outbox (email is not set up) so the timeline says so;
 * once that committed, `render` builds its PDF (in a file worker: no transaction is held while a
 * worker is busy or the pool queues it), `compose` words the email and the mailer gets it with the
 * PDF attached, from the business (reply-to) and filed in its outbox under `category`. It waits a
 * little for the mail server, so the answer says what happened.
 */
export async function emailDocument<D extends { business: DocumentBusiness }>(
  deps: Deps,
  params: {
    businessId: number;
    to: string[];
    category: OutboxCategory;
    /** The invoice or estimate mailed, filed with the message so the document lists it. */
    about: { type: 'invoice' | 'estimate'; id: number };
    issue: (tx: Db, keptInOutbox: boolean) => Promise<D>;
    render: (document: D) => Promise<RenderedPdf>;
    /** How long to wait for the mail server (default `DELIVERY_WAIT_MS`). */
    waitMs?: number;
    compose: (document: D, rendered: RenderedPdf) => Promise<DocumentEmail> | DocumentEmail;
  },
): Promise<{ document: D; email: SentEmail }> {
  const keptInOutbox = (await deps.mailer.transportFor(params.businessId)) === 'log';
  const document = await deps.db.transaction().execute((tx) => params.issue(tx, keptInOutbox));
  const rendered = await params.render(document);
  const email = await params.compose(document, rendered);
  const sent = await deps.mailer.send({
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
  const outcome = await within(sent.delivered, params.waitMs ?? DELIVERY_WAIT_MS);
  return {
    document,
    email: {
      id: sent.id,
      to: params.to,
      subject: email.subject,
      transport: sent.transport,
      ...deliveryStateOf(outcome),
    },
  };
}

/**
 * A message about a document given up by the mailer: written to the document's timeline
 * (`invoice.email_failed`, `estimate.email_failed`), which notifies the business.
 */
export async function recordEmailFailure(deps: Deps, failure: MailFailure): Promise<void> {
  const about = failure.message.document;
  const businessId = failure.message.businessId;
  // A receipt writes its own `payment.receipt_failed` (payment-receipt.ts).
  if (!about || businessId == null || failure.message.category === 'receipt') return;
  const to = typeof failure.message.to === 'string' ? [failure.message.to] : [...failure.message.to];
  const data = {
    email_id: failure.id,
    category: failure.message.category ?? 'system',
    email_subject: failure.message.subject,
    to,
    reason: failure.error,
    attempts: failure.attempts,
  };
  const event = { businessId, userId: null, at: deps.clock(), data };
  await deps.db
    .transaction()
    .execute((tx) =>
      about.type === 'invoice'
        ? publish(tx, { ...event, type: 'invoice.email_failed', subject: { type: 'invoice', id: about.id } })
        : publish(tx, { ...event, type: 'estimate.email_failed', subject: { type: 'estimate', id: about.id } }),
    );
}

/**
 * Is the caller of a public page the document's own business (signed in, previewing its link)?
 * That is not the client viewing it: no view is recorded.
 */
export function isOwnerPreview(viewer: AuthContext | null, businessId: number): boolean {
  return viewer?.businessId === businessId;
}
