import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { addIdColumn, dialectOf, timestampType } from '../dialect';

/**
 * Business details printed on invoices (address, tax id), invoice text defaults, date display
 * preferences, per-business email templates, the invoice reminder schedule and team invitations
 * (issue 5). Roles live in `users.role` (0001); uploads reuse `users.avatar_path` and
 * `businesses.company_logo`.
 */
export const accountMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely hands migrations an untyped instance
  async up(db: Kysely<any>) {
    const dialect = dialectOf(db);
    const ts = timestampType(dialect);

    await db.schema.alterTable('businesses').addColumn('address', 'varchar(500)').execute();
    await db.schema.alterTable('businesses').addColumn('tax_id', 'varchar(64)').execute();
    await db.schema.alterTable('businesses').addColumn('default_invoice_notes', 'text').execute();
    await db.schema.alterTable('businesses').addColumn('default_invoice_terms', 'text').execute();
    await db.schema
      .alterTable('businesses')
      .addColumn('date_format', 'varchar(16)', (col) => col.notNull().defaultTo('mm/dd/yy'))
      .execute();
    // 0 = Sunday (SPEC.md section 9), 1 = Monday.
    await db.schema
      .alterTable('businesses')
      .addColumn('first_day_of_week', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();

    // Only customised templates are stored; the others come from domain's DEFAULT_EMAIL_TEMPLATES.
    await addIdColumn(dialect, db.schema.createTable('email_templates'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('template_key', 'varchar(32)', (col) => col.notNull())
      .addColumn('subject', 'varchar(255)', (col) => col.notNull())
      .addColumn('body', 'text', (col) => col.notNull())
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('updated_at', ts, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('email_templates_business_key_unique')
      .on('email_templates')
      .columns(['business_id', 'template_key'])
      .unique()
      .execute();

    // The reminder schedule: one row per step; a business without rows uses domain's default steps.
    await addIdColumn(dialect, db.schema.createTable('invoice_reminder_steps'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      // Days relative to the due date: negative before, 0 on, positive after.
      .addColumn('offset_days', 'integer', (col) => col.notNull())
      .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('updated_at', ts, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('invoice_reminder_steps_business_offset_unique')
      .on('invoice_reminder_steps')
      .columns(['business_id', 'offset_days'])
      .unique()
      .execute();

    await addIdColumn(dialect, db.schema.createTable('team_invitations'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('email', 'varchar(254)', (col) => col.notNull())
      .addColumn('role', 'varchar(32)', (col) => col.notNull())
      // Hex SHA-256 of the invitation token; the token itself is only in the email.
      .addColumn('token_hash', 'char(64)', (col) => col.notNull().unique())
      .addColumn('invited_by_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('expires_at', ts, (col) => col.notNull())
      .addColumn('accepted_at', ts)
      .addColumn('revoked_at', ts)
      .addColumn('created_at', ts, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('team_invitations_business_index')
      .on('team_invitations')
      .columns(['business_id', 'email'])
      .execute();
  },

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  async down(db: Kysely<any>) {
    for (const table of ['team_invitations', 'invoice_reminder_steps', 'email_templates']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
    for (const column of [
      'first_day_of_week',
      'date_format',
      'default_invoice_terms',
      'default_invoice_notes',
      'tax_id',
      'address',
    ]) {
      await db.schema.alterTable('businesses').dropColumn(column).execute();
    }
  },
};
