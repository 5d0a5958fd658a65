import type { FastifyInstance } from 'fastify';
import {
  SHELL_MESSAGES,
  betaFeedbackCreatedSchema,
  betaFeedbackListQuerySchema,
  betaFeedbackListResponseSchema,
  betaFeedbackSchema,
} from '@ledgerleaf/domain';
import type { Deps } from '../../../lib/context';
import { ERROR_DOCS, errorDoc } from '../../../lib/error-docs';
import { defineRoute, requireAuth } from '../../../lib/route';
import * as feedback from './feedback.service';

const e = {
  ...ERROR_DOCS,
  forbidden: errorDoc('Only admins and owners read feedback'),
};

/**
 * Beta feedback (SPEC.md sections 3, 5 and 7): any signed-in person, read-only roles too, reports a
 * type, the feature it is about, a description and an optional rating from the shell's feedback
 * button; owners and admins list their business's reports.
 */
export function registerFeedbackRoutes(app: FastifyInstance, deps: Deps): void {
  const tags = ['beta-feedback'];

  defineRoute(app, {
    method: 'POST',
    url: '/api/beta-feedback',
    summary:
      'Sends beta feedback: type, feature and description required, rating 1-5 optional, systemInfo and the browser timestamp',
    tags,
    auth: true,
    body: betaFeedbackSchema,
    responses: {
      201: { description: 'Stored', schema: betaFeedbackCreatedSchema },
      401: e.unauthenticated,
      422: e.validation,
    },
    // One person does not need more than this; a stuck button must not flood the table.
    rateLimit: { max: 20, timeWindow: 60_000 },
    handler: async ({ request, reply, body }) => {
      const data = await feedback.submitFeedback(deps, { auth: requireAuth(request), input: body });
      reply.code(201);
      return { message: SHELL_MESSAGES.feedbackStored, data };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/beta-feedback',
    summary: "The business's beta feedback, newest first, optionally of one type (admins and owners; others 403)",
    tags,
    auth: true,
    query: betaFeedbackListQuerySchema,
    responses: {
      200: { description: 'Feedback', schema: betaFeedbackListResponseSchema },
      401: e.unauthenticated,
      403: e.forbidden,
      422: e.validation,
    },
    handler: async ({ request, query }) =>
      feedback.listFeedback(deps, {
        auth: requireAuth(request),
        page: query.page,
        perPage: query.per_page,
        type: query.type,
      }),
  });
}
