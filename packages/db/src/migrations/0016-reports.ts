import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Reports (issue 16): covering indexes for the standard reports, so a year of 100,000 invoices
 * (500,000 lines) is added up from index pages alone, without reading a table row: invoices by
 * issue date with every figure a report sums, lines by invoice with the product, quantity and
 * totals, taxes by invoice with name, rate, base and amount, payments by date with invoice and amount.
 */
const INDEXES = [
  {
    name: 'invoices_report_issue_index',
    table: 'invoices',
    columns: [
      'business_id',
      'issue_date',
      'status',
      'client_id',
      'total_cents',
      'tax_cents',
      'paid_cents',
      'balance_cents',
    ],
  },
  {
    name: 'invoice_lines_report_index',
    table: 'invoice_lines',
    columns: ['invoice_id', 'product_id', 'quantity_thousandths', 'total_cents', 'tax_cents'],
  },
  {
    name: 'invoice_line_taxes_report_index',
    table: 'invoice_line_taxes',
    columns: ['invoice_id', 'name', 'rate_thousandths', 'base_cents', 'amount_cents'],
  },
  {
    name: 'payments_report_date_index',
    table: 'payments',
    columns: ['business_id', 'payment_date', 'invoice_id', 'amount_cents', 'method'],
  },
] as const;

export const reportsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely hands migrations an untyped instance
  async up(db: Kysely<any>) {
    for (const index of INDEXES)
      await db.schema
        .createIndex(index.name)
        .on(index.table)
        .columns([...index.columns])
        .execute();
  },

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  async down(db: Kysely<any>) {
    for (const index of INDEXES) await db.schema.dropIndex(index.name).ifExists().execute();
  },
};
