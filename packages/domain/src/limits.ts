/**
 * The limits every business area's contracts share (amounts, dates, ids, list pages), without the
 * schemas of common.ts that check them: the shell and the first screens need a few of them, and a
 * module that builds zod schemas made every signed-in page load and run zod before it could draw.
 */

/** The largest amount anything in Ledgerleaf may hold: 999,999,999.99. */
export const MAX_AMOUNT = 999_999_999.99;
export const MAX_AMOUNT_CENTS = 99_999_999_999;

/**
 * The years a business date may fall in. Payments, income, invoices and estimates are dated within
 * them; a year such as 0001 or 9999 is a typing slip, and would break date arithmetic and reports.
 */
export const MIN_DATE_YEAR = 1900;
export const MAX_DATE_YEAR = 2200;

/**
 * The largest id a record can have: ids are PostgreSQL `integer` columns (SQLite's are wider, but
 * both databases must refuse the same ids). A larger one names no record, and passed to PostgreSQL
 * it would fail the query ("out of range for type integer") instead of finding nothing.
 */
export const MAX_ID = 2_147_483_647;

export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 25;
