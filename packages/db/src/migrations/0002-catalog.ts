import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { addIdColumn, dialectOf, timestampType } from '../dialect';

/**
 * Clients and their contacts, tax rates, products and services, the activity log, and the
 * business's invoicing defaults (issue 3). Money is integer cents (`bigint`: 999,999,999.99 is
 * 99,999,999,999 cents, past 32 bits); tax rates are integer thousandths of a percent.
 * Booleans are `boolean`: PostgreSQL reads them as booleans, SQLite as 0/1 (the queries map both).
 */
export const catalogMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely hands migrations an untyped instance
  async up(db: Kysely<any>) {
    const dialect = dialectOf(db);
    const ts = timestampType(dialect);

    await db.schema
      .alterTable('businesses')
      .addColumn('default_payment_terms_days', 'integer', (col) => col.notNull().defaultTo(30))
      .execute();
    await db.schema
      .alterTable('businesses')
      .addColumn('prices_include_tax', 'boolean', (col) => col.notNull().defaultTo(false))
      .execute();

    await addIdColumn(dialect, db.schema.createTable('clients'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(16)', (col) => col.notNull().defaultTo('company'))
      .addColumn('name', 'varchar(255)', (col) => col.notNull())
      // Lowercased name: case-insensitive sort and prefix search through the (business_id, sort_name) index.
      .addColumn('sort_name', 'varchar(255)', (col) => col.notNull())
      .addColumn('email', 'varchar(254)')
      .addColumn('phone', 'varchar(32)')
      .addColumn('billing_line1', 'varchar(255)')
      .addColumn('billing_line2', 'varchar(255)')
      .addColumn('billing_city', 'varchar(120)')
      .addColumn('billing_state', 'varchar(120)')
      .addColumn('billing_postal_code', 'varchar(32)')
      .addColumn('billing_country', 'varchar(120)')
      .addColumn('shipping_line1', 'varchar(255)')
      .addColumn('shipping_line2', 'varchar(255)')
      .addColumn('shipping_city', 'varchar(120)')
      .addColumn('shipping_state', 'varchar(120)')
      .addColumn('shipping_postal_code', 'varchar(32)')
      .addColumn('shipping_country', 'varchar(120)')
      .addColumn('payment_terms_days', 'integer', (col) => col.notNull().defaultTo(30))
      .addColumn('notes', 'text')
      .addColumn('tax_id', 'varchar(64)')
      .addColumn('is_active', 'boolean', (col) => col.notNull().defaultTo(true))
      // Lowercased name, email, phone and every contact's name and email: one LIKE serves the list search.
      .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('archived_at', ts)
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('updated_at', ts, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('clients_business_sort_name_index')
      .on('clients')
      .columns(['business_id', 'sort_name', 'id'])
      .execute();
    await db.schema
      .createIndex('clients_business_created_at_index')
      .on('clients')
      .columns(['business_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('clients_business_archived_index')
      .on('clients')
      .columns(['business_id', 'archived_at'])
      .execute();

    await addIdColumn(dialect, db.schema.createTable('client_contacts'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('client_id', 'integer', (col) => col.notNull().references('clients.id').onDelete('cascade'))
      .addColumn('name', 'varchar(255)', (col) => col.notNull())
      .addColumn('email', 'varchar(254)')
      .addColumn('phone', 'varchar(32)')
      .addColumn('is_primary', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', ts, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('client_contacts_client_index')
      .on('client_contacts')
      .columns(['client_id', 'position'])
      .execute();
    // Partial unique index (both SQLite and PostgreSQL have them): at most one primary contact per client.
    await sql`create unique index client_contacts_one_primary on client_contacts (client_id) where is_primary`.execute(
      db,
    );

    await addIdColumn(dialect, db.schema.createTable('tax_rates'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('name', 'varchar(100)', (col) => col.notNull())
      // Thousandths of a percent: 8.875 % is 8875.
      .addColumn('rate_thousandths', 'integer', (col) => col.notNull())
      .addColumn('is_compound', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('is_default', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('archived_at', ts)
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('updated_at', ts, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('tax_rates_business_index').on('tax_rates').columns(['business_id', 'name']).execute();

    await addIdColumn(dialect, db.schema.createTable('products'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('name', 'varchar(255)', (col) => col.notNull())
      .addColumn('sort_name', 'varchar(255)', (col) => col.notNull())
      .addColumn('description', 'text')
      .addColumn('type', 'varchar(16)', (col) => col.notNull().defaultTo('service'))
      .addColumn('unit', 'varchar(32)', (col) => col.notNull().defaultTo('item'))
      .addColumn('unit_price_cents', 'bigint', (col) => col.notNull())
      .addColumn('default_tax_rate_id', 'integer', (col) => col.references('tax_rates.id'))
      .addColumn('sku', 'varchar(64)')
      .addColumn('is_active', 'boolean', (col) => col.notNull().defaultTo(true))
      .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('archived_at', ts)
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('updated_at', ts, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('products_business_sort_name_index')
      .on('products')
      .columns(['business_id', 'sort_name', 'id'])
      .execute();
    await db.schema
      .createIndex('products_business_created_at_index')
      .on('products')
      .columns(['business_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('products_default_tax_rate_index')
      .on('products')
      .column('default_tax_rate_id')
      .execute();
    // NULLs are distinct on both dialects: many products without a SKU, but no two with the same one.
    await db.schema
      .createIndex('products_business_sku_unique')
      .on('products')
      .columns(['business_id', 'sku'])
      .unique()
      .execute();

    await addIdColumn(dialect, db.schema.createTable('activity_log'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('subject_type', 'varchar(32)', (col) => col.notNull())
      .addColumn('subject_id', 'integer')
      .addColumn('event', 'varchar(64)', (col) => col.notNull())
      .addColumn('data', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('created_at', ts, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('activity_log_business_created_at_index')
      .on('activity_log')
      .columns(['business_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('activity_log_subject_index')
      .on('activity_log')
      .columns(['business_id', 'subject_type', 'subject_id'])
      .execute();
  },

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  async down(db: Kysely<any>) {
    for (const table of ['activity_log', 'products', 'tax_rates', 'client_contacts', 'clients']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
    await db.schema.alterTable('businesses').dropColumn('prices_include_tax').execute();
    await db.schema.alterTable('businesses').dropColumn('default_payment_terms_days').execute();
  },
};
