/**
 * Every difference between SQLite and PostgreSQL that the rest of the code may care about lives here,
 * so queries and migrations stay dialect-neutral.
 */
import { PostgresAdapter, SqliteAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/** Which dialect a Kysely instance talks to (works inside migrations, which get a bare `Kysely<any>`). */
export function dialectOf(db: Kysely<unknown>): DialectName {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) return 'postgres';
  if (adapter instanceof SqliteAdapter) return 'sqlite';
  throw new Error('Unsupported database dialect');
}

export function isPostgresUrl(url: string | undefined | null): url is string {
  return typeof url === 'string' && /^postgres(ql)?:\/\//i.test(url);
}

/** Auto-increment integer primary key: `integer primary key autoincrement` / identity column. */
export function addIdColumn<T extends string>(
  dialect: DialectName,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

/**
 * Column type for instants. Both dialects read and write ISO-8601 UTC strings
 * (`2025-01-31T12:00:00.000Z`): SQLite stores the text (which sorts correctly because the format is
 * fixed), PostgreSQL a `timestamptz` that the pool parses back to the same string.
 */
export function timestampType(dialect: DialectName): 'timestamptz' | 'text' {
  return dialect === 'postgres' ? 'timestamptz' : 'text';
}

/** A unique constraint was violated (SQLite `SQLITE_CONSTRAINT_UNIQUE`/`PRIMARYKEY`, PostgreSQL 23505). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as { code?: unknown; errcode?: unknown; message?: unknown };
  if (candidate.code === '23505') return true;
  if (candidate.errcode === 2067 || candidate.errcode === 1555) return true;
  return typeof candidate.message === 'string' && candidate.message.includes('UNIQUE constraint failed');
}

/** The current instant as stored in the database. */
export function toDbTime(date: Date): string {
  return date.toISOString();
}
