import type { FastifyInstance } from 'fastify';
import {
  errorResponseSchema,
  idParamsSchema,
  invoiceSendInputSchema,
  invoiceStatusSchema,
  invoiceSendResponseSchema,
  outboxEmailResponseSchema,
  outboxPageSchema,
  outboxQuerySchema,
  publicInvoiceResponseSchema,
  type InvoiceSendResponse,
} from '@ledgerleaf/domain';
import type { Deps } from '../../../lib/context';
import { ERROR_DOCS, conflictDoc, errorDoc } from '../../../lib/error-docs';
import { runIdempotentEffect } from '../../../lib/idempotency';
import { defineRoute, requireAuth } from '../../../lib/route';
import {
  PDF_RESPONSE_DOC,
  PUBLIC_DOCUMENT_RATE_LIMIT,
  pdfQuerySchema,
  sendPdf,
  tokenParamsSchema,
} from '../documents/document-routes';
import * as delivery from './invoice-delivery.service';

/** Public invoice pages and PDFs per IP address: a person reading an invoice needs a handful. */
export const PUBLIC_INVOICE_RATE_LIMIT = PUBLIC_DOCUMENT_RATE_LIMIT;

const ERRORS = {
  ...ERROR_DOCS,
  notFound: errorDoc("No such invoice in the caller's business"),
  conflict: conflictDoc('A void invoice cannot be sent', invoiceStatusSchema),
  conflictOrRunning: conflictDoc(
    'A void invoice cannot be sent, or a request with the same Idempotency-Key is still running',
    invoiceStatusSchema,
  ),
};

export function registerInvoiceDeliveryRoutes(app: FastifyInstance, deps: Deps): void {
  const tags = ['invoices'];

  defineRoute(app, {
    method: 'GET',
    url: '/api/invoices/:id/pdf',
    summary:
      'The invoice as PDF (attachment; `?inline=1` to preview); `INV-2026-0001.pdf` or `draft-<client>-<date>.pdf`',
    tags,
    auth: true,
    params: idParamsSchema,
    query: pdfQuerySchema,
    responses: {
      200: PDF_RESPONSE_DOC,
      401: ERRORS.unauthenticated,
      404: ERRORS.notFound,
      422: ERRORS.validation,
    },
    handler: async ({ request, reply, params, query }) => {
      const rendered = await delivery.invoicePdf(deps, { auth: requireAuth(request), invoiceId: params.id });
      return sendPdf(reply, rendered, query.inline === '1' || query.inline === 'true');
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/invoices/:id/send',
    summary:
      "Email the invoice with its PDF and public link, to `to` or the client's contacts; a draft is issued (number, status sent) first, an issued one is sent again. Idempotency-Key header: a retry replays the first answer without mailing again",
    tags,
    auth: true,
    idempotent: true,
    params: idParamsSchema,
    body: invoiceSendInputSchema,
    responses: {
      200: { description: 'Sent (or kept in the outbox without SMTP)', schema: invoiceSendResponseSchema },
      401: ERRORS.unauthenticated,
      404: ERRORS.notFound,
      409: ERRORS.conflictOrRunning,
      422: ERRORS.validation,
    },
    handler: async ({ request, reply, params, body, idempotencyKey: key }) => {
      const auth = requireAuth(request);
      const path = `/api/invoices/${params.id}/send`;
      // Idempotency-Key: a retry (a double click, a timeout) replays the first answer and mails nothing again.
      const result = await runIdempotentEffect(
        deps,
        { businessId: auth.businessId, key, method: 'POST', path, body: request.body ?? {} },
        async () => ({
          status: 200,
          body: await delivery.sendInvoice(deps, { auth, invoiceId: params.id, input: body }),
        }),
      );
      reply.code(result.status);
      if (key !== undefined) void reply.header('idempotency-key', key);
      return result.body as InvoiceSendResponse;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/outbox',
    summary:
      "The business's email to its clients, newest first (recipients, subject, text body, category, attachments' names and sizes, delivery state); account mail is never listed",
    tags: ['outbox'],
    auth: true,
    query: outboxQuerySchema,
    responses: {
      200: { description: 'One page of email', schema: outboxPageSchema },
      401: ERRORS.unauthenticated,
      422: ERRORS.validation,
    },
    handler: ({ request, query }) => delivery.listOutbox(deps, { auth: requireAuth(request), query }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/outbox/:id',
    summary: "One message of the business's sent email, with its HTML body",
    tags: ['outbox'],
    auth: true,
    params: idParamsSchema,
    responses: {
      200: { description: 'The message', schema: outboxEmailResponseSchema },
      401: ERRORS.unauthenticated,
      404: { description: "No such message in the caller's outbox", schema: errorResponseSchema },
    },
    handler: async ({ request, params }) => ({
      data: await delivery.getOutboxEmail(deps, { auth: requireAuth(request), id: params.id }),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/public/invoices/:token',
    summary: 'The public invoice behind `/i/{token}` (no sign-in); the first view moves sent to viewed',
    tags: ['public'],
    auth: 'optional',
    params: tokenParamsSchema,
    rateLimit: PUBLIC_INVOICE_RATE_LIMIT,
    responses: {
      200: { description: 'The invoice as its client reads it', schema: publicInvoiceResponseSchema },
      404: ERRORS.notFound,
      429: ERRORS.throttled,
    },
    handler: async ({ request, reply, params }) => {
      reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
      return { data: await delivery.publicInvoice(deps, { token: params.token, viewer: request.auth }) };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/public/invoices/:token/pdf',
    summary: 'The public invoice as PDF (no sign-in; `?inline=1` to preview)',
    tags: ['public'],
    auth: 'optional',
    params: tokenParamsSchema,
    query: pdfQuerySchema,
    rateLimit: PUBLIC_INVOICE_RATE_LIMIT,
    responses: {
      200: PDF_RESPONSE_DOC,
      404: ERRORS.notFound,
      422: ERRORS.validation,
      429: ERRORS.throttled,
    },
    handler: async ({ request, reply, params, query }) => {
      const rendered = await delivery.publicInvoicePdf(deps, { token: params.token, viewer: request.auth });
      reply.header('x-robots-tag', 'noindex');
      return sendPdf(reply, rendered, query.inline === '1' || query.inline === 'true');
    },
  });
}
