import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { dialectOf } from '../dialect';

/**
 * Invoice delivery (issue 3): the outbox keeps what each message carried, and a business reads its
 * own sent mail newest first.
 * - `attachments`: JSON `[{ "filename", "content_type", "size" }]` (metadata only: the bytes go to
 *   the SMTP server, never into the database); null for a message without attachments.
 * - `to_address` holds every recipient of one message (`a@x.com, b@x.com`): widened to text on
 *   PostgreSQL (SQLite does not enforce varchar lengths).
 * - `(business_id, id)` index: `GET /api/outbox` pages through one business's mail by id.
 */
export const outboxDeliveryMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely hands migrations an untyped instance
  async up(db: Kysely<any>) {
    await db.schema.alterTable('outbox_emails').addColumn('attachments', 'text').execute();
    if (dialectOf(db) === 'postgres') {
      await db.schema
        .alterTable('outbox_emails')
        .alterColumn('to_address', (col) => col.setDataType('text'))
        .execute();
    }
    await db.schema
      .createIndex('outbox_emails_business_id_index')
      .on('outbox_emails')
      .columns(['business_id', 'id'])
      .execute();
  },

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('outbox_emails_business_id_index').ifExists().execute();
    if (dialectOf(db) === 'postgres') {
      // Recipient lists longer than varchar(254) are cut to fit it.
      await sql`update outbox_emails set to_address = left(to_address, 254) where length(to_address) > 254`.execute(db);
      await db.schema
        .alterTable('outbox_emails')
        .alterColumn('to_address', (col) => col.setDataType('varchar(254)'))
        .execute();
    }
    await db.schema.alterTable('outbox_emails').dropColumn('attachments').execute();
  },
};
