import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  allocateLargestRemainder,
  applyExclusiveTaxes,
  invoiceBalance,
  calculateInvoice,
  calculationInputSchema,
  calculationLineSchema,
  lineSubtotalCents,
  splitInclusiveAmount,
  toThousandths,
  type CalculationInput,
  type CalculationLineInput,
  type InvoiceCalculation,
  type TaxInput,
} from '.';

const NYC = { rate_percent: 8.875, compound: false, name: 'NY sales tax' };

describe('worked examples (by hand)', () => {
  it('two lines, a 10 % line discount, 8.875 % sales tax and a $50 invoice discount', () => {
    const result = calculateInvoice({
      lines: [
        // 10 h x $85.00 = $850.00, less 10 % = $765.00
        { quantity: 10, unit_price_cents: 8500, discount: { type: 'percent', value: 10 }, taxes: [NYC] },
        // 1.5 x $19.99 = $29.985 -> $29.99 (half away from zero)
        { quantity: 1.5, unit_price_cents: 1999, discount: null, taxes: [NYC] },
      ],
      discount: { type: 'amount', value: 5000 },
      paid_cents: 30000,
    });
    // $50 split by net 765.00 : 29.99 (sum 794.99): 48.11379.. and 1.88620.. -> floors 48.11 + 1.88 = 49.99,
    // the last cent goes to the larger remainder (line 2): 48.11 + 1.89.
    expect(result.lines.map((line) => line.invoice_discount_cents)).toEqual([4811, 189]);
    // taxable 716.89 x 8.875 % = 63.6239.. -> 63.62; 28.10 x 8.875 % = 2.493875 -> 2.49
    expect(result.lines[0]).toMatchObject({
      subtotal_cents: 85000,
      discount_cents: 8500,
      net_cents: 76500,
      taxable_cents: 71689,
      tax_cents: 6362,
      total_cents: 78051,
    });
    expect(result.lines[1]).toMatchObject({
      subtotal_cents: 2999,
      discount_cents: 0,
      net_cents: 2999,
      taxable_cents: 2810,
      tax_cents: 249,
      total_cents: 3059,
    });
    expect(result).toMatchObject({
      subtotal_cents: 87999,
      line_discount_cents: 8500,
      net_cents: 79499,
      invoice_discount_cents: 5000,
      taxable_cents: 74499,
      // per-line rounding: 63.62 + 2.49 = 66.11 (not 744.99 x 8.875 % = 66.1178.. -> 66.12)
      tax_cents: 6611,
      total_cents: 81110,
      paid_cents: 30000,
      balance_due_cents: 51110,
      credit_cents: 0,
    });
    expect(result.taxes).toEqual([
      {
        key: 'name:NY sales tax@8875',
        id: null,
        name: 'NY sales tax',
        rate_percent: 8.875,
        compound: false,
        base_cents: 74499,
        amount_cents: 6611,
      },
    ]);
  });

  it('a compound second tax applies on the net plus the first tax', () => {
    const gst = { rate_percent: 5, compound: false, id: 1, name: 'GST' };
    const result = calculateInvoice({
      lines: [
        // 3 x $120.00 = $360.00; GST 18.00; QST on 378.00 x 9.975 % = 37.7055 -> 37.71
        {
          quantity: 3,
          unit_price_cents: 12000,
          discount: null,
          taxes: [gst, { rate_percent: 9.975, compound: true, id: 2, name: 'QST' }],
        },
        // $45.50; GST 2.275 -> 2.28 (half away); a simple second tax on 45.50 x 9.975 % = 4.5386.. -> 4.54
        {
          quantity: 1,
          unit_price_cents: 4550,
          discount: null,
          taxes: [gst, { rate_percent: 9.975, compound: false, id: 3, name: 'PST' }],
        },
      ],
      discount: null,
    });
    expect(result.lines[0]?.taxes.map((tax) => [tax.base_cents, tax.amount_cents])).toEqual([
      [36000, 1800],
      [37800, 3771],
    ]);
    expect(result.lines[0]?.total_cents).toBe(41571);
    expect(result.lines[1]?.taxes.map((tax) => [tax.base_cents, tax.amount_cents])).toEqual([
      [4550, 228],
      [4550, 454],
    ]);
    expect(result.lines[1]?.total_cents).toBe(5232);
    expect(result.total_cents).toBe(46803);
    expect(
      result.taxes.map((tax) => [tax.name, tax.rate_percent, tax.compound, tax.base_cents, tax.amount_cents]),
    ).toEqual([
      ['GST', 5, false, 40550, 2028],
      ['PST', 9.975, false, 4550, 454],
      ['QST', 9.975, true, 37800, 3771],
    ]);
  });

  it('inclusive pricing: the total is the price shown, the net is derived from it', () => {
    const vat = [{ rate_percent: 20, compound: false }];
    const inclusive = calculateInvoice({
      lines: [{ quantity: 2, unit_price_cents: 6000, taxes: vat }],
      prices_include_tax: true,
    });
    // 2 x $60.00 incl. 20 % = $120.00 = $100.00 net + $20.00 VAT, exactly as 2 x $50.00 exclusive.
    expect(inclusive.lines[0]).toMatchObject({
      subtotal_cents: 12000,
      taxable_cents: 10000,
      tax_cents: 2000,
      total_cents: 12000,
    });
    const exclusive = calculateInvoice({ lines: [{ quantity: 2, unit_price_cents: 5000, taxes: vat }] });
    expect(exclusive.lines[0]).toMatchObject({ taxable_cents: 10000, tax_cents: 2000, total_cents: 12000 });

    // $108.88 incl. 8.875 %: net 100.00 + tax 8.875 -> 8.88
    expect(splitInclusiveAmount(10888, [NYC])).toEqual({ taxable_cents: 10000, tax_cents: [888], total_cents: 10888 });
    // $9.99 incl. 20 %: net 8.32 gives 9.98 and net 8.33 gives 10.00, so 9.99 is no exclusive total:
    // the net is 8.32 and the cent rounding skipped goes to the tax (1.67).
    expect(splitInclusiveAmount(999, vat)).toEqual({ taxable_cents: 832, tax_cents: [167], total_cents: 999 });
  });

  it('an inclusive invoice discount comes off the gross before the tax is taken out', () => {
    const result = calculateInvoice({
      lines: [{ quantity: 1, unit_price_cents: 11000, taxes: [{ rate_percent: 10, compound: false }] }],
      discount: { type: 'percent', value: 10 },
      prices_include_tax: true,
    });
    // $110.00 incl. 10 % less 10 % = $99.00 = $90.00 + $9.00
    expect(result).toMatchObject({
      invoice_discount_cents: 1100,
      taxable_cents: 9000,
      tax_cents: 900,
      total_cents: 9900,
    });
  });

  it('discounts clamp to what they discount; overpayments show as credit', () => {
    const result = calculateInvoice({
      lines: [
        { quantity: 1, unit_price_cents: 3000, discount: { type: 'percent', value: 120 } },
        { quantity: 1, unit_price_cents: 3000, discount: { type: 'amount', value: 5000 } },
        { quantity: 1, unit_price_cents: 3000 },
      ],
      discount: { type: 'amount', value: 5000 },
      paid_cents: 1000,
    });
    expect(result.lines.map((line) => line.discount_cents)).toEqual([3000, 3000, 0]);
    expect(result).toMatchObject({
      net_cents: 3000,
      invoice_discount_cents: 3000,
      total_cents: 0,
      balance_due_cents: 0,
      credit_cents: 1000,
    });
    expect(invoiceBalance(10000, 12500)).toEqual({ balance_due_cents: 0, credit_cents: 2500 });
    expect(invoiceBalance(10000, 2500)).toEqual({ balance_due_cents: 7500, credit_cents: 0 });
  });

  it('negative discounts count as none: a discount never raises a price', () => {
    const result = calculateInvoice({
      lines: [
        { quantity: 1, unit_price_cents: 1000, discount: { type: 'percent', value: -10 } },
        { quantity: 1, unit_price_cents: 1000, discount: { type: 'amount', value: -500 } },
      ],
      discount: { type: 'amount', value: -100 },
    });
    expect(result).toMatchObject({ line_discount_cents: 0, invoice_discount_cents: 0, total_cents: 2000 });
  });

  it('an empty invoice is all zeros', () => {
    expect(calculateInvoice({ lines: [] })).toMatchObject({ total_cents: 0, taxes: [], balance_due_cents: 0 });
  });
});

describe('boundaries and conversions', () => {
  it('quantities and percentages become integer thousandths without drift', () => {
    expect(toThousandths(1.125)).toBe(1125);
    expect(toThousandths(8.875)).toBe(8875);
    expect(toThousandths(0.1 + 0.2)).toBe(300);
    expect(toThousandths(1.0005)).toBe(1001);
    expect(() => toThousandths(Number.NaN)).toThrow(RangeError);
    expect(Object.is(toThousandths(-0), 0)).toBe(true);
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        (thousandths) => toThousandths(thousandths / 1000) === thousandths,
      ),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 999 }),
        (whole, part) => toThousandths(whole + part / 1000) === whole * 1000 + part,
      ),
    );
    expect(lineSubtotalCents(0.333, 1000)).toBe(333);
    expect(lineSubtotalCents(1.005, 100)).toBe(101); // 100.5 cents, half away from zero
  });
  it('refuses impossible input instead of guessing', () => {
    expect(() => calculateInvoice({ lines: [{ quantity: -1, unit_price_cents: 100 }] })).toThrow(RangeError);
    expect(() => calculateInvoice({ lines: [{ quantity: 1, unit_price_cents: 1.5 }] })).toThrow(RangeError);
    expect(() => calculateInvoice({ lines: [{ quantity: 1, unit_price_cents: 100, taxes: [NYC, NYC, NYC] }] })).toThrow(
      RangeError,
    );
    // 1e9 x 999,999,999.99 does not fit a safe integer of cents: refused, not rounded away.
    expect(() => calculateInvoice({ lines: [{ quantity: 1_000_000_000, unit_price_cents: 99_999_999_999 }] })).toThrow(
      RangeError,
    );
  });
  it('the engine schema refuses over-discounts, a compound first tax and a third tax', () => {
    const line = { quantity: 1, unit_price_cents: 3000 };
    expect(calculationLineSchema.safeParse({ ...line, discount: { type: 'percent', value: 120 } }).success).toBe(false);
    expect(calculationLineSchema.safeParse({ ...line, discount: { type: 'amount', value: 3001 } }).success).toBe(false);
    expect(calculationLineSchema.safeParse({ ...line, discount: { type: 'amount', value: 3000 } }).success).toBe(true);
    expect(calculationLineSchema.safeParse({ ...line, taxes: [{ rate_percent: 5, compound: true }] }).success).toBe(
      false,
    );
    expect(calculationLineSchema.safeParse({ ...line, taxes: [NYC, NYC, NYC] }).success).toBe(false);
    expect(calculationInputSchema.safeParse({ lines: [line], discount: { type: 'amount', value: 3001 } }).success).toBe(
      false,
    );
    expect(calculationInputSchema.parse({ lines: [line] })).toMatchObject({
      discount: null,
      prices_include_tax: false,
      paid_cents: 0,
    });
  });
  it('largest-remainder allocation sums exactly', () => {
    expect(allocateLargestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateLargestRemainder(0, [0, 0])).toEqual([0, 0]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.array(fc.integer({ min: 0, max: 1e9 }), { minLength: 1, maxLength: 30 }),
        (total, weights) => {
          const sum = weights.reduce((a, b) => a + b, 0);
          fc.pre(sum > 0);
          const amount = Math.min(total, sum);
          const shares = allocateLargestRemainder(amount, weights);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
          shares.forEach((share, index) => {
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(weights[index] ?? 0);
            // within one cent of the exact proportional share
            expect(Math.abs(share - (amount * (weights[index] ?? 0)) / sum)).toBeLessThan(1);
          });
        },
      ),
    );
  });
});

// ---------------------------------------------------------------- properties

const quantityArb = fc.integer({ min: 0, max: 1_000_000 }).map((thousandths) => thousandths / 1000);
const discountArb = fc.option(
  fc.oneof(
    fc.record({
      type: fc.constant('percent' as const),
      value: fc.integer({ min: 0, max: 150_000 }).map((t) => t / 1000),
    }),
    fc.record({ type: fc.constant('amount' as const), value: fc.integer({ min: 0, max: 50_000_000 }) }),
  ),
  { nil: null },
);
const rateArb = fc.integer({ min: 0, max: 30_000 }).map((thousandths) => thousandths / 1000);
const taxesArb: fc.Arbitrary<TaxInput[]> = fc.oneof(
  fc.constant<TaxInput[]>([]),
  fc.tuple(rateArb).map(([rate]) => [{ rate_percent: rate, compound: false }]),
  fc.tuple(rateArb, rateArb, fc.boolean()).map(([first, second, compound]) => [
    { rate_percent: first, compound: false },
    { rate_percent: second, compound },
  ]),
);
const lineArb: fc.Arbitrary<CalculationLineInput> = fc.record({
  quantity: quantityArb,
  unit_price_cents: fc.integer({ min: 0, max: 10_000_000 }),
  discount: discountArb,
  taxes: taxesArb,
});
const invoiceArb: fc.Arbitrary<CalculationInput> = fc.record({
  lines: fc.array(lineArb, { minLength: 1, maxLength: 12 }),
  discount: discountArb,
  prices_include_tax: fc.boolean(),
  paid_cents: fc.integer({ min: 0, max: 2_000_000_000 }),
});

function allNumbers(result: InvoiceCalculation): number[] {
  const numbers: number[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'number') numbers.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(result);
  return numbers;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** An independent half-away-from-zero rounding of a / b for non-negative integers. */
function refRound(numerator: bigint, denominator: bigint): number {
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}

describe('engine invariants (fast-check)', () => {
  it('no floating-point drift: every output is a safe integer (rates are exact thousandths), totals never negative', () => {
    fc.assert(
      fc.property(invoiceArb, (input) => {
        const result = calculateInvoice(input);
        for (const value of allNumbers(result)) {
          expect(value).toBeGreaterThanOrEqual(0);
          expect(Number.isSafeInteger(value) || Number.isSafeInteger(Math.round(value * 1000))).toBe(true);
        }
        const cents = [
          result.subtotal_cents,
          result.total_cents,
          result.tax_cents,
          result.balance_due_cents,
          result.credit_cents,
        ];
        for (const line of result.lines)
          cents.push(
            line.subtotal_cents,
            line.discount_cents,
            line.net_cents,
            line.invoice_discount_cents,
            line.taxable_cents,
            line.tax_cents,
            line.total_cents,
          );
        for (const value of cents) expect(Number.isSafeInteger(value)).toBe(true);
      }),
    );
  });

  it('balance = total - payments, and an overpayment is a credit', () => {
    fc.assert(
      fc.property(invoiceArb, (input) => {
        const result = calculateInvoice(input);
        expect(result.balance_due_cents - result.credit_cents).toBe(result.total_cents - result.paid_cents);
        expect(Math.min(result.balance_due_cents, result.credit_cents)).toBe(0);
      }),
    );
  });

  it('line figures sum exactly to the invoice figures; the invoice discount allocation sums exactly', () => {
    fc.assert(
      fc.property(invoiceArb, (input) => {
        const result = calculateInvoice(input);
        const lines = result.lines;
        expect(sum(lines.map((line) => line.total_cents))).toBe(result.total_cents);
        expect(sum(lines.map((line) => line.subtotal_cents))).toBe(result.subtotal_cents);
        expect(sum(lines.map((line) => line.discount_cents))).toBe(result.line_discount_cents);
        expect(sum(lines.map((line) => line.net_cents))).toBe(result.net_cents);
        expect(sum(lines.map((line) => line.invoice_discount_cents))).toBe(result.invoice_discount_cents);
        expect(sum(lines.map((line) => line.taxable_cents))).toBe(result.taxable_cents);
        expect(sum(lines.map((line) => line.tax_cents))).toBe(result.tax_cents);
        expect(sum(result.taxes.map((tax) => tax.amount_cents))).toBe(result.tax_cents);
        expect(result.subtotal_cents - result.line_discount_cents).toBe(result.net_cents);
        expect(result.invoice_discount_cents).toBeLessThanOrEqual(result.net_cents);
        for (const line of lines) {
          expect(line.subtotal_cents - line.discount_cents).toBe(line.net_cents);
          expect(line.invoice_discount_cents).toBeLessThanOrEqual(line.net_cents);
          expect(sum(line.taxes.map((tax) => tax.amount_cents))).toBe(line.tax_cents);
          expect(line.taxable_cents + line.tax_cents).toBe(line.total_cents);
          // inclusive: the total is the discounted gross; exclusive: the taxable is the discounted net
          if (result.prices_include_tax) expect(line.total_cents).toBe(line.net_cents - line.invoice_discount_cents);
          else expect(line.taxable_cents).toBe(line.net_cents - line.invoice_discount_cents);
        }
        if (!result.prices_include_tax)
          expect(result.taxable_cents).toBe(result.net_cents - result.invoice_discount_cents);
      }),
    );
  });

  it('rounding happens once per figure: each printed line figure is recomputable from the printed figures', () => {
    fc.assert(
      fc.property(invoiceArb, (input) => {
        const result = calculateInvoice({ ...input, prices_include_tax: false });
        result.lines.forEach((line, index) => {
          const source = input.lines[index]!;
          expect(line.subtotal_cents).toBe(
            refRound(BigInt(toThousandths(source.quantity)) * BigInt(source.unit_price_cents), 1000n),
          );
          if (source.discount?.type === 'percent') {
            const percent = BigInt(Math.min(toThousandths(source.discount.value), 100_000));
            expect(line.discount_cents).toBe(refRound(BigInt(line.subtotal_cents) * percent, 100_000n));
          }
          for (const tax of line.taxes)
            expect(tax.amount_cents).toBe(
              refRound(BigInt(tax.base_cents) * BigInt(toThousandths(tax.rate_percent)), 100_000n),
            );
          if (line.taxes[1])
            expect(line.taxes[1].base_cents).toBe(
              line.taxable_cents + (line.taxes[1].compound ? line.taxes[0]!.amount_cents : 0),
            );
        });
        if (input.discount?.type === 'percent') {
          const percent = BigInt(Math.min(toThousandths(input.discount.value), 100_000));
          expect(result.invoice_discount_cents).toBe(refRound(BigInt(result.net_cents) * percent, 100_000n));
        }
      }),
    );
  });

  it('inclusive and exclusive agree on the net: pricing inclusive at the exclusive totals gives the same net, taxes and total', () => {
    fc.assert(
      fc.property(invoiceArb, (input) => {
        const exclusive = calculateInvoice({ ...input, prices_include_tax: false });
        const inclusive = calculateInvoice({
          lines: exclusive.lines.map((line, index) => ({
            quantity: 1,
            unit_price_cents: line.total_cents,
            taxes: input.lines[index]!.taxes,
          })),
          prices_include_tax: true,
          paid_cents: input.paid_cents,
        });
        inclusive.lines.forEach((line, index) => {
          const other = exclusive.lines[index]!;
          expect(line.taxable_cents).toBe(other.taxable_cents);
          expect(line.taxes).toEqual(other.taxes);
          expect(line.total_cents).toBe(other.total_cents);
        });
        for (const key of ['taxable_cents', 'tax_cents', 'total_cents', 'balance_due_cents', 'credit_cents'] as const)
          expect(inclusive[key]).toBe(exclusive[key]);
        expect(inclusive.taxes).toEqual(exclusive.taxes);
      }),
    );
  });

  it('inclusive: the net is the largest one whose exclusive total fits the gross, and net + taxes = gross', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), taxesArb, (gross, taxes) => {
        const split = splitInclusiveAmount(gross, taxes);
        expect(split.taxable_cents + sum(split.tax_cents)).toBe(gross);
        expect(applyExclusiveTaxes(split.taxable_cents, taxes).total_cents).toBeLessThanOrEqual(gross);
        expect(applyExclusiveTaxes(split.taxable_cents + 1, taxes).total_cents).toBeGreaterThan(gross);
        // and exclusive totals round-trip exactly
        const net = Math.floor(gross / 2);
        const exclusive = applyExclusiveTaxes(net, taxes);
        expect(splitInclusiveAmount(exclusive.total_cents, taxes)).toEqual(exclusive);
      }),
    );
  });

  it('results are independent of the line order', () => {
    fc.assert(
      fc.property(invoiceArb, fc.array(fc.nat(), { minLength: 12, maxLength: 12 }), (input, keys) => {
        const order = input.lines.map((_, index) => index).sort((a, b) => (keys[a] ?? 0) - (keys[b] ?? 0) || a - b);
        const original = calculateInvoice(input);
        const permuted = calculateInvoice({ ...input, lines: order.map((index) => input.lines[index]!) });
        const { lines: originalLines, ...originalTotals } = original;
        const { lines: permutedLines, ...permutedTotals } = permuted;
        expect(permutedTotals).toEqual(originalTotals);
        expect(permutedLines).toEqual(order.map((index) => originalLines[index]));
      }),
    );
  });

  it('discounts clamp: never more than what they discount, and a clamped discount equals a 100 % one', () => {
    fc.assert(
      fc.property(lineArb, fc.integer({ min: 100_000, max: 1_000_000 }), (line, over) => {
        const clamped = calculateInvoice({
          lines: [{ ...line, discount: { type: 'percent', value: over / 1000 } }],
          discount: { type: 'amount', value: 99_999_999_999 },
        });
        const full = calculateInvoice({
          lines: [{ ...line, discount: { type: 'percent', value: 100 } }],
          discount: { type: 'percent', value: 100 },
        });
        expect(clamped).toEqual(full);
        expect(clamped.total_cents).toBe(0);
        const amount = calculateInvoice({ lines: [{ ...line, discount: { type: 'amount', value: 99_999_999_999 } }] });
        expect(amount.lines[0]?.discount_cents).toBe(amount.lines[0]?.subtotal_cents);
        expect(
          calculationLineSchema.safeParse({ ...line, discount: { type: 'percent', value: over / 1000 + 0.001 } })
            .success,
        ).toBe(false);
      }),
    );
  });
});
