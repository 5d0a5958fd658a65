/**
 * The catalog's visible strings and limits, without the schemas of shared.ts: lists of the first
 * screens need a few of them, and a module that builds zod schemas made every signed-in page load
 * and run zod before it could draw.
 */

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
export const CATALOG_STATUS_FILTERS = ['active', 'archived', 'all'] as const;
export type CatalogStatusFilter = (typeof CATALOG_STATUS_FILTERS)[number];
