import { z } from 'zod';
import { percentSchema } from '../common';
import { catalogStatusFilterSchema, recordStatusSchema } from './shared';
import { CATALOG_MESSAGES } from './messages';

/**
 * Tax rates are stored as integer thousandths of a percent (8.875 % -> 8875), so three decimals are
 * exact; the API carries the decimal percentage. Convert only with these two functions.
 */
export function percentToThousandths(percent: number): number {
  if (!Number.isFinite(percent)) throw new RangeError(`Not a finite percentage: ${percent}`);
  // Through the decimal string, like toCents: 8.875 * 1000 is exact, 0.1 + 0.2 is not.
  const [whole, fraction = ''] = Math.abs(percent).toFixed(6).split('.');
  const value = Number(whole) * 1000 + Number(fraction.slice(0, 3)) + (Number(fraction.slice(3)) >= 500 ? 1 : 0);
  return percent < 0 ? -value : value;
}

export function thousandthsToPercent(thousandths: number): number {
  if (!Number.isSafeInteger(thousandths)) throw new RangeError(`Thousandths must be a safe integer: ${thousandths}`);
  return thousandths / 1000;
}

/** Create and update (PUT replaces every field). `is_default`: the rate new products start with; at most one per business. */
export const taxRateRequestSchema = z.strictObject({
  name: z
    .string({ error: CATALOG_MESSAGES.nameRequired })
    .trim()
    .min(1, CATALOG_MESSAGES.nameRequired)
    .max(100, CATALOG_MESSAGES.textTooLong(100)),
  /** Percent, 0-100, at most 3 decimals: 8.875 */
  rate: percentSchema,
  /** Compound: applied on top of the line amount plus the line's other tax. */
  is_compound: z.boolean().default(false),
  is_default: z.boolean().default(false),
});
export const taxRateCreateRequestSchema = taxRateRequestSchema;
export const taxRateUpdateRequestSchema = taxRateRequestSchema;
export type TaxRateRequestInput = z.input<typeof taxRateRequestSchema>;
export type TaxRateRequest = z.output<typeof taxRateRequestSchema>;

export const taxRateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  rate: z.number(),
  is_compound: z.boolean(),
  is_default: z.boolean(),
  status: recordStatusSchema,
  archived_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Number of products using it as their default tax rate (a rate in use is archived, not deleted). */
  products_count: z.number().int(),
});
export type TaxRate = z.infer<typeof taxRateSchema>;

/** A tax rate as embedded in products and pickers. */
export const taxRateRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  rate: z.number(),
  is_compound: z.boolean(),
});
export type TaxRateRef = z.infer<typeof taxRateRefSchema>;

/** `GET /api/tax-rates?status=active|archived|all` (default active): the business's whole catalogue, by name. */
export const taxRateListQuerySchema = z.object({ status: catalogStatusFilterSchema.default('active') });
export type TaxRateListQuery = z.infer<typeof taxRateListQuerySchema>;
export const taxRateListResponseSchema = z.object({ data: z.array(taxRateSchema) });
export type TaxRateListResponse = z.infer<typeof taxRateListResponseSchema>;
export const taxRateResponseSchema = z.object({ data: taxRateSchema, message: z.string().optional() });
export type TaxRateResponse = z.infer<typeof taxRateResponseSchema>;
