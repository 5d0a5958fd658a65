import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  INVOICE_MESSAGES,
  documentPartiesSchema,
  idParamsSchema,
  invoiceCreateRequestSchema,
  invoiceListQuerySchema,
  invoicePageSchema,
  invoiceResponseSchema,
  invoiceSchema,
  invoiceUpdateRequestSchema,
  invoiceVoidInputSchema,
  issuesNow,
} from '@ledgerleaf/domain';
import type { Deps } from '../../../lib/context';
import { defineRoute, requireAuth } from '../../../lib/route';
import * as invoices from './invoices.service';
import { INVOICE_BODY_LIMIT_BYTES, INVOICE_ERRORS } from '../errors';

export const invoiceActivitySchema = z.object({
  id: z.number().int(),
  event: z.string(),
  user_id: z.number().int().nullable(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export const invoiceActivityResponseSchema = z.object({ data: z.array(invoiceActivitySchema) });
/** GET /api/invoices/:id: the invoice with its activity timeline (newest first). */
export const invoiceDetailResponseSchema = z.object({
  data: invoiceSchema.extend({ parties: documentPartiesSchema, activity: z.array(invoiceActivitySchema) }),
  message: z.string().optional(),
});
export const invoiceMessageSchema = z.object({ message: z.string() });

export function registerInvoiceRoutes(app: FastifyInstance, deps: Deps): void {
  const tags = ['invoices'];
  const e = INVOICE_ERRORS;

  defineRoute(app, {
    method: 'GET',
    url: '/api/invoices',
    summary:
      'Invoices: status filter (all, unpaid, draft, sent, viewed, partial, paid, overdue, void), search (number, client), issue-date range, sort, pages; summary of everything matching',
    tags,
    auth: true,
    query: invoiceListQuerySchema,
    responses: {
      200: { description: 'One page of invoices and the totals of the filter', schema: invoicePageSchema },
      422: e.validation,
    },
    handler: ({ request, query }) => invoices.listInvoices(deps, { auth: requireAuth(request), query }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/invoices',
    summary:
      'Create a draft (computed with the one engine); `issue: true` also issues it without email (number assigned; `send: true` is its deprecated old name)',
    tags,
    auth: true,
    body: invoiceCreateRequestSchema,
    bodyLimit: INVOICE_BODY_LIMIT_BYTES,
    responses: {
      201: { description: 'Created', schema: invoiceResponseSchema },
      413: e.tooLarge,
      422: e.validation,
    },
    handler: async ({ request, reply, body }) => {
      const { send, issue, ...input } = body;
      const issueNow = issuesNow({ send, issue });
      const data = await invoices.createInvoice(deps, { auth: requireAuth(request), input, send: issueNow });
      reply.code(201);
      const message = !issueNow
        ? invoices.INVOICE_SERVER_MESSAGES.created
        : issue
          ? INVOICE_MESSAGES.issued
          : INVOICE_MESSAGES.markedAsSent;
      return { data, message };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/invoices/:id',
    summary:
      'An invoice: lines, taxes, totals, payments, goal_id, the estimate or recurring invoice it came from, public link and activity timeline',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: {
      200: { description: 'The invoice', schema: invoiceDetailResponseSchema },
      404: e.notFound,
    },
    handler: async ({ request, params }) => ({
      data: await invoices.getInvoice(deps, { auth: requireAuth(request), invoiceId: params.id }),
    }),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/invoices/:id',
    summary: 'Replace an invoice (draft, sent, viewed or overdue: nothing paid yet), recomputed with the engine',
    tags,
    auth: true,
    params: idParamsSchema,
    body: invoiceUpdateRequestSchema,
    bodyLimit: INVOICE_BODY_LIMIT_BYTES,
    responses: {
      200: { description: 'Updated', schema: invoiceResponseSchema },
      404: e.notFound,
      409: e.conflict,
      413: e.tooLarge,
      422: e.validation,
    },
    handler: async ({ request, params, body }) => ({
      data: await invoices.updateInvoice(deps, { auth: requireAuth(request), invoiceId: params.id, input: body }),
      message: invoices.INVOICE_SERVER_MESSAGES.updated,
    }),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/invoices/:id',
    summary: 'Delete a draft (issued invoices are voided instead: 409)',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: {
      200: { description: 'Deleted', schema: invoiceMessageSchema },
      404: e.notFound,
      409: e.conflict,
    },
    handler: async ({ request, params }) => {
      await invoices.deleteInvoice(deps, { auth: requireAuth(request), invoiceId: params.id });
      return { message: INVOICE_MESSAGES.deleted };
    },
  });

  // Issuing without email; `/mark-sent` is its deprecated old name (kept for one release, same service).
  for (const [url, deprecated] of [
    ['/api/invoices/:id/issue', false],
    ['/api/invoices/:id/mark-sent', true],
  ] as const)
    defineRoute(app, {
      method: 'POST',
      url,
      summary: deprecated
        ? 'Deprecated: the old name of POST /api/invoices/{id}/issue (same effect)'
        : 'Issue a draft without emailing it: the next number, status sent (owed)',
      tags,
      auth: true,
      deprecated,
      params: idParamsSchema,
      responses: {
        200: { description: 'Issued', schema: invoiceResponseSchema },
        404: e.notFound,
        409: e.conflict,
      },
      handler: async ({ request, params }) => ({
        data: await invoices.sendInvoiceManually(deps, { auth: requireAuth(request), invoiceId: params.id }),
        message: deprecated ? INVOICE_MESSAGES.markedAsSent : INVOICE_MESSAGES.issued,
      }),
    });

  defineRoute(app, {
    method: 'POST',
    url: '/api/invoices/:id/void',
    summary: 'Void an issued invoice that is not paid (its number stays used); optional reason',
    tags,
    auth: true,
    params: idParamsSchema,
    body: invoiceVoidInputSchema,
    responses: {
      200: { description: 'Voided', schema: invoiceResponseSchema },
      404: e.notFound,
      409: e.conflict,
      422: e.validation,
    },
    handler: async ({ request, params, body }) => ({
      data: await invoices.voidInvoice(deps, { auth: requireAuth(request), invoiceId: params.id, reason: body.reason }),
      message: INVOICE_MESSAGES.voided,
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/invoices/:id/duplicate',
    summary: 'A new draft with the same client, lines and texts, dated today',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: {
      201: { description: 'The new draft', schema: invoiceResponseSchema },
      404: e.notFound,
      422: e.validation,
    },
    handler: async ({ request, reply, params }) => {
      const data = await invoices.duplicateInvoice(deps, { auth: requireAuth(request), invoiceId: params.id });
      reply.code(201);
      return { data, message: invoices.INVOICE_SERVER_MESSAGES.duplicated };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/invoices/:id/activity',
    summary: "The invoice's activity timeline (created, updated, sent, viewed, payments, void), newest first",
    tags,
    auth: true,
    params: idParamsSchema,
    responses: {
      200: { description: 'Timeline', schema: invoiceActivityResponseSchema },
      404: e.notFound,
    },
    handler: async ({ request, params }) => ({
      data: await invoices.getInvoiceActivity(deps, { auth: requireAuth(request), invoiceId: params.id }),
    }),
  });
}
