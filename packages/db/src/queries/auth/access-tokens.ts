import { toDbTime } from '../../dialect';
import { preparedQuery } from '../../prepared';
import type { Db } from '../shared/types';
import type { UserProfile } from './users';

export async function createAccessToken(
  db: Db,
  params: { businessId: number; userId: number; name: string; tokenHash: string; expiresAt: Date | null; now: Date },
): Promise<{ id: number }> {
  return db
    .insertInto('personal_access_tokens')
    .values({
      business_id: params.businessId,
      user_id: params.userId,
      name: params.name,
      token_hash: params.tokenHash,
      expires_at: params.expiresAt ? toDbTime(params.expiresAt) : null,
      last_used_at: null,
      revoked_at: null,
      created_at: toDbTime(params.now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export interface AuthenticatedToken {
  tokenId: number;
  lastUsedAt: string | null;
  user: UserProfile;
}

const activeTokenQuery = preparedQuery(['tokenHash', 'now'] as const, (db: Db, p) =>
  db
    .selectFrom('personal_access_tokens as t')
    .innerJoin('users as u', (join) =>
      join.onRef('u.id', '=', 't.user_id').onRef('u.business_id', '=', 't.business_id'),
    )
    .innerJoin('businesses as b', 'b.id', 'u.business_id')
    .select([
      't.id as token_id',
      't.last_used_at',
      'u.id',
      'u.business_id',
      'u.name',
      'u.email',
      'u.phone',
      'u.role',
      'u.avatar_path',
      'b.name as business_name',
      'b.company_logo',
      'b.date_format',
      'b.first_day_of_week',
    ])
    .where('t.token_hash', '=', p.tokenHash)
    .where('t.revoked_at', 'is', null)
    // No `limit`: token_hash is unique, and a bound `limit ?` made node:sqlite's statement 5-10x slower.
    .where((eb) => eb.or([eb('t.expires_at', 'is', null), eb('t.expires_at', '>', p.now)])),
);

type ActiveTokenRow = Awaited<ReturnType<typeof activeTokenQuery>>[number];

function toAuthenticatedToken(rows: ActiveTokenRow[]): AuthenticatedToken | undefined {
  const row = rows[0];
  if (!row) return undefined;
  // Field by field (not a rest spread of the row): one object shape, built once.
  return {
    tokenId: row.token_id,
    lastUsedAt: row.last_used_at,
    user: {
      id: row.id,
      business_id: row.business_id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      role: row.role,
      avatar_path: row.avatar_path,
      business_name: row.business_name,
      company_logo: row.company_logo,
      date_format: row.date_format,
      first_day_of_week: row.first_day_of_week,
    },
  };
}

/** The last `now` bound and its text: requests in the same millisecond share one `toISOString`. */
let lastNow = { time: Number.NaN, text: '' };

function nowText(now: Date): string {
  const time = now.getTime();
  if (time !== lastNow.time) lastNow = { time, text: toDbTime(now) };
  return lastNow.text;
}

/**
 * The live token with this hash and its user, business, role and display preferences, in one
 * query (the hot path of every authenticated request, hence compiled once), read from the database
 * on every call. Revoked and expired tokens answer undefined. On SQLite outside a transaction the
 * answer comes synchronously (no promise on the hot path); a promise otherwise.
 */
export function findActiveTokenNow(
  db: Db,
  params: { tokenHash: string; now: Date },
): AuthenticatedToken | undefined | Promise<AuthenticatedToken | undefined> {
  const rows = activeTokenQuery.now(db, { tokenHash: params.tokenHash, now: nowText(params.now) });
  return Array.isArray(rows) ? toAuthenticatedToken(rows) : rows.then(toAuthenticatedToken);
}

/** `findActiveTokenNow`, always as a promise. */
export async function findActiveToken(
  db: Db,
  params: { tokenHash: string; now: Date },
): Promise<AuthenticatedToken | undefined> {
  return findActiveTokenNow(db, params);
}

export async function touchAccessToken(db: Db, params: { tokenId: number; now: Date }): Promise<void> {
  await db
    .updateTable('personal_access_tokens')
    .set({ last_used_at: toDbTime(params.now) })
    .where('id', '=', params.tokenId)
    .execute();
}

export async function revokeAccessToken(
  db: Db,
  params: { businessId: number; tokenId: number; now: Date },
): Promise<void> {
  await db
    .updateTable('personal_access_tokens')
    .set({ revoked_at: toDbTime(params.now) })
    .where('id', '=', params.tokenId)
    .where('business_id', '=', params.businessId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live token of a user (after a password reset). Returns how many were revoked. */
export async function revokeUserAccessTokens(
  db: Db,
  params: { businessId: number; userId: number; now: Date },
): Promise<number> {
  const result = await db
    .updateTable('personal_access_tokens')
    .set({ revoked_at: toDbTime(params.now) })
    .where('user_id', '=', params.userId)
    .where('business_id', '=', params.businessId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
