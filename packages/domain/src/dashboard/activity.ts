import { formatCurrency } from '../format';

/*
 * The Recent Activity feed's words: one sentence per activity-log event, the record it is about, and
 * the page that shows that record (the paths of the web's route table, `paths` in `api`; an event
 * whose record is gone links nowhere).
 */

type Data = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const money = (value: unknown): string => formatCurrency(value);

/** The record's name as the event's facts carry it (an invoice's number, a client's name, ...). */
export function activitySubjectLabel(subjectType: string, data: Data): string | null {
  switch (subjectType) {
    case 'invoice':
      return text(data.invoice_number) ?? 'Draft invoice';
    case 'estimate':
      return text(data.estimate_number) ?? 'Draft estimate';
    case 'goal':
      return text(data.title);
    case 'client':
    case 'product':
    case 'tax_rate':
      return text(data.name);
    case 'other_income':
      return text(data.source) ?? 'Other income';
    case 'recurring_invoice':
      return 'Recurring invoice';
    default:
      return null;
  }
}

const SENTENCES: Record<string, (data: Data) => string> = {
  'client.created': () => 'Client added',
  'client.updated': () => 'Client updated',
  'client.archived': () => 'Client archived',
  'client.restored': () => 'Client restored',
  'client.deleted': () => 'Client deleted',
  'client.imported': (d) => `${Number(d.count) || 0} clients imported`,
  'product.created': () => 'Product or service added',
  'product.updated': () => 'Product or service updated',
  'product.deleted': () => 'Product or service deleted',
  'invoice.created': (d) => `Invoice created for ${money(d.total)}`,
  'invoice.updated': (d) => `Invoice updated (${money(d.total)})`,
  'invoice.deleted': (d) => `Draft invoice deleted (${money(d.total)})`,
  'invoice.sent': (d) =>
    d.via === 'email'
      ? d.kept_in_outbox
        ? 'Invoice kept in the outbox, not emailed (email is not set up)'
        : 'Invoice emailed'
      : 'Invoice marked as issued',
  'invoice.email_failed': (d) => `Email not delivered: ${text(d.reason) ?? 'the mail server refused it'}`,
  'invoice.viewed': () => 'Invoice viewed by the client',
  'invoice.voided': () => 'Invoice voided',
  'invoice.overdue': (d) => `Invoice overdue (${money(d.balance_due)} owed)`,
  'invoice.reminder_sent': (d) =>
    d.kept_in_outbox
      ? 'Payment reminder kept in the outbox, not emailed (email is not set up)'
      : 'Payment reminder sent',
  'payment.recorded': (d) => `Payment of ${money(d.amount)} recorded`,
  'payment.deleted': (d) => `Payment of ${money(d.amount)} deleted`,
  'payment.receipt_sent': (d) =>
    d.kept_in_outbox ? 'Payment receipt kept in the outbox, not emailed (email is not set up)' : 'Payment receipt sent',
  'payment.receipt_failed': () => 'Payment receipt could not be sent',
  'payment.allocated': (d) => `Payment of ${money(d.amount)} allocated to goals`,
  'estimate.created': (d) => `Estimate created for ${money(d.total)}`,
  'estimate.updated': () => 'Estimate updated',
  'estimate.deleted': () => 'Estimate deleted',
  'estimate.sent': (d) =>
    d.via === 'email'
      ? d.kept_in_outbox
        ? 'Estimate kept in the outbox, not emailed (email is not set up)'
        : 'Estimate emailed'
      : 'Estimate marked as issued',
  'estimate.email_failed': (d) => `Email not delivered: ${text(d.reason) ?? 'the mail server refused it'}`,
  'estimate.viewed': () => 'Estimate viewed by the client',
  'estimate.accepted': () => 'Estimate accepted',
  'estimate.declined': () => 'Estimate declined',
  'estimate.expired': () => 'Estimate expired',
  'estimate.converted': () => 'Estimate converted to an invoice',
  'recurring.created': () => 'Recurring invoice created',
  'recurring.run': (d) => `Recurring invoice issued ${text(d.invoice_number) ?? ''}`.trim(),
  'recurring.failed': () => 'Recurring invoice run failed',
  'goal.created': () => 'Goal created',
  'goal.updated': () => 'Goal updated',
  'goal.completed': () => 'Goal reached',
  'goal.deleted': () => 'Goal deleted',
  'other_income.recorded': (d) => `Other income of ${money(d.amount)} recorded`,
  'other_income.updated': (d) => `Other income updated (${money(d.amount)})`,
  'other_income.deleted': (d) => `Other income of ${money(d.amount)} deleted`,
};

/** What happened, as a sentence: a known event's wording, else its name made readable. */
export function describeActivity(event: string, data: Data): string {
  const sentence = SENTENCES[event];
  if (sentence) return sentence(data);
  const readable = event.replace(/[._]/g, ' ');
  return readable.charAt(0).toUpperCase() + readable.slice(1);
}

/** The page that shows the event's record; null when the event removed it or it has no page. */
export function activityLink(subjectType: string, subjectId: number | null, event: string): string | null {
  if (subjectId === null || (event.endsWith('.deleted') && !event.startsWith('payment.'))) return null;
  switch (subjectType) {
    case 'invoice':
      return `/invoices/${subjectId}`;
    case 'estimate':
      return `/estimates/${subjectId}`;
    case 'client':
      return `/clients/${subjectId}/edit`;
    case 'product':
      return `/products/${subjectId}/edit`;
    case 'goal':
      return `/goals/${subjectId}`;
    case 'recurring_invoice':
      return '/recurring-invoices';
    case 'other_income':
      return '/goals';
    default:
      return null;
  }
}
