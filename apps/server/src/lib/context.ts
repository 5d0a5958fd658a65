import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle, Db, DialectName, UserProfile } from '@ledgerleaf/db';
import type { AppConfig } from '../env';
import type { Mailer } from './mailer';
import type { PasswordHasher } from './password';

export interface ThrottleSettings {
  /** Failed sign-ins per email inside the window before 429. */
  maxPerEmail: number;
  /** Failed sign-ins per IP address inside the window before 429. */
  maxPerIp: number;
  windowMs: number;
}

export const DEFAULT_THROTTLE: Readonly<ThrottleSettings> = Object.freeze({
  maxPerEmail: 5,
  maxPerIp: 20,
  windowMs: 15 * 60_000,
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
