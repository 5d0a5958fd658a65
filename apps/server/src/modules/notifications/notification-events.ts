import { formatCurrency } from '@ledgerleaf/domain';
import type { NotificationType } from '@ledgerleaf/domain';
import { notifyBusinessUsers, type Db } from '@ledgerleaf/db';
import { subscribe, type DomainEvent } from '../../lib/events';

export interface NotificationDraft {
  type: NotificationType;
  data: { title: string; message: string } & Record<string, unknown>;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
/** 'Invoice INV-2026-0001' / 'An invoice' (a draft has no number), or lower-case inside a sentence. */
const invoiceLabel = (event: DomainEvent, inSentence = false) => {
  const number = text(event.data?.invoice_number);
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
  const data = event.data ?? {};
  const invoiceId = event.subject.type === 'invoice' ? event.subject.id : null;
  switch (event.type) {
    case 'invoice.viewed':
      return {
        type: 'Invoice',
        data: {
          title: 'Invoice viewed',
          message: `${invoiceLabel(event)} was opened by your client.`,
          invoice_id: invoiceId,
          event: event.type,
        },
      };
    case 'invoice.sent': {
      const byEmail = data.via === 'email';
      // Issued by a recurring schedule: the run writes its own RecurringInvoice notification, one per pass.
      if (!byEmail && data.recurring_invoice_id !== undefined) return null;
      const again = data.again === true;
      const message = byEmail
        ? `${invoiceLabel(event)} was ${again ? 'emailed again' : 'emailed'} to your client.`
        : `${invoiceLabel(event)} was marked as sent.`;
      return {
        type: 'Invoice',
        data: {
          title: again ? 'Invoice sent again' : 'Invoice sent',
          message,
          invoice_id: invoiceId,
          event: event.type,
        },
      };
    }
    case 'invoice.voided':
      return {
        type: 'Invoice',
        data: {
          title: 'Invoice voided',
          message: `${invoiceLabel(event)} was voided.`,
          invoice_id: invoiceId,
          event: event.type,
        },
      };
    case 'payment.recorded': {
      const paid = data.status === 'paid';
      return {
        type: 'Payment',
        data: {
          title: 'Payment received',
          message: `${formatCurrency(data.amount)} recorded on ${invoiceLabel(event, true)}${paid ? ', now paid in full' : ''}.`,
          invoice_id: invoiceId,
          payment_id: data.payment_id ?? null,
          amount: data.amount ?? null,
          event: event.type,
        },
      };
    }
    case 'payment.deleted':
      return {
        type: 'Payment',
        data: {
          title: 'Payment deleted',
          message: `A payment of ${formatCurrency(data.amount)} was removed from ${invoiceLabel(event, true)}.`,
          invoice_id: invoiceId,
          payment_id: data.payment_id ?? null,
          amount: data.amount ?? null,
          event: event.type,
        },
      };
    case 'client.created': {
      const name = text(data.name);
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
      const count = typeof data.count === 'number' ? data.count : 0;
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

let unsubscribe: (() => void) | null = null;
let users = 0;

/**
 * Subscribes `notifyForEvent` to the domain events once per process however many apps are built
 * (the subscriber list is process-wide; tests build several apps), and answers a release that
 * unsubscribes when the last app that asked for it closes.
 */
export function subscribeNotifications(): () => void {
  if (users === 0) unsubscribe = subscribe(notifyForEvent);
  users += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    users -= 1;
    if (users === 0 && unsubscribe) {
      unsubscribe();
      unsubscribe = null;
    }
  };
}
