import { sql, type RawBuilder } from 'kysely';
import type { Db } from './types';

/*
 * Helpers of the CRM queries (not exported from the package).
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

/** The weighted amount of an opportunity row in cents, in SQL (domain `weightedAmountCents`). */
export function weightedSql(alias = 'crm_opportunities'): RawBuilder<number> {
  return sql<number>`((${sql.ref(`${alias}.amount_cents`)} * ${sql.ref(`${alias}.probability`)} + 50) / 100)`;
}

/** A lead's display name (person, else company) in SQL. */
export function leadNameSql(alias = 'crm_leads'): RawBuilder<string> {
  return sql<string>`coalesce(${sql.ref(`${alias}.person_name`)}, ${sql.ref(`${alias}.company_name`)})`;
}

/** Splits `ids` into chunks, so that `in (...)` lists and multi-row inserts stay under the parameter limits. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size));
  return out;
}
