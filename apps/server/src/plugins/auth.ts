import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES, roleMay } from '@ledgerleaf/domain';
import { findActiveToken, touchAccessToken } from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../lib/context';
import { sha256Hex } from '../lib/crypto';
import { AppError, unauthenticated } from '../lib/errors';
import type { RouteAccess } from '../lib/route';

/** `last_used_at` is written at most this often per token, so the hot path is one indexed SELECT. */
export const LAST_USED_RESOLUTION_MS = 60_000;

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

  /** The caller behind the request's bearer token, or null (no token, or not a valid one). */
  async function resolveCaller(request: FastifyRequest): Promise<AuthContext | null> {
    const token = bearerToken(request);
    // Tokens are 43 base64url characters; anything far off is not worth a query.
    if (!token || token.length > 256) return null;
    const now = deps.clock();
    const found = await findActiveToken(deps.db, { tokenHash: sha256Hex(token), now });
    if (!found) return null;
    if (!found.lastUsedAt || now.getTime() - Date.parse(found.lastUsedAt) >= LAST_USED_RESOLUTION_MS) {
      await touchAccessToken(deps.db, { tokenId: found.tokenId, now });
    }
    return { tokenId: found.tokenId, userId: found.user.id, businessId: found.user.business_id, user: found.user };
  }

  async function authenticate(request: FastifyRequest): Promise<void> {
    const caller = await resolveCaller(request);
    if (!caller) throw unauthenticated();
    request.auth = caller;
    const access = routeAccess(request.method, request.routeOptions.url ?? '', request.routeOptions.config.access);
    if (!roleAllows(caller.user.role, access, request.method))
      throw forbidden(access === 'admin' ? ACCOUNT_MESSAGES.adminOnly : ACCOUNT_MESSAGES.forbidden);
  }
  app.decorate('authenticate', authenticate);

  /**
   * Public pages (`/i/{token}`, `/e/{token}`) answer anyone, and behave differently for the
   * document's own business (the owner previewing their link is not "the client viewed it"): they
   * learn who calls here, without being refused when nobody (or an invalid token) does.
   */
  async function identify(request: FastifyRequest): Promise<void> {
    request.auth = await resolveCaller(request);
  }
  app.decorate('identify', identify);

  app.addHook('onRoute', (route) => {
    const hooks = Array.isArray(route.onRequest) ? route.onRequest : route.onRequest ? [route.onRequest] : [];
    if (!hooks.includes(authenticate)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      app.authRoutes.push({ method, url: route.url, access: routeAccess(method, route.url, route.config?.access) });
    }
  });
}
