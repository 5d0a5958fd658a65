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
import { AppError } from './lib/errors';
import { jsonDepthExceeds } from './lib/json-depth';
import { SERVER_MESSAGES } from './lib/messages';
import { createMailer, type Mailer } from './lib/mailer';
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
import { SERVER_AREAS } from './modules/areas';

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

/** Reset and public invoice links carry their token in the path; access logs keep only the route. */
export function redactUrl(url: string): string {
  return (
    url
      .replace(/(\/reset-password\/)[^/?#]+/i, '$1[redacted]')
      // Public invoice links are capabilities: whoever has the token reads the invoice.
      .replace(/(\/(?:api\/public\/(?:invoices|estimates)|i|e)\/)[A-Za-z0-9_-]{16,}/i, '$1[redacted]')
      .replace(/([?&](?:token|password)=)[^&#]*/gi, '$1[redacted]')
  );
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      // Headers are never logged; the URL loses any token it carries.
      req(request: { method?: string; url?: string; ip?: string; hostname?: string }) {
        return {
          method: request.method,
          url: typeof request.url === 'string' ? redactUrl(request.url) : undefined,
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

  const clock = options.clock ?? (() => new Date());
  const mailer =
    options.mailer ??
    createMailer({ db: database.db, logger: app.log, clock, from: config.mailFrom, smtpUrl: config.smtpUrl });
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
  };
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
    await database.destroy();
  });

  return app;
}
