import type { Db } from './types';

/*
 * Helpers every area's queries use (not exported from the package).
 */

/** Runs `work` in a transaction: the one given (`db` already is one), or a new one. */
export async function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute(work);
}

/** A count or sum as a number (PostgreSQL answers bigint sums as numbers through the pool's parser; null for none). */
export function num(value: unknown): number {
  return value === null || value === undefined ? 0 : Number(value);
}

/** SQLite answers 0/1 for booleans, PostgreSQL true/false. */
export function bool(value: unknown): boolean {
  return value === true || value === 1 || value === '1';
}

/** Splits `ids` into chunks, so that `in (...)` lists and multi-row inserts stay under the parameter limits. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size));
  return out;
}
