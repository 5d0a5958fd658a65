import { EMAIL_DELIVERY_MESSAGES, formatCurrency } from '@ledgerleaf/domain';
import type { NotificationType } from '@ledgerleaf/domain';
import { notifyBusinessUsers, type Db } from '@ledgerleaf/db';
import type { DomainEvent } from '../../../lib/events';

export interface NotificationDraft {
  type: NotificationType;
  data: { title: string; message: string } & Record<string, unknown>;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
/** 'Invoice INV-2026-0001' / 'An invoice' (a draft has no number), or lower-case inside a sentence. */
const invoiceLabel = (invoiceNumber: string | null | undefined, inSentence = false) => {
  const number = text(invoiceNumber);
  if (number) return `${inSentence ? 'invoice' : 'Invoice'} ${number}`;
  return inSentence ? 'an invoice' : 'An invoice';
};

/**
 * Which invoicing events tell the business's users something (SPEC.md section 3: each notification
 * has a type, a title and a message). Chosen for what a small business wants to hear about without
 * opening the app: money in or out, a client opening their invoice, an invoice leaving or being
 * cancelled, a new client. Edits, drafts, archives and catalogue changes stay in the activity log
 * only. Goals, estimates, recurring invoices and other income write their own notifications.
 */
export function notificationFor(event: DomainEvent): NotificationDraft | null {
  const invoiceId = event.subject.type === 'invoice' ? event.subject.id : null;
  switch (event.type) {
    case 'invoice.viewed':
      return {
        type: 'Invoice',
        data: {
          title: 'Invoice viewed',
          message: `${invoiceLabel(event.data.invoice_number)} was opened by your client.`,
          invoice_id: invoiceId,
          event: event.type,
        },
      };
    case 'invoice.sent': {
      const byEmail = event.data.via === 'email';
      // Issued by a recurring schedule: the run writes its own RecurringInvoice notification, one per pass.
      if (!byEmail && event.data.recurring_invoice_id !== undefined) return null;
      const again = event.data.again === true;
      // Email was not set up: the invoice is issued, but the email only kept in the outbox.
      if (byEmail && event.data.kept_in_outbox)
        return {
          type: 'Invoice',
          data: {
            title: 'Invoice kept in the outbox',
            message: `${invoiceLabel(event.data.invoice_number)} was not emailed: email is not set up, so it was kept in the outbox. ${EMAIL_DELIVERY_MESSAGES.setUp}`,
            invoice_id: invoiceId,
            event: event.type,
          },
        };
      const message = byEmail
        ? `${invoiceLabel(event.data.invoice_number)} was ${again ? 'emailed again' : 'emailed'} to your client.`
        : `${invoiceLabel(event.data.invoice_number)} was marked as issued.`;
      return {
        type: 'Invoice',
        data: {
          title: !byEmail ? 'Invoice issued' : again ? 'Invoice sent again' : 'Invoice sent',
          message,
          invoice_id: invoiceId,
          event: event.type,
        },
      };
    }
    case 'invoice.email_failed':
    case 'estimate.email_failed':
      // The mail server refused an email about the document for good: the business must know.
      return {
        type: event.type === 'invoice.email_failed' ? 'Invoice' : 'Estimate',
        data: {
          title: 'Email not delivered',
          message: `“${event.data.email_subject}” to ${event.data.to.join(', ')} was not delivered: ${event.data.reason}`,
          ...(event.type === 'invoice.email_failed'
            ? { invoice_id: event.subject.id }
            : { estimate_id: event.subject.id }),
          email_id: event.data.email_id,
          event: event.type,
        },
      };
    case 'invoice.voided':
      return {
        type: 'Invoice',
        data: {
          title: 'Invoice voided',
          message: `${invoiceLabel(event.data.invoice_number)} was voided.`,
          invoice_id: invoiceId,
          event: event.type,
        },
      };
    case 'payment.recorded': {
      const paid = event.data.status === 'paid';
      return {
        type: 'Payment',
        data: {
          title: 'Payment received',
          message: `${formatCurrency(event.data.amount)} recorded on ${invoiceLabel(event.data.invoice_number, true)}${paid ? ', now paid in full' : ''}.`,
          invoice_id: invoiceId,
          payment_id: event.data.payment_id ?? null,
          amount: event.data.amount ?? null,
          event: event.type,
        },
      };
    }
    case 'payment.deleted':
      return {
        type: 'Payment',
        data: {
          title: 'Payment deleted',
          message: `A payment of ${formatCurrency(event.data.amount)} was removed from ${invoiceLabel(event.data.invoice_number, true)}.`,
          invoice_id: invoiceId,
          payment_id: event.data.payment_id ?? null,
          amount: event.data.amount ?? null,
          event: event.type,
        },
      };
    case 'client.created': {
      const name = text(event.data.name);
      return {
        type: 'Client',
        data: {
          title: 'New client',
          message: name ? `${name} was added to your clients.` : 'A client was added.',
          client_id: event.subject.id,
          event: event.type,
        },
      };
    }
    case 'client.imported': {
      const count = typeof event.data.count === 'number' ? event.data.count : 0;
      if (count <= 0) return null;
      return {
        type: 'Client',
        data: {
          title: 'Clients imported',
          message: `${count} ${count === 1 ? 'client was' : 'clients were'} imported.`,
          event: event.type,
        },
      };
    }
    default:
      return null;
  }
}

/** Writes the notification of `event`, if it has one, in the transaction of the change. */
export async function notifyForEvent(tx: Db, event: DomainEvent): Promise<void> {
  const draft = notificationFor(event);
  if (!draft) return;
  await notifyBusinessUsers(tx, { businessId: event.businessId, type: draft.type, data: draft.data, now: event.at });
}
