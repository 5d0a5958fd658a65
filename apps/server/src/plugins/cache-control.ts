import type { FastifyInstance } from 'fastify';

/**
 * JSON answers carry a business's data (or a session's), so no cache (a browser's back-forward
 * cache, a shared proxy) may keep them: `Cache-Control: no-store` unless the route chose its own
 * (downloads set theirs; the SPA's files are cached by plugins/web.ts).
 */
export function registerJsonNoStore(app: FastifyInstance): void {
  // A callback hook (every answer passes here): no promise per request.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) {
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('application/json'))
        void reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
