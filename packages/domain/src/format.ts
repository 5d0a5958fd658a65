import { CURRENCY, LOCALE } from './constants';

const NUMBER_CACHE_LIMIT = 500;
const numberCache = new Map<string, string>();
const twoDecimals = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const currency = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY });

/** Numbers, numeric strings and anything else (0) to a finite number. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : 0;
  }
  return 0;
}

/**
 * Dashboard number format (SPEC.md section 5): US locale, exactly 2 decimals; null or non-numeric
 * gives 0; numeric strings are parsed. Results are cached (at most 500 entries, oldest dropped first).
 */
export function formatNumber(value: unknown): string {
  const number = toNumber(value);
  const key = String(number);
  const cached = numberCache.get(key);
  if (cached !== undefined) return cached;
  const formatted = twoDecimals.format(number);
  if (numberCache.size >= NUMBER_CACHE_LIMIT) {
    const oldest = numberCache.keys().next().value;
    if (oldest !== undefined) numberCache.delete(oldest);
  }
  numberCache.set(key, formatted);
  return formatted;
}

/** Size of the number-format cache, for tests. */
export function numberFormatCacheSize(): number {
  return numberCache.size;
}

/** USD in en-US format with 2 decimals, e.g. `$1,250.50`. */
export function formatCurrency(value: unknown): string {
  return currency.format(toNumber(value));
}
