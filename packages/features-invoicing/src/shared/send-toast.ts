import type { EmailDeliveryState } from '@ledgerleaf/domain';
import type { ToastOptions } from '@ledgerleaf/ui';

/** What a send answers about its email (`POST /api/invoices/{id}/send`, `POST /api/estimates/{id}/send`). */
export interface SendAnswer {
  email: { to: string[]; delivery?: EmailDeliveryState; error?: string | null };
  message: string;
}

/**
 * The toast of a send, saying what happened to the email: delivered (the mail server accepted it),
 * still sending, kept in the outbox (email is not set up: the server's message says how to set it
 * up), or not delivered with the server's reason (it stays until closed). Only a delivered email is
 * called sent.
 */
export function sendToast(noun: 'Invoice' | 'Estimate', answer: SendAnswer, number?: string | null): ToastOptions {
  const to = answer.email.to.join(', ');
  switch (answer.email.delivery ?? 'delivered') {
    case 'outbox':
      // Longer than a success: it says how to set email up (an owner reads it at every send until then).
      return { severity: 'warn', summary: `${noun} kept in the outbox`, detail: answer.message, timeout: 10_000 };
    case 'failed':
      return { severity: 'error', summary: `${noun} not delivered`, detail: answer.message, timeout: false };
    case 'sending':
      return { severity: 'info', summary: `${noun} sending`, detail: answer.message };
    case 'delivered':
      return { severity: 'success', summary: `${noun} sent`, detail: number ? `${number} to ${to}` : `To ${to}` };
  }
}
