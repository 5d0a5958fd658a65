import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { dialectOf, timestampType } from '../dialect';

/*
 * Email delivery (issue 27): what happened to each email, and a business's own mail server.
 * - `outbox_emails.attempts`: how many times the SMTP server was tried; `retry_at`: when the next
 *   try is due while a refused message waits to be retried (null once delivered or given up). A
 *   message with an `error` and no `retry_at` was given up.
 * - `business_email_settings`: one row per business that set up outgoing email in Settings > Email
 *   delivery (host, port, security, user, from address; the password encrypted with APP_KEY).
 *   SMTP_URL, when the server has it, wins over every business's settings.
 */
export const emailDeliveryMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema version
  async up(db: Kysely<any>) {
    const ts = timestampType(dialectOf(db));
    await db.schema
      .alterTable('outbox_emails')
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('outbox_emails').addColumn('retry_at', ts).execute();
    await db.schema
      .createTable('business_email_settings')
      .addColumn('business_id', 'integer', (col) =>
        col.primaryKey().notNull().references('businesses.id').onDelete('cascade'),
      )
      .addColumn('host', 'varchar(255)', (col) => col.notNull())
      .addColumn('port', 'integer', (col) => col.notNull())
      // `none`, `starttls` or `tls`.
      .addColumn('security', 'varchar(20)', (col) => col.notNull())
      .addColumn('username', 'varchar(255)')
      // `v1.<iv>.<tag>.<ciphertext>` (AES-256-GCM under a key derived from APP_KEY); null for none.
      .addColumn('password_encrypted', 'text')
      .addColumn('from_address', 'varchar(320)', (col) => col.notNull())
      .addColumn('updated_at', ts, (col) => col.notNull())
      .execute();
  },

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  async down(db: Kysely<any>) {
    await db.schema.dropTable('business_email_settings').ifExists().execute();
    await db.schema.alterTable('outbox_emails').dropColumn('retry_at').execute();
    await db.schema.alterTable('outbox_emails').dropColumn('attempts').execute();
  },
};
