import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle, Db, DialectName, UserProfile } from '@ledgerleaf/db';
import type { AppConfig } from '../env';
import type { Mailer } from './mailer';
import type { PasswordHasher } from './password';

/** Sign-in throttling (areas/auth/login-throttle.ts explains each counter). */
export interface ThrottleSettings {
  /** Failed sign-ins for one email from one address inside the window before that pair gets 429. */
  maxPerEmailAndIp: number;
  /** Distinct emails failing from one address inside the window before the address gets 429. */
  maxEmailsPerIp: number;
  /** Failures of one email (any address) after which every attempt for it waits first. */
  emailDelayAfter: number;
  /** The first wait; it doubles with each further failure, up to `maxDelayMs`. */
  delayBaseMs: number;
  maxDelayMs: number;
  /** Failures of one email (any address) after which its owner is told by email, once per window. */
  emailAlertAfter: number;
  windowMs: number;
  /** How the wait is spent (tests record it instead of waiting). */
  sleep: (ms: number) => Promise<void>;
}

export const DEFAULT_THROTTLE: Readonly<ThrottleSettings> = Object.freeze({
  maxPerEmailAndIp: 5,
  maxEmailsPerIp: 20,
  emailDelayAfter: 10,
  delayBaseMs: 250,
  maxDelayMs: 8_000,
  emailAlertAfter: 20,
  windowMs: 15 * 60_000,
  sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
});

export interface RateLimits {
  /** POST /early-access per IP. */
  waitlist: { max: number; timeWindow: number };
  /** POST /api/forgot-password and /api/reset-password per IP. */
  passwordReset: { max: number; timeWindow: number };
  /** POST /api/register per IP. */
  register: { max: number; timeWindow: number };
}

export const DEFAULT_RATE_LIMITS: Readonly<RateLimits> = Object.freeze({
  waitlist: { max: 10, timeWindow: 60_000 },
  passwordReset: { max: 10, timeWindow: 15 * 60_000 },
  register: { max: 60, timeWindow: 10 * 60_000 },
});

/** What services need, built once per app and handed to them explicitly. */
export interface Deps {
  config: AppConfig & { appKey: string };
  database: DatabaseHandle;
  db: Db;
  dialect: DialectName;
  hasher: PasswordHasher;
  mailer: Mailer;
  clock: () => Date;
  throttle: ThrottleSettings;
  rateLimits: RateLimits;
  logger: FastifyBaseLogger;
}

/** The authenticated caller (set by the bearer-token hook). Every business query uses `businessId` from here. */
export interface AuthContext {
  tokenId: number;
  userId: number;
  businessId: number;
  user: UserProfile;
}
