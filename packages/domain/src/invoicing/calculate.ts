import type {
  CalculationInput,
  CalculationLineInput,
  Discount,
  InvoiceCalculation,
  LineCalculation,
  LineTaxAmount,
  TaxInput,
  TaxTotal,
} from './calculation-contracts';
import { MAX_LINE_TAXES } from './invoice-messages';

/**
 * The ONE invoice calculation engine. The editor (while typing), the API (what it stores and
 * returns) and the PDF all call `calculateInvoice`, so the three agree to the cent.
 *
 * Units: money in integer cents; quantities and percentages as integer thousandths (1.125 -> 1125,
 * 8.875 % -> 8875). Intermediate products run in BigInt, so nothing drifts even at
 * 1,000,000,000 x 999,999,999.99; every result is checked to be a safe integer.
 *
 * ROUNDING RULE (the only place it happens is `roundDiv`, half away from zero, to the cent):
 *   each line figure that comes from a multiplication (subtotal = quantity x unit price, a percent
 *   line discount, each tax = its base x its rate) is rounded ONCE, from the cent figures printed
 *   above it on the same line; every other line figure is an exact difference or sum of those, and
 *   every invoice figure is the exact sum of the line figures (never rounded again). The invoice
 *   discount is the one invoice-level figure: a percent is rounded once on the sum of the line nets,
 *   then split across the lines in proportion to their nets by the largest-remainder method, so the
 *   pieces sum exactly to it. Hence anyone can recompute each printed number with a calculator.
 *
 * Exclusive pricing (default): taxable = net - invoice discount share; tax 1 = round(taxable x r1);
 *   tax 2 = round((taxable [+ tax 1 when compound]) x r2); total = taxable + taxes.
 * Inclusive pricing: the line amounts are tax-inclusive (gross). The taxable net is the LARGEST net
 *   whose exclusive total does not exceed the gross; the taxes are that net's exclusive taxes, and
 *   the line total is the gross itself (the customer pays the price shown). When the gross is not
 *   an exact exclusive total (the 1-2 cents that rounding skips), the leftover cent(s) go to the last
 *   non-zero tax: the one case where a printed tax is not round(base x rate), so that net + taxes
 *   is still exactly the gross.
 * "Inclusive and exclusive agree on the net" means: for every net amount N and taxes, an exclusive
 *   line with net N and an inclusive line whose gross is that exclusive line's total give the same
 *   taxable net N, the same tax amounts and the same total (the exclusive total is strictly
 *   increasing in N, so the largest net fitting the gross is N itself).
 *
 * Its input schemas and result shapes are in calculation-contracts.ts.
 */

const QUANTITY_SCALE = 1000n;
/** A percentage in thousandths over this is a fraction: 8875 / 100000 = 8.875 %. */
const PERCENT_SCALE = 100_000n;

/** THE rounding point: numerator / denominator to the nearest integer, halves away from zero. */
function roundDiv(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twice >= denominator) return numerator < 0n ? quotient - 1n : quotient + 1n;
  return quotient;
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function safe(value: bigint, what: string): number {
  if (value > MAX_SAFE || value < -MAX_SAFE) {
    throw new RangeError(`${what} is too large to calculate: ${value}`);
  }
  return Number(value);
}

function clamp(value: bigint, low: bigint, high: bigint): bigint {
  return value < low ? low : value > high ? high : value;
}

/**
 * A decimal with up to 3 places (quantity, percentage) as integer thousandths, exactly: 1.125 ->
 * 1125, 8.875 -> 8875, 0.1 + 0.2 -> 300. Further places round half away from zero.
 */
export function toThousandths(value: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${String(value)}`);
  // Fast path: 8.875 * 1000 is exactly 8875. A product that lands exactly on a whole number is
  // within 1e-7 of it even at 1e9, so the decimal-string path below would give the same.
  const scaled = value * 1000;
  if (Number.isSafeInteger(scaled)) return scaled === 0 ? 0 : scaled;
  // The decimal string, not value * 1000, so 1.0005 is not 1000.4999...
  const [whole = '0', fraction = ''] = Math.abs(value).toFixed(6).split('.');
  const thousandths = Number(whole) * 1000 + Number(fraction.slice(0, 3)) + (Number(fraction.slice(3)) >= 500 ? 1 : 0);
  return value < 0 ? -thousandths : thousandths;
}

function centsOf(value: number, what: string): bigint {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${what} must be a non-negative whole number of cents: ${value}`);
  return BigInt(value);
}

function quantityOf(quantity: number): bigint {
  const thousandths = toThousandths(quantity);
  if (thousandths < 0) throw new RangeError(`Quantity may not be negative: ${quantity}`);
  return BigInt(thousandths);
}

interface Rate {
  id: number | null;
  name: string | null;
  thousandths: bigint;
  compound: boolean;
}

function ratesOf(taxes: readonly TaxInput[] | undefined): Rate[] {
  const list = taxes ?? [];
  if (list.length > MAX_LINE_TAXES) throw new RangeError(`A line may have at most ${MAX_LINE_TAXES} taxes`);
  return list.map((tax, index) => {
    const thousandths = toThousandths(tax.rate_percent);
    if (thousandths < 0 || thousandths > 100_000) throw new RangeError(`Tax rate must be 0-100 %: ${tax.rate_percent}`);
    // A compound first tax compounds on nothing: it is simply a tax on the net.
    return {
      id: tax.id ?? null,
      name: tax.name ?? null,
      thousandths: BigInt(thousandths),
      compound: index > 0 && (tax.compound ?? false),
    };
  });
}

/** quantity x unit price in cents, rounded once (the line subtotal). */
export function lineSubtotalCents(quantity: number, unitPriceCents: number): number {
  return safe(roundDiv(quantityOf(quantity) * centsOf(unitPriceCents, 'Unit price'), QUANTITY_SCALE), 'Line subtotal');
}

function discountOn(base: bigint, discount: Discount | null | undefined): bigint {
  if (!discount) return 0n;
  if (discount.type === 'percent') {
    const percent = clamp(BigInt(toThousandths(discount.value)), 0n, PERCENT_SCALE);
    return roundDiv(base * percent, PERCENT_SCALE);
  }
  if (!Number.isFinite(discount.value)) throw new RangeError(`Not a finite discount: ${discount.value}`);
  // Amounts are cents; clamp, never exceed what is discounted.
  return clamp(BigInt(Math.round(discount.value)), 0n, base);
}

/** A line's net in cents (subtotal less its discount); the input schema checks an invoice discount against the sum. */
export function lineNet(line: CalculationLineInput): bigint {
  const subtotal = roundDiv(quantityOf(line.quantity) * centsOf(line.unit_price_cents, 'Unit price'), QUANTITY_SCALE);
  return subtotal - discountOn(subtotal, line.discount);
}

interface TaxFigures {
  amounts: bigint[];
  bases: bigint[];
}

function exclusiveTaxFigures(taxable: bigint, rates: Rate[]): TaxFigures {
  const amounts: bigint[] = [];
  const bases: bigint[] = [];
  for (const rate of rates) {
    const base = rate.compound ? taxable + amounts.reduce((sum, amount) => sum + amount, 0n) : taxable;
    bases.push(base);
    amounts.push(roundDiv(base * rate.thousandths, PERCENT_SCALE));
  }
  return { amounts, bases };
}

function exclusiveTotal(taxable: bigint, rates: Rate[]): bigint {
  return exclusiveTaxFigures(taxable, rates).amounts.reduce((sum, amount) => sum + amount, taxable);
}

function splitGross(gross: bigint, rates: Rate[]): { taxable: bigint } & TaxFigures {
  if (gross <= 0n || rates.every((rate) => rate.thousandths === 0n))
    return { taxable: gross, ...exclusiveTaxFigures(gross, rates) };
  // Estimate with the exact factor, then step to the largest net whose exclusive total fits.
  let numerator = PERCENT_SCALE;
  let denominator = PERCENT_SCALE;
  for (const rate of rates) {
    // Compound: net x (1 + r1)(1 + r2); simple: net x (1 + r1 + r2).
    numerator = rate.compound
      ? numerator * (PERCENT_SCALE + rate.thousandths)
      : numerator * PERCENT_SCALE + rate.thousandths * denominator;
    denominator *= PERCENT_SCALE;
  }
  let taxable = (gross * denominator) / numerator;
  while (taxable > 0n && exclusiveTotal(taxable, rates) > gross) taxable -= 1n;
  while (exclusiveTotal(taxable + 1n, rates) <= gross) taxable += 1n;
  const figures = exclusiveTaxFigures(taxable, rates);
  const leftover = gross - exclusiveTotal(taxable, rates);
  if (leftover > 0n) {
    let last = rates.length - 1;
    while (last > 0 && rates[last]?.thousandths === 0n) last -= 1;
    figures.amounts[last] = (figures.amounts[last] ?? 0n) + leftover;
  }
  return { taxable, ...figures };
}

/**
 * Splits a tax-inclusive amount into its net and taxes by the inclusive rule above.
 * `total_cents` is always `gross_cents`.
 */
export function splitInclusiveAmount(
  grossCents: number,
  taxes: readonly TaxInput[],
): { taxable_cents: number; tax_cents: number[]; total_cents: number } {
  const split = splitGross(centsOf(grossCents, 'Amount'), ratesOf(taxes));
  return {
    taxable_cents: safe(split.taxable, 'Net'),
    tax_cents: split.amounts.map((amount) => safe(amount, 'Tax')),
    total_cents: grossCents,
  };
}

/** The taxes on a net amount by the exclusive rule above, and the resulting total. */
export function applyExclusiveTaxes(
  netCents: number,
  taxes: readonly TaxInput[],
): { taxable_cents: number; tax_cents: number[]; total_cents: number } {
  const net = centsOf(netCents, 'Amount');
  const rates = ratesOf(taxes);
  const figures = exclusiveTaxFigures(net, rates);
  return {
    taxable_cents: netCents,
    tax_cents: figures.amounts.map((amount) => safe(amount, 'Tax')),
    total_cents: safe(exclusiveTotal(net, rates), 'Total'),
  };
}

/**
 * Splits `total` into integer pieces proportional to `weights` that sum exactly to `total`
 * (largest-remainder method). Ties go to the larger weight, then to `tieBreak`, then to the
 * earlier index.
 */
export function allocateLargestRemainder(
  total: number,
  weights: readonly number[],
  tieBreak?: (a: number, b: number) => number,
): number[] {
  const amount = centsOf(total, 'Total');
  const shares = allocate(
    amount,
    weights.map((weight) => centsOf(weight, 'Weight')),
    tieBreak,
  );
  return shares.map((share) => safe(share, 'Share'));
}

function allocate(total: bigint, weights: bigint[], tieBreak?: (a: number, b: number) => number): bigint[] {
  const sum = weights.reduce((acc, weight) => acc + weight, 0n);
  if (sum === 0n) {
    if (total !== 0n) throw new RangeError('Cannot allocate an amount over zero weights');
    return weights.map(() => 0n);
  }
  const shares = weights.map((weight) => (total * weight) / sum);
  const remainders = weights.map((weight) => (total * weight) % sum);
  let leftover = total - shares.reduce((acc, share) => acc + share, 0n);
  const order = weights.map((_, index) => index);
  order.sort((a, b) => {
    const byRemainder = compareBig(remainders[b] ?? 0n, remainders[a] ?? 0n);
    if (byRemainder !== 0) return byRemainder;
    const byWeight = compareBig(weights[b] ?? 0n, weights[a] ?? 0n);
    if (byWeight !== 0) return byWeight;
    const byTie = tieBreak ? tieBreak(a, b) : 0;
    return byTie !== 0 ? byTie : a - b;
  });
  for (const index of order) {
    if (leftover <= 0n) break;
    shares[index] = (shares[index] ?? 0n) + 1n;
    leftover -= 1n;
  }
  return shares;
}

function compareBig(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The taxes' rates and compounding as a comparable string (order-independent tie-breaks, grouping). */
function ratesKey(rates: Rate[]): string {
  return rates
    .map((rate) => `${rate.thousandths}:${rate.compound ? 1 : 0}:${rate.id ?? ''}:${rate.name ?? ''}`)
    .join('|');
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

interface PreparedLine {
  quantity: bigint;
  price: bigint;
  subtotal: bigint;
  discount: bigint;
  net: bigint;
  rates: Rate[];
  key: string;
}

function prepareLine(line: CalculationLineInput): PreparedLine {
  const quantity = quantityOf(line.quantity);
  const price = centsOf(line.unit_price_cents, 'Unit price');
  const subtotal = roundDiv(quantity * price, QUANTITY_SCALE);
  const discount = discountOn(subtotal, line.discount);
  const rates = ratesOf(line.taxes);
  const net = subtotal - discount;
  return {
    quantity,
    price,
    subtotal,
    discount,
    net,
    rates,
    key: `${subtotal}/${quantity}/${price}/${ratesKey(rates)}`,
  };
}

function taxGroupKey(rate: Rate): string {
  const who = rate.id != null ? `id:${rate.id}` : rate.name != null ? `name:${rate.name}` : 'rate';
  return `${who}@${rate.thousandths}${rate.compound ? '+compound' : ''}`;
}

/** Calculates an invoice by the rules at the top of this file. Throws RangeError on impossible input. */
export function calculateInvoice(input: CalculationInput): InvoiceCalculation {
  const includeTax = input.prices_include_tax ?? false;
  const paid = centsOf(input.paid_cents ?? 0, 'Amount paid');
  const lines = input.lines.map(prepareLine);

  const netSum = lines.reduce((sum, line) => sum + line.net, 0n);
  const invoiceDiscount = discountOn(netSum, input.discount);
  const shares = allocate(
    invoiceDiscount,
    lines.map((line) => line.net),
    (a, b) => compareStrings(lines[a]?.key ?? '', lines[b]?.key ?? ''),
  );

  const groups = new Map<string, { rate: Rate; base: bigint; amount: bigint }>();
  const results: LineCalculation[] = lines.map((line, index) => {
    const share = shares[index] ?? 0n;
    const afterDiscounts = line.net - share;
    let taxable: bigint;
    let figures: TaxFigures;
    if (includeTax) {
      ({ taxable, ...figures } = splitGross(afterDiscounts, line.rates));
    } else {
      taxable = afterDiscounts;
      figures = exclusiveTaxFigures(taxable, line.rates);
    }
    const tax = figures.amounts.reduce((sum, amount) => sum + amount, 0n);
    const taxes = line.rates.map((rate, position): LineTaxAmount => {
      const base = figures.bases[position] ?? 0n;
      const amount = figures.amounts[position] ?? 0n;
      const key = taxGroupKey(rate);
      const group = groups.get(key) ?? { rate, base: 0n, amount: 0n };
      group.base += base;
      group.amount += amount;
      groups.set(key, group);
      return {
        id: rate.id,
        name: rate.name,
        rate_percent: Number(rate.thousandths) / 1000,
        compound: rate.compound,
        base_cents: safe(base, 'Tax base'),
        amount_cents: safe(amount, 'Tax'),
      };
    });
    return {
      quantity_thousandths: safe(line.quantity, 'Quantity'),
      unit_price_cents: safe(line.price, 'Unit price'),
      subtotal_cents: safe(line.subtotal, 'Line subtotal'),
      discount_cents: safe(line.discount, 'Line discount'),
      net_cents: safe(line.net, 'Line net'),
      invoice_discount_cents: safe(share, 'Invoice discount'),
      taxable_cents: safe(taxable, 'Line net'),
      taxes,
      tax_cents: safe(tax, 'Line tax'),
      total_cents: safe(taxable + tax, 'Line total'),
    };
  });

  const sum = (pick: (line: LineCalculation) => number) =>
    safe(
      results.reduce((acc, line) => acc + BigInt(pick(line)), 0n),
      'Invoice total',
    );
  const total = results.reduce((acc, line) => acc + BigInt(line.total_cents), 0n);
  const taxes: TaxTotal[] = [...groups.entries()]
    .map(([key, group]) => ({
      key,
      id: group.rate.id,
      name: group.rate.name,
      rate_percent: Number(group.rate.thousandths) / 1000,
      compound: group.rate.compound,
      base_cents: safe(group.base, 'Tax base'),
      amount_cents: safe(group.amount, 'Tax'),
    }))
    // Simple taxes before compound ones, then by rate and key: independent of the line order.
    .sort(
      (a, b) =>
        Number(a.compound) - Number(b.compound) || a.rate_percent - b.rate_percent || compareStrings(a.key, b.key),
    );

  return {
    prices_include_tax: includeTax,
    lines: results,
    subtotal_cents: sum((line) => line.subtotal_cents),
    line_discount_cents: sum((line) => line.discount_cents),
    net_cents: safe(netSum, 'Invoice net'),
    invoice_discount_cents: safe(invoiceDiscount, 'Invoice discount'),
    taxable_cents: sum((line) => line.taxable_cents),
    tax_cents: sum((line) => line.tax_cents),
    taxes,
    total_cents: safe(total, 'Invoice total'),
    paid_cents: safe(paid, 'Amount paid'),
    balance_due_cents: safe(total > paid ? total - paid : 0n, 'Balance due'),
    credit_cents: safe(paid > total ? paid - total : 0n, 'Credit'),
  };
}

/** Balance due and credit from a total and the payments (the same rule the engine applies). */
export function invoiceBalance(
  totalCents: number,
  paidCents: number,
): { balance_due_cents: number; credit_cents: number } {
  const total = centsOf(totalCents, 'Total');
  const paid = centsOf(paidCents, 'Amount paid');
  return {
    balance_due_cents: safe(total > paid ? total - paid : 0n, 'Balance due'),
    credit_cents: safe(paid > total ? paid - total : 0n, 'Credit'),
  };
}
