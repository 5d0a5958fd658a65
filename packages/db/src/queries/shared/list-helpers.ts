import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

/** `value` escaped for a LIKE pattern with `\` as the escape character. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Case-insensitive substring match against a lowercased column (`search_text`, `sort_name`). */
export function containsLower(column: Expression<string>, needle: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${column} like ${`%${escapeLike(needle.toLowerCase())}%`} escape '\\'`;
}

/** Prefix match against a lowercased column: can use the (business_id, sort_name) index. */
export function startsWithLower(column: Expression<string>, prefix: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${column} like ${`${escapeLike(prefix.toLowerCase())}%`} escape '\\'`;
}

/** The lowercased text a list search runs over (parts joined by a newline, which no search term contains). */
export function searchText(parts: ReadonlyArray<string | null | undefined>): string {
  return parts
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .map((part) => part.trim().toLowerCase())
    .join('\n');
}

export type ArchiveFilter = 'active' | 'archived' | 'all';
export type SortDirection = 'asc' | 'desc';

export interface PageParams {
  limit: number;
  offset: number;
}
