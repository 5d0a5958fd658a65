import type { CompiledQuery, Kysely } from 'kysely';
import type { NodeSqliteDatabase } from './sqlite-adapter';

const SENTINEL = '\u0000ledgerleaf-param:';

interface Compilable<R> {
  compile(): CompiledQuery<R>;
}

/** SQLite databases (by their Kysely instance) whose prepared reads may skip Kysely's executor; see `preparedQuery`. */
const directSqlite = new WeakMap<object, NodeSqliteDatabase>();

/**
 * Lets `preparedQuery`'s SELECTs on this SQLite database run straight on its node:sqlite statement,
 * without Kysely's connection provider and mutexes (several promise hops: as much time as the
 * statement itself on the token lookup). Not when queries are logged (the log would miss them).
 */
export function allowDirectSqliteReads<D>(db: Kysely<D>, database: NodeSqliteDatabase): void {
  directSqlite.set(db, database);
}

/**
 * A query built and compiled once per database, then run with new parameter values. Building and
 * compiling a Kysely query costs several times more than running it on SQLite; this is for the few
 * queries on every request's path (token lookup).
 *
 * `build` receives placeholders (opaque strings) for the named parameters; each must be used as a
 * plain value (`where(col, '=', p.name)`), which Kysely turns into one bound parameter.
 */
export function preparedQuery<D, K extends string, R>(
  names: readonly K[],
  build: (db: Kysely<D>, params: Record<K, string>) => Compilable<R>,
): (db: Kysely<D>, values: Record<K, unknown>) => Promise<R[]> {
  const cache = new WeakMap<Kysely<D>, CompiledQuery<R>>();
  const placeholders = Object.fromEntries(names.map((name) => [name, `${SENTINEL}${name}`])) as Record<K, string>;
  return async (db, values) => {
    let compiled = cache.get(db);
    if (!compiled) {
      compiled = build(db, placeholders).compile();
      const seen = compiled.parameters.filter(
        (value) => typeof value === 'string' && value.startsWith(SENTINEL),
      ).length;
      if (seen !== names.length) throw new Error(`preparedQuery: expected ${names.length} placeholders, found ${seen}`);
      cache.set(db, compiled);
    }
    const parameters = compiled.parameters.map((value) =>
      typeof value === 'string' && value.startsWith(SENTINEL) ? values[value.slice(SENTINEL.length) as K] : value,
    );
    // SQLite has one connection: a read may go around Kysely only when no transaction is open on it
    // (node:sqlite is synchronous, so the read is then its own autocommit snapshot, like through
    // Kysely); inside another request's transaction it would see uncommitted rows, so it queues instead.
    const sqlite = directSqlite.get(db);
    if (sqlite && compiled.query.kind === 'SelectQueryNode' && sqlite.raw.isTransaction === false)
      return sqlite.prepare(compiled.sql).all(parameters) as R[];
    const result = await db.executeQuery<R>({ ...compiled, parameters });
    return result.rows;
  };
}
