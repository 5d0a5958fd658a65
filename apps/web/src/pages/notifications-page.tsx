import { Link } from 'react-router';
import { Alert, Button, Card, Group, Pagination, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconBellCheck, IconChecks } from '@tabler/icons-react';
import { NOTIFICATIONS_PAGE_SIZE, SHELL_MESSAGES, type NotificationFilter } from '@ledgerleaf/domain';
import {
  useDateFormat,
  useListNotificationsQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
  paths,
} from '@ledgerleaf/api';
import { EmptyState, NotificationItem, PageHeader } from '@ledgerleaf/ui';
import { useUrlParams } from '@ledgerleaf/ui/routing';
import { toNotificationView } from '../layout/notification-links';

const FILTERS: { value: NotificationFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
];

/** Filter and page from the URL (`?filter=unread&page=2`), sanitised. */
export function readListState(params: URLSearchParams): { filter: NotificationFilter; page: number } {
  const filter: NotificationFilter = params.get('filter') === 'unread' ? 'unread' : 'all';
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return { filter, page: Number.isInteger(page) && page > 0 ? page : 1 };
}

/** /notifications: every notification with the all/unread filter, pages, mark one and mark all read. */
export function NotificationsPage() {
  const url = useUrlParams();
  const { filter, page } = readListState(url.params);
  const query = useListNotificationsQuery({ filter, page, per_page: NOTIFICATIONS_PAGE_SIZE });
  const [markRead] = useMarkNotificationReadMutation();
  const [markAllRead, markAll] = useMarkAllNotificationsReadMutation();
  const { formatDate, formatDateTime } = useDateFormat();
  const data = query.isError ? undefined : query.data;
  const notifications = (data?.notifications ?? []).map(toNotificationView);
  const total = data?.total ?? 0;
  const unread = data?.unread_count ?? 0;
  const lastPage = data?.last_page ?? 1;

  // Each filter and page is a history entry of its own: the back button returns to the previous one.
  const go = (next: { filter?: NotificationFilter; page?: number }) => {
    const state = { filter, page, ...next };
    url.update(
      { filter: state.filter === 'all' ? null : state.filter, page: state.page > 1 ? state.page : null },
      { push: true },
    );
  };

  const onMarkRead = (id: number) => {
    markRead(id)
      .unwrap()
      .catch((error: unknown) => console.warn('Failed to mark the notification as read', error));
  };

  return (
    <>
      <PageHeader
        title="Notifications"
        description={data ? (unread > 0 ? `${unread} unread` : "You're all caught up!") : undefined}
        actions={
          <Button
            variant="light"
            leftSection={<IconChecks size={16} aria-hidden />}
            disabled={unread === 0}
            loading={markAll.isLoading}
            onClick={() => {
              markAllRead()
                .unwrap()
                .catch((error: unknown) => console.warn('Failed to mark all notifications as read', error));
            }}
          >
            Mark all as read
          </Button>
        }
      />
      <Stack gap="md">
        <SegmentedControl
          aria-label="Show"
          data={FILTERS}
          value={filter}
          onChange={(value) => go({ filter: value as NotificationFilter, page: 1 })}
          w={{ base: '100%', xs: 240 }}
        />
        {query.isError ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={SHELL_MESSAGES.notificationsLoadFailed}
          >
            <Group justify="space-between" gap="sm">
              <Text size="sm">Check your connection and try again.</Text>
              <Button size="xs" variant="white" color="red" onClick={() => void query.refetch()}>
                Try again
              </Button>
            </Group>
          </Alert>
        ) : query.isLoading ? (
          <Card padding="sm" aria-busy="true" aria-label="Loading notifications">
            <Stack gap="sm">
              {Array.from({ length: 5 }, (_, index) => (
                <Group key={index} gap="sm" wrap="nowrap">
                  <Skeleton circle height={38} />
                  <Stack gap={6} style={{ flex: 1 }}>
                    <Skeleton height={12} width="40%" />
                    <Skeleton height={10} width="80%" />
                  </Stack>
                </Group>
              ))}
            </Stack>
          </Card>
        ) : notifications.length === 0 ? (
          <Card padding="lg">
            <EmptyState
              icon={<IconBellCheck size={40} stroke={1.5} aria-hidden />}
              title="No notifications"
              message={
                filter === 'unread' && total === 0 && page === 1
                  ? "You're all caught up!"
                  : page > 1
                    ? 'There is nothing on this page.'
                    : "You're all caught up!"
              }
              action={
                page > 1 ? (
                  <Button variant="light" onClick={() => go({ page: 1 })}>
                    Back to the first page
                  </Button>
                ) : filter === 'unread' ? (
                  <Button variant="light" onClick={() => go({ filter: 'all', page: 1 })}>
                    Show all notifications
                  </Button>
                ) : (
                  <Button component={Link} to={paths.dashboard} variant="light">
                    Back to the dashboard
                  </Button>
                )
              }
            />
          </Card>
        ) : (
          <Card padding={6} aria-busy={query.isFetching}>
            <Stack
              gap={2}
              component="ul"
              style={{ listStyle: 'none', margin: 0, padding: 0 }}
              aria-label="Notifications"
            >
              {notifications.map((notification) => (
                <li key={notification.id}>
                  <NotificationItem
                    notification={notification}
                    onMarkRead={onMarkRead}
                    linkComponent={Link}
                    density="comfortable"
                    formatDate={formatDate}
                    formatDateTime={formatDateTime}
                  />
                </li>
              ))}
            </Stack>
          </Card>
        )}
        {lastPage > 1 && !query.isError && (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed">
              {total} notification{total === 1 ? '' : 's'}
            </Text>
            <Pagination
              total={lastPage}
              value={Math.min(page, lastPage)}
              onChange={(next) => go({ page: next })}
              getControlProps={(control) => ({
                'aria-label': control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control,
              })}
            />
          </Group>
        )}
      </Stack>
    </>
  );
}

export default NotificationsPage;
