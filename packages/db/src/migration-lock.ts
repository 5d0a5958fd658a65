import { sql, type Kysely, type Transaction } from 'kysely';
import { dialectOf } from './dialect';

/** Kysely's migrator locks PostgreSQL with this advisory lock (kysely/dist/dialect/postgres/postgres-adapter.js). */
export const POSTGRES_MIGRATION_LOCK_ID = '3853314791062309107';

/** How long a start waits for another process that holds the lock (migrating, seeding) before it gives up. */
export const MIGRATION_LOCK_WAIT_MS = 120_000;

/** SQLite answered "database is locked" (SQLITE_BUSY, or BUSY_SNAPSHOT in WAL mode). */
export function isSqliteBusy(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as { errcode?: unknown; message?: unknown };
  if (typeof candidate.errcode === 'number' && (candidate.errcode & 0xff) === 5) return true;
  return typeof candidate.message === 'string' && /database is locked/i.test(candidate.message);
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs one attempt at SQLite's write lock without the connection's busy timeout: node:sqlite waits
 * for a busy lock synchronously, which would stop this process's event loop for seconds; the callers
 * poll instead, every 50 ms.
 */
async function withoutBusyWait<DB, T>(connection: Kysely<DB>, attempt: () => Promise<T>): Promise<T> {
  const row = (await sql<Record<string, number>>`pragma busy_timeout`.execute(connection)).rows[0];
  const previous = Math.trunc(Number(row ? Object.values(row)[0] : 0)) || 0;
  await sql`pragma busy_timeout = 0`.execute(connection);
  try {
    return await attempt();
  } finally {
    await sql.raw(`pragma busy_timeout = ${previous}`).execute(connection);
  }
}

/** Thrown inside a transaction when SQLite's write lock could not be had: the attempt is rolled back and retried. */
class LockBusy extends Error {
  constructor(readonly original: unknown) {
    super('database is locked');
  }
}

/**
 * SQLite: runs `work` on this process's connection inside `BEGIN IMMEDIATE`, which takes the
 * database's write lock before anything is read; another process holding it makes this wait (polling)
 * up to `waitMs`. For the migrations, which Kysely runs outside any
 * transaction of its own on SQLite.
 */
export async function withSqliteWriteLock<DB, T>(
  db: Kysely<DB>,
  work: (locked: Kysely<DB>) => Promise<T>,
  options: { waitMs?: number } = {},
): Promise<T> {
  return db.connection().execute(async (connection) => {
    const deadline = Date.now() + (options.waitMs ?? MIGRATION_LOCK_WAIT_MS);
    for (;;) {
      try {
        await withoutBusyWait(connection, () => sql`begin immediate`.execute(connection));
        break;
      } catch (error) {
        if (!isSqliteBusy(error) || Date.now() >= deadline) throw error;
        await pause(50);
      }
    }
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => undefined);
      throw error;
    }
  });
}

/**
 * Runs `work` in one transaction that holds the lock migrations hold, so that instances starting
 * together on one migrated database do their start-up writes (the demo seed) one after the other:
 * the second sees what the first committed.
 *
 * - PostgreSQL: the advisory lock of Kysely's migrator, for the transaction.
 * - SQLite: the database's write lock, taken by the transaction's first statement (a write to the
 *   migrator's lock row, before anything is read); another process holding it makes this wait
 *   (polling) up to `waitMs`.
 */
export async function withMigrationLock<DB, T>(
  db: Kysely<DB>,
  work: (trx: Transaction<DB>) => Promise<T>,
  options: { waitMs?: number } = {},
): Promise<T> {
  if (dialectOf(db as Kysely<unknown>) === 'postgres') {
    return db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${sql.lit(POSTGRES_MIGRATION_LOCK_ID)}::bigint)`.execute(trx);
      return work(trx);
    });
  }
  const deadline = Date.now() + (options.waitMs ?? MIGRATION_LOCK_WAIT_MS);
  for (;;) {
    try {
      return await db.transaction().execute(async (trx) => {
        try {
          await withoutBusyWait(trx, () =>
            sql`update kysely_migration_lock set is_locked = is_locked where id = 'migration_lock'`.execute(trx),
          );
        } catch (error) {
          throw isSqliteBusy(error) ? new LockBusy(error) : error;
        }
        return work(trx);
      });
    } catch (error) {
      if (!(error instanceof LockBusy)) throw error;
      if (Date.now() >= deadline) throw error.original;
      await pause(50);
    }
  }
}
