import { sql } from 'kysely';
import type { Db } from './types';

/**
 * Takes the database's write lock at the start of a transaction that reads before it writes (SQLite:
 * a write statement acquires it even when it touches no row, like BEGIN IMMEDIATE, so another process
 * cannot commit between our reads and our writes; PostgreSQL: touches and locks nothing).
 */
export async function claimWriteLock(db: Db): Promise<void> {
  await db
    .updateTable('document_counters')
    .set((eb) => ({ last_counter: eb.ref('last_counter') }))
    .where(sql<boolean>`1 = 0`)
    .execute();
}
