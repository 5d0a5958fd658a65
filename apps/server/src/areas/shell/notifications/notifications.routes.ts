import type { FastifyInstance } from 'fastify';
import {
  SHELL_MESSAGES,
  errorResponseSchema,
  idParamsSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationReadResponseSchema,
  notificationsReadAllResponseSchema,
} from '@ledgerleaf/domain';
import type { Deps } from '../../../lib/context';
import { defineRoute, requireAuth } from '../../../lib/route';
import * as notifications from './notifications.service';

const e = {
  validation: { description: 'Invalid query: field-keyed errors', schema: errorResponseSchema },
  unauthenticated: { description: 'Missing, revoked or expired token', schema: errorResponseSchema },
  notFound: { description: "Not one of the caller's notifications", schema: errorResponseSchema },
};

/** The notification bell and list (SPEC.md section 7): only ever the caller's own rows. */
export function registerNotificationRoutes(app: FastifyInstance, deps: Deps): void {
  const tags = ['notifications'];

  defineRoute(app, {
    method: 'GET',
    url: '/api/notifications',
    summary:
      "The caller's notifications, newest first: per_page (default 10), page, filter (all or unread); count_only=true answers the counts without rows. total counts the filter, unread_count the unread",
    tags,
    auth: true,
    query: notificationListQuerySchema,
    responses: {
      200: { description: 'Notifications and totals', schema: notificationListResponseSchema },
      401: e.unauthenticated,
      422: e.validation,
    },
    handler: async ({ request, query }) => notifications.listNotifications(deps, { auth: requireAuth(request), query }),
  });

  // Registered before /:id/read so that 'read-all' is never taken for an id.
  defineRoute(app, {
    method: 'PATCH',
    url: '/api/notifications/read-all',
    summary: 'Marks every unread notification of the caller read; answers how many changed',
    tags,
    auth: true,
    responses: { 200: { description: 'Marked', schema: notificationsReadAllResponseSchema }, 401: e.unauthenticated },
    handler: async ({ request }) => ({
      message: SHELL_MESSAGES.notificationsAllRead,
      updated: await notifications.markAllRead(deps, { auth: requireAuth(request) }),
    }),
  });

  defineRoute(app, {
    method: 'PATCH',
    url: '/api/notifications/:id/read',
    summary: 'Marks one notification read (there is no way back to unread); reading it again keeps the first read_at',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: {
      200: { description: 'Marked', schema: notificationReadResponseSchema },
      401: e.unauthenticated,
      404: e.notFound,
    },
    handler: async ({ request, params }) => ({
      message: SHELL_MESSAGES.notificationRead,
      notification: await notifications.markRead(deps, { auth: requireAuth(request), notificationId: params.id }),
    }),
  });
}
