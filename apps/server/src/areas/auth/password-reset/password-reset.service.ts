import {
  MESSAGES,
  PASSWORD_RESET_TTL_MINUTES,
  type ForgotPasswordRequest,
  type ResetPasswordRequest,
} from '@ledgerleaf/domain';
import {
  consumePasswordResetToken,
  createPasswordResetToken,
  findBusinessById,
  findUserByEmail,
  findValidPasswordResetToken,
  invalidateUserPasswordResetTokens,
  revokeUserAccessTokens,
  updateUserPassword,
} from '@ledgerleaf/db';
import type { Deps } from '../../../lib/context';
import { generateToken, sha256Hex } from '../../../lib/crypto';
import { validationError } from '../../../lib/errors';
import { renderEmail } from '../../account/email-templates/email-templates.service';

export function resetLink(appUrl: string, token: string): string {
  return `${appUrl}/reset-password/${token}`;
}

/**
 * Always answers the same message. When the account exists, a single-use link valid for
 * PASSWORD_RESET_TTL_MINUTES is mailed; only the SHA-256 of its token is stored.
 */
export async function requestPasswordReset(
  deps: Deps,
  params: { input: ForgotPasswordRequest },
): Promise<{ message: string }> {
  const user = await findUserByEmail(deps.db, { email: params.input.email });
  if (user) {
    const token = generateToken();
    const now = deps.clock();
    await createPasswordResetToken(deps.db, {
      businessId: user.business_id,
      userId: user.id,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000),
      now,
    });
    const link = resetLink(deps.config.appUrl, token);
    // The business's password reset template (/user/settings/email-templates), values escaped in the HTML.
    const email = await renderEmail(deps.db, user.business_id, 'password_reset', {
      user_name: user.name,
      link,
      expires_minutes: String(PASSWORD_RESET_TTL_MINUTES),
      business_name: (await findBusinessById(deps.db, { businessId: user.business_id }))?.name ?? '',
    });
    await deps.mailer.send({
      businessId: user.business_id,
      to: user.email,
      subject: email.subject,
      text: email.text,
      html: email.html,
    });
  }
  return { message: MESSAGES.resetRequested };
}

function invalidToken() {
  return validationError({ token: [MESSAGES.resetInvalid] });
}

/** Sets the new password, uses the token up, and signs the user out everywhere. */
export async function resetPassword(deps: Deps, params: { input: ResetPasswordRequest }): Promise<{ message: string }> {
  const tokenHash = sha256Hex(params.input.token);
  // A cheap look first, so that an unknown token does not cost an argon2 run.
  if (!(await findValidPasswordResetToken(deps.db, { tokenHash, now: deps.clock() }))) throw invalidToken();
  const passwordHash = await deps.hasher.hash(params.input.password);
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock();
    // The claim is one conditional UPDATE: of two concurrent resets with one token, one wins.
    const owner = await consumePasswordResetToken(trx, { tokenHash, now });
    if (!owner) throw invalidToken();
    await updateUserPassword(trx, { ...owner, passwordHash, now });
    await invalidateUserPasswordResetTokens(trx, { ...owner, now });
    await revokeUserAccessTokens(trx, { ...owner, now });
  });
  return { message: MESSAGES.resetDone };
}
