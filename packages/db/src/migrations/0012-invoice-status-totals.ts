import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { dialectOf } from '../dialect';

const COLUMNS = ['total_cents', 'paid_cents', 'balance_cents'] as const;

/**
 * `invoice_status_totals`: per business and stored status, how many invoices there are and the sums
 * of their total, paid and balance, kept by database triggers on every invoice insert, update and
 * delete (so no writer can forget them). The invoice list's count and totals for the plain filters
 * (all, a stored status, unpaid) then read a handful of rows instead of adding up every invoice;
 * filters that depend on the day, a search or dates still add up the matching rows.
 */
export const invoiceStatusTotalsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely hands migrations an untyped instance
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('invoice_status_totals')
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('status', 'varchar(16)', (col) => col.notNull())
      .addColumn('invoice_count', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('total_cents', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('paid_cents', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('balance_cents', 'bigint', (col) => col.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('invoice_status_totals_pk', ['business_id', 'status'])
      .execute();
    await sql`
      insert into invoice_status_totals (business_id, status, invoice_count, total_cents, paid_cents, balance_cents)
      select business_id, status, count(*), coalesce(sum(total_cents), 0), coalesce(sum(paid_cents), 0), coalesce(sum(balance_cents), 0)
      from invoices group by business_id, status`.execute(db);

    const add = (ref: 'new') =>
      `insert into invoice_status_totals (business_id, status, invoice_count, ${COLUMNS.join(', ')})
       values (${ref}.business_id, ${ref}.status, 1, ${COLUMNS.map((column) => `${ref}.${column}`).join(', ')})
       on conflict (business_id, status) do update set invoice_count = invoice_status_totals.invoice_count + 1, ${COLUMNS.map((column) => `${column} = invoice_status_totals.${column} + excluded.${column}`).join(', ')};`;
    const remove = (ref: 'old') =>
      `update invoice_status_totals set invoice_count = invoice_count - 1, ${COLUMNS.map((column) => `${column} = ${column} - ${ref}.${column}`).join(', ')}
       where business_id = ${ref}.business_id and status = ${ref}.status;`;

    if (dialectOf(db) === 'postgres') {
      await sql
        .raw(
          `create function ledgerleaf_invoice_status_totals() returns trigger language plpgsql as $$
           begin
             if tg_op in ('UPDATE', 'DELETE') then ${remove('old')} end if;
             if tg_op in ('INSERT', 'UPDATE') then ${add('new')} end if;
             return null;
           end
           $$`,
        )
        .execute(db);
      await sql`create trigger invoices_status_totals after insert or update or delete on invoices for each row execute function ledgerleaf_invoice_status_totals()`.execute(
        db,
      );
      return;
    }
    await sql
      .raw(`create trigger invoices_status_totals_insert after insert on invoices begin ${add('new')} end`)
      .execute(db);
    await sql
      .raw(
        `create trigger invoices_status_totals_update after update on invoices begin ${remove('old')} ${add('new')} end`,
      )
      .execute(db);
    await sql
      .raw(`create trigger invoices_status_totals_delete after delete on invoices begin ${remove('old')} end`)
      .execute(db);
  },

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  async down(db: Kysely<any>) {
    if (dialectOf(db) === 'postgres') {
      await sql`drop trigger if exists invoices_status_totals on invoices`.execute(db);
      await sql`drop function if exists ledgerleaf_invoice_status_totals()`.execute(db);
    } else {
      for (const name of [
        'invoices_status_totals_insert',
        'invoices_status_totals_update',
        'invoices_status_totals_delete',
      ]) {
        await sql.raw(`drop trigger if exists ${name}`).execute(db);
      }
    }
    await db.schema.dropTable('invoice_status_totals').ifExists().execute();
  },
};
