import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { errorMessage, type InvoiceActivityEntry, type RequestError } from '@ledgerleaf/api';
import { PageHeader, useToast } from '@ledgerleaf/ui';
import { BackLink } from '@ledgerleaf/ui/routing';
import { ActivityTimeline } from '../invoices/activity-timeline';

/**
 * The top of a document's page (an invoice, an estimate, a recurring invoice): the way back to its
 * list, the title with the status badge, a line about it and the actions the role may take.
 */
export function DocumentHeader({
  back,
  title,
  badge,
  description,
  actions,
}: {
  back: { to: string; label: string };
  title: string;
  badge: ReactNode;
  description: string;
  actions?: ReactNode;
}) {
  return (
    <>
      <BackLink to={back.to}>{back.label}</BackLink>
      <PageHeader
        title={
          <Group gap="sm" component="span" wrap="wrap">
            <span>{title}</span>
            {badge}
          </Group>
        }
        description={description}
        actions={actions}
      />
    </>
  );
}

/** One line of a side card: the label on the left, the value on the right (`fact-next-run` for tests). */
export function Fact({
  label,
  numeric = false,
  children,
}: {
  label: string;
  /** An amount: a little bolder, digits lined up. */
  numeric?: boolean;
  children: ReactNode;
}) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text
        size="sm"
        ta="right"
        fw={numeric ? 500 : undefined}
        style={numeric ? { fontVariantNumeric: 'tabular-nums' } : undefined}
        data-testid={`fact-${label.toLowerCase().replace(/\s+/g, '-')}`}
      >
        {children}
      </Text>
    </Group>
  );
}

/** A side card with a title (Schedule, Balance, Linked...). */
export function SideCard({ title, gap = 'xs', children }: { title: string; gap?: 'xs' | 'sm'; children: ReactNode }) {
  return (
    <Card withBorder padding="md">
      <Stack gap={gap}>
        <Title order={2} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** What happened to the document, newest first. */
export function ActivityCard({ entries }: { entries: InvoiceActivityEntry[] }) {
  return (
    <SideCard title="Activity" gap="sm">
      <ActivityTimeline entries={entries} />
    </SideCard>
  );
}

/** The toasts of a document page's actions: a failed action, and copying the public link. */
export function useDocumentFeedback() {
  const toast = useToast();
  return {
    /** "Could not void the invoice": the server's message, or "Please try again.". */
    failed: (summary: string, error: unknown) =>
      toast.show({ severity: 'error', summary, detail: errorMessage(error as RequestError, 'Please try again.') }),
    /** Copies the client's link; where the browser refuses, the link stays on screen to copy by hand. */
    copyLink: async (url: string, detail: string) => {
      try {
        await navigator.clipboard.writeText(url);
        toast.show({ severity: 'success', summary: 'Link copied', detail });
      } catch {
        toast.show({ severity: 'warn', summary: 'Could not copy the link', detail: url, timeout: false });
      }
    },
  };
}

/** The address flag with which a document's page opens its send dialog (the editor's "Save and send"). */
export const SEND_ON_ARRIVAL = 'send';

/** A document's page that opens with its send dialog: `/invoices/12?send=1`. */
export const withSendDialog = (path: string): string => `${path}?${SEND_ON_ARRIVAL}=1`;

/**
 * The send dialog's state, open on arrival when the address asks for it (`?send=1`, from the
 * editor's "Save and send": one behaviour for both ways of sending, the To / Subject / Message
 * dialog, issue 27 item 14); the flag is then dropped from the address, so a reload or the way back
 * does not open it again.
 */
export function useSendDialog(): [boolean, (open: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get(SEND_ON_ARRIVAL) === '1';
  const [open, setOpen] = useState(asked);
  useEffect(() => {
    if (!asked) return;
    setOpen(true);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SEND_ON_ARRIVAL);
        return next;
      },
      { replace: true },
    );
  }, [asked, setParams]);
  return [open, setOpen];
}
