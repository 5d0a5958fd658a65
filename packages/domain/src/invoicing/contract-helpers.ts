import { z } from 'zod';
import { COMMON_MESSAGES, amountSchema, percentSchema } from '../common';
import { toCents } from '../money';
import type { DISCOUNT_TYPES } from './calculation-contracts';
import { INVOICE_MESSAGES } from './invoice-messages';

/* Pieces the invoicing contracts share; not exported from the package. */

/** A decimal amount in a response (computed from cents with `fromCents`). */
export const moneySchema = z.number();

/** Optional free text: trimmed, and empty becomes null. */
export function optionalText(max: number, message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));
}

export interface DiscountFields {
  discount_type?: (typeof DISCOUNT_TYPES)[number] | null | undefined;
  discount_value?: number | null | undefined;
}

/** True when parsing already found a problem in one of these top-level fields (cross-field checks then wait). */
export function hasIssueAt(ctx: z.RefinementCtx, ...fields: string[]): boolean {
  return ctx.issues.some((issue) => fields.includes(String(issue.path?.[0])));
}

/** Discount type/value rules shared by lines and invoices; `baseCents` is what the discount applies to. */
export function checkDiscount(
  fields: DiscountFields,
  baseCents: number | null,
  tooLarge: string,
  ctx: z.RefinementCtx,
) {
  if (hasIssueAt(ctx, 'discount_type', 'discount_value')) return;
  const value = fields.discount_value;
  if (value == null || value === 0) return;
  if (!fields.discount_type) {
    ctx.addIssue({ code: 'custom', message: INVOICE_MESSAGES.discountTypeRequired, path: ['discount_type'] });
    return;
  }
  if (fields.discount_type === 'percent') {
    if (value > 100)
      ctx.addIssue({ code: 'custom', message: INVOICE_MESSAGES.discountPercentTooLarge, path: ['discount_value'] });
    else if (!percentSchema.safeParse(value).success)
      ctx.addIssue({ code: 'custom', message: COMMON_MESSAGES.percentDecimals, path: ['discount_value'] });
    return;
  }
  const amount = amountSchema.safeParse(value);
  if (!amount.success) {
    ctx.addIssue({
      code: 'custom',
      message: amount.error.issues[0]?.message ?? INVOICE_MESSAGES.discountValueInvalid,
      path: ['discount_value'],
    });
  } else if (baseCents !== null && toCents(value) > baseCents) {
    ctx.addIssue({ code: 'custom', message: tooLarge, path: ['discount_value'] });
  }
}
