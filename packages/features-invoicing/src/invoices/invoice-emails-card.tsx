import { Link } from 'react-router';
import { Anchor, Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { LoadError } from '@ledgerleaf/ui';
import { OUTBOX_CATEGORY_LABELS, type OutboxEmailItem } from '@ledgerleaf/domain';
import { loadErrorMessage, paths, useDateFormat, useListInvoiceEmailsQuery } from '@ledgerleaf/api';
import { SideCard } from '../shared/document-page';

const STATUS: Record<OutboxEmailItem['status'], { label: string; color: string }> = {
  sent: { label: 'Sent', color: 'teal' },
  queued: { label: 'Sending', color: 'yellow' },
  failed: { label: 'Failed', color: 'red' },
};

/** Where a message is read in full: the Sent emails screen under Settings, opened on it. */
export function sentEmailHref(id: number): string {
  return `${paths.settings.sentEmails}?email=${id}`;
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
                <Badge size="sm" variant="dot" color={STATUS[email.status].color} style={{ flexShrink: 0 }}>
                  {STATUS[email.status].label}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {OUTBOX_CATEGORY_LABELS[email.category]} · {formatDateTime(email.created_at)} · to {email.to.join(', ')}
              </Text>
              {email.status === 'failed' && email.error && (
                <Text size="xs" c="dimmed">
                  Not delivered: {email.error}
                </Text>
              )}
            </Stack>
          ))}
        </Stack>
      )}
    </SideCard>
  );
}
