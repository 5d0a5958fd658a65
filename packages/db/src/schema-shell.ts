import type { Generated, Selectable } from 'kysely';

/** ISO-8601 UTC instant (see `Timestamp` in schema.ts). */
type Timestamp = string;

/** Beta feedback reports (migration 0008). */
export interface BetaFeedbackTable {
  id: Generated<number>;
  business_id: number;
  /** Null once the reporting user is deleted. */
  user_id: number | null;
  /** domain's FEEDBACK_TYPES. */
  type: string;
  /** domain's FEEDBACK_FEATURES. */
  feature: string;
  /** 1-5, or null when not rated. */
  rating: number | null;
  description: string;
  /** JSON text: `{ browser, os, screenSize, currentUrl }`. */
  system_info: string;
  /** The browser's own timestamp of the report, as sent. */
  client_timestamp: string | null;
  created_at: Timestamp;
}

/**
 * Tables of issue 5's shell. `Database` in schema.ts extends this interface, so each area keeps its
 * tables (and their row types) in its own file.
 */
export interface ShellTables {
  beta_feedback: BetaFeedbackTable;
}

export type BetaFeedbackRow = Selectable<BetaFeedbackTable>;
