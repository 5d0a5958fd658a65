import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, quoteIdentifier, type DatabaseHandle } from './connection';
import { isPostgresUrl } from './dialect';
import { migrateToLatest } from './migrations';

export interface TestDatabase extends DatabaseHandle {
  /** Destroys the connection and removes what the test created (the PostgreSQL schema). */
  cleanup(): Promise<void>;
  /**
   * Runs schema changes of the test's own (migrations up and down) under the lock every test
   * process takes around its DDL (see SCHEMA_DDL_LOCK); on SQLite it just runs them.
   */
  ddl<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * Every test process on one PostgreSQL takes this advisory lock around its schema DDL (create and
 * migrate, drop). Kysely's migrator introspects the tables of every schema of the database; a schema
 * created, altered or dropped by a parallel test at that moment made it fail ("schema ... does not
 * exist", "column ... does not exist").
 */
const SCHEMA_DDL_LOCK = 7_302_019;

async function withSchemaDdlLock<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SCHEMA_DDL_LOCK]);
    return await work(client);
  } finally {
    // Ending the session releases the lock, also after a failure.
    await client.end();
  }
}

/**
 * A fresh, migrated database for one test: SQLite in memory, or, when `TEST_DATABASE_URL` is a
 * PostgreSQL URL, a new schema of that database (created here, dropped by `cleanup`).
 */
export async function createTestDatabase(
  options: { migrate?: boolean; url?: string | undefined } = {},
): Promise<TestDatabase> {
  const url = options.url ?? process.env.TEST_DATABASE_URL;
  const migrate = options.migrate ?? true;
  let handle: DatabaseHandle;
  let dropSchema: (() => Promise<void>) | undefined;
  let ddl = <T>(work: () => Promise<T>): Promise<T> => work();
  if (isPostgresUrl(url)) {
    const schema = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    handle = await withSchemaDdlLock(url, async (admin) => {
      await admin.query(`create schema ${quoteIdentifier(schema)}`);
      const created = createDatabase({ url, searchPath: schema, poolSize: 4 });
      try {
        if (migrate) await migrateToLatest(created.db, { schema: created.schema });
      } catch (error) {
        await created.destroy();
        await admin.query(`drop schema if exists ${quoteIdentifier(schema)} cascade`);
        throw error;
      }
      return created;
    });
    dropSchema = () =>
      withSchemaDdlLock(url, async (client) => {
        await client.query(`drop schema if exists ${quoteIdentifier(schema)} cascade`);
      });
    ddl = (work) => withSchemaDdlLock(url, () => work());
  } else {
    handle = createDatabase({ sqlitePath: ':memory:' });
    if (migrate) await migrateToLatest(handle.db, { schema: handle.schema });
  }
  let cleaned = false;
  return {
    ...handle,
    ddl,
    async cleanup() {
      if (cleaned) return;
      cleaned = true;
      await handle.destroy();
      await dropSchema?.();
    },
  };
}

export { BENCH_WORDS, seedCrmScale, type CrmScaleSeed } from './crm-scale-seed';
