import type { FastifyInstance } from 'fastify';

/**
 * No cache (a browser's back-forward cache, a shared proxy) may keep an answer that carries a
 * business's data or a session's: `Cache-Control: no-store`
 * - on every answer to an authenticated request (a valid bearer token: `request.auth`), whatever it
 *   is (JSON, a PDF, a CSV, a ZIP), set here once rather than by each download (a route's own
 *   `private, no-store` is kept, anything that does not forbid storing is replaced);
 * - on every JSON answer that did not choose its own (errors, sign-in, public JSON).
 * The SPA's files are cached by plugins/web.ts; public documents and the calendar feed set theirs.
 */
export function registerJsonNoStore(app: FastifyInstance): void {
  // A callback hook (every answer passes here): no promise per request.
  app.addHook('onSend', (request, reply, payload, done) => {
    const current = reply.getHeader('cache-control');
    if (request.auth) {
      if (typeof current !== 'string' || !/\bno-store\b/i.test(current)) void reply.header('cache-control', 'no-store');
    } else if (current === undefined) {
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('application/json'))
        void reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
