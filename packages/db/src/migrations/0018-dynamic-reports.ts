import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { addIdColumn, dialectOf, timestampType } from '../dialect';

/**
 * Saved dynamic reports (issue 16): per business, a name and the definition as JSON text (checked by
 * the domain's `dynamicDefinitionSchema` before every write), who saved it first (kept as null when
 * that user goes: the report stays the business's). Listed by business and name.
 */
export const dynamicReportsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely hands migrations an untyped instance
  async up(db: Kysely<any>) {
    const dialect = dialectOf(db);
    const ts = timestampType(dialect);
    await addIdColumn(dialect, db.schema.createTable('dynamic_reports'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('name', 'varchar(120)', (col) => col.notNull())
      .addColumn('definition', 'text', (col) => col.notNull())
      .addColumn('created_by_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('updated_at', ts, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('dynamic_reports_business_name_index')
      .on('dynamic_reports')
      .columns(['business_id', 'name'])
      .execute();
  },

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  async down(db: Kysely<any>) {
    await db.schema.dropTable('dynamic_reports').ifExists().execute();
  },
};
