import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

export interface SqliteOpenOptions {
  /** File path, or `:memory:`. */
  path: string;
  /** How long a writer waits for another process's lock before failing (ms). */
  busyTimeoutMs?: number;
  /** Prepared statements kept per connection, keyed by SQL text. */
  statementCacheSize?: number;
}

/**
 * Opens a `node:sqlite` database with the settings money needs: WAL (readers never block the writer),
 * `synchronous=FULL` (in WAL mode NORMAL may lose the last commits on power loss), foreign keys on,
 * and a busy timeout so that a second process waits instead of failing.
 */
export function openSqlite(options: SqliteOpenOptions): DatabaseSync {
  const database = new DatabaseSync(options.path, {
    enableForeignKeyConstraints: true,
    timeout: options.busyTimeoutMs ?? 5000,
  });
  if (options.path !== ':memory:') database.exec('PRAGMA journal_mode = WAL');
  database.exec('PRAGMA synchronous = FULL');
  database.exec('PRAGMA foreign_keys = ON');
  database.exec(`PRAGMA busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? 5000)}`);
  database.function('ledgerleaf_local_date', { deterministic: true }, localDateFunction);
  return database;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * SQL `ledgerleaf_local_date(instant, time_zone)`: the calendar date (`yyyy-MM-dd`) of a stored
 * instant (ISO-8601 text) in an IANA time zone, what PostgreSQL's `to_char(instant at time zone
 * zone, 'YYYY-MM-DD')` gives (SQLite has no time zone rules of its own). Null for a null instant,
 * an unreadable instant or an unknown zone.
 */
function localDateFunction(instant: unknown, timeZone: unknown): string | null {
  if (typeof instant !== 'string' || typeof timeZone !== 'string') return null;
  const time = Date.parse(instant);
  if (Number.isNaN(time)) return null;
  let format = dayFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      return null;
    }
    dayFormats.set(timeZone, format);
  }
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(time)) parts[part.type] = part.value;
  return `${parts.year!}-${parts.month!}-${parts.day!}`;
}

/** node:sqlite binds only null, numbers, bigints, strings and byte arrays. */
export function toSqliteValue(value: unknown): SQLInputValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string') return value;
  if (value instanceof Uint8Array) return value;
  return JSON.stringify(value);
}

class Statement implements SqliteStatement {
  readonly reader: boolean;

  constructor(private readonly statement: StatementSync) {
    // A statement that yields columns is a reader (SELECT, and INSERT/UPDATE/DELETE ... RETURNING).
    this.reader = statement.columns().length > 0;
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    return this.statement.all(...parameters.map(toSqliteValue));
  }

  run(parameters: ReadonlyArray<unknown>): { changes: number | bigint; lastInsertRowid: number | bigint } {
    return this.statement.run(...parameters.map(toSqliteValue));
  }

  iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    return this.statement.iterate(...parameters.map(toSqliteValue)) as IterableIterator<unknown>;
  }
}

/**
 * Kysely's `SqliteDialect` wants a better-sqlite3-like object; this adapts Node's built-in
 * `DatabaseSync` (no native addon to build) and keeps a small cache of prepared statements.
 */
export class NodeSqliteDatabase implements SqliteDatabase {
  private readonly cache = new Map<string, Statement>();
  private readonly cacheSize: number;

  constructor(
    readonly raw: DatabaseSync,
    statementCacheSize = 256,
  ) {
    this.cacheSize = statementCacheSize;
  }

  prepare(sql: string): SqliteStatement {
    const cached = this.cache.get(sql);
    if (cached) {
      // Move to the end: the Map's insertion order is our LRU order.
      this.cache.delete(sql);
      this.cache.set(sql, cached);
      return cached;
    }
    const statement = new Statement(this.raw.prepare(sql));
    // Schema changes invalidate nothing here (SQLite re-prepares internally), so caching DDL is harmless,
    // but there is no point in keeping one-off statements: cache only data statements.
    if (/^\s*(select|insert|update|delete|with)\b/i.test(sql)) {
      this.cache.set(sql, statement);
      if (this.cache.size > this.cacheSize) {
        const oldest = this.cache.keys().next().value;
        if (oldest !== undefined) this.cache.delete(oldest);
      }
    }
    return statement;
  }

  close(): void {
    this.cache.clear();
    if (this.raw.isOpen) this.raw.close();
  }
}
