import type { FastifyInstance } from 'fastify';
import {
  ACCOUNT_MESSAGES,
  emailTemplateKeyParamsSchema,
  emailTemplateListResponseSchema,
  emailTemplateRequestSchema,
  emailTemplateResponseSchema,
  toFieldErrors,
  type EmailTemplateKey,
} from '@ledgerleaf/domain';
import { deleteEmailTemplate, saveEmailTemplate } from '@ledgerleaf/db';
import { z } from 'zod';
import type { AuthContext, Deps } from '../../lib/context';
import { notFound, validationError } from '../../lib/errors';
import { publish } from '../../lib/events';
import { defineRoute, requireAuth } from '../../lib/route';
import { ACCOUNT_ERRORS as e } from '../account-errors';
import { listEmailTemplateViews } from './email-templates.service';

async function viewOf(deps: Deps, auth: AuthContext, key: EmailTemplateKey) {
  const view = (await listEmailTemplateViews(deps.db, auth.businessId)).find((candidate) => candidate.key === key);
  if (!view) throw notFound(ACCOUNT_MESSAGES.templateNotFound);
  return view;
}

export function registerEmailTemplateRoutes(app: FastifyInstance, deps: Deps): void {
  const tags = ['email templates'];
  defineRoute(app, {
    method: 'GET',
    url: '/api/email-templates',
    summary: 'Subject and body of every email the product sends, with the placeholders each may use',
    tags,
    auth: true,
    responses: { 200: { description: 'Templates', schema: emailTemplateListResponseSchema }, 401: e.unauthenticated },
    handler: async ({ request }) => ({ data: await listEmailTemplateViews(deps.db, requireAuth(request).businessId) }),
  });
  defineRoute(app, {
    method: 'PUT',
    url: '/api/email-templates/:key',
    summary: 'Save the subject and body of one email; owners and admins',
    tags,
    auth: true,
    access: 'admin',
    params: emailTemplateKeyParamsSchema,
    // The allowed placeholders depend on the key, so the body is checked in the handler.
    body: z.unknown(),
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
      await deps.db.transaction().execute(async (tx) => {
        const now = deps.clock();
        await saveEmailTemplate(tx, {
          businessId: auth.businessId,
          key: params.key,
          subject: parsed.data.subject,
          body: parsed.data.body,
          now,
        });
        await publish(tx, {
          type: 'settings.email_template_updated',
          businessId: auth.businessId,
          userId: auth.userId,
          subject: { type: 'business', id: auth.businessId },
          data: { key: params.key },
          at: now,
        });
      });
      return { data: await viewOf(deps, auth, params.key), message: ACCOUNT_MESSAGES.templateSaved };
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
    handler: async ({ request, params }) => {
      const auth = requireAuth(request);
      await deleteEmailTemplate(deps.db, { businessId: auth.businessId, key: params.key });
      return { data: await viewOf(deps, auth, params.key), message: ACCOUNT_MESSAGES.templateReset };
    },
  });
}
