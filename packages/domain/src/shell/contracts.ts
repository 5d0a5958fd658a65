import { z } from 'zod';
import { MAX_PER_PAGE } from '../limits';
import { NOTIFICATIONS_PAGE_SIZE } from '../constants';
import {
  FEEDBACK_DESCRIPTION_MAX_LENGTH,
  FEEDBACK_FEATURES,
  FEEDBACK_RATING_MAX,
  FEEDBACK_RATING_MIN,
  FEEDBACK_TYPES,
  NOTIFICATION_FILTERS,
  SHELL_MESSAGES,
} from './index';

/**
 * The application shell's contracts (SPEC.md sections 2, 3, 5, 7 and 9): notifications and beta
 * feedback. The browser and the server validate with these schemas, so they show the same messages.
 */

const booleanQuery = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .transform((value) => value === true || value === 'true' || value === '1');

/** `GET /api/notifications?per_page=10&page=1&filter=all|unread&count_only=true` (SPEC.md section 7). */
export const notificationListQuerySchema = z.object({
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(NOTIFICATIONS_PAGE_SIZE),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  filter: z.enum(NOTIFICATION_FILTERS).default('all'),
  count_only: booleanQuery.default(false),
});
export type NotificationListQuery = z.output<typeof notificationListQuerySchema>;
export type NotificationListQueryInput = z.input<typeof notificationListQuerySchema>;

/** One notification as the API answers it: `data` parsed, `title` and `message` lifted out of it. */
export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  data: z.record(z.string(), z.unknown()),
  title: z.string(),
  message: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/**
 * `notifications` is the requested page (empty with `count_only`), `total` the number matching the
 * filter, `unread_count` the caller's unread notifications whatever the filter.
 */
export const notificationListResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  total: z.number().int(),
  unread_count: z.number().int(),
  current_page: z.number().int(),
  per_page: z.number().int(),
  last_page: z.number().int(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

export const notificationReadResponseSchema = z.object({ message: z.string(), notification: notificationSchema });
export type NotificationReadResponse = z.infer<typeof notificationReadResponseSchema>;

export const notificationsReadAllResponseSchema = z.object({ message: z.string(), updated: z.number().int() });
export type NotificationsReadAllResponse = z.infer<typeof notificationsReadAllResponseSchema>;

// ---------------------------------------------------------------- beta feedback

const systemText = (max: number) => z.string().trim().max(max).default('');

/** What the browser reports about itself with the feedback (SPEC.md section 3). */
export const feedbackSystemInfoSchema = z.object({
  browser: systemText(500),
  os: systemText(200),
  screenSize: systemText(50),
  currentUrl: systemText(2000),
});
export type FeedbackSystemInfo = z.output<typeof feedbackSystemInfoSchema>;

/** `POST /api/beta-feedback`: type, feature and description required; rating optional 1-5 (SPEC.md section 5). */
export const betaFeedbackSchema = z.object({
  type: z.enum(FEEDBACK_TYPES, { error: SHELL_MESSAGES.feedbackTypeRequired }),
  feature: z.enum(FEEDBACK_FEATURES, { error: SHELL_MESSAGES.feedbackFeatureRequired }),
  rating: z
    .number({ error: SHELL_MESSAGES.feedbackRatingInvalid })
    .int(SHELL_MESSAGES.feedbackRatingInvalid)
    .min(FEEDBACK_RATING_MIN, SHELL_MESSAGES.feedbackRatingInvalid)
    .max(FEEDBACK_RATING_MAX, SHELL_MESSAGES.feedbackRatingInvalid)
    .nullish()
    .transform((value) => value ?? null),
  description: z
    .string({ error: SHELL_MESSAGES.feedbackDescriptionRequired })
    .trim()
    .min(1, SHELL_MESSAGES.feedbackDescriptionRequired)
    .max(FEEDBACK_DESCRIPTION_MAX_LENGTH, SHELL_MESSAGES.feedbackDescriptionTooLong),
  systemInfo: feedbackSystemInfoSchema.default({ browser: '', os: '', screenSize: '', currentUrl: '' }),
  /** When the person submitted it, by their clock (ISO 8601); the server also records its own time. */
  timestamp: z.iso
    .datetime({ offset: true })
    .nullish()
    .transform((value) => value ?? null),
});
export type BetaFeedbackInput = z.input<typeof betaFeedbackSchema>;
export type BetaFeedback = z.output<typeof betaFeedbackSchema>;

export const betaFeedbackEntrySchema = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  user_email: z.string().nullable(),
  type: z.string(),
  feature: z.string(),
  rating: z.number().int().nullable(),
  description: z.string(),
  system_info: feedbackSystemInfoSchema,
  client_timestamp: z.string().nullable(),
  created_at: z.string(),
});
export type BetaFeedbackEntry = z.infer<typeof betaFeedbackEntrySchema>;

export const betaFeedbackCreatedSchema = z.object({ message: z.string(), data: betaFeedbackEntrySchema });
export type BetaFeedbackCreated = z.infer<typeof betaFeedbackCreatedSchema>;

export const betaFeedbackListResponseSchema = z.object({
  data: z.array(betaFeedbackEntrySchema),
  meta: z.object({
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
  }),
});
export type BetaFeedbackListResponse = z.infer<typeof betaFeedbackListResponseSchema>;

/** `GET /api/beta-feedback?page=&per_page=&type=`: newest first; `type` keeps one kind of report. */
export const betaFeedbackListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(25),
  type: z.enum(FEEDBACK_TYPES, { error: SHELL_MESSAGES.feedbackTypeRequired }).optional(),
});
export type BetaFeedbackListQuery = z.output<typeof betaFeedbackListQuerySchema>;
export type BetaFeedbackListQueryInput = z.input<typeof betaFeedbackListQuerySchema>;
