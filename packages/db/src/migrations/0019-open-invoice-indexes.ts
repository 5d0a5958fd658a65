import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The invoice list's day-dependent filters (issue 18): `overdue`, and sent/viewed/partial (not yet
 * due), right after a write, at 100,000 invoices. Two indexes of 0003 get more columns (each new one
 * has the old one as its prefix, so every plan that used the old one still works):
 * - (business, status, due date) also holds the three amounts: the count and totals of the open
 *   invoices not yet due (what `summarizeOverdue` subtracts from the per-status totals, and the
 *   sent/viewed/partial filters' own totals) are added up without reading a table row;
 * - (business, issue date, id) also holds the status and the due date: the list's first page,
 *   newest first, skips the open invoices not yet due (a month of them) from the index alone,
 *   instead of reading each one's row.
 */
const REPLACED = [
  {
    old: { name: 'invoices_business_status_index', columns: ['business_id', 'status', 'due_date'] },
    new: {
      name: 'invoices_business_status_due_amounts_index',
      columns: ['business_id', 'status', 'due_date', 'total_cents', 'paid_cents', 'balance_cents'],
    },
  },
  {
    old: { name: 'invoices_business_issue_date_index', columns: ['business_id', 'issue_date', 'id'] },
    new: {
      name: 'invoices_business_issue_date_status_index',
      columns: ['business_id', 'issue_date', 'id', 'status', 'due_date'],
    },
  },
] as const;

export const openInvoiceIndexesMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely hands migrations an untyped instance
  async up(db: Kysely<any>) {
    for (const index of REPLACED) {
      await db.schema
        .createIndex(index.new.name)
        .on('invoices')
        .columns([...index.new.columns])
        .execute();
      await db.schema.dropIndex(index.old.name).ifExists().execute();
    }
  },

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  async down(db: Kysely<any>) {
    for (const index of REPLACED) {
      await db.schema
        .createIndex(index.old.name)
        .on('invoices')
        .columns([...index.old.columns])
        .execute();
      await db.schema.dropIndex(index.new.name).ifExists().execute();
    }
  },
};
