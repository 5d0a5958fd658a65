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
