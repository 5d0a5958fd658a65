import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ESTIMATE_MESSAGES,
  estimateAcceptInputSchema,
  estimateCreateRequestSchema,
  estimateDeclineInputSchema,
  estimateDetailResponseSchema,
  estimateInputSchema,
  estimateListQuerySchema,
  estimatePageSchema,
  estimateResponseSchema,
  estimateSchema,
  estimateStatusSchema,
  idParamsSchema,
  EMAIL_DELIVERY_STATES,
  invoiceSendInputSchema,
  issuesNow,
  publicEstimateResponseSchema,
} from '@ledgerleaf/domain';
import type { Deps } from '../../../lib/context';
import { ERROR_DOCS, conflictDoc, errorDoc } from '../../../lib/error-docs';
import { defineRoute, requireAuth } from '../../../lib/route';
import {
  PDF_RESPONSE_DOC,
  PUBLIC_DOCUMENT_RATE_LIMIT,
  pdfQuerySchema,
  sendPdf,
  tokenParamsSchema,
} from '../documents/document-routes';
import { INVOICE_BODY_LIMIT_BYTES } from '../errors';
import * as estimates from './estimates.service';

const ERRORS = {
  ...ERROR_DOCS,
  notFound: errorDoc("No such estimate in the caller's business"),
  conflict: conflictDoc('Not allowed in the estimate’s status (a refused transition)', estimateStatusSchema),
};

const sendResponseSchema = z.object({
  data: estimateSchema,
  email: z.object({
    id: z.number().int(),
    to: z.array(z.string()),
    subject: z.string(),
    transport: z.enum(['smtp', 'log']),
    delivery: z.enum(EMAIL_DELIVERY_STATES),
    error: z.string().nullable(),
  }),
  message: z.string(),
});
const convertResponseSchema = z.object({ data: estimateSchema, invoice_id: z.number().int(), message: z.string() });
const messageSchema = z.object({ message: z.string() });

export function registerEstimateRoutes(app: FastifyInstance, deps: Deps): void {
  const tags = ['estimates'];
  const e = ERRORS;

  defineRoute(app, {
    method: 'GET',
    url: '/api/estimates',
    summary:
      'Estimates: status filter (all, open, draft, sent, viewed, accepted, declined, expired, converted), search (number, client), issue-date range, sort, pages',
    tags,
    auth: true,
    query: estimateListQuerySchema,
    responses: {
      200: { description: 'One page of estimates', schema: estimatePageSchema },
      422: e.validation,
    },
    handler: ({ request, query }) => estimates.listEstimates(deps, { auth: requireAuth(request), query }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/estimates',
    summary:
      'Create a draft estimate (the invoice contract with expiry_date); `issue: true` also issues it without email (EST- number; `send: true` is its deprecated old name)',
    tags,
    auth: true,
    body: estimateCreateRequestSchema,
    // The estimate's lines follow the invoice contract, so its largest valid body is the invoice's.
    bodyLimit: INVOICE_BODY_LIMIT_BYTES,
    responses: {
      201: { description: 'Created', schema: estimateResponseSchema },
      413: e.tooLarge,
      422: e.validation,
    },
    handler: async ({ request, reply, body }) => {
      const { send, issue, ...input } = body;
      const issueNow = issuesNow({ send, issue });
      const data = await estimates.createEstimate(deps, { auth: requireAuth(request), input, send: issueNow });
      reply.code(201);
      const message = !issueNow
        ? ESTIMATE_MESSAGES.created
        : issue
          ? ESTIMATE_MESSAGES.issued
          : ESTIMATE_MESSAGES.markedAsSent;
      return { data, message };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/estimates/:id',
    summary: 'An estimate: lines, taxes, totals, public link, the invoice it became, and its timeline',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: {
      200: { description: 'The estimate', schema: estimateDetailResponseSchema },
      404: e.notFound,
    },
    handler: async ({ request, params }) => ({
      data: await estimates.getEstimate(deps, { auth: requireAuth(request), estimateId: params.id }),
    }),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/estimates/:id',
    summary: 'Replace an estimate (draft, sent or viewed)',
    tags,
    auth: true,
    params: idParamsSchema,
    body: estimateInputSchema,
    bodyLimit: INVOICE_BODY_LIMIT_BYTES,
    responses: {
      200: { description: 'Updated', schema: estimateResponseSchema },
      404: e.notFound,
      409: e.conflict,
      413: e.tooLarge,
      422: e.validation,
    },
    handler: async ({ request, params, body }) => ({
      data: await estimates.updateEstimate(deps, {
        auth: requireAuth(request),
        estimateId: params.id,
        input: body,
      }),
      message: ESTIMATE_MESSAGES.updated,
    }),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/estimates/:id',
    summary: 'Delete a draft estimate',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: {
      200: { description: 'Deleted', schema: messageSchema },
      404: e.notFound,
      409: e.conflict,
    },
    handler: async ({ request, params }) => {
      await estimates.deleteEstimate(deps, { auth: requireAuth(request), estimateId: params.id });
      return { message: ESTIMATE_MESSAGES.deleted };
    },
  });

  // Issuing without email; `/mark-sent` is its deprecated old name (kept for one release, same service).
  for (const [url, deprecated] of [
    ['/api/estimates/:id/issue', false],
    ['/api/estimates/:id/mark-sent', true],
  ] as const)
    defineRoute(app, {
      method: 'POST',
      url,
      summary: deprecated
        ? 'Deprecated: the old name of POST /api/estimates/{id}/issue (same effect)'
        : 'Issue a draft estimate without emailing it: the next EST- number, status sent',
      tags,
      auth: true,
      deprecated,
      params: idParamsSchema,
      responses: {
        200: { description: 'Issued', schema: estimateResponseSchema },
        404: e.notFound,
        409: e.conflict,
      },
      handler: async ({ request, params }) => ({
        data: await estimates.markSent(deps, { auth: requireAuth(request), estimateId: params.id }),
        message: deprecated ? ESTIMATE_MESSAGES.markedAsSent : ESTIMATE_MESSAGES.issued,
      }),
    });

  defineRoute(app, {
    method: 'POST',
    url: '/api/estimates/:id/send',
    summary:
      "Email the estimate with its PDF and public link (to `to` or the client's contacts); a draft is issued first",
    tags,
    auth: true,
    params: idParamsSchema,
    body: invoiceSendInputSchema,
    responses: {
      200: { description: 'Sent', schema: sendResponseSchema },
      404: e.notFound,
      409: e.conflict,
      422: e.validation,
    },
    handler: ({ request, params, body }) =>
      estimates.sendEstimate(deps, { auth: requireAuth(request), estimateId: params.id, input: body }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/estimates/:id/convert',
    summary: 'Convert to a draft invoice with the same lines (once); links both ways',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: {
      200: { description: 'Converted', schema: convertResponseSchema },
      404: e.notFound,
      409: e.conflict,
    },
    handler: async ({ request, params }) => {
      const result = await estimates.convertEstimate(deps, { auth: requireAuth(request), estimateId: params.id });
      return {
        data: result.estimate,
        invoice_id: result.invoice_id,
        message: ESTIMATE_MESSAGES.converted(result.invoice_number),
      };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/estimates/:id/pdf',
    summary: 'The estimate as PDF (attachment; `?inline=1` to preview)',
    tags,
    auth: true,
    params: idParamsSchema,
    query: pdfQuerySchema,
    responses: {
      200: PDF_RESPONSE_DOC,
      404: e.notFound,
      422: e.validation,
      429: ERROR_DOCS.filesBusy,
    },
    handler: async ({ request, reply, params, query }) =>
      sendPdf(
        reply,
        await estimates.estimatePdf(deps, { auth: requireAuth(request), estimateId: params.id }),
        query.inline === '1' || query.inline === 'true',
      ),
  });

  // ---------------------------------------------------------------- public `/e/{token}`

  defineRoute(app, {
    method: 'GET',
    url: '/api/public/estimates/:token',
    summary: 'The public estimate behind `/e/{token}` (no sign-in); the first view moves sent to viewed',
    tags: ['public'],
    auth: 'optional',
    params: tokenParamsSchema,
    rateLimit: PUBLIC_DOCUMENT_RATE_LIMIT,
    responses: {
      200: { description: 'The estimate as its client reads it', schema: publicEstimateResponseSchema },
      404: e.notFound,
      429: e.throttled,
    },
    handler: async ({ request, reply, params }) => {
      reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
      return { data: await estimates.publicEstimate(deps, { token: params.token, viewer: request.auth }) };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/public/estimates/:token/pdf',
    summary: 'The public estimate as PDF (no sign-in)',
    tags: ['public'],
    auth: 'optional',
    params: tokenParamsSchema,
    query: pdfQuerySchema,
    rateLimit: PUBLIC_DOCUMENT_RATE_LIMIT,
    responses: {
      200: PDF_RESPONSE_DOC,
      404: e.notFound,
      422: e.validation,
      429: errorDoc(
        'Too many requests from this address, or too many files under way for the business or this server (`Retry-After`)',
      ),
    },
    handler: async ({ request, reply, params, query }) => {
      reply.header('x-robots-tag', 'noindex');
      return sendPdf(
        reply,
        await estimates.publicEstimatePdf(deps, { token: params.token, viewer: request.auth }),
        query.inline === '1' || query.inline === 'true',
      );
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/public/estimates/:token/accept',
    summary:
      'The client accepts the estimate with their name (no sign-in; anti-forgery header); the business is notified',
    tags: ['public'],
    params: tokenParamsSchema,
    body: estimateAcceptInputSchema,
    rateLimit: PUBLIC_DOCUMENT_RATE_LIMIT,
    responses: {
      200: { description: 'Accepted', schema: publicEstimateResponseSchema },
      404: e.notFound,
      409: e.conflict,
      422: e.validation,
      429: e.throttled,
    },
    handler: async ({ params, body }) => ({
      data: await estimates.respondToEstimate(deps, { token: params.token, answer: { accept: true, name: body.name } }),
      message: ESTIMATE_MESSAGES.accepted,
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/public/estimates/:token/decline',
    summary:
      'The client declines the estimate, with an optional reason (no sign-in; anti-forgery header); the business is notified',
    tags: ['public'],
    params: tokenParamsSchema,
    body: estimateDeclineInputSchema,
    rateLimit: PUBLIC_DOCUMENT_RATE_LIMIT,
    responses: {
      200: { description: 'Declined', schema: publicEstimateResponseSchema },
      404: e.notFound,
      409: e.conflict,
      422: e.validation,
      429: e.throttled,
    },
    handler: async ({ params, body }) => ({
      data: await estimates.respondToEstimate(deps, {
        token: params.token,
        answer: { accept: false, reason: body.reason },
      }),
      message: ESTIMATE_MESSAGES.declined,
    }),
  });
}
