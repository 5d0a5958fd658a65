import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../constants';
import { EMAIL_PATTERN } from '../auth';
import {
  CATALOG_MESSAGES,
  CATALOG_STATUS_FILTERS,
  CSV_MAX_LENGTH,
  MAX_PAYMENT_TERMS_DAYS,
  PICKER_DEFAULT_LIMIT,
  PICKER_MAX_LIMIT,
  SHORT_TEXT_MAX_LENGTH,
} from './messages';

/** Archive state filter of catalog lists: `archived_at` null (active), set (archived), or both. */
export const catalogStatusFilterSchema = z.enum(CATALOG_STATUS_FILTERS, {
  error: CATALOG_MESSAGES.statusInvalid,
});

/** The state of a record in a response: archived records are hidden from pickers but kept for history. */
export const recordStatusSchema = z.enum(['active', 'archived']);
export type RecordStatus = z.infer<typeof recordStatusSchema>;

/** Required trimmed name, 1-255 characters. */
export const catalogNameSchema = z
  .string({ error: CATALOG_MESSAGES.nameRequired })
  .trim()
  .min(1, CATALOG_MESSAGES.nameRequired)
  .max(SHORT_TEXT_MAX_LENGTH, CATALOG_MESSAGES.nameTooLong);

/** Optional free text: '' and whitespace become null. */
export function optionalTextSchema(max: number) {
  return z
    .string({ error: CATALOG_MESSAGES.textTooLong(max) })
    .trim()
    .max(max, CATALOG_MESSAGES.textTooLong(max))
    .nullish()
    .transform((value) => (value == null || value === '' ? null : value));
}

/** Optional email: '' becomes null. */
export const optionalEmailSchema = z
  .string({ error: CATALOG_MESSAGES.emailInvalid })
  .trim()
  .max(EMAIL_MAX_LENGTH, CATALOG_MESSAGES.emailInvalid)
  .refine((value) => value === '' || EMAIL_PATTERN.test(value), CATALOG_MESSAGES.emailInvalid)
  .nullish()
  .transform((value) => (value == null || value === '' ? null : value.toLowerCase()));

/** Optional phone number, national or international: digits, spaces, + ( ) - . and an extension. */
export const optionalPhoneSchema = z
  .string({ error: CATALOG_MESSAGES.phoneInvalid })
  .trim()
  .max(32, CATALOG_MESSAGES.phoneInvalid)
  .refine(
    (value) => value === '' || (/^[0-9+().\-\s/x]+$/i.test(value) && /\d{3,}/.test(value.replace(/\D/g, ''))),
    CATALOG_MESSAGES.phoneInvalid,
  )
  .nullish()
  .transform((value) => (value == null || value === '' ? null : value));

export const paymentTermsDaysSchema = z
  .number({ error: CATALOG_MESSAGES.paymentTermsInvalid })
  .int(CATALOG_MESSAGES.paymentTermsInvalid)
  .min(0, CATALOG_MESSAGES.paymentTermsInvalid)
  .max(MAX_PAYMENT_TERMS_DAYS, CATALOG_MESSAGES.paymentTermsInvalid);

/** Picker query: `?q=acme&limit=10`, at most 20 rows. */
export const pickerQuerySchema = z.object({
  q: z.string().trim().max(200).default(''),
  limit: z.coerce.number().int().min(1).max(PICKER_MAX_LIMIT).default(PICKER_DEFAULT_LIMIT),
});
export type PickerQuery = z.infer<typeof pickerQuerySchema>;

/** Body of CSV preview and import: the file's text. */
export const csvImportRequestSchema = z.strictObject({
  csv: z
    .string({ error: CATALOG_MESSAGES.csvRequired })
    .min(1, CATALOG_MESSAGES.csvRequired)
    .max(CSV_MAX_LENGTH, CATALOG_MESSAGES.csvTooLarge),
});
export type CsvImportRequest = z.infer<typeof csvImportRequestSchema>;

const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));

/**
 * One data row of an import preview. `row` is the 1-based line number in the file (the header is
 * line 1, so the first data row is 2), the number a spreadsheet shows. `errors` is field-keyed
 * (`email`, `contacts.0.email`, `unit_price`); empty when the row is valid.
 */
export function importRowSchema<T extends z.ZodType>(data: T) {
  return z.object({
    row: z.number().int(),
    /** What would be created, when the row is valid; null otherwise. */
    data: data.nullable(),
    /** The row's cells keyed by column, as read from the file. */
    values: z.record(z.string(), z.string()),
    errors: fieldErrorsSchema,
  });
}

/** Answer of `POST …/import/preview` (nothing written). `errors` holds file-level problems (missing columns). */
export function importPreviewSchema<T extends z.ZodType>(data: T) {
  return z.object({
    columns: z.array(z.string()),
    rows: z.array(importRowSchema(data)),
    total: z.number().int(),
    valid: z.number().int(),
    invalid: z.number().int(),
    errors: fieldErrorsSchema,
  });
}

/** Answer of a successful `POST …/import`: every row was created in one transaction. */
export const importResultSchema = z.object({
  message: z.string(),
  imported: z.number().int(),
  ids: z.array(z.number().int()),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/**
 * 422 answer of `POST …/import` when any row has an error: nothing was imported. `errors` is
 * keyed `rows.<line>.<field>` (and `csv` for file-level problems); `rows` lists the rows with errors.
 */
export const importErrorResponseSchema = z.object({
  message: z.string(),
  errors: fieldErrorsSchema,
  rows: z.array(z.object({ row: z.number().int(), errors: fieldErrorsSchema })),
});
export type ImportErrorResponse = z.infer<typeof importErrorResponseSchema>;

/** Generic `{ message }` answer of archive/restore/delete. */
export const catalogMessageSchema = z.object({ message: z.string() });

/** Reads a CSV boolean cell: yes/no, true/false, 1/0, y/n, active/inactive; '' means `fallback`. */
export function parseCsvBoolean(value: string | undefined, fallback: boolean): boolean | null {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '') return fallback;
  if (['yes', 'y', 'true', '1', 'active'].includes(v)) return true;
  if (['no', 'n', 'false', '0', 'inactive'].includes(v)) return false;
  return null;
}

/** Reads a CSV number cell ('' means undefined; `$1,250.50` and `8.875%` are accepted). */
export function parseCsvNumber(value: string | undefined): number | undefined | null {
  const v = (value ?? '').trim().replace(/^\$/, '').replace(/%$/, '').replace(/,/g, '');
  if (v === '') return undefined;
  if (!/^-?\d+(\.\d+)?$/.test(v)) return null;
  return Number(v);
}
