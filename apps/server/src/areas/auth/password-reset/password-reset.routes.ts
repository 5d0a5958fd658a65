import type { FastifyInstance } from 'fastify';
import {
  errorResponseSchema,
  forgotPasswordRequestSchema,
  messageResponseSchema,
  resetPasswordRequestSchema,
} from '@ledgerleaf/domain';
import type { Deps } from '../../../lib/context';
import { defineRoute } from '../../../lib/route';
import { requestPasswordReset, resetPassword } from './password-reset.service';

export function registerPasswordResetRoutes(app: FastifyInstance, deps: Deps): void {
  defineRoute(app, {
    method: 'POST',
    url: '/api/forgot-password',
    summary: 'Mail a password reset link; the answer is the same whether or not the account exists',
    tags: ['password reset'],
    body: forgotPasswordRequestSchema,
    rateLimit: deps.rateLimits.passwordReset,
    responses: {
      200: { description: 'Request accepted', schema: messageResponseSchema },
      419: { description: 'CSRF token mismatch', schema: errorResponseSchema },
      422: { description: 'Invalid email', schema: errorResponseSchema },
      429: { description: 'Rate limited', schema: errorResponseSchema },
    },
    handler: ({ body }) => requestPasswordReset(deps, { input: body }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/reset-password',
    summary: 'Set a new password with a reset token (single use); revokes every access token of the user',
    tags: ['password reset'],
    body: resetPasswordRequestSchema,
    rateLimit: deps.rateLimits.passwordReset,
    responses: {
      200: { description: 'Password changed', schema: messageResponseSchema },
      419: { description: 'CSRF token mismatch', schema: errorResponseSchema },
      422: { description: 'Invalid input, or an unknown, used or expired token', schema: errorResponseSchema },
      429: { description: 'Rate limited', schema: errorResponseSchema },
    },
    handler: ({ body }) => resetPassword(deps, { input: body }),
  });
}
