import { z } from 'zod';
import { amountSchema, isoDateSchema } from '../common';
import { MAX_ID, MAX_PER_PAGE } from '../limits';
import { CRM_MESSAGES, CRM_NAME_MAX_LENGTH } from './messages';

/*
 * Building blocks of the CRM contracts: names, optional texts, reference ids with their own
 * message, probabilities, instants, and the time-zone arithmetic the CRM's "today", "this month"
 * and snoozes need. Amounts are decimals in the API (`amount: 1250.5`) and integer cents inside
 * (convert with `toCents`/`fromCents` at the boundary), like every area.
 */

/** Required trimmed name, 1-255 characters. */
export function crmNameSchema(
  required: string = CRM_MESSAGES.nameRequired,
  tooLong: string = CRM_MESSAGES.nameTooLong,
) {
  return z.string({ error: required }).trim().min(1, required).max(CRM_NAME_MAX_LENGTH, tooLong);
}

/** Optional free text: trimmed, and '' or whitespace becomes null. */
export function optionalCrmText(max: number, message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));
}

/** A reference to another record (stage, source, owner, ...): a positive integer, also as a string. */
export function refIdSchema(message: string) {
  return z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ID, message);
}

/** An optional reference: omitted, null or '' become null. */
export function optionalRefIdSchema(message: string) {
  return z
    .preprocess((value) => (value === '' ? null : value), refIdSchema(message).nullish())
    .transform((value) => value ?? null);
}

/** A decimal amount 0 to 999,999,999.99 with at most 2 decimals (the common amount rules and messages). */
export function crmAmountSchema(required: string = CRM_MESSAGES.amountRequired) {
  return z.number({ error: required }).pipe(amountSchema);
}

/** A probability in whole percent, 0 to 100. */
export const probabilitySchema = z
  .number({ error: CRM_MESSAGES.probabilityInvalid })
  .finite(CRM_MESSAGES.probabilityInvalid)
  .min(0, CRM_MESSAGES.probabilityInvalid)
  .max(100, CRM_MESSAGES.probabilityInvalid)
  .int(CRM_MESSAGES.probabilityWhole);

/** A colour `#rrggbb`, stored lowercased. */
export const crmColorSchema = z
  .string({ error: CRM_MESSAGES.colorInvalid })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, CRM_MESSAGES.colorInvalid)
  .transform((value) => value.toLowerCase());

/**
 * An instant in ISO 8601 with its offset (`2026-03-01T09:00:00.000Z`, `2026-03-01T10:00:00+01:00`),
 * answered as the UTC form the database stores (`toISOString()`).
 */
export function isoInstantSchema(message: string = CRM_MESSAGES.dateTimeInvalid) {
  return z
    .string({ error: message })
    .pipe(z.iso.datetime({ offset: true, error: message }))
    .transform((value) => new Date(value).toISOString());
}

/** A time of day `HH:mm`, 24 hours. */
export const timeOfDaySchema = z
  .string({ error: CRM_MESSAGES.timeInvalid })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, CRM_MESSAGES.timeInvalid);

/** An optional calendar date `yyyy-MM-dd`: omitted, null or '' become null. */
export const optionalIsoDateSchema = z
  .preprocess((value) => (value === '' ? null : value), isoDateSchema.nullish())
  .transform((value) => value ?? null);

/** Owner and source filters of the lists: an id, or `none` for records without one. */
export function idOrNoneFilterSchema(message: string) {
  return z.union([z.literal('none'), refIdSchema(message)], { error: message }).optional();
}

/** A `page` / `per_page` pair as every list uses. */
export const crmPagingSchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(25),
});
