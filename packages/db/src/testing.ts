import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, quoteIdentifier, type DatabaseHandle } from './connection';
import { isPostgresUrl } from './dialect';
import { migrateToLatest } from './migrations';

export interface TestDatabase extends DatabaseHandle {
  /** Destroys the connection and removes what the test created (the PostgreSQL schema). */
  cleanup(): Promise<void>;
}

/**
 * A fresh, migrated database for one test: SQLite in memory, or, when `TEST_DATABASE_URL` is a
 * PostgreSQL URL, a new schema of that database (created here, dropped by `cleanup`).
 */
export async function createTestDatabase(options: { migrate?: boolean; url?: string | undefined } = {}): Promise<TestDatabase> {
  const url = options.url ?? process.env.TEST_DATABASE_URL;
  let handle: DatabaseHandle;
  let dropSchema: (() => Promise<void>) | undefined;
  if (isPostgresUrl(url)) {
    const schema = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create schema ${quoteIdentifier(schema)}`);
    } finally {
      await admin.end();
    }
    handle = createDatabase({ url, searchPath: schema, poolSize: 4 });
    dropSchema = async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`drop schema if exists ${quoteIdentifier(schema)} cascade`);
      } finally {
        await client.end();
      }
    };
  } else {
    handle = createDatabase({ sqlitePath: ':memory:' });
  }
  if (options.migrate ?? true) await migrateToLatest(handle.db, { schema: handle.schema });
  let cleaned = false;
  return {
    ...handle,
    async cleanup() {
      if (cleaned) return;
      cleaned = true;
      await handle.destroy();
      await dropSchema?.();
    },
  };
}
