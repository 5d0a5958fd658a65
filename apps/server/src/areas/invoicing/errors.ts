import {
  INVOICE_TEXT_MAX_LENGTH,
  LINE_DESCRIPTION_MAX_LENGTH,
  MAX_INVOICE_LINES,
  invoiceStatusSchema,
} from '@ledgerleaf/domain';
import { ERROR_DOCS, conflictDoc, errorDoc } from '../../lib/error-docs';

/** Invoicing's error documents for the OpenAPI document (the catalogue's are lib/catalog-routes.ts's CATALOG_ERRORS). */
export const INVOICE_ERRORS = {
  ...ERROR_DOCS,
  notFound: errorDoc("No such invoice in the caller's business"),
  conflict: conflictDoc('Not allowed in the invoice’s status (a refused transition)', invoiceStatusSchema),
};

/**
 * JSON body limit of POST/PUT /api/invoices: the largest valid invoice (500 lines of 2,000-character
 * descriptions, notes and terms, at up to 3 bytes a character in UTF-8, 1 KB a line for its other
 * fields) is beyond the app's 1 MB.
 */
export const INVOICE_BODY_LIMIT_BYTES =
  MAX_INVOICE_LINES * (LINE_DESCRIPTION_MAX_LENGTH * 3 + 1024) + 2 * INVOICE_TEXT_MAX_LENGTH * 3 + 64 * 1024;
