import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { MESSAGES } from '@ledgerleaf/domain';
import type { DatabaseHandle } from '@ledgerleaf/db';
import type { AppConfig, TrustProxy } from './env';
import {
  DEFAULT_RATE_LIMITS,
  DEFAULT_THROTTLE,
  type Deps,
  type RateLimits,
  type ThrottleSettings,
} from './lib/context';
import { serverClock } from './lib/clock';
import { AppError } from './lib/errors';
import { jsonDepthExceeds } from './lib/json-depth';
import { SERVER_MESSAGES } from './lib/messages';
import { createMailer, type MailFailure, type Mailer } from './lib/mailer';
import { defaultFilePoolSettings, FilePool } from './lib/files/file-pool';
import { recordEmailFailure } from './areas/invoicing/documents/document-delivery';
import { databaseRateLimitStore } from './lib/rate-limit-store';
import { lazyChildLoggerFactory } from './lib/request-logger';
import { PasswordHasher, PRODUCTION_PASSWORD_PARAMS, type PasswordHashingParams } from './lib/password';
import type { RouteDoc } from './lib/route';
import { registerAuth } from './plugins/auth';
import { registerJsonNoStore } from './plugins/cache-control';
import { registerCsrf } from './plugins/csrf';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './plugins/errors';
import { registerWeb } from './plugins/web';
import { areaJobs, registerAreas } from './lib/area';
import { createSchedulerController } from './lib/scheduler';
import { SERVER_AREAS } from './areas';

/** Request bodies above this answer 413. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildAppOptions {
  /** From `loadConfig()`; `appKey` must be set (see `resolveAppKey`). */
  config: AppConfig & { appKey: string };
  /** An open, migrated database. The app closes it when it closes. */
  database: DatabaseHandle;
  /** pino options, or false for no logs (tests). Defaults to the configured level with redaction. */
  logger?: FastifyServerOptions['logger'];
  /** Argon2 cost. Production uses OWASP's parameters; tests pass cheaper ones to stay fast. */
  passwordHashing?: PasswordHashingParams;
  /** The current time (tests move it to expire tokens). */
  clock?: () => Date;
  mailer?: Mailer;
  /** The waits between tries of a refused email (tests make them short); default 30 s, then 5 min. */
  mailRetryDelaysMs?: readonly number[];
  throttle?: Partial<ThrottleSettings>;
  rateLimits?: Partial<RateLimits>;
}

/** Never written to the log: credentials, tokens and session material. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'password',
  'password_confirmation',
  'token',
  '*.password',
  '*.password_confirmation',
  '*.token',
  '*.*.password',
  '*.*.password_confirmation',
  '*.*.token',
];

/**
 * Paths that carry a secret (a capability: whoever has it may read or act), whether the API's routes
 * or the pages of the web app the links in emails open: password resets, invitations, public
 * invoice and estimate links, calendar feeds. The segment after the prefix is the secret. The routes
 * with a `:token` parameter are redacted from their pattern as well (`redactRequestUrl`), so a
 * new one is covered the day it is registered; this list covers the pages and the requests that
 * route nowhere.
 */
const SECRET_PATH_PREFIXES: readonly RegExp[] = [
  /^(\/+reset-password\/+)[^/?#]+/i,
  /^(\/+(?:api\/+)?invitations\/+)[^/?#]+/i,
  /^(\/+api\/+calendar\/+feeds\/+)[^/?#]+/i,
  /^(\/+(?:api\/+public\/+(?:invoices|estimates)|i|e)\/+)[^/?#]+/i,
];

/** A URL as the access log writes it: every secret in its path and its `token`/`password` query values redacted. */
export function redactUrl(url: string): string {
  let redacted = url;
  for (const pattern of SECRET_PATH_PREFIXES) redacted = redacted.replace(pattern, '$1[redacted]');
  return redacted.replace(/([?&](?:token|password)=)[^&#]*/gi, '$1[redacted]');
}

/**
 * The URL of a request for the log. A request that reached a route with a `:token` parameter is
 * written as the route's pattern, the token redacted and the other parameters as sent, whatever the
 * path's case or encoding; any other is written through `redactUrl`.
 */
export function redactRequestUrl(request: {
  url?: string;
  params?: unknown;
  routeOptions?: { url?: string | undefined };
}): string | undefined {
  if (typeof request.url !== 'string') return undefined;
  const pattern = request.routeOptions?.url;
  if (pattern && /:token\b/.test(pattern)) {
    const params = (request.params ?? {}) as Record<string, unknown>;
    const path = pattern.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) =>
      name === 'token' ? '[redacted]' : encodeURIComponent(String(params[name] ?? '')),
    );
    const query = request.url.indexOf('?');
    return redactUrl(query === -1 ? path : `${path}${request.url.slice(query)}`);
  }
  return redactUrl(request.url);
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      // Headers are never logged; the URL loses any secret it carries.
      req(request: {
        method?: string;
        url?: string;
        ip?: string;
        hostname?: string;
        params?: unknown;
        routeOptions?: { url?: string | undefined };
      }) {
        return {
          method: request.method,
          url: redactRequestUrl(request),
          host: request.hostname,
          remoteAddress: request.ip,
        };
      },
    },
  };
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes proxy-addr's "the N nearest hops" function
 * (Fastify 5 ignores X-Forwarded-For for a bare number); a list of addresses and ranges is compiled by
 * Fastify. Either way the client is the address the last trusted hop saw, never the leftmost
 * X-Forwarded-For entry, which the client writes.
 */
export function trustProxyOption(setting: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return setting;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.trustProxy),
    return503OnClosing: true,
    // Unknown query-string keys and odd URLs must never reach a 500.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // What the router and Node's HTTP parser refuse answers `{ message }` too, never echoing the request.
    frameworkErrors,
    clientErrorHandler,
    // `request.log` makes its pino child only when a request logs (lib/request-logger.ts).
    childLoggerFactory: lazyChildLoggerFactory,
  });

  const clock = options.clock ?? serverClock(config);
  // A message given up is written to its document's timeline; the deps it needs exist just below.
  let onMailFailure: (failure: MailFailure) => Promise<void> = async () => undefined;
  const mailer =
    options.mailer ??
    createMailer({
      db: database.db,
      logger: app.log,
      clock,
      from: config.mailFrom,
      smtpUrl: config.smtpUrl,
      appKey: config.appKey,
      ...(options.mailRetryDelaysMs ? { retryDelaysMs: options.mailRetryDelaysMs } : {}),
      onFailure: (failure) => onMailFailure(failure),
    });
  const deps: Deps = {
    config,
    database,
    db: database.db,
    dialect: database.dialect,
    hasher: new PasswordHasher(options.passwordHashing ?? PRODUCTION_PASSWORD_PARAMS),
    mailer,
    clock,
    throttle: { ...DEFAULT_THROTTLE, ...options.throttle },
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      ...(options.config.registerRateLimit === undefined
        ? {}
        : { register: { ...DEFAULT_RATE_LIMITS.register, max: options.config.registerRateLimit } }),
      ...options.rateLimits,
    },
    logger: app.log,
    files: new FilePool({ ...defaultFilePoolSettings(), ...config.files }),
  };
  onMailFailure = (failure) => recordEmailFailure(deps, failure);
  app.decorate('deps', deps);
  app.decorate('routeDocs', [] as RouteDoc[]);

  // JSON only. An empty body with a JSON content type counts as no body (logout sends none);
  // text/plain is refused (415) because it is how cross-site forms smuggle JSON.
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    // Refused before parsing: a deeply nested body would cost every recursive walk that follows.
    if (jsonDepthExceeds(text)) {
      done(new AppError(400, SERVER_MESSAGES.bodyTooDeep), undefined);
      return;
    }
    defaultJsonParser(request, text, done);
  });

  // No cookie parsing on every request: only the anti-forgery check of a cookie-relying write reads
  // one (plugins/csrf.ts parses it then); setting cookies works as usual.
  await app.register(cookie, { hook: false });
  await app.register(rateLimit, {
    global: false,
    // Counters in the database: a limit holds whatever the number of instances (lib/rate-limit-store.ts).
    store: databaseRateLimitStore(deps),
    errorResponseBuilder: () => new AppError(429, MESSAGES.tooManyRequests),
  });

  registerAuth(app, deps);
  registerJsonNoStore(app);
  const web = await registerWeb(app, deps);
  registerErrorHandling(app, web);
  registerCsrf(app, deps);

  // The areas' jobs run in one scheduler, which routes ("Run now") use: it exists before the routes.
  app.decorate('scheduler', createSchedulerController(deps, areaJobs(SERVER_AREAS)));
  registerAreas(app, deps, SERVER_AREAS);

  app.addHook('onClose', async () => {
    await mailer.close();
    await deps.files.close();
    await database.destroy();
  });

  return app;
}
