import { toDbTime } from '../../dialect';
import type { Db } from '../shared/types';

export async function createPasswordResetToken(
  db: Db,
  params: { businessId: number; userId: number; tokenHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db
    .insertInto('password_reset_tokens')
    .values({
      business_id: params.businessId,
      user_id: params.userId,
      token_hash: params.tokenHash,
      expires_at: toDbTime(params.expiresAt),
      used_at: null,
      created_at: toDbTime(params.now),
    })
    .execute();
}

/**
 * Marks the token used and answers whose it was, in one statement, so that two concurrent resets
 * with the same token cannot both succeed. Unknown, used and expired tokens answer undefined.
 */
export async function consumePasswordResetToken(
  db: Db,
  params: { tokenHash: string; now: Date },
): Promise<{ userId: number; businessId: number } | undefined> {
  const now = toDbTime(params.now);
  const row = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', params.tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'business_id'])
    .executeTakeFirst();
  return row ? { userId: row.user_id, businessId: row.business_id } : undefined;
}

/** Any other outstanding link for this user stops working too. */
export async function invalidateUserPasswordResetTokens(
  db: Db,
  params: { businessId: number; userId: number; now: Date },
): Promise<void> {
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: toDbTime(params.now) })
    .where('user_id', '=', params.userId)
    .where('business_id', '=', params.businessId)
    .where('used_at', 'is', null)
    .execute();
}

/** The token's owner while it is unused and unexpired (a read; `consumePasswordResetToken` claims it). */
export async function findValidPasswordResetToken(
  db: Db,
  params: { tokenHash: string; now: Date },
): Promise<{ userId: number; businessId: number } | undefined> {
  const row = await db
    .selectFrom('password_reset_tokens')
    .select(['user_id', 'business_id'])
    .where('token_hash', '=', params.tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', toDbTime(params.now))
    .executeTakeFirst();
  return row ? { userId: row.user_id, businessId: row.business_id } : undefined;
}
