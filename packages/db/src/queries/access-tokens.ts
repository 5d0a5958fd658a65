import { toDbTime } from '../dialect';
import { preparedQuery } from '../prepared';
import type { Db } from './types';
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

/**
 * The live token with this hash and its user, in one query (the hot path of every authenticated
 * request, hence compiled once). Revoked and expired tokens answer undefined.
 */
export async function findActiveToken(
  db: Db,
  params: { tokenHash: string; now: Date },
): Promise<AuthenticatedToken | undefined> {
  const [row] = await activeTokenQuery(db, { tokenHash: params.tokenHash, now: toDbTime(params.now) });
  if (!row) return undefined;
  const { token_id: tokenId, last_used_at: lastUsedAt, ...user } = row;
  return { tokenId, lastUsedAt, user };
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
