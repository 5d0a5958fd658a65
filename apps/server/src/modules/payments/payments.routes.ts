import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { INVOICE_MESSAGES, idParamsSchema, idSchema, invoiceResponseSchema, paymentInputSchema, paymentResponseSchema, paymentSchema } from '@ledgerleaf/domain';
import type { Deps } from '../../lib/context';
import { idempotencyKeyOf } from '../../lib/idempotency';
import { defineRoute, requireAuth } from '../../lib/route';
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
      'Record a payment (up to the balance; one transaction with the balance check). Idempotency-Key header: a retry replays the first answer. Answers the payment (payment_id) and the invoice',
    tags,
    auth: true,
    params: idParamsSchema,
    body: paymentInputSchema,
    responses: { 201: { description: 'Recorded', schema: paymentResponseSchema }, 401: e.unauthenticated, 404: e.notFound, 409: e.conflict, 422: e.validation },
    handler: async ({ request, reply, params, body }) => {
      const auth = requireAuth(request);
      const key = idempotencyKeyOf(request);
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
    responses: { 200: { description: 'Payments', schema: paymentListResponseSchema }, 401: e.unauthenticated, 404: e.notFound },
    handler: async ({ request, params }) => ({ data: await payments.listInvoicePayments(deps, { auth: requireAuth(request), invoiceId: params.id }) }),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/invoices/:id/payments/:paymentId',
    summary: 'Delete a payment; paid, balance and status are recomputed',
    tags,
    auth: true,
    params: paymentParamsSchema,
    responses: { 200: { description: 'Deleted; the invoice after it', schema: invoiceResponseSchema }, 401: e.unauthenticated, 404: e.notFound, 409: e.conflict },
    handler: async ({ request, params }) => ({
      data: await payments.deletePayment(deps, { auth: requireAuth(request), invoiceId: params.id, paymentId: params.paymentId }),
      message: INVOICE_MESSAGES.paymentDeleted,
    }),
  });
}
