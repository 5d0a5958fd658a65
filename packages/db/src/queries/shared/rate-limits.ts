import { sql } from 'kysely';
import type { Db } from './types';

export interface RateLimitHit {
  /** Hits of this limit and key in the current window, this one included. */
  hits: number;
  /** When the current window ends (epoch ms). */
  resetsAt: number;
}

/**
 * Counts one hit of `limitName` for `clientKey` and answers the window's count, in one atomic upsert
 * (PostgreSQL's row lock, SQLite's single writer), so instances on one database share the count. The
 * window starts with its first hit and lasts `windowMs`; a hit after it ended starts a new one.
 */
export async function hitRateLimit(
  db: Db,
  params: { limitName: string; clientKey: string; windowMs: number; now: number },
): Promise<RateLimitHit> {
  const now = Math.trunc(params.now);
  const row = await db
    .insertInto('rate_limit_hits')
    .values({
      limit_name: params.limitName,
      client_key: params.clientKey,
      hits: 1,
      resets_at: now + Math.trunc(params.windowMs),
    })
    .onConflict((oc) =>
      oc.columns(['limit_name', 'client_key']).doUpdateSet({
        // Both read the row as it was: a window that has ended starts again at this hit.
        hits: sql<number>`case when rate_limit_hits.resets_at <= ${now} then 1 else rate_limit_hits.hits + 1 end`,
        resets_at: sql<number>`case when rate_limit_hits.resets_at <= ${now} then excluded.resets_at else rate_limit_hits.resets_at end`,
      }),
    )
    .returning(['hits', 'resets_at'])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), resetsAt: Number(row.resets_at) };
}

/** Deletes the counters whose window ended before `now` (epoch ms); answers how many. */
export async function deleteEndedRateLimits(db: Db, params: { now: number }): Promise<number> {
  const result = await db
    .deleteFrom('rate_limit_hits')
    .where('resets_at', '<=', Math.trunc(params.now))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
