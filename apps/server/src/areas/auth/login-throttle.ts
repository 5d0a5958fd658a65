import { MESSAGES } from '@ledgerleaf/domain';
import {
  clearLoginFailures,
  findUserByEmail,
  loginFailuresSince,
  normalizeEmail,
  pruneLoginFailures,
  recordLoginFailure,
} from '@ledgerleaf/db';
import type { Deps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { SERVER_MESSAGES } from '../../lib/messages';

/**
 * Sign-in throttling that an attacker cannot turn against the account's owner (OWASP's
 * authentication guidance). Failures are rows in the database (`login_attempts`, one key per row),
 * so every server instance on the same database sees the same counts. Inside the window:
 *
 * - **per email and address** (`pair:`): after `maxPerEmailAndIp` failures that address may not try
 *   that email again (429 with Retry-After). Guessing from one address stops; nobody else is locked.
 * - **per address** (`ip:`): one row per *email* that failed from the address, so the limit counts
 *   failures across many emails (credential stuffing). One person's typos on their own email never
 *   lock out the office that shares the address.
 * - **per email** (`email:`), from any address: no lock at all. Past `emailDelayAfter` failures each
 *   attempt for the email waits first, longer with every failure (`progressiveDelayMs`), which slows
 *   a distributed guess while the owner's right password still gets in; past `emailAlertAfter` the
 *   owner is told by email, once per window (`alert:`).
 */
export interface ThrottleKeys {
  pair: string;
  ip: string;
  email: string;
  alert: string;
  normalizedEmail: string;
}

export function throttleKeys(email: string, ip: string): ThrottleKeys {
  const normalizedEmail = normalizeEmail(email);
  return {
    pair: `pair:${ip}|${normalizedEmail}`,
    ip: `ip:${ip}`,
    email: `email:${normalizedEmail}`,
    alert: `alert:${normalizedEmail}`,
    normalizedEmail,
  };
}

/** The wait before an attempt on an email with `failures` failures in the window: doubling, capped. */
export function progressiveDelayMs(
  failures: number,
  settings: { emailDelayAfter: number; delayBaseMs: number; maxDelayMs: number },
): number {
  if (failures < settings.emailDelayAfter) return 0;
  const doublings = Math.min(failures - settings.emailDelayAfter, 20);
  return Math.min(settings.delayBaseMs * 2 ** doublings, settings.maxDelayMs);
}

function throttled(retryAfterMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(429, MESSAGES.tooManyAttempts(seconds), { headers: { 'retry-after': String(seconds) } });
}

export interface ThrottleCheck {
  /** Failures of this email and address before this attempt (a first failure adds an `ip:` row). */
  pairFailures: number;
  emailFailures: number;
}

/**
 * Throws 429 (with Retry-After) while this address is locked for this email or for every email;
 * otherwise waits the email's progressive delay, if any, and answers the counts.
 */
export async function enforceThrottle(deps: Deps, keys: ThrottleKeys): Promise<ThrottleCheck> {
  const now = deps.clock();
  const { windowMs, maxPerEmailAndIp, maxEmailsPerIp } = deps.throttle;
  const states = await loginFailuresSince(deps.db, {
    keys: [keys.pair, keys.ip, keys.email],
    since: new Date(now.getTime() - windowMs),
  });
  const state = (key: string) => states.find((candidate) => candidate.key === key)!;
  let retryAfterMs = 0;
  for (const [key, limit] of [
    [keys.pair, maxPerEmailAndIp],
    [keys.ip, maxEmailsPerIp],
  ] as const) {
    const { failures, oldest } = state(key);
    if (failures < limit || !oldest) continue;
    // The counter drops below the limit when the oldest failure in the window leaves it.
    retryAfterMs = Math.max(retryAfterMs, Date.parse(oldest) + windowMs - now.getTime());
  }
  if (retryAfterMs > 0) throw throttled(retryAfterMs);
  const emailFailures = state(keys.email).failures;
  const delay = progressiveDelayMs(emailFailures, deps.throttle);
  if (delay > 0) await deps.throttle.sleep(delay);
  return { pairFailures: state(keys.pair).failures, emailFailures };
}

export async function recordFailure(deps: Deps, keys: ThrottleKeys, check: ThrottleCheck): Promise<void> {
  const now = deps.clock();
  await recordLoginFailure(deps.db, {
    // The address's counter counts emails: it moves on the first failure of each email only.
    keys: check.pairFailures === 0 ? [keys.pair, keys.email, keys.ip] : [keys.pair, keys.email],
    now,
  });
  // Rows older than the window never count again; failures are rare, so this stays cheap.
  await pruneLoginFailures(deps.db, { before: new Date(now.getTime() - deps.throttle.windowMs) });
  if (check.emailFailures + 1 >= deps.throttle.emailAlertAfter) await alertOwner(deps, keys);
}

/** Tells the account's owner, once per window, that their sign-in sees many failures. */
async function alertOwner(deps: Deps, keys: ThrottleKeys): Promise<void> {
  const now = deps.clock();
  const [alerted] = await loginFailuresSince(deps.db, {
    keys: [keys.alert],
    since: new Date(now.getTime() - deps.throttle.windowMs),
  });
  if (alerted && alerted.failures > 0) return;
  const user = await findUserByEmail(deps.db, { email: keys.normalizedEmail });
  // The alert row is written for unknown emails too, so the work done does not tell an account exists.
  await recordLoginFailure(deps.db, { keys: [keys.alert], now });
  if (!user) return;
  const minutes = Math.round(deps.throttle.windowMs / 60_000);
  const email = SERVER_MESSAGES.signInAlert({
    name: user.name,
    minutes,
    resetUrl: `${deps.config.appUrl}/forgot-password`,
  });
  await deps.mailer.send({ businessId: user.business_id, to: user.email, subject: email.subject, text: email.text });
}

/**
 * A successful sign-in clears this address's counter for the email and the email's own counter
 * (not the address's: one good password must not unlock guessing others).
 */
export async function clearEmailFailures(deps: Deps, keys: ThrottleKeys): Promise<void> {
  await clearLoginFailures(deps.db, { key: keys.pair });
  await clearLoginFailures(deps.db, { key: keys.email });
}
