import { MESSAGES } from '@ledgerleaf/domain';
import {
  clearLoginFailures,
  loginFailuresSince,
  normalizeEmail,
  pruneLoginFailures,
  recordLoginFailure,
} from '@ledgerleaf/db';
import type { Deps } from '../../lib/context';
import { AppError } from '../../lib/errors';

/**
 * Sign-in throttling per email and per IP address. Failures are rows in the database, so every
 * server instance on the same database sees the same counts.
 */
export function throttleKeys(email: string, ip: string): { email: string; ip: string } {
  return { email: `email:${normalizeEmail(email)}`, ip: `ip:${ip}` };
}

/** Throws 429 (with Retry-After) while either the email or the IP is over its limit. */
export async function assertNotThrottled(deps: Deps, keys: { email: string; ip: string }): Promise<void> {
  const now = deps.clock();
  const { windowMs, maxPerEmail, maxPerIp } = deps.throttle;
  const states = await loginFailuresSince(deps.db, {
    keys: [keys.email, keys.ip],
    since: new Date(now.getTime() - windowMs),
  });
  let retryAfterMs = 0;
  for (const state of states) {
    const limit = state.key === keys.email ? maxPerEmail : maxPerIp;
    if (state.failures < limit || !state.oldest) continue;
    // The counter drops below the limit when the oldest failure in the window leaves it.
    retryAfterMs = Math.max(retryAfterMs, Date.parse(state.oldest) + windowMs - now.getTime());
  }
  if (retryAfterMs <= 0) return;
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  throw new AppError(429, MESSAGES.tooManyAttempts(seconds), { headers: { 'retry-after': String(seconds) } });
}

export async function recordFailure(deps: Deps, keys: { email: string; ip: string }): Promise<void> {
  const now = deps.clock();
  await recordLoginFailure(deps.db, { keys: [keys.email, keys.ip], now });
  // Rows older than the window never count again; failures are rare, so this stays cheap.
  await pruneLoginFailures(deps.db, { before: new Date(now.getTime() - deps.throttle.windowMs) });
}

/** A successful sign-in clears the email's counter (not the IP's: one good password must not unlock guessing others). */
export async function clearEmailFailures(deps: Deps, keys: { email: string }): Promise<void> {
  await clearLoginFailures(deps.db, { key: keys.email });
}
