import type { AnchorHTMLAttributes, ElementType, ReactNode } from 'react';
import { ActionIcon, Box, Group, Stack, Text, ThemeIcon, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  IconAlarm,
  IconBell,
  IconCash,
  IconChecks,
  IconFileDollar,
  IconFileInvoice,
  IconFileText,
  IconRepeat,
  IconTarget,
  IconUser,
} from '@tabler/icons-react';
import { notificationKindOf, relativeTime, type NotificationKind } from './notification-rules';

/** What the bell and the list show of one notification. */
export interface NotificationView {
  id: number;
  type: string;
  title: string;
  message: string;
  created_at: string;
  read_at: string | null;
  /** Where the notification leads (the invoice, the client, the goal), if anywhere. */
  href?: string | null;
}

const KIND_LOOK: Record<NotificationKind, { icon: typeof IconBell; color: string; label: string }> = {
  Invoice: { icon: IconFileInvoice, color: 'blue', label: 'Invoice' },
  Payment: { icon: IconCash, color: 'green', label: 'Payment' },
  Estimate: { icon: IconFileText, color: 'violet', label: 'Estimate' },
  Goal: { icon: IconTarget, color: 'orange', label: 'Goal' },
  RecurringInvoice: { icon: IconRepeat, color: 'cyan', label: 'Recurring invoice' },
  OtherIncome: { icon: IconFileDollar, color: 'teal', label: 'Other income' },
  Client: { icon: IconUser, color: 'grape', label: 'Client' },
  ActivityReminder: { icon: IconAlarm, color: 'pink', label: 'Activity reminder' },
  Other: { icon: IconBell, color: 'gray', label: 'Notification' },
};

/** The words for a notification's kind ('Activity reminder'), shown on hovering its icon. */
export function notificationKindLabel(type: string): string {
  return KIND_LOOK[notificationKindOf(type)].label;
}

/**
 * The icon of a notification's kind (SPEC.md section 3 types, and the CRM's activity reminders).
 * Hidden from assistive technology (the title says what it is about); its kind is its title on hover.
 */
export function NotificationIcon({ type, size = 34 }: { type: string; size?: number }) {
  const kind = notificationKindOf(type);
  const look = KIND_LOOK[kind];
  const Icon = look.icon;
  return (
    <ThemeIcon
      size={size}
      radius="xl"
      variant="light"
      color={look.color}
      aria-hidden
      title={look.label}
      data-kind={kind}
    >
      <Icon size={Math.round(size * 0.55)} stroke={1.7} />
    </ThemeIcon>
  );
}

type RouterLink = (props: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) => ReactNode;

export interface NotificationItemProps {
  notification: NotificationView;
  onMarkRead?: (id: number) => void;
  /** The router's link component; used when the notification has an `href`. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any router's Link
  linkComponent?: ElementType<any>;
  /** Called after following the notification's link (the dropdown closes). */
  onNavigate?: () => void;
  now?: Date;
  /** Dates older than a week and the exact time on hover, in the business's format; the browser's locale otherwise. */
  formatDate?: (iso: string) => string;
  formatDateTime?: (iso: string) => string;
  /** 'compact' in the bell, 'comfortable' on the /notifications page. */
  density?: 'compact' | 'comfortable';
}

/**
 * One notification: kind icon, title, message, relative time and, while unread, a dot and a
 * 'Mark as read' button. Following its link marks it read too.
 */
export function NotificationItem({
  notification,
  onMarkRead,
  linkComponent,
  onNavigate,
  now,
  formatDate,
  formatDateTime,
  density = 'compact',
}: NotificationItemProps) {
  const unread = notification.read_at === null;
  const Link = linkComponent as RouterLink | undefined;
  const when = relativeTime(notification.created_at, now, undefined, formatDate);
  const body = (
    <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: 1, minWidth: 0 }}>
      <NotificationIcon type={notification.type} size={density === 'compact' ? 32 : 38} />
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" fw={unread ? 700 : 500} lineClamp={1}>
          {notification.title || 'Notification'}
        </Text>
        {notification.message && (
          <Text size="sm" c="dimmed" lineClamp={density === 'compact' ? 2 : undefined}>
            {notification.message}
          </Text>
        )}
        <Text
          size="xs"
          c="dimmed"
          component="time"
          dateTime={notification.created_at}
          title={
            formatDateTime
              ? formatDateTime(notification.created_at)
              : new Date(notification.created_at).toLocaleString()
          }
        >
          {when}
          {unread && <VisuallyHidden component="span">, unread</VisuallyHidden>}
        </Text>
      </Stack>
    </Group>
  );
  const follow = () => {
    if (unread) onMarkRead?.(notification.id);
    onNavigate?.();
  };
  return (
    <Group
      gap="xs"
      wrap="nowrap"
      align="flex-start"
      px="sm"
      py="xs"
      data-testid="notification-item"
      data-unread={unread || undefined}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        background: unread ? 'light-dark(var(--mantine-color-leaf-0), rgba(64, 192, 87, 0.08))' : undefined,
      }}
    >
      {notification.href && Link ? (
        <UnstyledButton
          component={Link}
          to={notification.href}
          onClick={follow}
          style={{ flex: 1, minWidth: 0, borderRadius: 'var(--mantine-radius-sm)' }}
        >
          {body}
        </UnstyledButton>
      ) : (
        <Box style={{ flex: 1, minWidth: 0 }}>{body}</Box>
      )}
      {unread && onMarkRead && (
        <Tooltip label="Mark as read">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="md"
            aria-label={`Mark as read: ${notification.title || 'notification'}`}
            onClick={() => onMarkRead(notification.id)}
          >
            <IconChecks size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
