import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../constants';
import { EMAIL_PATTERN } from '../auth';

/** Visible strings of the catalog (clients, products and services, tax rates), shared by the forms and the API. */
export const CATALOG_MESSAGES = {
  nameRequired: 'Please enter a name',
  nameTooLong: 'Name may not be longer than 255 characters',
  emailInvalid: 'Please enter a valid email address',
  phoneInvalid: 'Please enter a valid phone number',
  textTooLong: (max: number) => `May not be longer than ${max} characters`,
  paymentTermsInvalid: 'Payment terms must be a whole number of days between 0 and 365',
  contactNameRequired: "Please enter the contact's name",
  tooManyContacts: 'A client may have at most 20 contacts',
  twoPrimaries: 'Only one contact can be the primary contact',
  duplicateContact: 'The same contact appears twice',
  kindInvalid: 'Please choose company or person',
  typeInvalid: 'Please choose product or service',
  unitRequired: 'Please enter a unit (hour, day, item, ...)',
  unitPriceRequired: 'Please enter a unit price',
  skuTaken: 'Another product already uses this SKU',
  skuInvalid: 'SKU may contain at most 64 characters',
  taxRateUnknown: 'Please choose an existing tax rate',
  taxRateNameTaken: 'Another tax rate already has this name',
  statusInvalid: 'Please choose active, archived or all',
  clientNotFound: 'Client not found.',
  productNotFound: 'Product not found.',
  taxRateNotFound: 'Tax rate not found.',
  clientHasInvoices: 'This client has invoices, so it cannot be deleted. Archive it instead.',
  clientHasDocuments: 'This client has estimates or recurring invoices, so it cannot be deleted. Archive it instead.',
  productInUse: 'This product is used on invoices, so it cannot be deleted. Archive it instead.',
  taxRateInUse: 'This tax rate is used by products or invoices, so it cannot be deleted. Archive it instead.',
  csvRequired: 'Please choose a CSV file',
  csvTooLarge: 'The CSV file may not be larger than 2 MB',
  csvUnreadable: 'The file could not be read as CSV',
  csvEmpty: 'The CSV file has no rows',
  csvTooManyRows: 'The CSV file may not have more than 10,000 rows',
  csvMissingColumn: (column: string) => `The CSV file needs a "${column}" column`,
  csvUnknownColumn: (column: string) => `Unknown column "${column}"`,
  csvBooleanInvalid: 'Please use yes or no',
  csvNumberInvalid: 'Please enter a number',
  importHasErrors: 'The file has errors, so nothing was imported. Fix the rows listed and try again.',
  imported: (count: number) => `Imported ${count} row${count === 1 ? '' : 's'}.`,
  archived: 'Archived.',
  restored: 'Restored.',
  deleted: 'Deleted.',
} as const;

export const MAX_CONTACTS = 20;
export const MAX_PAYMENT_TERMS_DAYS = 365;
export const DEFAULT_PAYMENT_TERMS_DAYS = 30;
export const NOTES_MAX_LENGTH = 5000;
export const SHORT_TEXT_MAX_LENGTH = 255;
/** CSV bodies are JSON strings of at most this many characters (about 2 MB). */
export const CSV_MAX_LENGTH = 2_000_000;
export const CSV_MAX_ROWS = 10_000;
/** Pickers (client and product search in the invoice editor) answer at most this many rows. */
export const PICKER_MAX_LIMIT = 20;
export const PICKER_DEFAULT_LIMIT = 10;

/** Archive state filter of catalog lists: `archived_at` null (active), set (archived), or both. */
export const catalogStatusFilterSchema = z.enum(['active', 'archived', 'all'], {
  error: CATALOG_MESSAGES.statusInvalid,
});
export type CatalogStatusFilter = z.infer<typeof catalogStatusFilterSchema>;

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
