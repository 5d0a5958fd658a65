/**
 * Money is integer cents everywhere inside Ledgerleaf. The JSON API carries decimal amounts
 * (e.g. `1250.5`) and converts exactly here, at the boundary.
 */
export type Cents = number;

/** Decimal amount (number or numeric string) to integer cents, rounding half away from zero once. */
export function toCents(amount: number | string): Cents {
  const value = typeof amount === 'string' ? Number(amount.trim()) : amount;
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite amount: ${String(amount)}`);
  // Going through the decimal string avoids binary drift (1.005 * 100 = 100.49999...).
  const [whole, fraction = ''] = Math.abs(value).toFixed(6).split('.');
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2)) + (Number(fraction.slice(2)) >= 5000 ? 1 : 0);
  return value < 0 ? -cents : cents;
}

/** Integer cents to the decimal amount the API carries. */
export function fromCents(cents: Cents): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be a safe integer: ${cents}`);
  return cents / 100;
}
