import {
  DEFAULT_EMAIL_TEMPLATES,
  INVOICE_MESSAGES,
  RECEIPT_MESSAGES,
  formatCurrency,
  greetingName,
  renderEmailTemplate,
  type Payment,
  type PaymentReceipt,
} from '@ledgerleaf/domain';
import type { AuthContext, Deps } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { publish } from '../../../lib/events';
import type { DeliveryOutcome } from '../../../lib/mailer';
import { businessDate } from '../../../lib/display-date';
import { renderEmail } from '../../../lib/email-templates';
import { DELIVERY_WAIT_MS, defaultRecipients, within } from '../documents/document-delivery';
import { renderDocumentPdf } from '../documents/document-pdf';
import { requireInvoiceDocument, type InvoiceDocument } from '../invoices/invoice-view';

/**
 * How long a receipt waits for the SMTP server's answer before it is reported as still sending (a
 * later refusal still lands in the outbox and the activity log). A local outbox answers at once.
 */
export const RECEIPT_DELIVERY_WAIT_MS = DELIVERY_WAIT_MS;

/** Why a receipt was not sent: the client has no address, or composing or delivering it failed. */
export type ReceiptFailure = 'no_recipients' | 'delivery';

export interface ReceiptAttempt {
  receipt: PaymentReceipt;
  failure?: ReceiptFailure;
}

/** The receipt in text and HTML: the business's `payment_receipt` template, values escaped in the HTML. */
async function composeReceipt(
  deps: Deps,
  businessId: number,
  document: InvoiceDocument,
  payment: Payment,
  to: readonly string[],
) {
  const { invoice } = document;
  const invoiceNumber = invoice.invoice_number ?? '';
  const email = await renderEmail(deps.db, businessId, 'payment_receipt', {
    client_name: document.client.name,
    recipient_name: greetingName(document.client, to),
    invoice_number: invoiceNumber,
    amount: formatCurrency(payment.amount),
    balance_due: formatCurrency(invoice.balance_due),
    payment_date: businessDate(payment.payment_date, document.business.date_format),
    link: invoice.public_url ?? `${deps.config.appUrl}/i/${document.public_token}`,
    business_name: document.business.name,
  });
  // A template whose subject is only placeholders could render empty: a message needs one.
  const subject =
    email.subject ||
    renderEmailTemplate(DEFAULT_EMAIL_TEMPLATES.payment_receipt, { invoice_number: invoiceNumber }).subject;
  return { ...email, subject };
}

/**
 * Emails the receipt of one of the invoice's payments to the client's contacts (as the invoice is
 * sent: primary contact first, else the client's address), with the updated invoice PDF, and writes
 * the outcome to the invoice's timeline: `payment.receipt_sent` or `payment.receipt_failed`. A mail
 * failure is answered, not thrown, so a payment recorded just before stands; 404 (no such invoice
 * or payment) and 409 (void invoice) are thrown before anything is attempted.
 */
export async function sendPaymentReceipt(
  deps: Deps,
  params: { auth: AuthContext; invoiceId: number; paymentId: number },
): Promise<ReceiptAttempt> {
  const { businessId, userId } = params.auth;
  const document = await requireInvoiceDocument(deps, deps.db, businessId, params.invoiceId);
  const payment = document.invoice.payments.find((candidate) => candidate.id === params.paymentId);
  if (!payment) throw notFound(INVOICE_MESSAGES.paymentNotFound);
  if (document.invoice.status === 'void')
    throw new AppError(409, RECEIPT_MESSAGES.voidInvoice, { extra: { status: 'void' } });

  const to = defaultRecipients(document);
  const facts = { payment_id: payment.id, amount: payment.amount, invoice_number: document.invoice.invoice_number, to };
  const record = (outcome: { email_id: number | null; kept_in_outbox?: true } | { reason: string }) =>
    deps.db.transaction().execute((tx) => {
      const event = {
        businessId,
        userId,
        subject: { type: 'invoice' as const, id: document.invoice.id },
        at: deps.clock(),
      };
      return publish(
        tx,
        'reason' in outcome
          ? { ...event, type: 'payment.receipt_failed', data: { ...facts, ...outcome } }
          : { ...event, type: 'payment.receipt_sent', data: { ...facts, ...outcome } },
      );
    });
  const failed = async (failure: ReceiptFailure, reason: string, emailId: number | null): Promise<ReceiptAttempt> => {
    // The timeline entry is a record of the failure; not being able to write it must not hide the answer.
    await record({ reason }).catch((error: unknown) =>
      deps.logger.error({ err: error, paymentId: payment.id }, 'receipt failure not recorded'),
    );
    const message =
      failure === 'no_recipients'
        ? RECEIPT_MESSAGES.noRecipients
        : emailId === null
          ? RECEIPT_MESSAGES.failed
          : RECEIPT_MESSAGES.failedBecause(reason);
    return {
      receipt: { sent: false, to, email_id: emailId, delivery: emailId === null ? null : 'failed', message },
      failure,
    };
  };

  if (to.length === 0) return failed('no_recipients', 'The client has no email address.', null);

  let emailId: number | null = null;
  let outcome: DeliveryOutcome | null = null;
  try {
    const [email, rendered] = await Promise.all([
      composeReceipt(deps, businessId, document, payment, to),
      renderDocumentPdf(deps, document),
    ]);
    const sent = await deps.mailer.send({
      to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      replyTo: document.business.email,
      attachments: [{ filename: rendered.filename, content: rendered.pdf, contentType: 'application/pdf' }],
      businessId,
      category: 'receipt',
      document: { type: 'invoice', id: document.invoice.id },
    });
    emailId = sent.id;
    outcome = await within(sent.delivered, RECEIPT_DELIVERY_WAIT_MS);
    if (outcome && !outcome.ok) return await failed('delivery', outcome.error, emailId);
    if (!outcome) {
      // Still with the SMTP server (or waiting to retry): answered as sending; a refusal after all
      // still reaches the timeline.
      const id = emailId;
      void sent.delivered.then(async (late) => {
        if (!late.ok) await failed('delivery', late.error, id);
      });
    }
  } catch (error) {
    deps.logger.error({ err: error, paymentId: payment.id }, 'payment receipt not sent');
    return failed('delivery', error instanceof Error ? error.message : String(error), emailId);
  }
  const kept = outcome?.ok === true && outcome.state === 'outbox';
  // The mail is out (or kept in the outbox): a timeline entry that cannot be written does not change that.
  await record(kept ? { email_id: emailId, kept_in_outbox: true } : { email_id: emailId }).catch((error: unknown) =>
    deps.logger.error({ err: error, paymentId: payment.id }, 'receipt not recorded'),
  );
  if (kept)
    return {
      receipt: { sent: false, to, email_id: emailId, delivery: 'outbox', message: RECEIPT_MESSAGES.keptInOutbox(to) },
    };
  if (!outcome)
    return {
      receipt: { sent: true, to, email_id: emailId, delivery: 'sending', message: RECEIPT_MESSAGES.sending(to) },
    };
  return {
    receipt: { sent: true, to, email_id: emailId, delivery: 'delivered', message: RECEIPT_MESSAGES.sent(to) },
  };
}
