import {
  DEFAULT_RECURRING_CONFIG,
  DEMO_ACCOUNT,
  formatUsPhone,
  timeZoneOrUtc,
  MESSAGES,
  type AuthResponse,
  type RegisterRequest,
  type User,
} from '@ledgerleaf/domain';
import {
  createAccessToken,
  createBusiness,
  seedCrmDefaults,
  createUser,
  emailExists,
  findUserByEmail,
  findUserProfile,
  isUniqueViolation,
  normalizeEmail,
  revokeAccessToken,
  saveRecurringSettings,
  updateUserPassword,
  type Db,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../lib/context';
import { generateToken, sha256Hex } from '../../lib/crypto';
import { AppError, unauthenticated, validationError } from '../../lib/errors';
import { clearEmailFailures, enforceThrottle, recordFailure, throttleKeys } from './login-throttle';
import { toApiUser } from './user-view';

/** A token from a sign-in without "remember me" lasts a working day and a night. */
export const ACCESS_TOKEN_TTL_MS = 24 * 60 * 60_000;
/** "Remember me": thirty days. */
export const REMEMBER_TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;

async function issueToken(
  deps: Deps,
  db: Db,
  params: { businessId: number; userId: number; name: string; remember: boolean },
): Promise<string> {
  const token = generateToken();
  const now = deps.clock();
  await createAccessToken(db, {
    businessId: params.businessId,
    userId: params.userId,
    name: params.name,
    tokenHash: sha256Hex(token),
    expiresAt: new Date(now.getTime() + (params.remember ? REMEMBER_TOKEN_TTL_MS : ACCESS_TOKEN_TTL_MS)),
    now,
  });
  return token;
}

function emailTaken(): AppError {
  return validationError({ email: [MESSAGES.emailTaken] });
}

/** Creates the business, its owner and a first token, all or nothing. */
export async function register(deps: Deps, params: { input: RegisterRequest }): Promise<AuthResponse> {
  const { input } = params;
  // Checked before hashing: a taken address should not cost an argon2 run.
  if (await emailExists(deps.db, { email: input.email })) throw emailTaken();
  const passwordHash = await deps.hasher.hash(input.password);
  const phone = input.phone && input.phone.trim() !== '' ? formatUsPhone(input.phone) : null;
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const now = deps.clock();
      const business = await createBusiness(trx, {
        name: input.business_name,
        phone,
        email: normalizeEmail(input.email),
        now,
      });
      // The business's time zone is the browser's (UTC when it sent none or one we do not know).
      await saveRecurringSettings(trx, {
        businessId: business.id,
        ...DEFAULT_RECURRING_CONFIG,
        time_zone: timeZoneOrUtc(input.time_zone),
        now,
      });
      const user = await createUser(trx, {
        businessId: business.id,
        name: input.name,
        email: input.email,
        phone,
        passwordHash,
        role: 'owner',
        now,
      });
      // The CRM's default pipeline, sources, lost reasons and activity types (issue 14).
      await seedCrmDefaults(trx, { businessId: business.id, now });
      const token = await issueToken(deps, trx, {
        businessId: business.id,
        userId: user.id,
        name: 'web',
        remember: false,
      });
      const profile = await findUserProfile(trx, { businessId: business.id, userId: user.id });
      if (!profile) throw new AppError(500, 'registered user not found');
      return { token, user: toApiUser(profile) };
    });
  } catch (error) {
    // Two registrations racing for one address: the unique index decides.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

function invalidCredentials(): AppError {
  return validationError({ email: [MESSAGES.invalidCredentials] });
}

/**
 * Checks the credentials under the sign-in throttle (login-throttle.ts). Unknown emails and wrong passwords
 * get the same answer after the same work (a dummy argon2 verify), so neither tells an account exists.
 */
export async function login(
  deps: Deps,
  params: { email: string; password: string; remember: boolean; ip: string; tokenName?: string; onlyEmail?: string },
): Promise<AuthResponse> {
  const keys = throttleKeys(params.email, params.ip);
  const check = await enforceThrottle(deps, keys);
  const allowed = params.onlyEmail === undefined || normalizeEmail(params.email) === normalizeEmail(params.onlyEmail);
  const user = allowed ? await findUserByEmail(deps.db, { email: params.email }) : undefined;
  const valid = user
    ? await deps.hasher.verify(user.password_hash, params.password)
    : await deps.hasher.verifyDummy(params.password);
  if (!user || !valid) {
    await recordFailure(deps, keys, check);
    throw invalidCredentials();
  }
  await clearEmailFailures(deps, keys);
  if (deps.hasher.needsRehash(user.password_hash)) {
    // The cost parameters were raised since this password was set: upgrade it now that we know it.
    await updateUserPassword(deps.db, {
      businessId: user.business_id,
      userId: user.id,
      passwordHash: await deps.hasher.hash(params.password),
      now: deps.clock(),
    });
  }
  const token = await issueToken(deps, deps.db, {
    businessId: user.business_id,
    userId: user.id,
    name: params.tokenName ?? 'web',
    remember: params.remember,
  });
  const profile = await findUserProfile(deps.db, { businessId: user.business_id, userId: user.id });
  if (!profile) throw invalidCredentials();
  return { token, user: toApiUser(profile) };
}

/** The demo account only, and only when DEMO is on. */
export async function demoLogin(
  deps: Deps,
  params: { email: string; password: string; ip: string },
): Promise<AuthResponse & { message: string }> {
  if (!deps.config.demo) throw new AppError(404, MESSAGES.demoDisabled);
  const result = await login(deps, { ...params, remember: false, tokenName: 'demo', onlyEmail: DEMO_ACCOUNT.email });
  return { ...result, message: MESSAGES.demoSuccess };
}

export async function logout(deps: Deps, params: { auth: AuthContext }): Promise<void> {
  await revokeAccessToken(deps.db, {
    businessId: params.auth.businessId,
    tokenId: params.auth.tokenId,
    now: deps.clock(),
  });
}

/** The caller, as the bearer-token hook found it (same business by construction). */
export function currentUser(params: { auth: AuthContext | null }): User {
  if (!params.auth) throw unauthenticated();
  return toApiUser(params.auth.user);
}
