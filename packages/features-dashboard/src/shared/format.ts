import { formatNumber } from '@ledgerleaf/domain';

// One formatter each, made on first use: `toLocaleString` with options builds a new Intl formatter
// on every call, which the dashboard's first render paid some 150 times (about 25 ms on a phone).
let oneDecimal: Intl.NumberFormat | undefined;
let integer: Intl.NumberFormat | undefined;
let shortMonth: Intl.DateTimeFormat | undefined;

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
    : `${(oneDecimal ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })).format(value)}%`;
}

/** A chart axis's dollars: "$12,000" (whole dollars, the axis's ticks are round). */
export function axisDollars(value: number): string {
  return `$${(integer ??= new Intl.NumberFormat('en-US')).format(value)}`;
}

/** "3 invoices", "1 invoice". */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${(integer ??= new Intl.NumberFormat('en-US')).format(n)} ${n === 1 ? one : many}`;
}

/** `yyyy-MM` as "Mar 2026" (UTC: a month label never moves with the browser's zone). */
export function monthLabel(month: string): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  shortMonth ??= new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
  return shortMonth.format(new Date(Date.UTC(year, index - 1, 1)));
}

/** The last calendar day of `yyyy-MM`. */
export function lastDayOfMonth(month: string): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, index, 0)).toISOString().slice(0, 10);
}
