import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { NOTIFICATIONS_PAGE_SIZE, SHELL_MESSAGES } from '@ledgerleaf/domain';
import {
  NOTIFICATION_POLL_MS,
  useAppSelector,
  useDateFormat,
  useListNotificationsQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
} from '@ledgerleaf/api';
import type { RootState } from '@ledgerleaf/api';
import { NotificationBell } from '@ledgerleaf/ui';
import { toNotificationView } from './notification-links';

/** The shell's own notification writes: they refresh the lists through their tags already. */
const OWN_MUTATIONS = new Set(['markNotificationRead', 'markAllNotificationsRead']);

/** The time the latest other write (a payment, a new client...) finished, from the API cache. */
export function latestWriteAt(state: RootState): number {
  let latest = 0;
  for (const mutation of Object.values(state.api?.mutations ?? {})) {
    if (!mutation || mutation.status !== 'fulfilled' || OWN_MUTATIONS.has(mutation.endpointName ?? '')) continue;
    latest = Math.max(latest, mutation.fulfilledTimeStamp ?? 0);
  }
  return latest;
}

/**
 * The unread count, kept fresh without a reload: polled every 30 s while the tab is visible,
 * refetched when the window regains focus, on every navigation and right after any write of this
 * tab (a payment or a new client notifies at once). A failed count shows 0 (SPEC.md section 8).
 */
export function useUnreadCount(): number {
  const { pathname } = useLocation();
  const query = useListNotificationsQuery(
    { filter: 'unread', count_only: true },
    { pollingInterval: NOTIFICATION_POLL_MS, skipPollingIfUnfocused: true, refetchOnFocus: true },
  );
  const { refetch, isUninitialized } = query;
  const writeAt = useAppSelector(latestWriteAt);
  const seen = useRef({ writeAt, pathname });
  useEffect(() => {
    const changed = writeAt > seen.current.writeAt || pathname !== seen.current.pathname;
    seen.current = { writeAt: Math.max(writeAt, seen.current.writeAt), pathname };
    if (changed && !isUninitialized) void refetch();
  }, [writeAt, pathname, refetch, isUninitialized]);
  useEffect(() => {
    if (query.isError) console.warn('Failed to load the unread notification count', query.error);
  }, [query.isError, query.error]);
  return query.isError ? 0 : (query.data?.unread_count ?? 0);
}

/** The header's bell wired to the API: latest unread notifications, mark one, mark all. */
export function HeaderNotifications() {
  const unreadCount = useUnreadCount();
  const [opened, setOpened] = useState(false);
  const list = useListNotificationsQuery(
    { per_page: NOTIFICATIONS_PAGE_SIZE, filter: 'unread' },
    { skip: !opened, refetchOnMountOrArgChange: true },
  );
  const [markRead] = useMarkNotificationReadMutation();
  const [markAllRead] = useMarkAllNotificationsReadMutation();
  const { formatDate, formatDateTime } = useDateFormat();
  // Read ones leave the dropdown at once; the refetch that follows confirms it.
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const [allRead, setAllRead] = useState(false);

  useEffect(() => {
    if (!opened) {
      setHidden(new Set());
      setAllRead(false);
    }
  }, [opened]);

  const notifications = useMemo(
    () =>
      allRead || list.isError
        ? []
        : (list.data?.notifications ?? []).filter((n) => !hidden.has(n.id)).map(toNotificationView),
    [allRead, hidden, list.data, list.isError],
  );

  const onMarkRead = (id: number) => {
    setHidden((current) => new Set(current).add(id));
    markRead(id)
      .unwrap()
      .catch((error: unknown) => {
        console.warn('Failed to mark the notification as read', error);
        setHidden((current) => {
          const next = new Set(current);
          next.delete(id);
          return next;
        });
      });
  };

  const onMarkAllRead = () => {
    setAllRead(true);
    markAllRead()
      .unwrap()
      .catch((error: unknown) => {
        console.warn('Failed to mark all notifications as read', error);
        setAllRead(false);
      });
  };

  return (
    <NotificationBell
      unreadCount={unreadCount}
      notifications={notifications}
      loading={list.isFetching && !list.data}
      error={list.isError ? SHELL_MESSAGES.notificationsLoadFailed : null}
      onMarkRead={onMarkRead}
      onMarkAllRead={onMarkAllRead}
      onOpenChange={setOpened}
      viewAllHref="/notifications"
      linkComponent={Link}
      formatDate={formatDate}
      formatDateTime={formatDateTime}
    />
  );
}
