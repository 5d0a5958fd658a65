import {
  EMAIL_DELIVERY_MESSAGES,
  type EmailDeliverySettingsRequest,
  type EmailDeliveryTestRequest,
  type EmailDeliveryTestResponse,
  type EmailDeliveryView,
  type SmtpSecurity,
} from '@ledgerleaf/domain';
import {
  deleteBusinessEmailSettings,
  findBusinessById,
  findBusinessEmailSettings,
  saveBusinessEmailSettings,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../../lib/context';
import { validationError } from '../../../lib/errors';
import { encryptSmtpPassword } from '../../../lib/mailer';
import { forbidden } from '../../../plugins/auth';

/*
 * Settings > Email delivery (issue 27): a business's own outgoing mail server, stored per business
 * so that each business on a shared instance sends as itself (its own from address and account).
 * SMTP_URL on the server wins over it. The password is encrypted with APP_KEY and never answered:
 * only whether one is set.
 */

function requireOwner(auth: AuthContext): void {
  if (auth.user.role !== 'owner') throw forbidden(EMAIL_DELIVERY_MESSAGES.ownerOnly);
}

/** `GET /api/settings/email-delivery` */
export async function getEmailDelivery(deps: Deps, params: { auth: AuthContext }): Promise<EmailDeliveryView> {
  requireOwner(params.auth);
  const row = await findBusinessEmailSettings(deps.db, { businessId: params.auth.businessId });
  return {
    source: deps.config.smtpUrl ? 'environment' : row ? 'business' : 'none',
    settings: row
      ? {
          host: row.host,
          port: Number(row.port),
          security: row.security as SmtpSecurity,
          username: row.username,
          password_set: row.password_encrypted !== null,
          from_address: row.from_address,
          updated_at: row.updated_at,
        }
      : null,
  };
}

/** `PUT /api/settings/email-delivery`: saves the mail server; a password is kept unless a new one is given or it is cleared. */
export async function saveEmailDelivery(
  deps: Deps,
  params: { auth: AuthContext; input: EmailDeliverySettingsRequest },
): Promise<EmailDeliveryView> {
  requireOwner(params.auth);
  const { input } = params;
  const businessId = params.auth.businessId;
  const password = input.password ?? '';
  const passwordEncrypted = input.clear_password
    ? null
    : password !== ''
      ? encryptSmtpPassword(deps.config.appKey, password)
      : undefined;
  if (!input.username) {
    const stored = await findBusinessEmailSettings(deps.db, { businessId });
    const keepsPassword = passwordEncrypted === undefined && (stored?.password_encrypted ?? null) !== null;
    if (typeof passwordEncrypted === 'string' || keepsPassword)
      throw validationError({ username: [EMAIL_DELIVERY_MESSAGES.passwordWithoutUser] });
  }
  await saveBusinessEmailSettings(deps.db, {
    businessId,
    host: input.host,
    port: input.port,
    security: input.security,
    username: input.username,
    ...(passwordEncrypted === undefined ? {} : { passwordEncrypted }),
    fromAddress: input.from_address,
    now: deps.clock(),
  });
  return getEmailDelivery(deps, params);
}

/** `DELETE /api/settings/email-delivery` */
export async function removeEmailDelivery(deps: Deps, params: { auth: AuthContext }): Promise<EmailDeliveryView> {
  requireOwner(params.auth);
  await deleteBusinessEmailSettings(deps.db, { businessId: params.auth.businessId });
  return getEmailDelivery(deps, params);
}

/**
 * `POST /api/settings/email-delivery/test`: one message, now, through the mail server the business's
 * email goes through (SMTP_URL when set), to the owner unless `to` is given; answers what the server said.
 */
export async function testEmailDelivery(
  deps: Deps,
  params: { auth: AuthContext; input: EmailDeliveryTestRequest },
): Promise<EmailDeliveryTestResponse> {
  requireOwner(params.auth);
  const businessId = params.auth.businessId;
  const to = params.input.to ?? params.auth.user.email;
  if ((await deps.mailer.transportFor(businessId)) === 'log')
    throw validationError({ host: [EMAIL_DELIVERY_MESSAGES.notConfigured] });
  const business = await findBusinessById(deps.db, { businessId });
  const outcome = await deps.mailer.sendTest(businessId, {
    to,
    subject: EMAIL_DELIVERY_MESSAGES.testSubject,
    text: EMAIL_DELIVERY_MESSAGES.testBody(business?.name ?? 'Ledgerleaf'),
  });
  if (outcome.ok)
    return {
      data: { delivery: outcome.state, to, error: null },
      message:
        outcome.state === 'delivered' ? EMAIL_DELIVERY_MESSAGES.testDelivered(to) : EMAIL_DELIVERY_MESSAGES.notSetUp,
    };
  return {
    data: { delivery: 'failed', to, error: outcome.error },
    message: EMAIL_DELIVERY_MESSAGES.testFailed(outcome.error),
  };
}
