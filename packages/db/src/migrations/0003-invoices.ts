import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { addIdColumn, dialectOf, timestampType } from '../dialect';

/**
 * Invoices, their lines and line taxes, payments, per-business document counters, the numbering
 * settings of a business and the idempotency keys of money writes (issue 3). Money is integer cents
 * (`bigint`), quantities and percentages integer thousandths. Dates (`issue_date`, `due_date`,
 * `payment_date`) are `yyyy-MM-dd` text on both dialects: they compare and sort as strings.
 * A discount value is thousandths of a percent for `percent` and cents for `amount`.
 */
export const invoicesMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely hands migrations an untyped instance
  async up(db: Kysely<any>) {
    const dialect = dialectOf(db);
    const ts = timestampType(dialect);

    await db.schema
      .alterTable('businesses')
      .addColumn('invoice_prefix', 'varchar(20)', (col) => col.notNull().defaultTo('INV'))
      .execute();
    await db.schema
      .alterTable('businesses')
      .addColumn('invoice_number_include_year', 'boolean', (col) => col.notNull().defaultTo(true))
      .execute();
    await db.schema
      .alterTable('businesses')
      .addColumn('invoice_number_separator', 'varchar(1)', (col) => col.notNull().defaultTo('-'))
      .execute();
    await db.schema
      .alterTable('businesses')
      .addColumn('invoice_number_padding', 'integer', (col) => col.notNull().defaultTo(4))
      .execute();
    await db.schema
      .alterTable('businesses')
      .addColumn('invoice_number_yearly_reset', 'boolean', (col) => col.notNull().defaultTo(true))
      .execute();

    // One row per business and kind ('invoice'; estimates later): the last counter handed out and its year.
    await db.schema
      .createTable('document_counters')
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(16)', (col) => col.notNull())
      .addColumn('year', 'integer')
      .addColumn('last_counter', 'integer', (col) => col.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('document_counters_pk', ['business_id', 'kind'])
      .execute();

    await addIdColumn(dialect, db.schema.createTable('invoices'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('client_id', 'integer', (col) => col.notNull().references('clients.id'))
      .addColumn('invoice_number', 'varchar(64)')
      .addColumn('status', 'varchar(16)', (col) => col.notNull().defaultTo('draft'))
      .addColumn('issue_date', 'varchar(10)', (col) => col.notNull())
      .addColumn('due_date', 'varchar(10)', (col) => col.notNull())
      .addColumn('discount_type', 'varchar(16)')
      .addColumn('discount_value', 'bigint')
      .addColumn('notes', 'text')
      .addColumn('terms', 'text')
      .addColumn('currency', 'varchar(3)', (col) => col.notNull().defaultTo('USD'))
      // Goals come in a later issue: a plain integer for now.
      .addColumn('goal_id', 'integer')
      .addColumn('prices_include_tax', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('subtotal_cents', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('line_discount_cents', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('discount_cents', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('tax_cents', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('total_cents', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('paid_cents', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('balance_cents', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('public_token', 'varchar(64)', (col) => col.notNull())
      .addColumn('void_reason', 'varchar(500)')
      .addColumn('sent_at', ts)
      .addColumn('viewed_at', ts)
      .addColumn('voided_at', ts)
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('updated_at', ts, (col) => col.notNull())
      .execute();
    // NULLs are distinct: many drafts without a number, never two issued with the same one.
    await db.schema
      .createIndex('invoices_business_number_unique')
      .on('invoices')
      .columns(['business_id', 'invoice_number'])
      .unique()
      .execute();
    await db.schema
      .createIndex('invoices_public_token_unique')
      .on('invoices')
      .column('public_token')
      .unique()
      .execute();
    await db.schema
      .createIndex('invoices_business_issue_date_index')
      .on('invoices')
      .columns(['business_id', 'issue_date', 'id'])
      .execute();
    await db.schema
      .createIndex('invoices_business_due_date_index')
      .on('invoices')
      .columns(['business_id', 'due_date'])
      .execute();
    await db.schema
      .createIndex('invoices_business_status_index')
      .on('invoices')
      .columns(['business_id', 'status', 'due_date'])
      .execute();
    await db.schema
      .createIndex('invoices_business_client_index')
      .on('invoices')
      .columns(['business_id', 'client_id', 'status'])
      .execute();
    await db.schema
      .createIndex('invoices_business_created_at_index')
      .on('invoices')
      .columns(['business_id', 'created_at'])
      .execute();

    await addIdColumn(dialect, db.schema.createTable('invoice_lines'))
      .addColumn('invoice_id', 'integer', (col) => col.notNull().references('invoices.id').onDelete('cascade'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('product_id', 'integer', (col) => col.references('products.id'))
      .addColumn('description', 'text', (col) => col.notNull())
      .addColumn('quantity_thousandths', 'bigint', (col) => col.notNull())
      .addColumn('unit', 'varchar(32)')
      .addColumn('unit_price_cents', 'bigint', (col) => col.notNull())
      .addColumn('discount_type', 'varchar(16)')
      .addColumn('discount_value', 'bigint')
      .addColumn('subtotal_cents', 'bigint', (col) => col.notNull())
      .addColumn('discount_cents', 'bigint', (col) => col.notNull())
      .addColumn('invoice_discount_cents', 'bigint', (col) => col.notNull())
      .addColumn('taxable_cents', 'bigint', (col) => col.notNull())
      .addColumn('tax_cents', 'bigint', (col) => col.notNull())
      .addColumn('total_cents', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('invoice_lines_invoice_index')
      .on('invoice_lines')
      .columns(['invoice_id', 'position'])
      .execute();
    await db.schema
      .createIndex('invoice_lines_product_index')
      .on('invoice_lines')
      .columns(['business_id', 'product_id'])
      .execute();

    await addIdColumn(dialect, db.schema.createTable('invoice_line_taxes'))
      .addColumn('line_id', 'integer', (col) => col.notNull().references('invoice_lines.id').onDelete('cascade'))
      .addColumn('invoice_id', 'integer', (col) => col.notNull().references('invoices.id').onDelete('cascade'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('tax_rate_id', 'integer', (col) => col.references('tax_rates.id'))
      // Snapshot of the rate when the invoice was saved: renaming a rate never changes an invoice.
      .addColumn('name', 'varchar(100)', (col) => col.notNull())
      .addColumn('rate_thousandths', 'integer', (col) => col.notNull())
      .addColumn('is_compound', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('base_cents', 'bigint', (col) => col.notNull())
      .addColumn('amount_cents', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('invoice_line_taxes_invoice_index')
      .on('invoice_line_taxes')
      .columns(['invoice_id', 'line_id', 'position'])
      .execute();
    await db.schema
      .createIndex('invoice_line_taxes_rate_index')
      .on('invoice_line_taxes')
      .columns(['business_id', 'tax_rate_id'])
      .execute();

    await addIdColumn(dialect, db.schema.createTable('payments'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('invoice_id', 'integer', (col) => col.notNull().references('invoices.id').onDelete('cascade'))
      .addColumn('amount_cents', 'bigint', (col) => col.notNull())
      .addColumn('payment_date', 'varchar(10)', (col) => col.notNull())
      .addColumn('method', 'varchar(32)', (col) => col.notNull())
      .addColumn('reference', 'varchar(100)')
      .addColumn('note', 'text')
      .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_at', ts, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('payments_invoice_index')
      .on('payments')
      .columns(['invoice_id', 'payment_date'])
      .execute();
    await db.schema
      .createIndex('payments_business_date_index')
      .on('payments')
      .columns(['business_id', 'payment_date'])
      .execute();

    // A retried money write with the same key replays the first answer (stored with the write itself).
    await addIdColumn(dialect, db.schema.createTable('idempotency_keys'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('key', 'varchar(255)', (col) => col.notNull())
      .addColumn('method', 'varchar(8)', (col) => col.notNull())
      .addColumn('path', 'varchar(255)', (col) => col.notNull())
      .addColumn('request_hash', 'varchar(64)', (col) => col.notNull())
      .addColumn('response_status', 'integer', (col) => col.notNull())
      .addColumn('response_body', 'text', (col) => col.notNull())
      .addColumn('created_at', ts, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('idempotency_keys_business_key_unique')
      .on('idempotency_keys')
      .columns(['business_id', 'key'])
      .unique()
      .execute();
    await db.schema
      .createIndex('idempotency_keys_created_at_index')
      .on('idempotency_keys')
      .column('created_at')
      .execute();
  },

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  async down(db: Kysely<any>) {
    for (const table of [
      'idempotency_keys',
      'payments',
      'invoice_line_taxes',
      'invoice_lines',
      'invoices',
      'document_counters',
    ]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
    for (const column of [
      'invoice_number_yearly_reset',
      'invoice_number_padding',
      'invoice_number_separator',
      'invoice_number_include_year',
      'invoice_prefix',
    ]) {
      await db.schema.alterTable('businesses').dropColumn(column).execute();
    }
  },
};
