import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { dialectOf } from '../dialect';

const REPORT_INDEX = 'invoices_report_issue_index';
const AGING_INDEX = 'invoices_aging_index';
const AGING_COLUMNS = [
  'business_id',
  'client_id',
  'due_date',
  'status',
  'total_cents',
  'paid_cents',
  'issue_date',
  'sent_at',
  'voided_at',
] as const;
const REPORT_COLUMNS = [
  'business_id',
  'issue_date',
  'status',
  'client_id',
  'total_cents',
  'tax_cents',
  'paid_cents',
  'balance_cents',
] as const;

/**
 * `invoices.quantity_thousandths`: the sum of the invoice's line quantities, kept by database
 * triggers on every line insert, update and delete (like `invoice_status_totals`, so no writer can
 * forget it), and added to the reports' covering index of invoices by issue date. Sales by client
 * then adds up a year's invoices from that index alone instead of joining their lines
 * (issue 16: 100,000 invoices, 500,000 lines). Also a covering index for the aging report.
 */
export const invoiceQuantityMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely hands migrations an untyped instance
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('invoices')
      .addColumn('quantity_thousandths', 'bigint', (col) => col.notNull().defaultTo(0))
      .execute();
    await sql`
      update invoices set quantity_thousandths = (
        select coalesce(sum(l.quantity_thousandths), 0) from invoice_lines l where l.invoice_id = invoices.id
      )
      where exists (select 1 from invoice_lines l where l.invoice_id = invoices.id)`.execute(db);
    await db.schema.dropIndex(REPORT_INDEX).ifExists().execute();
    await db.schema
      .createIndex(REPORT_INDEX)
      .on('invoices')
      .columns([...REPORT_COLUMNS, 'quantity_thousandths'])
      .execute();

    // The aging report reads every invoice that can be open on a day (its `or` of statuses, issue and
    // void dates rules out a status range): from this covering index, in client order.
    await db.schema
      .createIndex(AGING_INDEX)
      .on('invoices')
      .columns([...AGING_COLUMNS])
      .execute();

    const add = (ref: 'new' | 'old', sign: '+' | '-') =>
      `update invoices set quantity_thousandths = quantity_thousandths ${sign} ${ref}.quantity_thousandths where id = ${ref}.invoice_id;`;
    if (dialectOf(db) === 'postgres') {
      await sql
        .raw(
          `create function ledgerleaf_invoice_quantity() returns trigger language plpgsql as $$
           begin
             if tg_op = 'UPDATE' and new.quantity_thousandths = old.quantity_thousandths and new.invoice_id = old.invoice_id then
               return null;
             end if;
             if tg_op in ('UPDATE', 'DELETE') then ${add('old', '-')} end if;
             if tg_op in ('INSERT', 'UPDATE') then ${add('new', '+')} end if;
             return null;
           end
           $$`,
        )
        .execute(db);
      await sql`create trigger invoice_lines_quantity after insert or update or delete on invoice_lines for each row execute function ledgerleaf_invoice_quantity()`.execute(
        db,
      );
      return;
    }
    await sql
      .raw(`create trigger invoice_lines_quantity_insert after insert on invoice_lines begin ${add('new', '+')} end`)
      .execute(db);
    await sql
      .raw(
        `create trigger invoice_lines_quantity_update after update of quantity_thousandths, invoice_id on invoice_lines
         when new.quantity_thousandths <> old.quantity_thousandths or new.invoice_id <> old.invoice_id
         begin ${add('old', '-')} ${add('new', '+')} end`,
      )
      .execute(db);
    await sql
      .raw(`create trigger invoice_lines_quantity_delete after delete on invoice_lines begin ${add('old', '-')} end`)
      .execute(db);
    // A database that was analysed keeps statistics for every index but the one made here, and
    // SQLite's planner then prefers the index without statistics (the aging report read the issue
    // index row by row instead of scanning): analyse the invoices again where statistics exist.
    const analysed = await sql`select 1 from sqlite_master where type = 'table' and name = 'sqlite_stat1'`.execute(db);
    if (analysed.rows.length > 0) await sql`analyze invoices`.execute(db);
  },

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  async down(db: Kysely<any>) {
    if (dialectOf(db) === 'postgres') {
      await sql`drop trigger if exists invoice_lines_quantity on invoice_lines`.execute(db);
      await sql`drop function if exists ledgerleaf_invoice_quantity()`.execute(db);
    } else {
      for (const name of [
        'invoice_lines_quantity_insert',
        'invoice_lines_quantity_update',
        'invoice_lines_quantity_delete',
      ])
        await sql.raw(`drop trigger if exists ${name}`).execute(db);
    }
    await db.schema.dropIndex(AGING_INDEX).ifExists().execute();
    await db.schema.dropIndex(REPORT_INDEX).ifExists().execute();
    await db.schema
      .createIndex(REPORT_INDEX)
      .on('invoices')
      .columns([...REPORT_COLUMNS])
      .execute();
    await db.schema.alterTable('invoices').dropColumn('quantity_thousandths').execute();
  },
};
