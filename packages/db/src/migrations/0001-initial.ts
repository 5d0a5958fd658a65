import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { addIdColumn, dialectOf, timestampType } from '../dialect';

/** Businesses, users and everything sign-in needs (issue 2). */
export const initialMigration: Migration = {
  // Kysely hands migrations an untyped instance: they must not depend on today's Database type.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  async up(db: Kysely<any>) {
    const dialect = dialectOf(db);
    const ts = timestampType(dialect);

    await addIdColumn(dialect, db.schema.createTable('businesses'))
      .addColumn('name', 'varchar(255)', (col) => col.notNull())
      .addColumn('phone', 'varchar(32)')
      .addColumn('email', 'varchar(254)')
      .addColumn('company_logo', 'varchar(1024)')
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('updated_at', ts, (col) => col.notNull())
      .execute();

    await addIdColumn(dialect, db.schema.createTable('users'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('name', 'varchar(255)', (col) => col.notNull())
      .addColumn('email', 'varchar(254)', (col) => col.notNull())
      .addColumn('phone', 'varchar(32)')
      .addColumn('password_hash', 'varchar(255)', (col) => col.notNull())
      .addColumn('role', 'varchar(32)', (col) => col.notNull().defaultTo('owner'))
      .addColumn('avatar_path', 'varchar(1024)')
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('updated_at', ts, (col) => col.notNull())
      .execute();
    // Emails are stored lowercased, so a plain unique index is case-insensitive; the expression index
    // also guards rows written by hand.
    await db.schema
      .createIndex('users_email_unique')
      .on('users')
      .expression(sql`lower(email)`)
      .unique()
      .execute();
    await db.schema.createIndex('users_business_id_index').on('users').column('business_id').execute();

    await addIdColumn(dialect, db.schema.createTable('personal_access_tokens'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'varchar(255)', (col) => col.notNull())
      .addColumn('token_hash', 'char(64)', (col) => col.notNull().unique())
      .addColumn('last_used_at', ts)
      .addColumn('expires_at', ts)
      .addColumn('revoked_at', ts)
      .addColumn('created_at', ts, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('personal_access_tokens_user_id_index')
      .on('personal_access_tokens')
      .column('user_id')
      .execute();

    await addIdColumn(dialect, db.schema.createTable('password_reset_tokens'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'char(64)', (col) => col.notNull().unique())
      .addColumn('expires_at', ts, (col) => col.notNull())
      .addColumn('used_at', ts)
      .addColumn('created_at', ts, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('password_reset_tokens_user_id_index')
      .on('password_reset_tokens')
      .column('user_id')
      .execute();

    await addIdColumn(dialect, db.schema.createTable('waitlist_entries'))
      .addColumn('email', 'varchar(254)', (col) => col.notNull().unique())
      .addColumn('ip', 'varchar(64)')
      .addColumn('user_agent', 'varchar(512)')
      .addColumn('created_at', ts, (col) => col.notNull())
      .execute();

    await addIdColumn(dialect, db.schema.createTable('outbox_emails'))
      .addColumn('business_id', 'integer', (col) => col.references('businesses.id').onDelete('set null'))
      .addColumn('to_address', 'varchar(254)', (col) => col.notNull())
      .addColumn('subject', 'varchar(998)', (col) => col.notNull())
      .addColumn('text_body', 'text', (col) => col.notNull())
      .addColumn('html_body', 'text')
      .addColumn('transport', 'varchar(16)', (col) => col.notNull())
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('sent_at', ts)
      .addColumn('error', 'text')
      .execute();
    await db.schema.createIndex('outbox_emails_to_address_index').on('outbox_emails').column('to_address').execute();

    await addIdColumn(dialect, db.schema.createTable('login_attempts'))
      .addColumn('throttle_key', 'varchar(320)', (col) => col.notNull())
      .addColumn('attempted_at', ts, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('login_attempts_key_time_index')
      .on('login_attempts')
      .columns(['throttle_key', 'attempted_at'])
      .execute();
  },

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  async down(db: Kysely<any>) {
    for (const table of [
      'login_attempts',
      'outbox_emails',
      'waitlist_entries',
      'password_reset_tokens',
      'personal_access_tokens',
      'users',
      'businesses',
    ]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
