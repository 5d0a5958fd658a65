import { notificationKind, parseNotificationData } from '@ledgerleaf/domain';
import type { Notification } from '@ledgerleaf/domain';
import type { NotificationView } from '@ledgerleaf/ui';
import { paths } from '@ledgerleaf/api';

const idOf = (value: unknown): number | null => {
  const id = typeof value === 'string' ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * An activity reminder opens the record its activity belongs to (the lead, the opportunity, the
 * client's 360 view), else the reminders screen.
 */
function activityReminderHref(data: Record<string, unknown>): string {
  const lead = idOf(data.lead_id);
  if (lead) return paths.crm.leads.edit(lead);
  const opportunity = idOf(data.opportunity_id);
  if (opportunity) return paths.crm.opportunities.edit(opportunity);
  const client = idOf(data.client_id);
  if (client) return `${paths.crm.client360}?client=${client}`;
  return paths.crm.reminders;
}

/**
 * Where a notification leads, from the links its `data` carries: the recurring invoice a
 * RecurringInvoice notification is about, else the invoice, estimate, goal or client it is about;
 * a RecurringInvoice notification naming none of them (a pass that made several) opens the list.
 * Null when it names none.
 */
export function notificationHref(notification: Pick<Notification, 'type' | 'data'>): string | null {
  const data = parseNotificationData(notification.data);
  if (notificationKind(notification.type) === 'ActivityReminder') return activityReminderHref(data);
  const recurringKind = notificationKind(notification.type) === 'RecurringInvoice';
  const recurring = recurringKind ? idOf(data.recurring_invoice_id) : null;
  if (recurring) return paths.recurringInvoices.detail(recurring);
  const invoice = idOf(data.invoice_id);
  if (invoice) return paths.invoices.detail(invoice);
  const estimate = idOf(data.estimate_id);
  if (estimate) return paths.estimates.detail(estimate);
  const goal = idOf(data.goal_id);
  if (goal) return paths.goals.detail(goal);
  const client = idOf(data.client_id);
  if (client) return paths.clients.edit(client);
  return recurringKind ? paths.recurringInvoices.list : null;
}

/** What the bell and the list show of an API notification (title and message from data when missing). */
export function toNotificationView(notification: Notification): NotificationView {
  const data = parseNotificationData(notification.data);
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    id: notification.id,
    type: notification.type,
    title: notification.title || text(data.title),
    message: notification.message || text(data.message),
    created_at: notification.created_at,
    read_at: notification.read_at,
    href: notificationHref(notification),
  };
}
