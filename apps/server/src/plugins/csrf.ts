import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@ledgerleaf/domain';
import type { Deps } from '../lib/context';
import { hmacBase64Url, safeEqual } from '../lib/crypto';
import { AppError } from '../lib/errors';
import { bearerToken } from './auth';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
/** How long an anti-forgery token stays valid; after that a write answers 419 and the SPA reloads. */
export const XSRF_MAX_AGE_SECONDS = 12 * 60 * 60;

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `v1.<issued-at, base36 seconds>.<nonce>.<HMAC-SHA256 of the rest under APP_KEY>` */
export function issueXsrfToken(appKey: string, now: Date): string {
  const payload = `v1.${Math.floor(now.getTime() / 1000).toString(36)}.${randomBytes(16).toString('base64url')}`;
  return `${payload}.${hmacBase64Url(appKey, `xsrf:${payload}`)}`;
}

export function isValidXsrfToken(appKey: string, token: string, now: Date): boolean {
  const parts = token.split('.');
  if (parts.length !== 4 || parts[0] !== 'v1') return false;
  const payload = parts.slice(0, 3).join('.');
  if (!safeEqual(parts[3] ?? '', hmacBase64Url(appKey, `xsrf:${payload}`))) return false;
  const issuedAt = Number.parseInt(parts[1] ?? '', 36) * 1000;
  const age = now.getTime() - issuedAt;
  return Number.isFinite(issuedAt) && age >= -60_000 && age <= XSRF_MAX_AGE_SECONDS * 1000;
}

function setXsrfCookie(reply: FastifyReply, deps: Deps): void {
  reply.setCookie(XSRF_COOKIE, issueXsrfToken(deps.config.appKey, deps.clock()), {
    path: '/',
    sameSite: 'lax',
    // Read by the SPA's JavaScript and echoed in X-XSRF-TOKEN: not httpOnly by design.
    httpOnly: false,
    secure: deps.config.appUrl.startsWith('https://'),
    maxAge: XSRF_MAX_AGE_SECONDS,
  });
}

/**
 * Double-submit anti-forgery check (Laravel Sanctum's SPA flow): a write that does not carry a bearer
 * token relies on cookies, so it must echo a valid signed XSRF-TOKEN cookie in X-XSRF-TOKEN.
 * A bearer token cannot be attached by another site, so those requests need no echo.
 */
export function registerCsrf(app: FastifyInstance, deps: Deps): void {
  // A callback hook, not an async one: it runs on every request and almost always has nothing to do.
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    if (!UNSAFE_METHODS.has(request.method) || bearerToken(request)) {
      done();
      return;
    }
    // Parsed here, the only reader: the cookie plugin does not parse cookies on every request.
    const cookieHeader = request.headers.cookie;
    const cookie = cookieHeader ? app.parseCookie(cookieHeader)[XSRF_COOKIE] : undefined;
    const header = request.headers[XSRF_HEADER];
    const echoed = typeof header === 'string' ? header : undefined;
    if (
      !cookie ||
      !echoed ||
      !safeEqual(cookie, echoed) ||
      !isValidXsrfToken(deps.config.appKey, cookie, deps.clock())
    ) {
      done(new AppError(419, MESSAGES.csrfMismatch));
      return;
    }
    done();
  });

  app.get('/sanctum/csrf-cookie', async (_request, reply) => {
    setXsrfCookie(reply, deps);
    reply.header('cache-control', 'no-store');
    return reply.code(204).send();
  });
  app.routeDocs.push({
    method: 'GET',
    url: '/sanctum/csrf-cookie',
    summary: 'Sets the XSRF-TOKEN cookie that cookie-relying writes echo in X-XSRF-TOKEN',
    tags: ['auth'],
    auth: false,
    csrf: false,
    responses: { 204: { description: 'Cookie set' } },
  });
}
