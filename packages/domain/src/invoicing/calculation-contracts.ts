/** The calculation engine's contracts: discount types, messages, input schemas and the shapes of its results. */
import { z } from 'zod';
import { percentSchema, quantitySchema } from '../common';
import { MAX_AMOUNT_CENTS } from '../limits';
import { lineNet, lineSubtotalCents } from './calculate';
import { MAX_LINE_TAXES } from './invoice-messages';

export const DISCOUNT_TYPES = ['percent', 'amount'] as const;
export const discountTypeSchema = z.enum(DISCOUNT_TYPES);
export type DiscountType = z.infer<typeof discountTypeSchema>;

export const CALCULATION_MESSAGES = {
  discountPercentTooLarge: 'A discount may not be more than 100%',
  discountAmountTooLarge: 'The discount may not be more than the amount it discounts',
  discountAmountInvalid: 'Please enter a valid discount amount',
  tooManyTaxes: 'A line may have at most 2 taxes',
  firstTaxCompound: 'Only the second tax may be compound',
  centsInvalid: 'Please enter a valid amount',
} as const;

const centsSchema = z
  .number({ error: CALCULATION_MESSAGES.centsInvalid })
  .int(CALCULATION_MESSAGES.centsInvalid)
  .min(0, CALCULATION_MESSAGES.centsInvalid)
  .max(MAX_AMOUNT_CENTS, CALCULATION_MESSAGES.centsInvalid);

/** Percent: `value` is a percentage to 3 decimals (0-100). Amount: `value` is in cents. */
export const discountSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('percent'), value: percentSchema }),
  z.object({ type: z.literal('amount'), value: centsSchema }),
]);
export type Discount = z.infer<typeof discountSchema>;

export const taxInputSchema = z.object({
  rate_percent: percentSchema,
  compound: z.boolean().default(false),
  /** Tax rate id or name: taxes are grouped by them (and by rate) in the invoice summary. */
  id: z.number().int().nullish(),
  name: z.string().nullish(),
});
export type TaxInput = z.input<typeof taxInputSchema>;

export const calculationLineSchema = z
  .object({
    quantity: quantitySchema,
    unit_price_cents: centsSchema,
    discount: discountSchema.nullable().default(null),
    taxes: z
      .array(taxInputSchema)
      .max(MAX_LINE_TAXES, CALCULATION_MESSAGES.tooManyTaxes)
      .default([])
      .refine((taxes) => !taxes[0]?.compound, {
        message: CALCULATION_MESSAGES.firstTaxCompound,
        path: [0, 'compound'],
      }),
  })
  .superRefine((line, ctx) => {
    if (
      line.discount?.type === 'amount' &&
      line.discount.value > lineSubtotalCents(line.quantity, line.unit_price_cents)
    ) {
      ctx.addIssue({
        code: 'custom',
        message: CALCULATION_MESSAGES.discountAmountTooLarge,
        path: ['discount', 'value'],
      });
    }
  });
export type CalculationLineInput = z.input<typeof calculationLineSchema>;

export const calculationInputSchema = z
  .object({
    lines: z.array(calculationLineSchema),
    discount: discountSchema.nullable().default(null),
    prices_include_tax: z.boolean().default(false),
    paid_cents: centsSchema.default(0),
  })
  .superRefine((input, ctx) => {
    if (input.discount?.type !== 'amount') return;
    const nets = input.lines.reduce((sum, line) => sum + lineNet(line), 0n);
    if (BigInt(input.discount.value) > nets) {
      ctx.addIssue({
        code: 'custom',
        message: CALCULATION_MESSAGES.discountAmountTooLarge,
        path: ['discount', 'value'],
      });
    }
  });
export type CalculationInput = z.input<typeof calculationInputSchema>;

export interface LineTaxAmount {
  id: number | null;
  name: string | null;
  rate_percent: number;
  compound: boolean;
  /** What the tax applies to: the taxable net, plus the first tax for a compound second tax. */
  base_cents: number;
  amount_cents: number;
}

export interface LineCalculation {
  quantity_thousandths: number;
  unit_price_cents: number;
  /** quantity x unit price, rounded once. Tax-inclusive when prices include tax. */
  subtotal_cents: number;
  /** The line's own discount, clamped to the subtotal. */
  discount_cents: number;
  /** subtotal - discount (tax-inclusive when prices include tax): the weight of the invoice discount. */
  net_cents: number;
  /** This line's share of the invoice discount. */
  invoice_discount_cents: number;
  /** The amount before tax after every discount: the true net, in both pricing modes. */
  taxable_cents: number;
  taxes: LineTaxAmount[];
  tax_cents: number;
  total_cents: number;
}

export interface TaxTotal {
  /** Stable grouping key: the tax id (or name) with the rate and compounding. */
  key: string;
  id: number | null;
  name: string | null;
  rate_percent: number;
  compound: boolean;
  base_cents: number;
  amount_cents: number;
}

export interface InvoiceCalculation {
  prices_include_tax: boolean;
  lines: LineCalculation[];
  subtotal_cents: number;
  line_discount_cents: number;
  net_cents: number;
  invoice_discount_cents: number;
  taxable_cents: number;
  tax_cents: number;
  /** Tax totals grouped by tax (id or name) and rate, for the PDF and the summary. */
  taxes: TaxTotal[];
  total_cents: number;
  paid_cents: number;
  /** total - paid, never below zero. */
  balance_due_cents: number;
  /** paid - total when overpaid (shown as a credit), otherwise zero. */
  credit_cents: number;
}
