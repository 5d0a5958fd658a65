import { toDbTime } from '../../dialect';
import type { Db } from '../shared/types';

export async function recordLoginFailure(db: Db, params: { keys: readonly string[]; now: Date }): Promise<void> {
  if (params.keys.length === 0) return;
  const at = toDbTime(params.now);
  await db
    .insertInto('login_attempts')
    .values(params.keys.map((key) => ({ throttle_key: key, attempted_at: at })))
    .execute();
}

export interface ThrottleState {
  key: string;
  failures: number;
  /** The oldest failure still inside the window, or null. */
  oldest: string | null;
}

/** Failures per key since `since`. Keys without failures answer 0. */
export async function loginFailuresSince(
  db: Db,
  params: { keys: readonly string[]; since: Date },
): Promise<ThrottleState[]> {
  if (params.keys.length === 0) return [];
  const rows = await db
    .selectFrom('login_attempts')
    .select((eb) => ['throttle_key', eb.fn.countAll<number>().as('failures'), eb.fn.min('attempted_at').as('oldest')])
    .where('throttle_key', 'in', params.keys)
    .where('attempted_at', '>', toDbTime(params.since))
    .groupBy('throttle_key')
    .execute();
  return params.keys.map((key) => {
    const row = rows.find((candidate) => candidate.throttle_key === key);
    return { key, failures: row ? Number(row.failures) : 0, oldest: row?.oldest ?? null };
  });
}

export async function clearLoginFailures(db: Db, params: { key: string }): Promise<void> {
  await db.deleteFrom('login_attempts').where('throttle_key', '=', params.key).execute();
}

/** Housekeeping: failures older than the window no longer count. */
export async function pruneLoginFailures(db: Db, params: { before: Date }): Promise<void> {
  await db.deleteFrom('login_attempts').where('attempted_at', '<', toDbTime(params.before)).execute();
}
