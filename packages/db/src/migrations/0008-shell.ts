import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { addIdColumn, dialectOf, timestampType } from '../dialect';

/**
 * Beta feedback (SPEC.md sections 3 and 7): what a person using the beta reports from the shell's
 * feedback button. Kept per business (admins of that business read it); `user_id` survives the
 * user's deletion as null so the report stays. `system_info` is JSON text (browser, os, screenSize,
 * currentUrl); `client_timestamp` is the time the browser reported, `created_at` the server's.
 */
export const shellMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely hands migrations an untyped instance
  async up(db: Kysely<any>) {
    const dialect = dialectOf(db);
    const ts = timestampType(dialect);
    await addIdColumn(dialect, db.schema.createTable('beta_feedback'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('type', 'varchar(32)', (col) => col.notNull())
      .addColumn('feature', 'varchar(64)', (col) => col.notNull())
      .addColumn('rating', 'integer')
      .addColumn('description', 'text', (col) => col.notNull())
      .addColumn('system_info', 'text', (col) => col.notNull())
      .addColumn('client_timestamp', 'varchar(64)')
      .addColumn('created_at', ts, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('beta_feedback_business_created_index')
      .on('beta_feedback')
      .columns(['business_id', 'created_at', 'id'])
      .execute();
  },

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  async down(db: Kysely<any>) {
    await db.schema.dropTable('beta_feedback').ifExists().execute();
  },
};
