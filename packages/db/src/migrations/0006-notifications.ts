import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { addIdColumn, dialectOf, timestampType } from '../dialect';

/**
 * Notifications (SPEC.md section 7): one row per recipient user, written by the domain events of
 * every module in the transaction of the change. `type` is the short kind the bell shows an icon
 * for (`Invoice`, `Payment`, `Estimate`, `Goal`, `RecurringInvoice`, `OtherIncome`, `Client`);
 * `data` is JSON text holding at least `title` and `message`.
 */
export const notificationsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely hands migrations an untyped instance
  async up(db: Kysely<any>) {
    const dialect = dialectOf(db);
    const ts = timestampType(dialect);
    await addIdColumn(dialect, db.schema.createTable('notifications'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('type', 'varchar(32)', (col) => col.notNull())
      .addColumn('data', 'text', (col) => col.notNull())
      .addColumn('read_at', ts)
      .addColumn('created_at', ts, (col) => col.notNull())
      .execute();
    // The bell: a user's newest first, and their unread count.
    await db.schema
      .createIndex('notifications_user_created_index')
      .on('notifications')
      .columns(['user_id', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('notifications_user_unread_index')
      .on('notifications')
      .columns(['user_id', 'read_at'])
      .execute();
  },

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  async down(db: Kysely<any>) {
    await db.schema.dropTable('notifications').ifExists().execute();
  },
};
