import { LOCALE } from '@ledgerleaf/domain';

const percentFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 3 });

/** `8.875%` */
export function formatPercent(rate: number): string {
  return `${percentFormat.format(rate)}%`;
}

const dateFormat = new Intl.DateTimeFormat(LOCALE, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** `Nov 22, 2026` from an ISO timestamp; '' when missing or unreadable. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** `Nov 22, 2026, 10:05 AM` in the viewer's time zone, from an ISO timestamp; '' when missing or unreadable. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat.format(date);
}
