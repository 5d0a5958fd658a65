import { Link } from 'react-router';
import { Anchor, Text, Timeline } from '@mantine/core';
import { describeActivity, formatCurrency } from '@ledgerleaf/domain';
import { paths, useDateFormat, type DateFormatter, type InvoiceActivityEntry } from '@ledgerleaf/api';

function reminderStep(days: number): string {
  if (days === 0) return 'on the due date';
  const n = Math.abs(days);
  return `${n} ${n === 1 ? 'day' : 'days'} ${days < 0 ? 'before' : 'after'} the due date`;
}

/** A send whose email was kept in the outbox (email is not set up): issued, but nobody received it. */
export const KEPT_IN_OUTBOX = 'Issued, not emailed: kept in the outbox (email is not set up)';

/** How an event reads on the timeline; dates (a recurring period) through `formatDate`, the business's format. */
export function activityText(entry: InvoiceActivityEntry, formatDate: DateFormatter = (value) => value ?? ''): string {
  const amount = typeof entry.data.amount === 'number' ? ` (${formatCurrency(entry.data.amount)})` : '';
  switch (entry.event) {
    case 'invoice.created':
      if (typeof entry.data.estimate_number === 'string') return `Created from estimate ${entry.data.estimate_number}`;
      if (typeof entry.data.period === 'string')
        return `Created by its recurring invoice for ${formatDate(entry.data.period)}`;
      return 'Invoice created';
    case 'invoice.updated':
      return 'Invoice edited';
    case 'invoice.sent':
      // Email was not set up: the invoice was issued, its email only kept in the outbox.
      if (entry.data.via === 'email' && entry.data.kept_in_outbox) return KEPT_IN_OUTBOX;
      if (entry.data.again) return 'Sent again';
      if (entry.data.via === 'email')
        return entry.data.scheduled ? 'Emailed by its recurring schedule' : 'Sent by email';
      // Issued (numbered) by a recurring schedule: with auto-send off nobody has emailed it yet.
      if (typeof entry.data.period === 'string') {
        if (entry.data.auto_send === false)
          return 'Issued by its recurring schedule, not emailed: send it to your client';
        return entry.data.auto_send === true
          ? 'Issued by its recurring schedule; it will be emailed'
          : 'Issued by its recurring schedule';
      }
      return 'Marked as issued';
    case 'invoice.viewed':
      return 'Viewed by the client';
    case 'invoice.voided':
      return typeof entry.data.reason === 'string' && entry.data.reason ? `Voided: ${entry.data.reason}` : 'Voided';
    case 'invoice.deleted':
      return 'Deleted';
    case 'payment.recorded':
      return `Payment recorded${amount}`;
    case 'payment.deleted':
      return `Payment deleted${amount}`;
    case 'payment.receipt_sent':
      if (entry.data.kept_in_outbox) return `Receipt kept in the outbox, not emailed${amount}: email is not set up`;
      return Array.isArray(entry.data.to)
        ? `Receipt emailed to ${entry.data.to.join(', ')}${amount}`
        : `Receipt emailed${amount}`;
    case 'payment.receipt_failed':
      return `Receipt could not be emailed${amount}${typeof entry.data.reason === 'string' && entry.data.reason ? `: ${entry.data.reason}` : ''}`;
    case 'invoice.overdue':
      return 'Became overdue';
    case 'invoice.email_failed':
    case 'estimate.email_failed':
      return `Email not delivered${typeof entry.data.email_subject === 'string' ? ` (${entry.data.email_subject})` : ''}${
        typeof entry.data.reason === 'string' ? `: ${entry.data.reason}` : ''
      }`;
    case 'invoice.reminder_sent':
      if (entry.data.kept_in_outbox)
        return typeof entry.data.offset_days === 'number'
          ? `Reminder kept in the outbox, not emailed (${reminderStep(entry.data.offset_days)}): email is not set up`
          : 'Reminder kept in the outbox, not emailed: email is not set up';
      return typeof entry.data.offset_days === 'number'
        ? `Reminder sent (${reminderStep(entry.data.offset_days)})`
        : 'Reminder sent';
    case 'estimate.created':
      return 'Estimate created';
    case 'estimate.updated':
      return 'Estimate edited';
    case 'estimate.sent':
      if (entry.data.via === 'email' && entry.data.kept_in_outbox) return KEPT_IN_OUTBOX;
      if (entry.data.again) return 'Sent again';
      return entry.data.via === 'email' ? 'Sent by email' : 'Marked as issued';
    case 'estimate.viewed':
      return 'Viewed by the client';
    case 'estimate.accepted':
      return typeof entry.data.name === 'string' ? `Accepted by ${entry.data.name}` : 'Accepted';
    case 'estimate.declined':
      return typeof entry.data.reason === 'string' && entry.data.reason ? `Declined: ${entry.data.reason}` : 'Declined';
    case 'estimate.expired':
      return 'Expired';
    case 'estimate.converted':
      return 'Converted to an invoice';
    default:
      // Any other event (a payment allocated to goals, ...) in the dashboard's words, never its code.
      return describeActivity(entry.event, entry.data);
  }
}

/** An entry about an email nobody received: the timeline says how to set email up. */
function undelivered(entry: InvoiceActivityEntry): boolean {
  return entry.data.kept_in_outbox === true || entry.event.endsWith('.email_failed');
}

/** The invoice's timeline, newest first. */
export function ActivityTimeline({ entries }: { entries: InvoiceActivityEntry[] }) {
  const { formatDate, formatDateTime } = useDateFormat();
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nothing yet.
      </Text>
    );
  }
  return (
    <Timeline bulletSize={12} lineWidth={2} aria-label="Activity">
      {entries.map((entry) => (
        <Timeline.Item key={entry.id} title={<Text size="sm">{activityText(entry, formatDate)}</Text>}>
          <Text size="xs" c="dimmed">
            {formatDateTime(entry.created_at)}
          </Text>
          {undelivered(entry) && (
            <Anchor component={Link} to={paths.settings.emailDelivery} size="xs">
              Set up email delivery
            </Anchor>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
