import type { FastifyInstance } from 'fastify';
import {
  CRM_MESSAGES,
  csvImportRequestSchema,
  idParamsSchema,
  importResultSchema,
  leadBulkRequestSchema,
  leadBulkResponseSchema,
  leadClientMatchesResponseSchema,
  leadConvertRequestSchema,
  leadConvertResponseSchema,
  leadImportPreviewSchema,
  leadInputSchema,
  leadListQuerySchema,
  leadPageSchema,
  leadResponseSchema,
} from '@ledgerleaf/domain';
import type { Deps } from '../../lib/context';
import { CATALOG_ERRORS, CSV_BODY_LIMIT_BYTES } from '../../lib/catalog-routes';
import { conflictDoc, fileDoc } from '../../lib/error-docs';
import { defineRoute } from '../../lib/route';
import { z } from 'zod';
import { CRM_ERRORS as e, CRM_TAGS as tags, crmCaller, crmMessageSchema } from './crm-common';
import * as leads from './leads.service';

/** Leads: members write, readers read. */
export function registerLeadRoutes(app: FastifyInstance, deps: Deps): void {
  const caller = (request: Parameters<typeof crmCaller>[1]) => crmCaller(deps, request);

  defineRoute(app, {
    method: 'GET',
    url: '/api/crm/leads',
    summary:
      'Leads: search (names, email, phone), status (all, open, new, contacted, qualified, unqualified, converted), source_id and owner_id (an id or none), created_from/created_to (business dates), sort, pages',
    tags,
    auth: true,
    query: leadListQuerySchema,
    responses: { 200: { description: 'One page of leads', schema: leadPageSchema } },
    handler: async ({ request, query }) => leads.listLeads(deps, { auth: await caller(request), query }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/crm/leads',
    summary:
      'Create a lead (a person or a company name; the email is unique among the business’s leads; an omitted owner is the settings’ default owner, else the caller)',
    tags,
    auth: true,
    body: leadInputSchema,
    responses: { 201: { description: 'Created', schema: leadResponseSchema } },
    handler: async ({ request, reply, body }) => {
      const data = await leads.createLead(deps, { auth: await caller(request), input: body });
      reply.code(201);
      return { data, message: CRM_MESSAGES.leadCreated };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/crm/leads/bulk',
    summary:
      'One action on up to 500 selected leads: assign_owner, change_status (converted leads are skipped), delete. Ids of other businesses are ignored',
    tags,
    auth: true,
    body: leadBulkRequestSchema,
    responses: { 200: { description: 'Done', schema: leadBulkResponseSchema } },
    handler: async ({ request, body }) => leads.bulkLeads(deps, { auth: await caller(request), input: body }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/crm/leads/export.csv',
    summary: 'The leads matching the list’s filters as CSV (cells starting with = + - @ are prefixed with a quote)',
    tags,
    auth: true,
    query: leadListQuerySchema,
    responses: { 200: fileDoc('The CSV file', 'text/csv; charset=utf-8') },
    handler: async ({ request, reply, query }) => {
      const csv = await leads.exportLeadsCsv(deps, { auth: await caller(request), query });
      void reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="leads.csv"');
      return csv;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/crm/leads/import/preview',
    summary:
      'Reads a CSV of leads ({ csv }) and answers every row with its errors (unknown source or owner email, a duplicate email in the file or in the business); writes nothing',
    tags,
    auth: true,
    body: csvImportRequestSchema,
    bodyLimit: CSV_BODY_LIMIT_BYTES,
    responses: { 200: { description: 'Rows and their errors', schema: leadImportPreviewSchema } },
    handler: async ({ request, body }) => leads.previewLeadImport(deps, { auth: await caller(request), csv: body.csv }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/crm/leads/import',
    summary: 'Imports a CSV of leads ({ csv }) in one transaction: any row error answers 422 and imports nothing',
    tags,
    auth: true,
    body: csvImportRequestSchema,
    bodyLimit: CSV_BODY_LIMIT_BYTES,
    responses: { 201: { description: 'Imported', schema: importResultSchema }, 422: CATALOG_ERRORS.importErrors },
    handler: async ({ request, reply, body }) => {
      const result = await leads.importLeads(deps, { auth: await caller(request), csv: body.csv });
      reply.code(201);
      return result;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/crm/leads/:id',
    summary: 'A lead, with what it was converted into',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: { 200: { description: 'The lead', schema: leadResponseSchema }, 404: e.notFound },
    handler: async ({ request, params }) => ({
      data: await leads.getLead(deps, { auth: await caller(request), leadId: params.id }),
    }),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/crm/leads/:id',
    summary: 'Replace a lead (409 once converted: read-only)',
    tags,
    auth: true,
    params: idParamsSchema,
    body: leadInputSchema,
    responses: { 200: { description: 'Saved', schema: leadResponseSchema }, 404: e.notFound, 409: e.readOnly },
    handler: async ({ request, params, body }) => ({
      data: await leads.updateLead(deps, { auth: await caller(request), leadId: params.id, input: body }),
      message: CRM_MESSAGES.leadUpdated,
    }),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/crm/leads/:id',
    summary: 'Delete a lead with its activities and notes (an opportunity made from it keeps its client)',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: { 200: { description: 'Deleted', schema: crmMessageSchema }, 404: e.notFound },
    handler: async ({ request, params }) => {
      await leads.deleteLead(deps, { auth: await caller(request), leadId: params.id });
      return { message: CRM_MESSAGES.leadDeleted };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/crm/leads/:id/client-matches',
    summary: 'Active clients the lead may be converted into: the same email (or a contact’s), then its company name',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: { 200: { description: 'Matching clients', schema: leadClientMatchesResponseSchema }, 404: e.notFound },
    handler: async ({ request, params }) => ({
      data: await leads.clientMatches(deps, { auth: await caller(request), leadId: params.id }),
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/crm/leads/:id/convert',
    summary:
      'Convert a lead in one transaction into an opportunity and a client (existing or new); the lead becomes converted and read-only. A second conversion answers 409',
    tags,
    auth: true,
    params: idParamsSchema,
    body: leadConvertRequestSchema,
    responses: {
      201: { description: 'Converted', schema: leadConvertResponseSchema },
      404: e.notFound,
      409: conflictDoc('The lead is already converted', z.enum(['converted'])),
    },
    handler: async ({ request, reply, params, body }) => {
      const result = await leads.convertLead(deps, { auth: await caller(request), leadId: params.id, input: body });
      reply.code(201);
      return result;
    },
  });
}
