import type { FastifyInstance } from 'fastify';
import {
  CSV_MAX_LENGTH,
  catalogMessageSchema,
  CATALOG_MESSAGES,
  clientImportPreviewSchema,
  clientListQuerySchema,
  clientPageSchema,
  clientPickerResponseSchema,
  clientRequestSchema,
  clientResponseSchema,
  csvImportRequestSchema,
  errorResponseSchema,
  idParamsSchema,
  importErrorResponseSchema,
  importResultSchema,
  pickerQuerySchema,
} from '@ledgerleaf/domain';
import type { Deps } from '../../lib/context';
import { defineRoute, requireAuth } from '../../lib/route';
import * as clients from './clients.service';

export const CATALOG_ERRORS = {
  validation: { description: 'Invalid input: field-keyed errors', schema: errorResponseSchema },
  unauthenticated: { description: 'Missing, revoked or expired token', schema: errorResponseSchema },
  notFound: { description: "No such record in the caller's business", schema: errorResponseSchema },
  conflict: { description: 'In use: archive instead', schema: errorResponseSchema },
  importErrors: { description: 'Rows with errors: nothing was imported', schema: importErrorResponseSchema },
  tooLarge: { description: 'Body over the limit', schema: errorResponseSchema },
};

/** JSON body limit of CSV imports: 2,000,000 characters of CSV, escaped in JSON, plus room. */
export const CSV_BODY_LIMIT_BYTES = CSV_MAX_LENGTH * 2 + 64 * 1024;

export function registerClientRoutes(app: FastifyInstance, deps: Deps): void {
  const tags = ['clients'];
  const e = CATALOG_ERRORS;

  defineRoute(app, {
    method: 'GET',
    url: '/api/clients',
    summary: 'Clients: search (name, contacts, emails), sort (name, created_at, balance), pagination, status filter',
    tags,
    auth: true,
    query: clientListQuerySchema,
    responses: { 200: { description: 'One page of clients', schema: clientPageSchema }, 401: e.unauthenticated, 422: e.validation },
    handler: ({ request, query }) => clients.listClients(deps, { auth: requireAuth(request), query }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/clients/search',
    summary: 'Client picker: at most 20 active clients matching q',
    tags,
    auth: true,
    query: pickerQuerySchema,
    responses: { 200: { description: 'Matching clients', schema: clientPickerResponseSchema }, 401: e.unauthenticated, 422: e.validation },
    handler: ({ request, query }) => clients.searchClients(deps, { auth: requireAuth(request), query }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/clients/export.csv',
    summary: 'Every client of the business as CSV (cells starting with = + - @ are prefixed with a quote)',
    tags,
    auth: true,
    responses: { 200: { description: 'text/csv' }, 401: e.unauthenticated },
    handler: async ({ request, reply }) => {
      const csv = await clients.exportClientsCsv(deps, { auth: requireAuth(request) });
      void reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="clients.csv"');
      return csv;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/clients/import/preview',
    summary: 'Reads a CSV of clients and answers every row with its errors; writes nothing',
    tags,
    auth: true,
    body: csvImportRequestSchema,
    bodyLimit: CSV_BODY_LIMIT_BYTES,
    responses: { 200: { description: 'Rows and their errors', schema: clientImportPreviewSchema }, 401: e.unauthenticated, 413: e.tooLarge, 422: e.validation },
    handler: ({ request, body }) => {
      requireAuth(request);
      return clients.previewClientImport(deps, { csv: body.csv });
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/clients/import',
    summary: 'Imports a CSV of clients in one transaction: any row error answers 422 and imports nothing',
    tags,
    auth: true,
    body: csvImportRequestSchema,
    bodyLimit: CSV_BODY_LIMIT_BYTES,
    responses: { 201: { description: 'Imported', schema: importResultSchema }, 401: e.unauthenticated, 413: e.tooLarge, 422: e.importErrors },
    handler: async ({ request, reply, body }) => {
      const result = await clients.importClients(deps, { auth: requireAuth(request), csv: body.csv });
      reply.code(201);
      return result;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/clients',
    summary: 'Create a client with its contacts',
    tags,
    auth: true,
    body: clientRequestSchema,
    responses: { 201: { description: 'Created', schema: clientResponseSchema }, 401: e.unauthenticated, 422: e.validation },
    handler: async ({ request, reply, body }) => {
      const data = await clients.createClient(deps, { auth: requireAuth(request), input: body });
      reply.code(201);
      return { data };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/clients/:id',
    summary: 'A client with its contacts',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: { 200: { description: 'The client', schema: clientResponseSchema }, 401: e.unauthenticated, 404: e.notFound },
    handler: async ({ request, params }) => ({ data: await clients.getClient(deps, { auth: requireAuth(request), clientId: params.id }) }),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/clients/:id',
    summary: 'Replace a client and its whole contact list (one transaction)',
    tags,
    auth: true,
    params: idParamsSchema,
    body: clientRequestSchema,
    responses: { 200: { description: 'Updated', schema: clientResponseSchema }, 401: e.unauthenticated, 404: e.notFound, 422: e.validation },
    handler: async ({ request, params, body }) => ({ data: await clients.updateClient(deps, { auth: requireAuth(request), clientId: params.id, input: body }) }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/clients/:id/archive',
    summary: 'Archive a client (kept with its history, hidden from pickers and the default list)',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: { 200: { description: 'Archived', schema: clientResponseSchema }, 401: e.unauthenticated, 404: e.notFound },
    handler: async ({ request, params }) => ({
      data: await clients.setArchived(deps, { auth: requireAuth(request), clientId: params.id, archived: true }),
      message: CATALOG_MESSAGES.archived,
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/clients/:id/restore',
    summary: 'Restore an archived client',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: { 200: { description: 'Restored', schema: clientResponseSchema }, 401: e.unauthenticated, 404: e.notFound },
    handler: async ({ request, params }) => ({
      data: await clients.setArchived(deps, { auth: requireAuth(request), clientId: params.id, archived: false }),
      message: CATALOG_MESSAGES.restored,
    }),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/clients/:id',
    summary: 'Delete a client without invoices (409 otherwise: archive it)',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: { 200: { description: 'Deleted', schema: catalogMessageSchema }, 401: e.unauthenticated, 404: e.notFound, 409: e.conflict },
    handler: async ({ request, params }) => {
      await clients.deleteClient(deps, { auth: requireAuth(request), clientId: params.id });
      return { message: CATALOG_MESSAGES.deleted };
    },
  });
}
