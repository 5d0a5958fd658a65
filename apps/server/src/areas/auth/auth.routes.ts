import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  authResponseSchema,
  demoLoginResponseSchema,
  errorResponseSchema,
  loginRequestSchema,
  messageResponseSchema,
  registerRequestSchema,
  userSchema,
} from '@ledgerleaf/domain';
import type { Deps } from '../../lib/context';
import { ERROR_DOCS, errorDoc } from '../../lib/error-docs';
import { SERVER_MESSAGES } from '../../lib/messages';
import { defineRoute, requireAuth } from '../../lib/route';
import { currentUser, demoLogin, login, logout, register } from './auth.service';

const errors = {
  ...ERROR_DOCS,
  csrf: errorDoc('CSRF token mismatch'),
  throttled: errorDoc('Too many attempts (Retry-After header)'),
};

const demoLoginRequestSchema = z.strictObject({
  email: loginRequestSchema.shape.email,
  password: loginRequestSchema.shape.password,
});

export function registerAuthRoutes(app: FastifyInstance, deps: Deps): void {
  defineRoute(app, {
    method: 'POST',
    url: '/web-login',
    summary: 'Sign in with email and password; answers a bearer token and the user',
    tags: ['auth'],
    body: loginRequestSchema,
    responses: {
      200: { description: 'Signed in', schema: authResponseSchema },
      419: errors.csrf,
      422: errors.validation,
      429: errors.throttled,
    },
    handler: ({ body, request }) =>
      login(deps, { email: body.email, password: body.password, remember: body.remember ?? false, ip: request.ip }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/register',
    summary: 'Create a business and its owner; answers a bearer token and the user',
    tags: ['auth'],
    body: registerRequestSchema,
    rateLimit: deps.rateLimits.register,
    responses: {
      201: { description: 'Registered', schema: authResponseSchema },
      419: errors.csrf,
      422: errors.validation,
      429: errors.throttled,
    },
    handler: async ({ body, reply }) => {
      const result = await register(deps, { input: body });
      reply.code(201);
      return result;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/logout',
    summary: 'Revoke the bearer token of this request',
    tags: ['auth'],
    auth: true,
    responses: { 200: { description: 'Signed out', schema: messageResponseSchema }, 401: errors.unauthenticated },
    handler: async ({ request }) => {
      await logout(deps, { auth: requireAuth(request) });
      return { message: SERVER_MESSAGES.loggedOut };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/user',
    summary: 'The signed-in user',
    tags: ['auth'],
    auth: true,
    // Every screen's first call: written by a serializer compiled from the contract (checked outside production).
    responses: {
      200: { description: 'The user', schema: userSchema, compiled: true },
      401: errors.unauthenticated,
    },
    // Nothing to wait for (the caller was read by the auth hook): answered without a promise.
    handler: ({ request }) => currentUser({ auth: request.auth }),
  });

  const demoDoc = {
    method: 'POST' as const,
    url: '/api/debug/demo-login',
    summary: 'Sign in as the demo account (only when DEMO is on; 404 otherwise)',
    tags: ['auth'],
    responses: {
      200: { description: 'Signed in as the demo user', schema: demoLoginResponseSchema },
      404: { description: 'Demo disabled', schema: errorResponseSchema },
      419: errors.csrf,
      422: errors.validation,
      429: errors.throttled,
    },
  };
  if (!deps.config.demo) {
    // Off means off: the same 404 whatever the body.
    defineRoute(app, { ...demoDoc, handler: async () => demoLogin(deps, { email: '', password: '', ip: '' }) });
    return;
  }
  defineRoute(app, {
    ...demoDoc,
    body: demoLoginRequestSchema,
    handler: ({ body, request }) => demoLogin(deps, { email: body.email, password: body.password, ip: request.ip }),
  });
}
