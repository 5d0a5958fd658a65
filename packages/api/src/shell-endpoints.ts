import type {
  BetaFeedbackCreated,
  BetaFeedbackInput,
  BetaFeedbackListQueryInput,
  BetaFeedbackListResponse,
  NotificationListQueryInput,
  NotificationListResponse,
  NotificationReadResponse,
  NotificationsReadAllResponse,
} from '@ledgerleaf/domain';
import { api } from './api';

/** How often the shell asks for the unread count while the page is open. */
export const NOTIFICATION_POLL_MS = 30_000;

/**
 * The shell's calls (SPEC.md section 7): notifications and beta feedback. Every notification query
 * is tagged `Notification`; marking read invalidates them all, so the bell, its badge and the
 * /notifications page agree.
 */
export const shellApi = api.enhanceEndpoints({ addTagTypes: ['Notification', 'BetaFeedback'] }).injectEndpoints({
  endpoints: (build) => ({
    listNotifications: build.query<NotificationListResponse, NotificationListQueryInput>({
      query: (query) => ({ url: '/api/notifications', params: notificationParams(query) }),
      providesTags: [{ type: 'Notification', id: 'LIST' }],
    }),
    markNotificationRead: build.mutation<NotificationReadResponse, number>({
      query: (id) => ({ url: `/api/notifications/${id}/read`, method: 'PATCH' }),
      invalidatesTags: [{ type: 'Notification', id: 'LIST' }],
    }),
    markAllNotificationsRead: build.mutation<NotificationsReadAllResponse, void>({
      query: () => ({ url: '/api/notifications/read-all', method: 'PATCH' }),
      invalidatesTags: [{ type: 'Notification', id: 'LIST' }],
    }),
    sendBetaFeedback: build.mutation<BetaFeedbackCreated, BetaFeedbackInput>({
      query: (body) => ({ url: '/api/beta-feedback', method: 'POST', body }),
      invalidatesTags: [{ type: 'BetaFeedback', id: 'LIST' }],
    }),
    /** `GET /api/beta-feedback?page=&per_page=&type=` (owners and admins; others get 403). */
    listBetaFeedback: build.query<BetaFeedbackListResponse, BetaFeedbackListQueryInput>({
      query: (params) => ({ url: '/api/beta-feedback', params }),
      providesTags: [{ type: 'BetaFeedback', id: 'LIST' }],
    }),
  }),
});

/** The query string, without the defaults the server applies anyway. */
export function notificationParams(query: NotificationListQueryInput): Record<string, string> {
  const params: Record<string, string> = {};
  if (query.per_page !== undefined) params.per_page = String(query.per_page);
  if (query.page !== undefined && Number(query.page) !== 1) params.page = String(query.page);
  if (query.filter !== undefined) params.filter = String(query.filter);
  if (query.count_only !== undefined && query.count_only !== false) params.count_only = 'true';
  return params;
}

export const {
  useListNotificationsQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useSendBetaFeedbackMutation,
  useListBetaFeedbackQuery,
} = shellApi;
