import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * What a message in the outbox is, so that a business's outbox (`GET /api/outbox`) lists its
 * correspondence with clients (`invoice`) and never account mail such as password-reset links
 * (`system`, the default, also for every row written before this migration).
 */
export const outboxCategoryMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely hands migrations an untyped instance
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('outbox_emails')
      .addColumn('category', 'varchar(32)', (col) => col.notNull().defaultTo('system'))
      .execute();
    await db.schema.dropIndex('outbox_emails_business_id_index').ifExists().execute();
    await db.schema
      .createIndex('outbox_emails_business_category_index')
      .on('outbox_emails')
      .columns(['business_id', 'category', 'id'])
      .execute();
  },

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('outbox_emails_business_category_index').ifExists().execute();
    await db.schema
      .createIndex('outbox_emails_business_id_index')
      .on('outbox_emails')
      .columns(['business_id', 'id'])
      .execute();
    await db.schema.alterTable('outbox_emails').dropColumn('category').execute();
  },
};
