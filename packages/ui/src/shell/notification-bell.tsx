import { useEffect, useRef, useState } from 'react';
import type { AnchorHTMLAttributes, ElementType, ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Divider,
  Group,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconBell, IconBellCheck, IconChecks } from '@tabler/icons-react';
import { NotificationItem, type NotificationView } from './notification-item';
import { EMPTY_LIST_CLOSE_DELAY_MS, unreadBadgeText } from './notification-rules';

type RouterLink = (props: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) => ReactNode;

export interface NotificationBellProps {
  unreadCount: number;
  /** The latest unread notifications (shown when the dropdown is open). */
  notifications: NotificationView[];
  loading?: boolean;
  /** 'Failed to load notifications' when the list could not be loaded. */
  error?: string | null;
  onMarkRead: (id: number) => void;
  onMarkAllRead: () => void;
  /** Told when the dropdown opens or closes (load the list only while it is open). */
  onOpenChange?: (opened: boolean) => void;
  /** The /notifications page. */
  viewAllHref: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any router's Link
  linkComponent: ElementType<any>;
  now?: Date;
  /** Older dates and hover times in the business's format (NotificationItem). */
  formatDate?: (iso: string) => string;
  formatDateTime?: (iso: string) => string;
  /** Opened at first render (stories). */
  defaultOpened?: boolean;
}

/**
 * The header's notification bell (SPEC.md sections 2, 4 and 9): the unread badge (count, '9+'
 * above 9), a dropdown with the latest unread notifications, mark one and mark all read, the empty
 * state 'No notifications' / "You're all caught up!", and 'View all notifications'. It closes on
 * an outside click, on Escape (focus back on the bell) and 2 s after its list turns empty.
 */
export function NotificationBell({
  unreadCount,
  notifications,
  loading = false,
  error = null,
  onMarkRead,
  onMarkAllRead,
  onOpenChange,
  viewAllHref,
  linkComponent,
  now,
  formatDate,
  formatDateTime,
  defaultOpened = false,
}: NotificationBellProps) {
  const [opened, setOpened] = useState(defaultOpened);
  const badge = unreadBadgeText(unreadCount);
  const Link = linkComponent as RouterLink;
  const hadItems = useRef(false);

  const setOpen = (next: boolean) => {
    setOpened(next);
    onOpenChange?.(next);
  };

  useEffect(() => {
    if (defaultOpened) onOpenChange?.(true);
    // Only the first render announces a default-opened dropdown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // SPEC.md section 4: 2 seconds after the list turns empty (and nothing is loading), close.
  const empty = notifications.length === 0;
  useEffect(() => {
    if (!opened) {
      hadItems.current = false;
      return undefined;
    }
    if (!empty) {
      hadItems.current = true;
      return undefined;
    }
    if (loading || !hadItems.current) return undefined;
    const timer = setTimeout(() => {
      hadItems.current = false;
      setOpened(false);
      onOpenChange?.(false);
    }, EMPTY_LIST_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [opened, empty, loading, onOpenChange]);

  // The name says what the badge shows (9+ above 9): a name must contain the visible text (axe).
  const label = badge ? `Notifications, ${badge} unread` : 'Notifications';

  return (
    <Popover
      opened={opened}
      onChange={setOpen}
      position="bottom-end"
      width="min(380px, calc(100vw - 16px))"
      shadow="lg"
      withArrow
      arrowPosition="center"
      trapFocus
      returnFocus
      closeOnEscape
      closeOnClickOutside
    >
      <Popover.Target>
        <Tooltip label="Notifications" disabled={opened}>
          <ActionIcon
            variant="default"
            size="lg"
            radius="md"
            aria-label={label}
            aria-haspopup="dialog"
            aria-expanded={opened}
            onClick={() => setOpen(!opened)}
            pos="relative"
            data-testid="notification-bell"
            style={{ overflow: 'visible' }}
          >
            <IconBell size={18} aria-hidden />
            {badge && (
              <Badge
                size="sm"
                color="red"
                variant="filled"
                radius="xl"
                pos="absolute"
                top={-7}
                right={-8}
                px={5}
                data-testid="notification-badge"
                aria-hidden
                style={{ pointerEvents: 'none', minWidth: 20, boxShadow: '0 0 0 2px var(--mantine-color-body)' }}
              >
                {badge}
              </Badge>
            )}
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={0} aria-label="Notifications">
        <Group justify="space-between" px="md" py="sm" wrap="nowrap">
          <Text fw={700} size="sm" component="h2" m={0}>
            Notifications
          </Text>
          {unreadCount > 0 && (
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconChecks size={14} aria-hidden />}
              onClick={onMarkAllRead}
            >
              Mark all as read
            </Button>
          )}
        </Group>
        <Divider />
        <Box aria-live="polite" aria-busy={loading}>
          {error ? (
            <Alert color="red" variant="light" m="sm" icon={<IconAlertTriangle size={16} aria-hidden />} title={error}>
              Please try again in a moment.
            </Alert>
          ) : loading && empty ? (
            <Group justify="center" py="xl">
              <Loader size="sm" />
              <Text size="sm" c="dimmed">
                Loading notifications...
              </Text>
            </Group>
          ) : empty ? (
            <Stack align="center" gap={4} py="xl" px="md" data-testid="notifications-empty">
              <IconBellCheck size={32} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
              <Text fw={600} size="sm">
                No notifications
              </Text>
              <Text size="sm" c="dimmed">
                You&apos;re all caught up!
              </Text>
            </Stack>
          ) : (
            <ScrollArea.Autosize mah={360} type="auto">
              <Stack gap={2} p={6} component="ul" style={{ listStyle: 'none', margin: 0 }}>
                {notifications.map((notification) => (
                  <li key={notification.id}>
                    <NotificationItem
                      notification={notification}
                      onMarkRead={onMarkRead}
                      linkComponent={linkComponent}
                      onNavigate={() => setOpen(false)}
                      {...(now ? { now } : {})}
                      {...(formatDate ? { formatDate } : {})}
                      {...(formatDateTime ? { formatDateTime } : {})}
                    />
                  </li>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </Box>
        <Divider />
        <Group justify="center" py="xs">
          <Anchor component={Link} to={viewAllHref} size="sm" fw={600} onClick={() => setOpen(false)}>
            View all notifications
          </Anchor>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
