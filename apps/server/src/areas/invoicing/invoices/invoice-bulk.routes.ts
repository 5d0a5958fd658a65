import type { FastifyInstance } from 'fastify';
import {
  idParamsSchema,
  invoiceBulkPdfRequestSchema,
  invoiceBulkRequestSchema,
  invoiceBulkResponseSchema,
  invoiceEmailsResponseSchema,
  invoiceListQuerySchema,
} from '@ledgerleaf/domain';
import type { Deps } from '../../../lib/context';
import { ERROR_DOCS, errorDoc, fileDoc } from '../../../lib/error-docs';
import { defineRoute, requireAuth } from '../../../lib/route';
import * as bulk from './invoice-bulk.service';

const ERRORS = {
  ...ERROR_DOCS,
  notFound: errorDoc("No such invoice in the caller's business"),
  noneFound: errorDoc("None of the ids is an invoice of the caller's business"),
};

/** The invoice list's bulk actions and CSV export, and the emails of one invoice. */
export function registerInvoiceBulkRoutes(app: FastifyInstance, deps: Deps): void {
  const tags = ['invoices'];

  defineRoute(app, {
    method: 'GET',
    url: '/api/invoices/export.csv',
    summary:
      'The invoices the list’s filters match (status, search, client, goal, issue-date range, sort) as CSV: number, status, client, dates, total, paid and balance due (owed now); cells safe from spreadsheet formulas',
    tags,
    auth: true,
    query: invoiceListQuerySchema,
    responses: {
      200: fileDoc('The CSV file', 'text/csv; charset=utf-8'),
      422: ERRORS.validation,
    },
    handler: async ({ request, reply, query }) => {
      const csv = await bulk.exportInvoicesCsv(deps, { auth: requireAuth(request), query });
      void reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="invoices.csv"')
        .header('cache-control', 'private, no-store');
      // A stream through reply.send: the onSend hooks still run.
      return reply.send(csv);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/invoices/bulk',
    summary:
      'One action on several invoices (send by email, issue without email (`mark_sent`: its deprecated old name), void with an optional reason), each in its own transaction through the single-invoice rules: what was done, and what was skipped and why',
    tags,
    auth: true,
    body: invoiceBulkRequestSchema,
    responses: {
      200: { description: 'Done and skipped, per invoice', schema: invoiceBulkResponseSchema },
      422: ERRORS.validation,
    },
    handler: async ({ request, body }) =>
      bulk.bulkInvoices(deps, { auth: requireAuth(request), action: body.action, ids: body.ids, reason: body.reason }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/invoices/bulk/pdf',
    summary: "The invoices' PDFs as one zip (`invoices.zip`); ids that are not the business's invoices are left out",
    tags,
    auth: true,
    body: invoiceBulkPdfRequestSchema,
    responses: {
      200: fileDoc('The zip of PDFs', 'application/zip'),
      404: ERRORS.noneFound,
      422: ERRORS.validation,
      429: ERROR_DOCS.filesBusy,
    },
    handler: async ({ request, reply, body }) => {
      const { filename, zip } = await bulk.bulkInvoicePdfs(deps, { auth: requireAuth(request), ids: body.ids });
      void reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store');
      return zip;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/invoices/:id/emails',
    summary:
      'The emails the invoice went out with (the invoice, reminders, payment receipts), newest first, with their delivery status; each opens in full at GET /api/outbox/{id}',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: {
      200: { description: 'Its emails', schema: invoiceEmailsResponseSchema },
      404: ERRORS.notFound,
    },
    handler: async ({ request, params }) => ({
      data: await bulk.invoiceEmails(deps, { auth: requireAuth(request), invoiceId: params.id }),
    }),
  });
}
