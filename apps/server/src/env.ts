import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { FilePoolSettings } from './lib/files/file-pool';

/** How often the in-process scheduler runs a pass, unless SCHEDULER_INTERVAL_MS says otherwise. */
export const DEFAULT_SCHEDULER_INTERVAL_MS = 60_000;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** `1/true/yes/on` and `0/false/no/off`, any case; empty means "not set". */
const booleanFlag = z
  .string()
  .trim()
  .toLowerCase()
  .refine(
    (value) => ['', '1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'].includes(value),
    'expected 1/0, true/false, yes/no or on/off',
  )
  .transform((value) => (value === '' ? undefined : ['1', 'true', 'yes', 'on'].includes(value)));

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** An IP address, or a CIDR range of them (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrRange(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies in front of the server are trusted to say who the client is (`X-Forwarded-For`,
 * `X-Forwarded-Proto`, `X-Forwarded-Host`), as Fastify's `trustProxy` takes them: unset or `0` none
 * (the socket's address is the client's); a hop count `N` (`1`, `true`, `yes`, `on` = one) trusts
 * the N nearest hops, so the client is the address the Nth proxy saw; a comma-separated list of
 * addresses or CIDR ranges trusts those proxies only. Never "everyone": the leftmost
 * X-Forwarded-For entry is whatever the client wrote.
 */
const trustProxySetting = z
  .string()
  .trim()
  .superRefine((value, context) => {
    const lower = value.toLowerCase();
    if (['', '0', '1', 'true', 'false', 'yes', 'no', 'on', 'off'].includes(lower) || /^\d{1,3}$/.test(value)) return;
    const bad = value
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => !isAddressOrRange(entry));
    if (bad.length > 0)
      context.addIssue({
        code: 'custom',
        message: `expected a hop count (0, 1, 2…) or comma-separated proxy addresses/CIDR ranges; not an address: ${bad.join(', ')}`,
      });
  })
  .transform((value): TrustProxy => {
    const lower = value.toLowerCase();
    if (['', '0', 'false', 'no', 'off'].includes(lower)) return false;
    if (['true', 'yes', 'on'].includes(lower)) return 1;
    if (/^\d{1,3}$/.test(value)) return Number(value) || false;
    return value.split(',').map((entry) => entry.trim());
  });

/** `false`: no proxy; a number: that many hops; a list: those proxy addresses and ranges. */
export type TrustProxy = false | number | string[];

/** The environment variables the server reads; see apps/server/README.md. */
export const envSchema = z.object({
  NODE_ENV: optionalString,
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: optionalString,
  DATA_DIR: optionalString,
  DATABASE_URL: optionalString.refine(
    (value) => value === undefined || /^(postgres(ql)?:\/\/|sqlite:|file:)/i.test(value) || !value.includes('://'),
    'DATABASE_URL must be a postgres:// URL, or unset for SQLite under DATA_DIR',
  ),
  APP_URL: optionalString.refine(
    (value) => value === undefined || /^https?:\/\//.test(value),
    'APP_URL must start with http:// or https://',
  ),
  APP_KEY: optionalString.refine(
    (value) => value === undefined || value.length >= 32,
    'APP_KEY must be at least 32 characters',
  ),
  SMTP_URL: optionalString.refine(
    (value) => value === undefined || /^smtps?:\/\//.test(value),
    'SMTP_URL must start with smtp:// or smtps://',
  ),
  MAIL_FROM: optionalString,
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  DEMO: booleanFlag.optional(),
  WEB_DIST_DIR: optionalString,
  TRUST_PROXY: trustProxySetting.optional(),
  SCHEDULER: booleanFlag.optional(),
  SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(1000, 'SCHEDULER_INTERVAL_MS must be at least 1000').optional(),
  TEST_CLOCK_START: optionalString.refine(
    (value) => value === undefined || (/^\d{4}-\d{2}-\d{2}T/.test(value) && Number.isFinite(Date.parse(value))),
    'TEST_CLOCK_START must be an ISO 8601 instant, e.g. 2026-11-28T17:00:00Z',
  ),
  REGISTER_RATE_LIMIT: z.coerce
    .number()
    .int()
    .min(1, 'REGISTER_RATE_LIMIT must be a whole number of at least 1')
    .optional(),
  FILE_WORKERS: z.coerce.number().int().min(1, 'FILE_WORKERS must be a whole number of at least 1').max(64).optional(),
  FILE_JOBS_PER_BUSINESS: z.coerce
    .number()
    .int()
    .min(1, 'FILE_JOBS_PER_BUSINESS must be a whole number of at least 1')
    .optional(),
  FILE_QUEUE: z.coerce.number().int().min(0, 'FILE_QUEUE must be a whole number (0 or more)').optional(),
});

export type LogLevel = (typeof LOG_LEVELS)[number];

export interface AppConfig {
  production: boolean;
  port: number;
  host: string;
  /** Absolute; holds the SQLite file, uploads, the outbox log and the generated app key. */
  dataDir: string;
  /** A postgres:// URL, or undefined for SQLite at `sqlitePath`. */
  databaseUrl: string | undefined;
  sqlitePath: string;
  uploadsDir: string;
  appUrl: string;
  /** Set by `resolveAppKey` (from APP_KEY, or generated and kept in DATA_DIR/app-key). */
  appKey: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: LogLevel;
  demo: boolean;
  webDistDir: string;
  /** TRUST_PROXY (see `trustProxySetting`): Fastify's `trustProxy`. */
  trustProxy: TrustProxy;
  /** The in-process scheduler (recurring invoices, overdue, expiry, reminders): on unless SCHEDULER=0. */
  scheduler: { enabled: boolean; intervalMs: number };
  /**
   * Sign-ups accepted per IP address in 10 minutes (REGISTER_RATE_LIMIT, default 60); undefined keeps
   * the default. Behind a proxy that hides the clients' addresses, every sign-up shares one IP.
   */
  registerRateLimit?: number | undefined;
  /**
   * TEST_CLOCK_START (tests only, refused when NODE_ENV is production): the server's clock starts at
   * this instant and runs on from it (`serverClock`), so browser tests can run on any chosen day.
   */
  testClockStart?: Date | undefined;
  /**
   * The file workers (lib/files/file-pool.ts): threads (FILE_WORKERS, default the cores less one),
   * files per business built or waiting at once (FILE_JOBS_PER_BUSINESS, default 4) and files
   * waiting for a thread per instance (FILE_QUEUE, default 32); past a bound a download answers 429.
   */
  files?: Partial<FilePoolSettings> | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The built SPA: apps/web/dist, found from this file (apps/server/dist/*.js or apps/server/src/*.ts). */
export function defaultWebDistDir(): string {
  return fileURLToPath(new URL('../../web/dist', import.meta.url));
}

/** Reads and validates the configuration. Throws a `ConfigError` listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  const production = values.NODE_ENV === 'production';
  if (production && values.TEST_CLOCK_START !== undefined)
    throw new ConfigError(
      "Invalid configuration:\n  TEST_CLOCK_START: is for tests only and moves the server's clock; unset it (NODE_ENV is production)",
    );
  const dataDir = resolve(cwd, values.DATA_DIR ?? './data');
  const port = values.PORT;
  const appUrl = (values.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const webDistDir = values.WEB_DIST_DIR ? resolve(cwd, values.WEB_DIST_DIR) : defaultWebDistDir();
  const databaseUrl =
    values.DATABASE_URL && /^postgres(ql)?:\/\//i.test(values.DATABASE_URL) ? values.DATABASE_URL : undefined;
  let sqlitePath = join(dataDir, 'ledgerleaf.sqlite');
  if (values.DATABASE_URL && !databaseUrl) {
    // sqlite:path or file:path, relative to the working directory.
    const path = values.DATABASE_URL.replace(/^(sqlite|file):(\/\/)?/i, '');
    sqlitePath = path === ':memory:' ? path : isAbsolute(path) ? path : resolve(cwd, path);
  }
  return {
    production,
    port,
    host: values.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    sqlitePath,
    uploadsDir: join(dataDir, 'uploads'),
    appUrl,
    appKey: values.APP_KEY,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM ?? `Ledgerleaf <no-reply@${new URL(appUrl).hostname}>`,
    logLevel: values.LOG_LEVEL ?? (production ? 'warn' : 'info'),
    demo: values.DEMO ?? true,
    webDistDir,
    trustProxy: values.TRUST_PROXY ?? false,
    scheduler: {
      enabled: values.SCHEDULER ?? true,
      intervalMs: values.SCHEDULER_INTERVAL_MS ?? DEFAULT_SCHEDULER_INTERVAL_MS,
    },
    registerRateLimit: values.REGISTER_RATE_LIMIT,
    testClockStart: values.TEST_CLOCK_START === undefined ? undefined : new Date(values.TEST_CLOCK_START),
    files: {
      ...(values.FILE_WORKERS === undefined ? {} : { threads: values.FILE_WORKERS }),
      ...(values.FILE_JOBS_PER_BUSINESS === undefined ? {} : { perBusiness: values.FILE_JOBS_PER_BUSINESS }),
      ...(values.FILE_QUEUE === undefined ? {} : { queue: values.FILE_QUEUE }),
    },
  };
}

/**
 * APP_KEY signs the anti-forgery cookie. When it is not set, one is generated on first start and kept
 * in DATA_DIR/app-key (mode 600), so restarts keep it. Several instances behind one load balancer
 * must share it: set APP_KEY on all of them, or give them the same DATA_DIR.
 */
export function resolveAppKey(config: AppConfig): string {
  if (config.appKey) return config.appKey;
  const file = join(config.dataDir, 'app-key');
  mkdirSync(config.dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists: two processes starting at once end up with the same key.
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = readFileSync(file, 'utf8').trim();
  if (key.length < 32)
    throw new ConfigError(`${file} holds a key shorter than 32 characters; delete it or set APP_KEY`);
  return key;
}
