import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { addIdColumn, dialectOf, timestampType } from '../dialect';

/**
 * Estimates, recurring invoices, their business defaults, and the scheduler's exactly-once email
 * deliveries (issue 6).
 *
 * - `estimates` keep their computed lines as a JSON snapshot (`content`: the lines with the tax
 *   rates as they were when saved) and the totals as columns for lists; `invoice_id` is the invoice
 *   it was converted to, unique: an estimate converts once.
 * - `invoices` gain `estimate_id` (converted from), `recurring_invoice_id` and `recurring_period`
 *   (the run that produced it): UNIQUE (recurring_invoice_id, recurring_period) makes a second
 *   invoice for the same period impossible, whoever runs the scheduler and however often.
 * - `scheduled_emails` is the scheduler's outbox: one row per (kind, dedupe_key) such as
 *   (`recurring`, `12:2026-03-31`) or (`reminder`, `40:7`), inserted in the transaction that decided
 *   the email, claimed with a lease and marked sent after the mailer took it.
 */
export const estimatesMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely hands migrations an untyped instance
  async up(db: Kysely<any>) {
    const dialect = dialectOf(db);
    const ts = timestampType(dialect);

    await addIdColumn(dialect, db.schema.createTable('estimates'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('client_id', 'integer', (col) => col.notNull().references('clients.id'))
      .addColumn('estimate_number', 'varchar(64)')
      .addColumn('status', 'varchar(16)', (col) => col.notNull().defaultTo('draft'))
      .addColumn('issue_date', 'varchar(10)', (col) => col.notNull())
      .addColumn('expiry_date', 'varchar(10)', (col) => col.notNull())
      .addColumn('discount_type', 'varchar(16)')
      .addColumn('discount_value', 'bigint')
      .addColumn('notes', 'text')
      .addColumn('terms', 'text')
      .addColumn('currency', 'varchar(3)', (col) => col.notNull().defaultTo('USD'))
      .addColumn('prices_include_tax', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('content', 'text', (col) => col.notNull())
      .addColumn('subtotal_cents', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('tax_cents', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('total_cents', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('public_token', 'varchar(64)', (col) => col.notNull())
      .addColumn('sent_at', ts)
      .addColumn('viewed_at', ts)
      .addColumn('accepted_at', ts)
      .addColumn('accepted_by', 'varchar(200)')
      .addColumn('declined_at', ts)
      .addColumn('decline_reason', 'text')
      .addColumn('expired_at', ts)
      .addColumn('converted_at', ts)
      .addColumn('invoice_id', 'integer', (col) => col.references('invoices.id').onDelete('set null'))
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('updated_at', ts, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('estimates_business_number_unique')
      .on('estimates')
      .columns(['business_id', 'estimate_number'])
      .unique()
      .execute();
    await db.schema
      .createIndex('estimates_public_token_unique')
      .on('estimates')
      .column('public_token')
      .unique()
      .execute();
    await db.schema.createIndex('estimates_invoice_unique').on('estimates').column('invoice_id').unique().execute();
    await db.schema
      .createIndex('estimates_business_issue_date_index')
      .on('estimates')
      .columns(['business_id', 'issue_date', 'id'])
      .execute();
    await db.schema
      .createIndex('estimates_status_expiry_index')
      .on('estimates')
      .columns(['status', 'expiry_date'])
      .execute();
    await db.schema
      .createIndex('estimates_business_client_index')
      .on('estimates')
      .columns(['business_id', 'client_id'])
      .execute();

    await addIdColumn(dialect, db.schema.createTable('recurring_invoices'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('client_id', 'integer', (col) => col.notNull().references('clients.id'))
      .addColumn('status', 'varchar(16)', (col) => col.notNull().defaultTo('active'))
      // The template: the invoice request without its dates (JSON).
      .addColumn('template', 'text', (col) => col.notNull())
      .addColumn('total_cents', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('frequency', 'varchar(16)', (col) => col.notNull())
      .addColumn('interval_count', 'integer', (col) => col.notNull().defaultTo(1))
      // 1..31, -1 for the last day, null for the start date's day.
      .addColumn('day_of_month', 'integer')
      .addColumn('start_date', 'varchar(10)', (col) => col.notNull())
      .addColumn('end_type', 'varchar(16)', (col) => col.notNull().defaultTo('never'))
      .addColumn('end_date', 'varchar(10)')
      .addColumn('end_count', 'integer')
      .addColumn('payment_terms_days', 'integer', (col) => col.notNull().defaultTo(30))
      .addColumn('auto_send', 'boolean', (col) => col.notNull().defaultTo(false))
      // The occurrence to run next and its date (null once finished).
      .addColumn('next_index', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('next_run_date', 'varchar(10)')
      .addColumn('generated_count', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('last_run_at', ts)
      .addColumn('last_error', 'text')
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('updated_at', ts, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('recurring_invoices_due_index')
      .on('recurring_invoices')
      .columns(['status', 'next_run_date'])
      .execute();
    await db.schema
      .createIndex('recurring_invoices_business_index')
      .on('recurring_invoices')
      .columns(['business_id', 'status', 'next_run_date'])
      .execute();

    await db.schema
      .createTable('recurring_settings')
      .addColumn('business_id', 'integer', (col) => col.primaryKey().references('businesses.id').onDelete('cascade'))
      .addColumn('send_time', 'varchar(5)', (col) => col.notNull().defaultTo('09:00'))
      .addColumn('time_zone', 'varchar(64)', (col) => col.notNull().defaultTo('UTC'))
      .addColumn('default_auto_send', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('missed_runs', 'varchar(16)', (col) => col.notNull().defaultTo('catch_up'))
      .addColumn('updated_at', ts, (col) => col.notNull())
      .execute();

    // Plain integers (like goal_id): SQLite cannot drop a column that carries a foreign key.
    await db.schema.alterTable('invoices').addColumn('estimate_id', 'integer').execute();
    await db.schema.alterTable('invoices').addColumn('recurring_invoice_id', 'integer').execute();
    await db.schema.alterTable('invoices').addColumn('recurring_period', 'varchar(10)').execute();
    await db.schema
      .createIndex('invoices_recurring_period_unique')
      .on('invoices')
      .columns(['recurring_invoice_id', 'recurring_period'])
      .unique()
      .execute();

    await addIdColumn(dialect, db.schema.createTable('scheduled_emails'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(16)', (col) => col.notNull())
      .addColumn('dedupe_key', 'varchar(100)', (col) => col.notNull())
      .addColumn('invoice_id', 'integer', (col) => col.references('invoices.id').onDelete('cascade'))
      // pending -> sending (claimed, with a lease) -> sent; a failed attempt goes back to pending.
      .addColumn('status', 'varchar(16)', (col) => col.notNull().defaultTo('pending'))
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('claimed_until', ts)
      .addColumn('outbox_email_id', 'integer')
      .addColumn('error', 'text')
      .addColumn('data', 'text')
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('sent_at', ts)
      .execute();
    await db.schema
      .createIndex('scheduled_emails_dedupe_unique')
      .on('scheduled_emails')
      .columns(['kind', 'dedupe_key'])
      .unique()
      .execute();
    await db.schema
      .createIndex('scheduled_emails_status_index')
      .on('scheduled_emails')
      .columns(['status', 'claimed_until'])
      .execute();
  },

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  async down(db: Kysely<any>) {
    await db.schema.dropTable('scheduled_emails').ifExists().execute();
    await db.schema.dropIndex('invoices_recurring_period_unique').ifExists().execute();
    for (const column of ['recurring_period', 'recurring_invoice_id', 'estimate_id'])
      await db.schema.alterTable('invoices').dropColumn(column).execute();
    for (const table of ['recurring_settings', 'recurring_invoices', 'estimates'])
      await db.schema.dropTable(table).ifExists().execute();
  },
};
