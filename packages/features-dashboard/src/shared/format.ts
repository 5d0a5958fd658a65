import { formatNumber } from '@ledgerleaf/domain';

/**
 * Dollars as the dashboard shows them: US locale, exactly 2 decimals, null or non-numeric as 0,
 * numeric strings parsed (domain `formatNumber`, whose cache holds at most 500 entries).
 */
export function money(value: unknown): string {
  const text = formatNumber(value);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/** A rate in percent with one decimal, or a dash when there is nothing to divide by. */
export function percent(value: number | null | undefined): string {
  return value === null || value === undefined
    ? '—'
    : `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
}

/** "3 invoices", "1 invoice". */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** `yyyy-MM` as "Mar 2026" (UTC: a month label never moves with the browser's zone). */
export function monthLabel(month: string): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, index - 1, 1)).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The last calendar day of `yyyy-MM`. */
export function lastDayOfMonth(month: string): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, index, 0)).toISOString().slice(0, 10);
}
