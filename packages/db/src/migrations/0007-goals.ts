import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { addIdColumn, dialectOf, timestampType } from '../dialect';

/**
 * Goals, other income, allocations of payments and income to goals, badges and the allocation
 * preference (issue 4). Money is integer cents (`bigint`); dates `yyyy-MM-dd` text.
 */
export const goalsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely hands migrations an untyped instance
  async up(db: Kysely<any>) {
    const dialect = dialectOf(db);
    const ts = timestampType(dialect);

    await addIdColumn(dialect, db.schema.createTable('goals'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('title', 'varchar(255)', (col) => col.notNull())
      .addColumn('description', 'text')
      .addColumn('type', 'varchar(32)', (col) => col.notNull().defaultTo('financial'))
      .addColumn('target_cents', 'bigint', (col) => col.notNull())
      .addColumn('initial_cents', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('current_cents', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('start_date', 'varchar(10)', (col) => col.notNull())
      .addColumn('target_date', 'varchar(10)', (col) => col.notNull())
      .addColumn('status', 'varchar(16)', (col) => col.notNull().defaultTo('active'))
      .addColumn('category', 'varchar(50)')
      .addColumn('color', 'varchar(7)')
      .addColumn('achieved_at', ts)
      .addColumn('completed_at', ts)
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('updated_at', ts, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('goals_business_status_index')
      .on('goals')
      .columns(['business_id', 'status', 'type'])
      .execute();
    await db.schema
      .createIndex('goals_business_created_at_index')
      .on('goals')
      .columns(['business_id', 'created_at'])
      .execute();

    await addIdColumn(dialect, db.schema.createTable('other_income'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('amount_cents', 'bigint', (col) => col.notNull())
      .addColumn('income_date', 'varchar(10)', (col) => col.notNull())
      .addColumn('source', 'varchar(255)', (col) => col.notNull())
      .addColumn('reference_number', 'varchar(100)')
      .addColumn('description', 'text')
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('updated_at', ts, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('other_income_business_date_index')
      .on('other_income')
      .columns(['business_id', 'income_date', 'id'])
      .execute();

    await addIdColumn(dialect, db.schema.createTable('goal_allocations'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('goal_id', 'integer', (col) => col.notNull().references('goals.id').onDelete('cascade'))
      .addColumn('source_type', 'varchar(16)', (col) => col.notNull())
      // No foreign key: the payment.deleted subscriber reverses these after the payment row is gone.
      .addColumn('payment_id', 'integer')
      .addColumn('invoice_id', 'integer')
      .addColumn('other_income_id', 'integer', (col) => col.references('other_income.id').onDelete('cascade'))
      .addColumn('amount_cents', 'bigint', (col) => col.notNull())
      .addColumn('allocated_on', 'varchar(10)', (col) => col.notNull())
      .addColumn('created_at', ts, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('goal_allocations_goal_index')
      .on('goal_allocations')
      .columns(['goal_id', 'allocated_on'])
      .execute();
    await db.schema
      .createIndex('goal_allocations_payment_index')
      .on('goal_allocations')
      .columns(['business_id', 'payment_id'])
      .execute();
    await db.schema
      .createIndex('goal_allocations_income_index')
      .on('goal_allocations')
      .column('other_income_id')
      .execute();

    await addIdColumn(dialect, db.schema.createTable('goal_badges'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('code', 'varchar(40)', (col) => col.notNull())
      .addColumn('goal_id', 'integer', (col) => col.references('goals.id').onDelete('set null'))
      .addColumn('earned_at', ts, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('goal_badges_business_code_unique')
      .on('goal_badges')
      .columns(['business_id', 'code'])
      .unique()
      .execute();

    await db.schema
      .createTable('goal_allocation_preferences')
      .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('show_allocation_modal', 'boolean', (col) => col.notNull().defaultTo(true))
      .addColumn('updated_at', ts, (col) => col.notNull())
      .execute();
  },

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  async down(db: Kysely<any>) {
    for (const table of ['goal_allocation_preferences', 'goal_badges', 'goal_allocations', 'other_income', 'goals']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
