import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  RECURRING_MESSAGES,
  idParamsSchema,
  recurringConfigResponseSchema,
  recurringConfigSchema,
  recurringInvoiceResponseSchema,
  recurringIssueNowResponseSchema,
  recurringListQuerySchema,
  recurringPageSchema,
  recurringRequestSchema,
  recurringStatusSchema,
  schedulerRunMessage,
  schedulerRunResponseSchema,
  type RecurringRequest,
} from '@ledgerleaf/domain';
import type { Deps } from '../../../lib/context';
import { ERROR_DOCS, conflictDoc, errorDoc } from '../../../lib/error-docs';
import { defineRoute, requireAuth } from '../../../lib/route';
import { INVOICE_BODY_LIMIT_BYTES } from '../invoices/invoices.routes';
import { businessDate } from '../../../lib/display-date';
import { issueRecurringNow } from './recurring-runs.job';
import * as recurring from './recurring.service';

const ERRORS = {
  ...ERROR_DOCS,
  forbidden: errorDoc('A read-only role may not run the scheduler'),
  notFound: errorDoc("No such recurring invoice in the caller's business"),
  conflict: conflictDoc('Not allowed in its status', recurringStatusSchema),
};
const messageSchema = z.object({ message: z.string() });

/** The parsed request, `auto_send` defaulting to the business's setting when the body leaves it out. */
async function withDefaults(
  deps: Deps,
  businessId: number,
  body: z.output<typeof recurringRequestSchema>,
): Promise<RecurringRequest> {
  if (body.auto_send !== null) return { ...body, auto_send: body.auto_send };
  const config = await recurring.recurringConfig(deps.db, businessId);
  return { ...body, auto_send: config.default_auto_send };
}

export function registerRecurringRoutes(app: FastifyInstance, deps: Deps): void {
  const tags = ['recurring invoices'];
  const e = ERRORS;

  defineRoute(app, {
    method: 'GET',
    url: '/api/recurring-invoices',
    summary: 'Recurring invoices with next run date, remaining count and status (active, paused, finished)',
    tags,
    auth: true,
    query: recurringListQuerySchema,
    responses: {
      200: { description: 'One page', schema: recurringPageSchema },
      401: e.unauthenticated,
      422: e.validation,
    },
    handler: ({ request, query }) => recurring.listRecurring(deps, { auth: requireAuth(request), query }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/recurring-invoices',
    summary:
      'Create a recurring invoice: template (client, lines, discount, notes, terms, payment_terms_days) and schedule',
    tags,
    auth: true,
    body: recurringRequestSchema,
    // The template's lines follow the invoice contract, so its largest valid body is the invoice's.
    bodyLimit: INVOICE_BODY_LIMIT_BYTES,
    responses: {
      201: { description: 'Created', schema: recurringInvoiceResponseSchema },
      401: e.unauthenticated,
      413: e.tooLarge,
      422: e.validation,
    },
    handler: async ({ request, reply, body }) => {
      const auth = requireAuth(request);
      const data = await recurring.createRecurring(deps, {
        auth,
        input: await withDefaults(deps, auth.businessId, body),
      });
      reply.code(201);
      return { data, message: RECURRING_MESSAGES.created };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/recurring-invoices/config',
    summary: 'Business defaults: send time, time zone, default auto-send, missed runs (catch up or skip)',
    tags,
    auth: true,
    responses: { 200: { description: 'The settings', schema: recurringConfigResponseSchema }, 401: e.unauthenticated },
    handler: async ({ request }) => ({
      data: await recurring.getRecurringConfig(deps, { auth: requireAuth(request) }),
    }),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/recurring-invoices/config',
    summary:
      'Save the business defaults of recurring invoices; owners and admins (the time zone also decides overdue, expiry and reminders)',
    tags,
    auth: true,
    access: 'admin',
    body: recurringConfigSchema,
    responses: {
      200: { description: 'Saved', schema: recurringConfigResponseSchema },
      401: e.unauthenticated,
      422: e.validation,
    },
    handler: async ({ request, body }) => ({
      data: await recurring.saveRecurringConfig(deps, { auth: requireAuth(request), input: body }),
      message: RECURRING_MESSAGES.configUpdated,
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/recurring-invoices/run-scheduler',
    summary:
      "Run the scheduler now for the caller's business (its recurring invoices, overdue, expiry, reminders, emails) and count only its work; safe alongside the background pass, which does every business",
    tags,
    auth: true,
    access: 'write',
    responses: {
      200: { description: 'What the pass did', schema: schedulerRunResponseSchema },
      401: e.unauthenticated,
      403: e.forbidden,
    },
    handler: async ({ request }) => {
      const auth = requireAuth(request);
      const data = await app.scheduler.runNow({ businessId: auth.businessId });
      const next = await recurring.nextRecurringRun(deps.db, auth.businessId);
      const message = schedulerRunMessage(
        data,
        next ? { ...next, date: businessDate(next.period, auth.user.date_format) } : null,
      );
      return { data, next_run: next, message };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/recurring-invoices/:id',
    summary: 'A recurring invoice: template, schedule, the next five run dates and the invoices it produced',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: {
      200: { description: 'The recurring invoice', schema: recurringInvoiceResponseSchema },
      401: e.unauthenticated,
      404: e.notFound,
    },
    handler: async ({ request, params }) => ({
      data: await recurring.getRecurring(deps, { auth: requireAuth(request), recurringId: params.id }),
    }),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/recurring-invoices/:id',
    summary: 'Replace template and schedule (the next run follows the last period invoiced)',
    tags,
    auth: true,
    params: idParamsSchema,
    body: recurringRequestSchema,
    bodyLimit: INVOICE_BODY_LIMIT_BYTES,
    responses: {
      200: { description: 'Updated', schema: recurringInvoiceResponseSchema },
      401: e.unauthenticated,
      404: e.notFound,
      413: e.tooLarge,
      422: e.validation,
    },
    handler: async ({ request, params, body }) => {
      const auth = requireAuth(request);
      const input = await withDefaults(deps, auth.businessId, body);
      return {
        data: await recurring.updateRecurring(deps, { auth, recurringId: params.id, input }),
        message: RECURRING_MESSAGES.updated,
      };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/recurring-invoices/:id',
    summary: 'Delete a recurring invoice (the invoices it produced stay)',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: { 200: { description: 'Deleted', schema: messageSchema }, 401: e.unauthenticated, 404: e.notFound },
    handler: async ({ request, params }) => {
      await recurring.deleteRecurring(deps, { auth: requireAuth(request), recurringId: params.id });
      return { message: RECURRING_MESSAGES.deleted };
    },
  });

  for (const [action, run, message] of [
    ['pause', recurring.pauseRecurring, RECURRING_MESSAGES.paused],
    ['resume', recurring.resumeRecurring, RECURRING_MESSAGES.resumed],
  ] as const) {
    defineRoute(app, {
      method: 'POST',
      url: `/api/recurring-invoices/:id/${action}`,
      summary:
        action === 'pause'
          ? 'Pause: no runs until resumed'
          : 'Resume from today (periods passed while paused are not invoiced)',
      tags,
      auth: true,
      params: idParamsSchema,
      responses: {
        200: { description: 'Done', schema: recurringInvoiceResponseSchema },
        401: e.unauthenticated,
        404: e.notFound,
        409: e.conflict,
      },
      handler: async ({ request, params }) => ({
        data: await run(deps, { auth: requireAuth(request), recurringId: params.id }),
        message,
      }),
    });
  }

  defineRoute(app, {
    method: 'POST',
    url: '/api/recurring-invoices/:id/issue-now',
    summary:
      'Issue the invoice of the current period now, before its send time (once: a period has one invoice; 409 when it was issued already or nothing is due yet)',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: {
      201: { description: 'The invoice was issued', schema: recurringIssueNowResponseSchema },
      401: e.unauthenticated,
      404: e.notFound,
      409: conflictDoc(
        'Not active, nothing due yet, or the current period has been issued already',
        recurringStatusSchema,
      ),
    },
    handler: async ({ request, params, reply }) => {
      const result = await issueRecurringNow(deps, { auth: requireAuth(request), recurringId: params.id });
      reply.code(201);
      return result;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/recurring-invoices/:id/skip',
    summary: 'Skip the next run (the schedule moves to the following date)',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: {
      200: { description: 'Skipped', schema: recurringInvoiceResponseSchema },
      401: e.unauthenticated,
      404: e.notFound,
      409: e.conflict,
    },
    handler: async ({ request, params }) => {
      const result = await recurring.skipNextRun(deps, { auth: requireAuth(request), recurringId: params.id });
      return { data: result.data, message: RECURRING_MESSAGES.skipped(result.skipped) };
    },
  });
}
