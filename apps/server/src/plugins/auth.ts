import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { ACCOUNT_MESSAGES, roleMay } from '@ledgerleaf/domain';
import { findActiveTokenNow, touchAccessToken, type AuthenticatedToken } from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../lib/context';
import { sha256Hex } from '../lib/crypto';
import { AppError, unauthenticated } from '../lib/errors';
import type { RouteAccess } from '../lib/route';

/** `last_used_at` is written at most this often per token, so the hot path is one indexed SELECT. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** The last `last_used_at` parsed: a token's stays the same for a minute of requests. */
let lastParsed = { text: '', time: Number.NaN };

function parseTime(text: string): number {
  if (text !== lastParsed.text) lastParsed = { text, time: Date.parse(text) };
  return lastParsed.time;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set through defineRoute's `access`; see RouteAccess. */
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every route that authenticates, with the access it needs: the role tests walk it. */
    authRoutes: AuthRouteEntry[];
  }
}

export interface AuthRouteEntry {
  method: string;
  url: string;
  access: RouteAccess;
}

/**
 * Writes of other areas that a read-only person still needs for their own session (SPEC.md
 * section 4: logout) or their own inbox, listed here because their modules predate `access`.
 * New routes declare `access: 'self'` instead.
 */
export const SELF_SERVICE_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/logout',
  'PATCH /api/notifications/:id/read',
  'PATCH /api/notifications/read-all',
  'POST /api/beta-feedback',
]);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What a route needs: its declared access, else the self-service list, else read for safe methods and write for the rest. */
export function routeAccess(method: string, url: string, declared: RouteAccess | undefined): RouteAccess {
  if (declared) return declared;
  if (SELF_SERVICE_ROUTES.has(`${method} ${url}`)) return 'self';
  return SAFE_METHODS.has(method) ? 'read' : 'write';
}

/**
 * May this person call a route needing `access`? Owners and admins everything; members all but the
 * admin routes; read-only roles (accountant) reads and their own self-service writes only. A role
 * this version does not know gets nothing but reads and self-service.
 */
export function roleAllows(role: string, access: RouteAccess, method: string): boolean {
  // The capabilities are the domain's (`roleMay`), which the web reads too; a safe method only ever needs read, unless admin.
  return roleMay(role, access !== 'admin' && SAFE_METHODS.has(method) ? 'read' : access);
}

export function forbidden(message: string = ACCOUNT_MESSAGES.forbidden): AppError {
  return new AppError(403, message);
}

/** Throws 403 unless the caller has an owner or admin role (for checks inside services). */
export function requireAdmin(auth: AuthContext): void {
  if (!roleAllows(auth.user.role, 'admin', 'POST')) throw forbidden(ACCOUNT_MESSAGES.adminOnly);
}

/** The bearer token of the request, or undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * Bearer-token authentication and role enforcement in one hook: every authenticated route of every
 * module runs it, so a read-only role gets 403 on every state-changing request (and a non-admin on
 * every admin route) without the modules doing anything. Roles are read with the token on each
 * request, so a role change applies at once.
 */
export function registerAuth(app: FastifyInstance, deps: Deps): void {
  app.decorateRequest('auth', null);
  app.decorate('authRoutes', [] as AuthRouteEntry[]);

  /** The caller now when SQLite answered synchronously, else a promise of it. */
  type CallerNow = AuthContext | null | Promise<AuthContext | null>;

  function toCaller(found: AuthenticatedToken | undefined, now: Date): CallerNow {
    if (!found) return null;
    const caller: AuthContext = {
      tokenId: found.tokenId,
      userId: found.user.id,
      businessId: found.user.business_id,
      user: found.user,
    };
    if (!found.lastUsedAt || now.getTime() - parseTime(found.lastUsedAt) >= LAST_USED_RESOLUTION_MS)
      return touchAccessToken(deps.db, { tokenId: found.tokenId, now }).then(() => caller);
    return caller;
  }

  /**
   * The caller behind the request's bearer token, or null (no token, or not a valid one): the
   * token, its user, business, role and preferences are one database read on every call (nothing
   * cached), answered without a promise when SQLite reads it synchronously.
   */
  function resolveCaller(request: FastifyRequest): CallerNow {
    const token = bearerToken(request);
    // Tokens are 43 base64url characters; anything far off is not worth a query.
    if (!token || token.length > 256) return null;
    const now = deps.clock();
    const found = findActiveTokenNow(deps.db, { tokenHash: sha256Hex(token), now });
    return found instanceof Promise ? found.then((value) => toCaller(value, now)) : toCaller(found, now);
  }

  /** Sets `request.auth`; the error to answer when the caller may not call this route. */
  /** Sets `request.auth`; the error to answer when the caller may not call a route needing `access`. */
  function authorize(request: FastifyRequest, caller: AuthContext | null, access: RouteAccess): AppError | undefined {
    if (!caller) return unauthenticated();
    request.auth = caller;
    if (!roleAllows(caller.user.role, access, request.method))
      return forbidden(access === 'admin' ? ACCOUNT_MESSAGES.adminOnly : ACCOUNT_MESSAGES.forbidden);
    return undefined;
  }

  /**
   * Resolves the caller, then ends the hook with what `next` answers (an error refuses the request):
   * at once when the caller was read synchronously (SQLite outside a transaction), else when its
   * read settles. A failed read ends the hook with that error.
   */
  function withCaller(
    request: FastifyRequest,
    done: (error?: Error) => void,
    next: (caller: AuthContext | null) => Error | undefined,
  ): void {
    let caller: CallerNow;
    try {
      caller = resolveCaller(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (caller instanceof Promise) caller.then((value) => done(next(value)), done);
    else done(next(caller));
  }

  /**
   * The authentication hook of one route, given what each method of it needs (`accessFor`). Callback
   * hooks, not async ones: on SQLite the whole check runs without a promise.
   */
  function authenticateRoute(accessFor: (request: FastifyRequest) => RouteAccess): onRequestHookHandler {
    return (request, _reply, done) =>
      withCaller(request, done, (caller) => authorize(request, caller, accessFor(request)));
  }

  /**
   * What routes name as their hook (`onRequest: app.authenticate`); `onRoute` below puts in its
   * place one that knows the route's access, so no request reads `request.routeOptions` (a getter
   * that builds an object) to find it. Used anywhere else, it reads it.
   */
  const authenticate = authenticateRoute((request) =>
    routeAccess(request.method, request.routeOptions.url ?? '', request.routeOptions.config.access),
  );
  app.decorate('authenticate', authenticate);

  /**
   * Public pages (`/i/{token}`, `/e/{token}`) answer anyone, and behave differently for the
   * document's own business (the owner previewing their link is not "the client viewed it"): they
   * learn who calls here, without being refused when nobody (or an invalid token) does.
   */
  const identify: onRequestHookHandler = (request, _reply, done) =>
    withCaller(request, done, (caller) => {
      request.auth = caller;
      return undefined;
    });
  app.decorate('identify', identify);

  app.addHook('onRoute', (route) => {
    const hooks = Array.isArray(route.onRequest) ? route.onRequest : route.onRequest ? [route.onRequest] : [];
    if (!hooks.includes(authenticate)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const declared = route.config?.access;
    for (const method of methods) {
      if (method === 'HEAD') continue;
      app.authRoutes.push({ method, url: route.url, access: routeAccess(method, route.url, declared) });
    }
    // Resolved once per route and method, not on every request.
    const known = new Map(methods.map((method) => [method, routeAccess(method, route.url, declared)]));
    const forRoute = authenticateRoute(
      (request) => known.get(request.method) ?? routeAccess(request.method, route.url, declared),
    );
    route.onRequest = hooks.map((hook) => (hook === authenticate ? forRoute : hook));
  });
}
