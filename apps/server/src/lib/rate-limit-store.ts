import { deleteEndedRateLimits, hitRateLimit } from '@ledgerleaf/db';
import type { Deps } from './context';

/** How often (at most) an instance deletes the counters whose window has ended. */
export const RATE_LIMIT_CLEANUP_INTERVAL_MS = 60_000;

/** What @fastify/rate-limit hands a store's `incr` callback. */
interface StoreAnswer {
  current: number;
  ttl: number;
}

/** The part of a route's options @fastify/rate-limit passes to `child` (`routeInfo` is the route). */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * The name of a route's limit: its method and URL pattern (`POST /api/register`), the same on every
 * instance. Each route counts on its own, as @fastify/rate-limit's per-route stores did.
 */
export function rateLimitName(routeInfo: ChildOptions['routeInfo']): string {
  const method = Array.isArray(routeInfo?.method) ? routeInfo.method.join(',') : (routeInfo?.method ?? '*');
  return `${method} ${routeInfo?.url ?? '*'}`;
}

/**
 * A @fastify/rate-limit store whose counters are rows of `rate_limit_hits` (`hitRateLimit`), so a
 * limit holds whatever the number of instances on the database (the plugin's own store counts in
 * each process's memory: two instances let twice the limit through). One upsert per rate-limited
 * request, none for the other routes; the windows start with their first hit, as the plugin's memory
 * store's do; ended windows are deleted at most once a minute per instance. The clock is the app's
 * (`deps.clock`), so tests can end a window.
 */
export function databaseRateLimitStore(deps: Pick<Deps, 'db' | 'clock' | 'logger'>) {
  let lastCleanup = 0;

  const cleanUp = async (now: number): Promise<void> => {
    if (now - lastCleanup < RATE_LIMIT_CLEANUP_INTERVAL_MS) return;
    lastCleanup = now;
    try {
      await deleteEndedRateLimits(deps.db, { now });
    } catch (error) {
      // Left for the next pass: a counter kept a little longer changes no limit.
      deps.logger.warn({ err: error }, 'rate-limit cleanup failed');
    }
  };

  return class DatabaseRateLimitStore {
    readonly limitName: string;

    constructor(_options?: unknown, limitName = 'global') {
      this.limitName = limitName;
    }

    incr(key: string, callback: (error: Error | null, answer?: StoreAnswer) => void, timeWindow: number): void {
      const now = deps.clock().getTime();
      hitRateLimit(deps.db, { limitName: this.limitName, clientKey: key, windowMs: timeWindow, now })
        .then(async (hit) => {
          await cleanUp(now);
          return { current: hit.hits, ttl: Math.max(0, hit.resetsAt - now) };
        })
        .then(
          (answer) => callback(null, answer),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
    }

    /** A route's store: the plugin passes the route's merged options, `routeInfo` being the route. */
    child(options: unknown): DatabaseRateLimitStore {
      return new DatabaseRateLimitStore(options, rateLimitName((options as ChildOptions).routeInfo));
    }
  };
}
