import type { FastifyInstance } from 'fastify';
import type { Deps } from '../lib/context';
import { buildOpenApiDocument } from './openapi';

export const API_VERSION = '0.1.0';

export function registerOpenApiRoutes(app: FastifyInstance, deps: Deps): void {
  let document: Record<string, unknown> | undefined;
  app.get('/api/openapi.json', async (_request, reply) => {
    // Built on first request, when every route has been registered.
    document ??= buildOpenApiDocument(app.routeDocs, { serverUrl: deps.config.appUrl, version: API_VERSION });
    return reply.header('cache-control', 'no-cache').send(document);
  });
}
