import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/*
 * Rate-limit counters in the database (issue 28), so that every instance on one database counts
 * against the same limit: one row per limit (a route: `POST /api/register`) and client key (the
 * client's address), holding the hits of the window that started with its first hit and when that
 * window ends (epoch milliseconds). A hit after `resets_at` starts a new window in the same row
 * (one atomic upsert, `hitRateLimit`); rows whose window has ended are deleted now and then
 * (`deleteEndedRateLimits`, at most once a minute per instance). Sign-in throttling has its own
 * table (`login_attempts`).
 */
export const rateLimitsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema version
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('rate_limit_hits')
      .addColumn('limit_name', 'varchar(200)', (col) => col.notNull())
      .addColumn('client_key', 'varchar(200)', (col) => col.notNull())
      .addColumn('hits', 'integer', (col) => col.notNull())
      .addColumn('resets_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('rate_limit_hits_pkey', ['limit_name', 'client_key'])
      .execute();
    await db.schema.createIndex('rate_limit_hits_resets_at_index').on('rate_limit_hits').column('resets_at').execute();
  },

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  async down(db: Kysely<any>) {
    await db.schema.dropTable('rate_limit_hits').ifExists().execute();
  },
};
