import { toDbTime } from '../../dialect';
import type { WaitlistEntry } from '../../schema';
import type { Db } from '../shared/types';
import { normalizeEmail } from './users';

/** Adds the email once; a second call with the same address (any case) changes nothing. */
export async function addWaitlistEntry(
  db: Db,
  params: { email: string; ip?: string | null; userAgent?: string | null; now: Date },
): Promise<{ created: boolean }> {
  const result = await db
    .insertInto('waitlist_entries')
    .values({
      email: normalizeEmail(params.email),
      ip: params.ip?.slice(0, 64) ?? null,
      user_agent: params.userAgent?.slice(0, 512) ?? null,
      created_at: toDbTime(params.now),
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return { created: result !== undefined };
}

export async function listWaitlistEntries(db: Db, params: { limit?: number } = {}): Promise<WaitlistEntry[]> {
  return db
    .selectFrom('waitlist_entries')
    .selectAll()
    .orderBy('id')
    .limit(params.limit ?? 1000)
    .execute();
}
