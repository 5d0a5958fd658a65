import type { StatementSync } from 'node:sqlite';
import type { CompiledQuery, Kysely } from 'kysely';
import { dialectOf } from './dialect';
import { toSqliteValue, type NodeSqliteDatabase } from './sqlite-adapter';

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

/** A compiled query on one database, and its own node:sqlite statement when reads may go straight to it. */
interface Prepared<R> {
  compiled: CompiledQuery<R>;
  /** Each bound value: the name of a parameter, or a constant of the query (`{ value }`). */
  slots: ({ name: string } | { value: unknown })[];
  direct?: { database: NodeSqliteDatabase; statement: StatementSync; columns: string[] | null };
}

/** The answer of `PreparedQuery.now`: the rows at once when SQLite could read them synchronously. */
export type RowsNow<R> = R[] | Promise<R[]>;

export interface PreparedQuery<D, K extends string, R> {
  (db: Kysely<D>, values: Record<K, unknown>): Promise<R[]>;
  /**
   * The same rows, but returned synchronously when the read goes straight to SQLite (no promise,
   * no microtask): for the few reads on every request's path. A promise otherwise (PostgreSQL, or
   * a transaction open on SQLite's connection).
   */
  now(db: Kysely<D>, values: Record<K, unknown>): RowsNow<R>;
}

/**
 * A query built and compiled once per database, then run with new parameter values. Building and
 * compiling a Kysely query costs several times more than running it on SQLite; this is for the few
 * queries on every request's path (token lookup).
 *
 * `build` receives placeholders (opaque strings) for the named parameters; each must be used as a
 * plain value (`where(col, '=', p.name)`), which Kysely turns into one bound parameter.
 *
 * On SQLite a SELECT runs on a node:sqlite statement of its own that answers arrays (`setReturnArrays`),
 * turned into plain objects here: node:sqlite's own row objects are built in dictionary mode, and
 * every later read or copy of one costs several times a plain object's.
 */
export function preparedQuery<D, K extends string, R>(
  names: readonly K[],
  build: (db: Kysely<D>, params: Record<K, string>) => Compilable<R>,
): PreparedQuery<D, K, R> {
  const cache = new WeakMap<Kysely<D>, Prepared<R>>();
  const placeholders = Object.fromEntries(names.map((name) => [name, `${SENTINEL}${name}`])) as Record<K, string>;

  function prepare(db: Kysely<D>): Prepared<R> {
    const compiled = build(db, placeholders).compile();
    const slots = compiled.parameters.map((value) =>
      typeof value === 'string' && value.startsWith(SENTINEL) ? { name: value.slice(SENTINEL.length) } : { value },
    );
    const seen = slots.filter((slot) => 'name' in slot).length;
    if (seen !== names.length) throw new Error(`preparedQuery: expected ${names.length} placeholders, found ${seen}`);
    const prepared: Prepared<R> = { compiled, slots };
    const database = directSqlite.get(db);
    if (database && compiled.query.kind === 'SelectQueryNode') {
      const statement = database.raw.prepare(compiled.sql);
      // Node 22.16+ and 24: rows as arrays, made into plain objects below; older versions answer objects.
      const columns = typeof statement.setReturnArrays === 'function' ? statement.columns().map((c) => c.name) : null;
      if (columns) statement.setReturnArrays(true);
      prepared.direct = { database, statement, columns };
    }
    cache.set(db, prepared);
    return prepared;
  }

  function run(db: Kysely<D>, values: Record<K, unknown>): RowsNow<R> {
    const prepared = cache.get(db) ?? prepare(db);
    const { slots, direct } = prepared;
    // SQLite has one connection: a read may go around Kysely only when no transaction is open on it
    // (node:sqlite is synchronous, so the read is then its own autocommit snapshot, like through
    // Kysely); inside another request's transaction it would see uncommitted rows, so it queues instead.
    if (direct && direct.database.raw.isTransaction === false) {
      const args = new Array<ReturnType<typeof toSqliteValue>>(slots.length);
      for (let index = 0; index < slots.length; index += 1) {
        const slot = slots[index]!;
        args[index] = toSqliteValue('name' in slot ? values[slot.name as K] : slot.value);
      }
      const rows = direct.statement.all(...args) as unknown[];
      const { columns } = direct;
      if (!columns) return rows as R[];
      const objects = new Array<R>(rows.length);
      for (let index = 0; index < rows.length; index += 1) {
        const row = rows[index] as unknown[];
        // Keys added in the same order every time: one hidden class, plain fast properties.
        const object: Record<string, unknown> = {};
        for (let column = 0; column < columns.length; column += 1) object[columns[column]!] = row[column];
        objects[index] = object as R;
      }
      return objects;
    }
    const parameters = slots.map((slot) => ('name' in slot ? values[slot.name as K] : slot.value));
    return db.executeQuery<R>({ ...prepared.compiled, parameters }).then((result) => result.rows);
  }

  const query = (async (db: Kysely<D>, values: Record<K, unknown>) => run(db, values)) as PreparedQuery<D, K, R>;
  query.now = run;
  return query;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const shortWait = () => new Promise<void>((resolve) => setTimeout(resolve, 2));

/**
 * A read's rows in chunks of `chunkSize`, never all at once (exports: memory stays flat whatever the
 * row count). PostgreSQL: Kysely's `.stream()` on a cursor (pg-cursor, set in connection.ts), one
 * pooled connection held until the last chunk. SQLite: the statement's own iterator on the one
 * connection, around Kysely's mutex (Kysely's SQLite `.stream()` would hold it, and so every other
 * request's query, until the download ends; it also streams only SELECT nodes, not raw SQL): the
 * event loop turns between chunks, and a chunk is never read while another request's transaction
 * is open on the connection (it would see that transaction's uncommitted rows). With queries
 * logged (no direct reads), SQLite reads the rows at once and hands them out in chunks.
 */
export async function* streamRows<R>(
  db: Kysely<unknown>,
  compiled: CompiledQuery<R>,
  chunkSize = 1000,
): AsyncGenerator<R[], void, undefined> {
  const database = directSqlite.get(db);
  if (database) {
    const statement = database.raw.prepare(compiled.sql);
    const columns = typeof statement.setReturnArrays === 'function' ? statement.columns().map((c) => c.name) : null;
    if (columns) statement.setReturnArrays(true);
    while (database.raw.isTransaction) await shortWait();
    const iterator = statement.iterate(...compiled.parameters.map(toSqliteValue)) as Iterator<unknown>;
    try {
      for (;;) {
        const chunk: R[] = [];
        let done = false;
        while (chunk.length < chunkSize) {
          const next = iterator.next();
          if (next.done) {
            done = true;
            break;
          }
          if (!columns) chunk.push(next.value as R);
          else {
            const row = next.value as unknown[];
            const object: Record<string, unknown> = {};
            for (let column = 0; column < columns.length; column += 1) object[columns[column]!] = row[column];
            chunk.push(object as R);
          }
        }
        if (chunk.length > 0) yield chunk;
        if (done) return;
        await nextTurn();
        while (database.raw.isTransaction) await shortWait();
      }
    } finally {
      iterator.return?.();
    }
  }
  if (dialectOf(db) === 'postgres') {
    for await (const result of db.getExecutor().stream(compiled, chunkSize)) yield result.rows;
    return;
  }
  const { rows } = await db.executeQuery(compiled);
  for (let index = 0; index < rows.length; index += chunkSize) yield rows.slice(index, index + chunkSize);
}
