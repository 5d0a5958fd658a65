import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pingDatabase } from '@ledgerleaf/db';
import type { Deps } from '../../../lib/context';
import { defineRoute } from '../../../lib/route';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'error']),
  dialect: z.enum(['sqlite', 'postgres']),
});

export function registerHealthRoutes(app: FastifyInstance, deps: Deps): void {
  defineRoute(app, {
    method: 'GET',
    url: '/healthz',
    summary: 'Liveness and database check (for load balancers)',
    tags: ['operations'],
    responses: {
      200: { description: 'Healthy', schema: healthResponseSchema },
      503: { description: 'The database does not answer', schema: healthResponseSchema },
    },
    handler: async ({ reply, request }) => {
      reply.header('cache-control', 'no-store');
      try {
        await pingDatabase(deps.db);
        return { status: 'ok', database: 'ok', dialect: deps.dialect };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unavailable');
        reply.code(503);
        return { status: 'error', database: 'error', dialect: deps.dialect };
      }
    },
  });
}
