import {
  SHELL_MESSAGES,
  parseNotificationData,
  type Notification,
  type NotificationListQuery,
  type NotificationListResponse,
} from '@ledgerleaf/domain';
import {
  countUserNotifications,
  listUserNotifications,
  markAllUserNotificationsRead,
  markUserNotificationRead,
  type NotificationRow,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../../lib/context';
import { notFound } from '../../../lib/errors';

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A stored row as the API answers it: `data` parsed, its title and message lifted out. */
export function notificationView(row: NotificationRow): Notification {
  const data = parseNotificationData(row.data);
  return {
    id: row.id,
    type: row.type,
    data,
    title: str(data.title),
    message: str(data.message),
    created_at: row.created_at,
    read_at: row.read_at,
  };
}

/** The caller's notifications (SPEC.md section 7): a page, or only the counts with `count_only`. */
export async function listNotifications(
  deps: Deps,
  params: { auth: AuthContext; query: NotificationListQuery },
): Promise<NotificationListResponse> {
  const { userId } = params.auth;
  const { per_page: perPage, page, filter, count_only: countOnly } = params.query;
  const unreadOnly = filter === 'unread';
  const unreadCount = await countUserNotifications(deps.db, { userId, unreadOnly: true });
  const total = unreadOnly ? unreadCount : await countUserNotifications(deps.db, { userId, unreadOnly: false });
  const rows = countOnly
    ? []
    : await listUserNotifications(deps.db, { userId, unreadOnly, limit: perPage, offset: (page - 1) * perPage });
  return {
    notifications: rows.map(notificationView),
    total,
    unread_count: unreadCount,
    current_page: page,
    per_page: perPage,
    last_page: Math.max(1, Math.ceil(total / perPage)),
  };
}

/** Unread → read; reading it again keeps the first time. Another user's notification: 404. */
export async function markRead(
  deps: Deps,
  params: { auth: AuthContext; notificationId: number },
): Promise<Notification> {
  const row = await markUserNotificationRead(deps.db, {
    userId: params.auth.userId,
    notificationId: params.notificationId,
    now: deps.clock(),
  });
  if (!row) throw notFound(SHELL_MESSAGES.notificationNotFound);
  return notificationView(row);
}

export async function markAllRead(deps: Deps, params: { auth: AuthContext }): Promise<number> {
  return markAllUserNotificationsRead(deps.db, { userId: params.auth.userId, now: deps.clock() });
}
