import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  INVOICE_MESSAGES,
  INVOICE_TEXT_MAX_LENGTH,
  LINE_DESCRIPTION_MAX_LENGTH,
  MAX_INVOICE_LINES,
  documentPartiesSchema,
  idParamsSchema,
  invoiceCreateRequestSchema,
  invoiceListQuerySchema,
  invoicePageSchema,
  invoiceResponseSchema,
  invoiceSchema,
  invoiceStatusSchema,
  invoiceUpdateRequestSchema,
  invoiceVoidInputSchema,
} from '@ledgerleaf/domain';
import type { Deps } from '../../../lib/context';
import { ERROR_DOCS, conflictDoc, errorDoc } from '../../../lib/error-docs';
import { defineRoute, requireAuth } from '../../../lib/route';
import * as invoices from './invoices.service';

export const INVOICE_ERRORS = {
  ...ERROR_DOCS,
  notFound: errorDoc("No such invoice in the caller's business"),
  conflict: conflictDoc('Not allowed in the invoice’s status (a refused transition)', invoiceStatusSchema),
};

/**
 * JSON body limit of POST/PUT /api/invoices: the largest valid invoice (500 lines of 2,000-character
 * descriptions, notes and terms, at up to 3 bytes a character in UTF-8, 1 KB a line for its other
 * fields) is beyond the app's 1 MB.
 */
export const INVOICE_BODY_LIMIT_BYTES =
  MAX_INVOICE_LINES * (LINE_DESCRIPTION_MAX_LENGTH * 3 + 1024) + 2 * INVOICE_TEXT_MAX_LENGTH * 3 + 64 * 1024;

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
      401: e.unauthenticated,
      422: e.validation,
    },
    handler: ({ request, query }) => invoices.listInvoices(deps, { auth: requireAuth(request), query }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/invoices',
    summary: 'Create a draft (computed with the one engine); `send: true` also issues it (number assigned)',
    tags,
    auth: true,
    body: invoiceCreateRequestSchema,
    bodyLimit: INVOICE_BODY_LIMIT_BYTES,
    responses: {
      201: { description: 'Created', schema: invoiceResponseSchema },
      401: e.unauthenticated,
      413: e.tooLarge,
      422: e.validation,
    },
    handler: async ({ request, reply, body }) => {
      const { send, ...input } = body;
      const data = await invoices.createInvoice(deps, { auth: requireAuth(request), input, send: send ?? false });
      reply.code(201);
      return { data, message: send ? INVOICE_MESSAGES.markedAsSent : invoices.INVOICE_SERVER_MESSAGES.created };
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
      401: e.unauthenticated,
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
      401: e.unauthenticated,
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
      401: e.unauthenticated,
      404: e.notFound,
      409: e.conflict,
    },
    handler: async ({ request, params }) => {
      await invoices.deleteInvoice(deps, { auth: requireAuth(request), invoiceId: params.id });
      return { message: INVOICE_MESSAGES.deleted };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/invoices/:id/mark-sent',
    summary: 'Issue a draft without emailing it: the next number, status sent',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: {
      200: { description: 'Issued', schema: invoiceResponseSchema },
      401: e.unauthenticated,
      404: e.notFound,
      409: e.conflict,
    },
    handler: async ({ request, params }) => ({
      data: await invoices.sendInvoiceManually(deps, { auth: requireAuth(request), invoiceId: params.id }),
      message: INVOICE_MESSAGES.markedAsSent,
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
      401: e.unauthenticated,
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
      401: e.unauthenticated,
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
      401: e.unauthenticated,
      404: e.notFound,
    },
    handler: async ({ request, params }) => ({
      data: await invoices.getInvoiceActivity(deps, { auth: requireAuth(request), invoiceId: params.id }),
    }),
  });
}
