import { Kysely, PostgresDialect, SqliteDialect, type LogConfig } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { isPostgresUrl, type DialectName } from './dialect';
import type { Database } from './schema';
import { allowDirectSqliteReads } from './prepared';
import { NodeSqliteDatabase, openSqlite } from './sqlite-adapter';

export interface DatabaseOptions {
  /** `postgres://…` selects PostgreSQL; anything else is ignored in favour of `sqlitePath`. */
  url?: string | undefined;
  /** SQLite file (or `:memory:`) used when `url` is not a PostgreSQL URL. */
  sqlitePath?: string | undefined;
  /** PostgreSQL only: the schema to work in (tests give each file its own). */
  searchPath?: string | undefined;
  /** PostgreSQL only: pool size (default 10). */
  poolSize?: number | undefined;
  log?: LogConfig | undefined;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Where the data lives, without credentials: the SQLite path or `postgres://host/db`. */
  location: string;
  /** PostgreSQL: the schema set as search_path, if any (pass it to `migrateToLatest`). */
  schema?: string | undefined;
  destroy(): Promise<void>;
}

// Instants and counts come back as the same JS types on both dialects: ISO strings and numbers.
const TIMESTAMPTZ_OID = 1184;
const TIMESTAMP_OID = 1114;
const INT8_OID = 20;
const NUMERIC_OID = 1700;

const postgresTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (format === undefined || format === 'text') {
      if (oid === TIMESTAMPTZ_OID) return (value: string) => new Date(value).toISOString();
      if (oid === TIMESTAMP_OID) return (value: string) => new Date(`${value.replace(' ', 'T')}Z`).toISOString();
      // Counts and sums: well inside Number's safe range for this application.
      if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
    }
    return pg.types.getTypeParser(oid, format ?? 'text');
  },
} as pg.CustomTypesConfig;

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return 'postgres://(invalid url)';
  }
}

/** Opens the database the configuration names. Nothing is migrated here (see `migrateToLatest`). */
export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  if (isPostgresUrl(options.url)) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      types: postgresTypes,
      ...(options.searchPath ? { options: `-c search_path=${quoteIdentifier(options.searchPath)}` } : {}),
    });
    const db = new Kysely<Database>({
      // A cursor makes `.stream()` read in chunks (exports stream their rows: prepared.ts `streamRows`).
      dialect: new PostgresDialect({ pool, cursor: Cursor }),
      ...(options.log ? { log: options.log } : {}),
    });
    return {
      db,
      dialect: 'postgres',
      location: redactUrl(options.url),
      schema: options.searchPath,
      destroy: () => db.destroy(),
    };
  }
  const path = options.sqlitePath ?? ':memory:';
  const database = new NodeSqliteDatabase(openSqlite({ path }));
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database }),
    ...(options.log ? { log: options.log } : {}),
  });
  if (!options.log) allowDirectSqliteReads(db, database);
  return { db, dialect: 'sqlite', location: path, destroy: () => db.destroy() };
}

/** Double-quoted SQL identifier. */
export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
