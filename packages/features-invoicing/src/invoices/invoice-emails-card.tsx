import { Link } from 'react-router';
import { Anchor, Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { LoadError } from '@ledgerleaf/ui';
import {
  EMAIL_DELIVERY_LABELS,
  EMAIL_DELIVERY_MESSAGES,
  OUTBOX_CATEGORY_LABELS,
  type OutboxEmailItem,
} from '@ledgerleaf/domain';
import { loadErrorMessage, paths, useDateFormat, useListInvoiceEmailsQuery } from '@ledgerleaf/api';
import { SideCard } from '../shared/document-page';

/** What happened to each email, worded as everywhere (`EMAIL_DELIVERY_LABELS`). */
const STATUS_COLOR: Record<OutboxEmailItem['status'], string> = {
  delivered: 'teal',
  sending: 'yellow',
  outbox: 'gray',
  failed: 'red',
};

/** Where a message is read in full: the Sent emails screen under Settings, opened on it. */
export function sentEmailHref(id: number): string {
  return `${paths.settings.sentEmails}?email=${id}`;
}

/**
 * Where an email was kept in the outbox or not delivered: how to set email up (owners set it up
 * under Settings > Email delivery).
 */
export function EmailSetupHint({ what = 'your client did not receive it' }: { what?: string }) {
  return (
    <Text size="xs" c="dimmed" mt="xs" data-testid="email-setup-hint">
      Not delivered: {what}.{' '}
      <Anchor component={Link} to={paths.settings.emailDelivery} size="xs">
        Set up email delivery
      </Anchor>
    </Text>
  );
}

/**
 * The emails an invoice went out with (the invoice, its reminders, payment receipts), newest first:
 * what, to whom, when and whether it left, each opening the full message under Settings.
 */
export function InvoiceEmailsCard({ invoiceId }: { invoiceId: number }) {
  const query = useListInvoiceEmailsQuery(invoiceId);
  const { formatDateTime } = useDateFormat();
  return (
    <SideCard title="Emails">
      {query.isLoading ? (
        <Stack gap={6} data-testid="emails-loading">
          <Skeleton height={14} />
          <Skeleton height={14} width="70%" />
        </Stack>
      ) : query.error ? (
        <LoadError
          title="The emails could not be loaded"
          message={loadErrorMessage(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : (query.data ?? []).length === 0 ? (
        <Text size="sm" c="dimmed">
          No email has been sent for this invoice yet.
        </Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Emails">
          {(query.data ?? []).map((email) => (
            <Stack key={email.id} gap={2} component="li">
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Anchor
                  component={Link}
                  to={sentEmailHref(email.id)}
                  size="sm"
                  fw={600}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {email.subject}
                </Anchor>
                <Badge size="sm" variant="dot" color={STATUS_COLOR[email.status]} style={{ flexShrink: 0 }}>
                  {EMAIL_DELIVERY_LABELS[email.status]}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {OUTBOX_CATEGORY_LABELS[email.category]} · {formatDateTime(email.created_at)} · to {email.to.join(', ')}
              </Text>
              {email.status === 'failed' && email.error && (
                <Text size="xs" c="red">
                  {EMAIL_DELIVERY_MESSAGES.failed(email.error, email.attempts)}
                </Text>
              )}
              {email.status === 'sending' && email.error && (
                <Text size="xs" c="dimmed">
                  {EMAIL_DELIVERY_MESSAGES.retrying(email.error)}
                </Text>
              )}
            </Stack>
          ))}
        </Stack>
      )}
      {(query.data ?? []).some((email) => email.status === 'outbox' || email.status === 'failed') && <EmailSetupHint />}
    </SideCard>
  );
}
