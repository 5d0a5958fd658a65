import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  INVOICE_MESSAGES,
  errorResponseSchema,
  idParamsSchema,
  idSchema,
  invoiceResponseSchema,
  invoiceStatusSchema,
  paymentInputSchema,
  paymentReceiptResponseSchema,
  paymentResponseSchema,
  paymentSchema,
} from '@ledgerleaf/domain';
import type { Deps } from '../../../lib/context';
import { conflictDoc } from '../../../lib/error-docs';
import { runIdempotentEffect } from '../../../lib/idempotency';
import { defineRoute, requireAuth } from '../../../lib/route';
import { INVOICE_ERRORS as e } from '../invoices/invoices.routes';
import * as payments from './payments.service';

const paymentParamsSchema = z.object({ id: idSchema, paymentId: idSchema });
export const paymentListResponseSchema = z.object({ data: z.array(paymentSchema) });

export function registerPaymentRoutes(app: FastifyInstance, deps: Deps): void {
  const tags = ['payments'];

  defineRoute(app, {
    method: 'POST',
    url: '/api/invoices/:id/payments',
    summary:
      'Record a payment (up to the balance; one transaction with the balance check). Idempotency-Key header: a retry replays the first answer. Answers the payment (payment_id) and the invoice; with `send_receipt` the receipt is emailed to the client after the commit and `receipt` tells how it went (a failed receipt leaves the payment recorded; a replay mails nothing)',
    tags,
    auth: true,
    idempotent: true,
    params: idParamsSchema,
    body: paymentInputSchema,
    responses: {
      201: { description: 'Recorded', schema: paymentResponseSchema },
      401: e.unauthenticated,
      404: e.notFound,
      409: e.conflict,
      422: e.validation,
    },
    handler: async ({ request, reply, params, body, idempotencyKey: key }) => {
      const auth = requireAuth(request);
      const result = await payments.recordPayment(deps, {
        auth,
        invoiceId: params.id,
        input: body,
        idempotencyKey: key,
        rawBody: request.body ?? {},
        path: `/api/invoices/${params.id}/payments`,
      });
      reply.code(result.status);
      if (key !== undefined) void reply.header('idempotency-key', key);
      return result.body;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/invoices/:id/payments',
    summary: "The invoice's payments, oldest first",
    tags,
    auth: true,
    params: idParamsSchema,
    responses: {
      200: { description: 'Payments', schema: paymentListResponseSchema },
      401: e.unauthenticated,
      404: e.notFound,
    },
    handler: async ({ request, params }) => ({
      data: await payments.listInvoicePayments(deps, { auth: requireAuth(request), invoiceId: params.id }),
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/invoices/:id/payments/:paymentId/receipt',
    summary:
      "Email the payment's receipt (the business's payment receipt template, the invoice PDF attached) to the client's contacts. Idempotency-Key header: a retry replays the first answer without mailing again",
    tags,
    auth: true,
    idempotent: true,
    params: paymentParamsSchema,
    responses: {
      200: { description: 'Sent (or kept in the outbox without SMTP)', schema: paymentReceiptResponseSchema },
      401: e.unauthenticated,
      404: e.notFound,
      409: conflictDoc(
        'A void invoice, or a request with the same Idempotency-Key is still running',
        invoiceStatusSchema,
      ),
      422: {
        description:
          'The client has no email address (errors.to), or the Idempotency-Key is malformed or was used for another request (errors["Idempotency-Key"])',
        schema: errorResponseSchema,
      },
      502: { description: 'The mail could not be handed over; recorded on the timeline', schema: errorResponseSchema },
    },
    handler: async ({ request, reply, params, idempotencyKey: key }) => {
      const auth = requireAuth(request);
      const path = `/api/invoices/${params.id}/payments/${params.paymentId}/receipt`;
      const result = await runIdempotentEffect(
        deps,
        { businessId: auth.businessId, key, method: 'POST', path, body: request.body ?? {} },
        async () => ({
          status: 200,
          body: await payments.emailReceipt(deps, { auth, invoiceId: params.id, paymentId: params.paymentId }),
        }),
      );
      reply.code(result.status);
      if (key !== undefined) void reply.header('idempotency-key', key);
      return result.body;
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/invoices/:id/payments/:paymentId',
    summary: 'Delete a payment; paid, balance and status are recomputed',
    tags,
    auth: true,
    params: paymentParamsSchema,
    responses: {
      200: { description: 'Deleted; the invoice after it', schema: invoiceResponseSchema },
      401: e.unauthenticated,
      404: e.notFound,
      409: e.conflict,
    },
    handler: async ({ request, params }) => ({
      data: await payments.deletePayment(deps, {
        auth: requireAuth(request),
        invoiceId: params.id,
        paymentId: params.paymentId,
      }),
      message: INVOICE_MESSAGES.paymentDeleted,
    }),
  });
}
