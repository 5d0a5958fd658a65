import type { FastifyInstance } from 'fastify';
import {
  ACCOUNT_MESSAGES,
  EMAIL_TEMPLATE_KEYS,
  emailTemplateKeyParamsSchema,
  emailTemplateListResponseSchema,
  emailTemplateRequestSchema,
  emailTemplateResponseSchema,
  toFieldErrors,
} from '@ledgerleaf/domain';
import { z } from 'zod';
import type { Deps } from '../../../lib/context';
import { validationError } from '../../../lib/errors';
import { defineRoute, requireAuth } from '../../../lib/route';
import { ACCOUNT_ERRORS as e } from '../errors';
import { getEmailTemplates, resetEmailTemplate, saveEmailTemplate } from './email-templates.service';

export function registerEmailTemplateRoutes(app: FastifyInstance, deps: Deps): void {
  const tags = ['email templates'];
  defineRoute(app, {
    method: 'GET',
    url: '/api/email-templates',
    summary: 'Subject and body of every email the product sends, with the placeholders each may use',
    tags,
    auth: true,
    responses: { 200: { description: 'Templates', schema: emailTemplateListResponseSchema }, 401: e.unauthenticated },
    handler: async ({ request }) => ({ data: await getEmailTemplates(deps, { auth: requireAuth(request) }) }),
  });
  defineRoute(app, {
    method: 'PUT',
    url: '/api/email-templates/:key',
    summary: 'Save the subject and body of one email; owners and admins',
    tags,
    auth: true,
    access: 'admin',
    params: emailTemplateKeyParamsSchema,
    // The allowed placeholders depend on the key, so the body is checked in the handler; its shape is
    // every key's, which the document describes.
    body: z.unknown(),
    documentedBody: emailTemplateRequestSchema(EMAIL_TEMPLATE_KEYS[0]).describe(
      "The email's subject (one line) and body; the {{placeholders}} in them must be ones this email has (GET /api/email-templates lists each email's), others answer 422",
    ),
    responses: {
      200: { description: 'Saved', schema: emailTemplateResponseSchema },
      401: e.unauthenticated,
      403: e.forbidden,
      404: e.notFound,
      422: e.validation,
    },
    handler: async ({ request, params, body }) => {
      const auth = requireAuth(request);
      const parsed = emailTemplateRequestSchema(params.key).safeParse(body ?? {});
      if (!parsed.success) throw validationError(toFieldErrors(parsed.error));
      return {
        data: await saveEmailTemplate(deps, { auth, key: params.key, input: parsed.data }),
        message: ACCOUNT_MESSAGES.templateSaved,
      };
    },
  });
  defineRoute(app, {
    method: 'DELETE',
    url: '/api/email-templates/:key',
    summary: 'Reset one email to the default text; owners and admins',
    tags,
    auth: true,
    access: 'admin',
    params: emailTemplateKeyParamsSchema,
    responses: {
      200: { description: 'Reset', schema: emailTemplateResponseSchema },
      401: e.unauthenticated,
      403: e.forbidden,
      404: e.notFound,
    },
    handler: async ({ request, params }) => ({
      data: await resetEmailTemplate(deps, { auth: requireAuth(request), key: params.key }),
      message: ACCOUNT_MESSAGES.templateReset,
    }),
  });
}
