import type { Generated, Selectable } from 'kysely';

/** Tables of the calendar (issue 17, migration 0017). `Database` in schema.ts extends this interface. */
export interface CalendarTables {
  calendar_feeds: CalendarFeedsTable;
}

/** A person's private iCalendar feed: one per user, found by the SHA-256 of its token. */
export interface CalendarFeedsTable {
  id: Generated<number>;
  business_id: number;
  /** Unique. */
  user_id: number;
  /** Hex SHA-256 of the token; unique. The token itself is never stored. */
  token_hash: string;
  /** Comma-separated domain `CalendarFeedKind`s. */
  kinds: string;
  created_at: string;
  updated_at: string;
}

export type CalendarFeedRow = Selectable<CalendarFeedsTable>;
