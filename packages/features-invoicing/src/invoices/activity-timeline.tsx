import { Text, Timeline } from '@mantine/core';
import { formatCurrency } from '@ledgerleaf/domain';
import type { InvoiceActivityEntry } from '@ledgerleaf/api';

const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** How an event reads on the timeline. */
export function activityText(entry: InvoiceActivityEntry): string {
  const amount = typeof entry.data.amount === 'number' ? ` (${formatCurrency(entry.data.amount)})` : '';
  switch (entry.event) {
    case 'invoice.created':
      return 'Invoice created';
    case 'invoice.updated':
      return 'Invoice edited';
    case 'invoice.sent':
      if (entry.data.again) return 'Sent again';
      return entry.data.via === 'email' ? 'Sent by email' : 'Marked as sent';
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
    default:
      return entry.event;
  }
}

/** The invoice's timeline, newest first. */
export function ActivityTimeline({ entries }: { entries: InvoiceActivityEntry[] }) {
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
        <Timeline.Item key={entry.id} title={<Text size="sm">{activityText(entry)}</Text>}>
          <Text size="xs" c="dimmed">
            {dateTime.format(new Date(entry.created_at))}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
