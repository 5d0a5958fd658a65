import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Badge, Group, Modal, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconInfoCircle, IconPaperclip } from '@tabler/icons-react';
import {
  EMAIL_DELIVERY_LABELS,
  EMAIL_DELIVERY_MESSAGES,
  OUTBOX_CATEGORY_LABELS,
  type OutboxAttachment,
  type OutboxEmailItem,
} from '@ledgerleaf/domain';
import { useDateFormat, useGetOutboxEmailQuery, useListOutboxQuery, loadErrorMessage, paths } from '@ledgerleaf/api';
import { CardSkeleton, DataTable, EmptyState, PageHeader, type DataTableColumn, LoadError } from '@ledgerleaf/ui';
import { useUrlParams } from '@ledgerleaf/ui/routing';

export const SENT_EMAILS_PER_PAGE = 25;

/** `12 KB` */
export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${Math.round(size / 1024)} KB`;
  return `${(size / (1024 * 1024)).toFixed(1)} MB`;
}

const DELIVERY_COLORS: Record<OutboxEmailItem['status'], string> = {
  outbox: 'gray',
  sending: 'yellow',
  delivered: 'teal',
  failed: 'red',
};

/**
 * What happened to the message: kept in the outbox (email is not set up), sending (or waiting to
 * be tried again), delivered (the mail server accepted it), or not delivered (the server's reason).
 */
export function TransportBadge({ email }: { email: Pick<OutboxEmailItem, 'status' | 'error' | 'attempts'> }) {
  const badge = (
    <Badge variant="light" color={DELIVERY_COLORS[email.status]} style={{ whiteSpace: 'nowrap' }}>
      {EMAIL_DELIVERY_LABELS[email.status]}
    </Badge>
  );
  const reason =
    email.status === 'failed' && email.error
      ? EMAIL_DELIVERY_MESSAGES.failed(email.error, email.attempts)
      : email.status === 'sending' && email.error
        ? EMAIL_DELIVERY_MESSAGES.retrying(email.error)
        : null;
  return reason ? (
    <Tooltip label={reason} multiline w={280}>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}

function Attachments({ attachments }: { attachments: readonly OutboxAttachment[] }) {
  if (attachments.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      {attachments.map((attachment, index) => (
        <Group key={`${attachment.filename}-${index}`} gap={4} wrap="nowrap">
          <IconPaperclip size={14} aria-hidden />
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {attachment.filename}{' '}
            <Text span size="xs" c="dimmed">
              ({formatBytes(attachment.size)})
            </Text>
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * The stored HTML as the sandboxed frame shows it: no scripts, no same origin, no forms; links open
 * in a new tab (the frame itself never navigates away).
 */
export function frameDocument(html: string): string {
  const base = '<base target="_blank">';
  return /<head\b[^>]*>/i.test(html)
    ? html.replace(/<head\b[^>]*>/i, (head) => `${head}${base}`)
    : html.replace(/^(\s*(?:<!doctype[^>]*>)?\s*(?:<html\b[^>]*>)?)/i, `$1${base}`);
}

/** One message: who, when, how it left, its attachments, and its body (formatted in a sandboxed frame, or as text). */
function EmailDetails({ id }: { id: number }) {
  const { formatDateTime } = useDateFormat();
  const query = useGetOutboxEmailQuery(id);
  if (query.isLoading) return <CardSkeleton lines={6} />;
  if (!query.data)
    return (
      <LoadError
        title="The email could not be loaded"
        message={loadErrorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  const email = query.data;
  const facts: [string, ReactNode][] = [
    ['To', email.to.join(', ')],
    ['Date', formatDateTime(email.created_at)],
    ['Kind', OUTBOX_CATEGORY_LABELS[email.category]],
    ['Delivery', <TransportBadge key="transport" email={email} />],
    ['Attachments', <Attachments key="attachments" attachments={email.attachments} />],
  ];
  return (
    <Stack gap="md">
      <Stack gap={6}>
        {facts.map(([label, value]) => (
          <Group key={label} gap="sm" align="flex-start" wrap="nowrap">
            <Text size="sm" c="dimmed" w={100} style={{ flexShrink: 0 }}>
              {label}
            </Text>
            <div style={{ minWidth: 0, fontSize: 'var(--mantine-font-size-sm)', overflowWrap: 'anywhere' }}>
              {value}
            </div>
          </Group>
        ))}
      </Stack>
      {email.status === 'failed' && email.error && (
        <Alert color="red" variant="light" title="The mail server refused this email">
          {EMAIL_DELIVERY_MESSAGES.failed(email.error, email.attempts)}
        </Alert>
      )}
      {email.status === 'outbox' && (
        <Alert color="gray" variant="light" title="Not delivered">
          {EMAIL_DELIVERY_MESSAGES.keptInOutbox}{' '}
          <Anchor component={Link} to={paths.settings.emailDelivery} size="sm">
            Set up email delivery
          </Anchor>
        </Alert>
      )}
      <Tabs defaultValue={email.html ? 'formatted' : 'text'} keepMounted={false}>
        <Tabs.List>
          {email.html && <Tabs.Tab value="formatted">Formatted</Tabs.Tab>}
          <Tabs.Tab value="text">Plain text</Tabs.Tab>
        </Tabs.List>
        {email.html && (
          <Tabs.Panel value="formatted" pt="sm">
            <iframe
              title="Email body"
              sandbox="allow-popups allow-popups-to-escape-sandbox"
              referrerPolicy="no-referrer"
              srcDoc={frameDocument(email.html)}
              style={{
                width: '100%',
                height: 420,
                border: '1px solid var(--mantine-color-default-border)',
                borderRadius: 4,
                background: '#fff',
              }}
            />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="text" pt="sm">
          <Text
            component="pre"
            size="sm"
            data-testid="email-text"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit', margin: 0 }}
          >
            {email.text}
          </Text>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/**
 * `/user/settings/emails`: the business's email to its clients (invoices, estimates, receipts),
 * newest first, a page at a time; a row opens the message. Until email is set up (SMTP_URL on the
 * server, or Settings > Email delivery) the emails are not delivered but kept here (the outbox). Page and open message live in the URL.
 */
export function SentEmailsPage() {
  const { formatDateTime } = useDateFormat();
  const url = useUrlParams();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const { page } = url;
  const openId = Number.parseInt(url.get('email'), 10);
  const opened = Number.isSafeInteger(openId) && openId > 0 ? openId : null;
  const query = useListOutboxQuery({ page, per_page: SENT_EMAILS_PER_PAGE });
  // The same request as the details' (one fetch): the dialog's title is the subject.
  const openedEmail = useGetOutboxEmailQuery(opened ?? 0, { skip: opened === null });

  // Opening or closing a message keeps the page it was opened from.
  const showEmail = (id: number | null) => url.update({ email: id }, { keepPage: true });

  const columns: DataTableColumn<OutboxEmailItem>[] = [
    {
      key: 'created_at',
      header: 'Date',
      width: 150,
      render: (email) => <Text size="sm">{formatDateTime(email.created_at)}</Text>,
    },
    {
      key: 'to',
      header: 'To',
      render: (email) => (
        <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {email.to.join(', ')}
        </Text>
      ),
    },
    {
      key: 'subject',
      header: 'Subject',
      render: (email) => (
        <Anchor
          component="button"
          type="button"
          size="sm"
          ta="left"
          onClick={() => showEmail(email.id)}
          style={{ overflowWrap: 'anywhere' }}
        >
          {email.subject}
        </Anchor>
      ),
    },
    { key: 'category', header: 'Kind', visibleFrom: 'sm', render: (email) => OUTBOX_CATEGORY_LABELS[email.category] },
    {
      key: 'attachments',
      header: 'Attachments',
      visibleFrom: 'md',
      render: (email) => <Attachments attachments={email.attachments} />,
    },
    { key: 'transport', header: 'Delivery', render: (email) => <TransportBadge email={email} /> },
  ];

  const data = query.data;
  const keptHere = data?.data.some((email) => email.status === 'outbox') ?? false;
  const failedHere = data?.data.some((email) => email.status === 'failed') ?? false;
  return (
    <>
      <PageHeader
        title="Sent emails"
        description="What you emailed to clients (invoices, estimates and payment receipts), newest first."
        actions={
          <Anchor component={Link} to={paths.settings.root} size="sm">
            Back to settings
          </Anchor>
        }
      />
      {(keptHere || failedHere) && (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={20} aria-hidden />} mb="md">
          {keptHere &&
            'Emails marked “Kept in the outbox” were not delivered: email is not set up. Your clients did not receive them; you can read here what they would have received. '}
          {failedHere && 'Emails marked “Not delivered” were refused by the mail server (open one for its reason). '}
          <Anchor component={Link} to={paths.settings.emailDelivery} size="sm">
            Set up email delivery
          </Anchor>
        </Alert>
      )}
      {query.isError ? (
        <LoadError
          title="Sent emails could not be loaded"
          message={loadErrorMessage(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : data !== undefined && data.meta.total === 0 ? (
        <EmptyState
          title="No emails yet"
          message="Invoices, estimates and receipts you email to clients are listed here. Until email is set up (Settings > Email delivery), emails are not delivered but kept here, so you can read what was sent."
        />
      ) : (
        <DataTable
          label="Sent emails"
          columns={columns}
          rows={data?.data ?? []}
          rowKey={(email) => email.id}
          page={data?.meta.page ?? page}
          lastPage={data?.meta.last_page ?? 1}
          total={data?.meta.total}
          perPage={data?.meta.per_page}
          onPageChange={(next) => url.update({ page: next === 1 ? null : next })}
          loading={query.isFetching}
          minWidth={560}
        />
      )}
      <Modal
        opened={opened !== null}
        onClose={() => showEmail(null)}
        title={(opened !== null && openedEmail.data?.subject) || 'Email'}
        size="xl"
        fullScreen={narrow}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {opened !== null && <EmailDetails id={opened} />}
      </Modal>
    </>
  );
}
