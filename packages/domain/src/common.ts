import { z } from 'zod';
import { DEFAULT_PER_PAGE, MAX_AMOUNT, MAX_DATE_YEAR, MAX_ID, MAX_PER_PAGE, MIN_DATE_YEAR } from './limits';

/**
 * Building blocks shared by every business area's contracts: decimal amounts as the JSON API
 * carries them (converted to integer cents with `toCents` at the boundary), percentages, quantities,
 * dates, ids, and the list query / page shapes every list endpoint uses.
 */

export const COMMON_MESSAGES = {
  amountInvalid: 'Please enter a valid amount',
  amountNegative: 'Amount may not be negative',
  amountTooLarge: 'Amount may not exceed 999,999,999.99',
  amountDecimals: 'Amount may have at most 2 decimals',
  percentInvalid: 'Please enter a percentage between 0 and 100',
  percentDecimals: 'Percentage may have at most 3 decimals',
  quantityInvalid: 'Please enter a valid quantity',
  quantityNegative: 'Quantity may not be negative',
  quantityDecimals: 'Quantity may have at most 3 decimals',
  dateInvalid: 'Please enter a valid date (YYYY-MM-DD)',
  dateOutOfRange: 'Please enter a date between 1900 and 2200',
  idInvalid: 'Invalid id',
} as const;

/** True when `value` has at most `places` decimals, tolerant of binary representation (0.1 + 0.2). */
export function hasAtMostDecimals(value: number, places: number): boolean {
  const scaled = value * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** A non-negative decimal amount with at most 2 decimals, up to MAX_AMOUNT. */
export const amountSchema = z
  .number({ error: COMMON_MESSAGES.amountInvalid })
  .finite(COMMON_MESSAGES.amountInvalid)
  .min(0, COMMON_MESSAGES.amountNegative)
  .max(MAX_AMOUNT, COMMON_MESSAGES.amountTooLarge)
  .refine((value) => hasAtMostDecimals(value, 2), COMMON_MESSAGES.amountDecimals);

/** A percentage 0-100 with at most 3 decimals (tax rates, discounts). */
export const percentSchema = z
  .number({ error: COMMON_MESSAGES.percentInvalid })
  .finite(COMMON_MESSAGES.percentInvalid)
  .min(0, COMMON_MESSAGES.percentInvalid)
  .max(100, COMMON_MESSAGES.percentInvalid)
  .refine((value) => hasAtMostDecimals(value, 3), COMMON_MESSAGES.percentDecimals);

/** A non-negative quantity with at most 3 decimals. */
export const quantitySchema = z
  .number({ error: COMMON_MESSAGES.quantityInvalid })
  .finite(COMMON_MESSAGES.quantityInvalid)
  .min(0, COMMON_MESSAGES.quantityNegative)
  .max(1_000_000_000, COMMON_MESSAGES.quantityInvalid)
  .refine((value) => hasAtMostDecimals(value, 3), COMMON_MESSAGES.quantityDecimals);

/** A calendar date `yyyy-MM-dd` that exists (no 2026-02-30), in the years 1900 to 2200. */
export const isoDateSchema = z
  .string({ error: COMMON_MESSAGES.dateInvalid })
  // abort: a malformed string is reported once, not again by the checks below
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: COMMON_MESSAGES.dateInvalid, abort: true })
  .refine(
    (value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    },
    { message: COMMON_MESSAGES.dateInvalid, abort: true },
  )
  .refine((value) => {
    const year = Number(value.slice(0, 4));
    return year >= MIN_DATE_YEAR && year <= MAX_DATE_YEAR;
  }, COMMON_MESSAGES.dateOutOfRange);

/** Path ids: positive integers up to MAX_ID, also when they arrive as strings. */
export const idSchema = z.coerce
  .number({ error: COMMON_MESSAGES.idInvalid })
  .int(COMMON_MESSAGES.idInvalid)
  .positive(COMMON_MESSAGES.idInvalid)
  .max(MAX_ID, COMMON_MESSAGES.idInvalid);
export const idParamsSchema = z.object({ id: idSchema });

/** Query of every list endpoint: `?page=1&per_page=25&search=&sort=name&direction=asc`. */
export function listQuerySchema<const S extends readonly [string, ...string[]]>(sortFields: S, defaultSort: S[number]) {
  return z.object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
    search: z.string().trim().max(200).optional(),
    sort: z.enum(sortFields).default(defaultSort),
    direction: z.enum(['asc', 'desc']).default('asc'),
  });
}

export const pageMetaSchema = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** Response of every list endpoint: `{ data: [...], meta: { page, per_page, total, last_page } }`. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: pageMetaSchema });
}

export function pageMeta(page: number, perPage: number, total: number): PageMeta {
  return { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}
