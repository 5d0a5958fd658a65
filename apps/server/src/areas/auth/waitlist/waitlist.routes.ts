import type { FastifyInstance } from 'fastify';
import { errorResponseSchema, waitlistRequestSchema, waitlistResponseSchema } from '@ledgerleaf/domain';
import type { Deps } from '../../../lib/context';
import { defineRoute } from '../../../lib/route';
import { joinWaitlist } from './waitlist.service';

export function registerWaitlistRoutes(app: FastifyInstance, deps: Deps): void {
  defineRoute(app, {
    method: 'POST',
    url: '/early-access',
    summary: 'Join the early-access waiting list',
    tags: ['waiting list'],
    body: waitlistRequestSchema,
    validationExtra: { success: false },
    rateLimit: deps.rateLimits.waitlist,
    responses: {
      200: {
        description: 'Added (or already there, or ignored as a bot: the same answer)',
        schema: waitlistResponseSchema,
      },
      419: { description: 'CSRF token mismatch', schema: errorResponseSchema },
      422: { description: 'Invalid email, or submitted too fast', schema: waitlistResponseSchema },
      429: { description: 'Rate limited per IP address', schema: errorResponseSchema },
    },
    handler: ({ body, request }) => {
      const userAgent = request.headers['user-agent'];
      return joinWaitlist(deps, {
        input: body,
        ip: request.ip,
        userAgent: typeof userAgent === 'string' ? userAgent : undefined,
      });
    },
  });
}
