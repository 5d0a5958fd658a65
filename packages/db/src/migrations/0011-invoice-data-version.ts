import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { dialectOf } from '../dialect';

/**
 * `businesses.invoice_data_version`: a counter the database itself advances on every change to a
 * business's invoices (insert, update, delete) and to a client's name (the invoice search matches
 * client names). Triggers, not application code, keep it, so no writer (invoices, payments, the
 * scheduler, a future import) can forget it. The invoice list caches its totals per
 * (business, version, filter, day) and reads the version with one primary-key lookup.
 */
export const invoiceDataVersionMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely hands migrations an untyped instance
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('businesses')
      .addColumn('invoice_data_version', 'bigint', (col) => col.notNull().defaultTo(0))
      .execute();
    if (dialectOf(db) === 'postgres') {
      await sql`
        create function ledgerleaf_bump_invoice_data_version() returns trigger language plpgsql as $$
        begin
          if tg_op = 'DELETE' then
            update businesses set invoice_data_version = invoice_data_version + 1 where id = old.business_id;
          else
            update businesses set invoice_data_version = invoice_data_version + 1 where id = new.business_id;
          end if;
          return null;
        end
        $$`.execute(db);
      await sql`create trigger invoices_data_version after insert or update or delete on invoices for each row execute function ledgerleaf_bump_invoice_data_version()`.execute(
        db,
      );
      await sql`create trigger clients_name_data_version after update of sort_name on clients for each row execute function ledgerleaf_bump_invoice_data_version()`.execute(
        db,
      );
      return;
    }
    const bump = (ref: 'new' | 'old') =>
      sql.raw(`update businesses set invoice_data_version = invoice_data_version + 1 where id = ${ref}.business_id;`);
    await sql`create trigger invoices_data_version_insert after insert on invoices begin ${bump('new')} end`.execute(
      db,
    );
    await sql`create trigger invoices_data_version_update after update on invoices begin ${bump('new')} end`.execute(
      db,
    );
    await sql`create trigger invoices_data_version_delete after delete on invoices begin ${bump('old')} end`.execute(
      db,
    );
    await sql`create trigger clients_name_data_version after update of sort_name on clients begin ${bump('new')} end`.execute(
      db,
    );
  },

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  async down(db: Kysely<any>) {
    if (dialectOf(db) === 'postgres') {
      await sql`drop trigger if exists clients_name_data_version on clients`.execute(db);
      await sql`drop trigger if exists invoices_data_version on invoices`.execute(db);
      await sql`drop function if exists ledgerleaf_bump_invoice_data_version()`.execute(db);
    } else {
      for (const name of [
        'clients_name_data_version',
        'invoices_data_version_delete',
        'invoices_data_version_update',
        'invoices_data_version_insert',
      ]) {
        await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
      }
    }
    await db.schema.alterTable('businesses').dropColumn('invoice_data_version').execute();
  },
};
