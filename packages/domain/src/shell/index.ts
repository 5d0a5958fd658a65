import { userMay } from '../account/roles';
import type { User } from '../user';

/**
 * The application shell (SPEC.md sections 2, 3, 5, 7 and 9): notifications and beta feedback, their
 * kinds, labels and messages. Their schemas are in contracts.ts, which the shell's first draw does
 * not load (a module that builds zod schemas made every signed-in page load and run zod first).
 */

// ---------------------------------------------------------------- notifications

/** The kinds a notification's `type` names (SPEC.md section 3); the bell picks its icon from them. */
export const NOTIFICATION_TYPES = [
  'Invoice',
  'Payment',
  'Estimate',
  'Goal',
  'RecurringInvoice',
  'OtherIncome',
  'Client',
  /** A CRM activity's reminder (issue 14; `ACTIVITY_REMINDER_NOTIFICATION_TYPE`). */
  'ActivityReminder',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_FILTERS = ['all', 'unread'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

export const SHELL_MESSAGES = {
  notificationsLoadFailed: 'Failed to load notifications',
  notificationNotFound: 'Notification not found',
  notificationRead: 'Notification marked as read',
  notificationsAllRead: 'All notifications marked as read',
  feedbackTypeRequired: 'Please select a feedback type',
  feedbackFeatureRequired: 'Please select the feature this is about',
  feedbackDescriptionRequired: 'Please describe your feedback',
  feedbackDescriptionTooLong: 'Please keep your feedback under 5000 characters',
  feedbackRatingInvalid: 'Rating must be a whole number from 1 to 5',
  feedbackFailedTitle: 'Feedback Submission Failed',
  feedbackFailedMessage: 'There was an error submitting your feedback. Please try again.',
  feedbackThanksTitle: 'Thank You!',
  feedbackThanksMessage: 'Your feedback has been submitted. It goes straight to the people building Ledgerleaf.',
  feedbackStored: 'Thank you for your feedback!',
  adminOnly: 'This action is unauthorized.',
} as const;

/**
 * The stored `data` (JSON text, SPEC.md section 3: "possibly a string") read defensively: an
 * object, or a JSON string of one; anything else gives an empty object.
 */
export function parseNotificationData(raw: unknown): Record<string, unknown> {
  let value = raw;
  for (let depth = 0; depth < 2 && typeof value === 'string'; depth += 1) {
    try {
      value = JSON.parse(value);
    } catch {
      return {};
    }
  }
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The kind of a notification type, matched by name ('App\\Notifications\\PaymentReceived' → 'Payment'). */
export function notificationKind(type: string): NotificationType | 'Other' {
  // RecurringInvoice and OtherIncome first: they contain the shorter names.
  const order: NotificationType[] = [
    'RecurringInvoice',
    'OtherIncome',
    'Invoice',
    'Payment',
    'Estimate',
    'Goal',
    'Client',
    'ActivityReminder',
  ];
  return order.find((kind) => type.includes(kind)) ?? 'Other';
}

// ---------------------------------------------------------------- beta feedback

/** SPEC.md section 9; `improvement` is shown as 'Suggestion'. */
export const FEEDBACK_TYPES = ['bug', 'feature', 'improvement', 'other'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
export const FEEDBACK_TYPE_LABELS: Record<FeedbackType, string> = {
  bug: 'Bug Report',
  feature: 'Feature Request',
  improvement: 'Suggestion',
  other: 'Other',
};

export const FEEDBACK_FEATURES = [
  'dashboard',
  'invoices',
  'estimates',
  'clients',
  'reports',
  'advanced-reports',
  'payment-performance',
  'period-comparison',
  'client-activity',
  'other',
] as const;
export type FeedbackFeature = (typeof FEEDBACK_FEATURES)[number];
export const FEEDBACK_FEATURE_LABELS: Record<FeedbackFeature, string> = {
  dashboard: 'Dashboard',
  invoices: 'Invoices',
  estimates: 'Estimates',
  clients: 'Clients',
  reports: 'Reports',
  'advanced-reports': 'Advanced Reports',
  'payment-performance': 'Payment Performance',
  'period-comparison': 'Period Comparison',
  'client-activity': 'Client Activity',
  other: 'Other',
};

export const FEEDBACK_RATING_MIN = 1;
export const FEEDBACK_RATING_MAX = 5;
export const FEEDBACK_DESCRIPTION_MAX_LENGTH = 5000;

/** A stored report's type as SPEC.md section 9 shows it ('improvement' is 'Suggestion'); an unknown one as stored. */
export function feedbackTypeLabel(type: string): string {
  return (FEEDBACK_TYPE_LABELS as Record<string, string>)[type] ?? type;
}

/** A stored report's feature by its label; an unknown one as stored. */
export function feedbackFeatureLabel(feature: string): string {
  return (FEEDBACK_FEATURE_LABELS as Record<string, string>)[feature] ?? feature;
}

/**
 * Who may read the feedback of their business (GET /api/beta-feedback): admins, and owners, who
 * hold every right an admin has.
 */
export function canReviewFeedback(user: Pick<User, 'roles'> | null | undefined): boolean {
  return userMay(user, 'admin');
}
