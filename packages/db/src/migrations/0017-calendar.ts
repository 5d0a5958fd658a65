import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { addIdColumn, dialectOf, timestampType } from '../dialect';

/**
 * The calendar (issue 17): each person's private iCalendar feed (one per user; only the SHA-256 of
 * its token is kept, unique, so a feed is found by its token and a regenerated token kills the old
 * address at once), and the indexes the calendar's range reads need (estimates by expiry date, goals
 * by target date, every activity and reminder by time: the CRM's own indexes cover open ones only;
 * invoices by due date with every column the calendar reads, so a month of a large business is read
 * from the index alone, without a lookup of each invoice's row).
 */
export const calendarMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely hands migrations an untyped instance
  async up(db: Kysely<any>) {
    const dialect = dialectOf(db);
    const ts = timestampType(dialect);
    await addIdColumn(dialect, db.schema.createTable('calendar_feeds'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'varchar(64)', (col) => col.notNull())
      // Comma-separated domain `CalendarFeedKind`s.
      .addColumn('kinds', 'varchar(200)', (col) => col.notNull())
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('updated_at', ts, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('calendar_feeds_user_unique').on('calendar_feeds').column('user_id').unique().execute();
    await db.schema
      .createIndex('calendar_feeds_token_unique')
      .on('calendar_feeds')
      .column('token_hash')
      .unique()
      .execute();
    await db.schema
      .createIndex('invoices_calendar_due_index')
      .on('invoices')
      .columns([
        'business_id',
        'due_date',
        'status',
        'id',
        'client_id',
        'invoice_number',
        'total_cents',
        'balance_cents',
      ])
      .execute();
    await db.schema
      .createIndex('estimates_business_expiry_index')
      .on('estimates')
      .columns(['business_id', 'expiry_date'])
      .execute();
    await db.schema
      .createIndex('goals_business_target_index')
      .on('goals')
      .columns(['business_id', 'target_date'])
      .execute();
    await db.schema
      .createIndex('crm_activities_business_due_index')
      .on('crm_activities')
      .columns(['business_id', 'due_at'])
      .execute();
    await db.schema
      .createIndex('crm_activity_reminders_business_remind_index')
      .on('crm_activity_reminders')
      .columns(['business_id', 'remind_at'])
      .execute();
  },

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  async down(db: Kysely<any>) {
    for (const index of [
      'crm_activity_reminders_business_remind_index',
      'crm_activities_business_due_index',
      'goals_business_target_index',
      'estimates_business_expiry_index',
      'invoices_calendar_due_index',
    ])
      await db.schema.dropIndex(index).ifExists().execute();
    await db.schema.dropTable('calendar_feeds').ifExists().execute();
  },
};
