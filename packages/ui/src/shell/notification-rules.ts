/**
 * Rules of the notification bell (SPEC.md sections 2, 4 and 9). Restated here because `ui` does not
 * import `@ledgerleaf/domain` (ARCHITECTURE.md rule 4); the values are SPEC.md's.
 */

/** The bell's badge: the unread count, '9+' above 9, nothing at 0. */
export function unreadBadgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 9 ? '9+' : String(Math.floor(count));
}

/** The dropdown closes this long after its list turns empty (when not loading). */
export const EMPTY_LIST_CLOSE_DELAY_MS = 2000;

/** Scroll-to-top appears after scrolling more than this. */
export const SCROLL_TO_TOP_THRESHOLD_PX = 300;

/** The feedback success dialog hides after this. */
export const FEEDBACK_SUCCESS_HIDE_MS = 5000;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (value: number, unit: string) => `${value} ${unit}${value === 1 ? '' : 's'} ago`;

/**
 * 'Just now' under 60 s, then minutes, hours and days up to 6 days, then a locale date
 * (SPEC.md section 9), or the date as `formatDate` writes it (the business's date format). A time in
 * the future (a clock a little ahead) counts as now.
 */
export function relativeTime(
  iso: string,
  now: Date = new Date(),
  locale?: string,
  formatDate?: (iso: string) => string,
): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const elapsed = now.getTime() - at.getTime();
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hour');
  const days = Math.floor(elapsed / DAY);
  if (days <= 6) return plural(days, 'day');
  return formatDate ? formatDate(iso) : at.toLocaleDateString(locale);
}

/** The kinds a notification type names; the icon follows the kind ('PaymentReceived' → Payment). */
export type NotificationKind =
  | 'Invoice'
  | 'Payment'
  | 'Estimate'
  | 'Goal'
  | 'RecurringInvoice'
  | 'OtherIncome'
  | 'Client'
  | 'ActivityReminder'
  | 'Other';

export function notificationKindOf(type: string): NotificationKind {
  const order: NotificationKind[] = [
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
