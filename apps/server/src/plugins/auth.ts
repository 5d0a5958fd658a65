import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findActiveToken, touchAccessToken } from '@ledgerleaf/db';
import type { Deps } from '../lib/context';
import { sha256Hex } from '../lib/crypto';
import { unauthenticated } from '../lib/errors';

/** `last_used_at` is written at most this often per token, so the hot path is one indexed SELECT. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** The bearer token of the request, or undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

export function registerAuth(app: FastifyInstance, deps: Deps): void {
  app.decorateRequest('auth', null);
  app.decorate('authenticate', async function authenticate(request: FastifyRequest) {
    const token = bearerToken(request);
    // Tokens are 43 base64url characters; anything far off is not worth a query.
    if (!token || token.length > 256) throw unauthenticated();
    const now = deps.clock();
    const found = await findActiveToken(deps.db, { tokenHash: sha256Hex(token), now });
    if (!found) throw unauthenticated();
    if (!found.lastUsedAt || now.getTime() - Date.parse(found.lastUsedAt) >= LAST_USED_RESOLUTION_MS) {
      await touchAccessToken(deps.db, { tokenId: found.tokenId, now });
    }
    request.auth = { tokenId: found.tokenId, userId: found.user.id, businessId: found.user.business_id, user: found.user };
  });
}
