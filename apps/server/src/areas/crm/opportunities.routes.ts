import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CRM_MESSAGES,
  boardColumnQuerySchema,
  boardColumnResponseSchema,
  boardQuerySchema,
  boardSchema,
  idParamsSchema,
  idSchema,
  opportunityCardSchema,
  opportunityDocumentLinkSchema,
  opportunityInputSchema,
  opportunityListQuerySchema,
  opportunityMoveRequestSchema,
  opportunityPageSchema,
  opportunityResponseSchema,
  stageChangeListSchema,
} from '@ledgerleaf/domain';
import type { Deps } from '../../lib/context';
import { fileDoc } from '../../lib/error-docs';
import { defineRoute } from '../../lib/route';
import { CRM_ERRORS as e, CRM_TAGS as tags, crmCaller, crmMessageSchema } from './crm-common';
import * as opportunities from './opportunities.service';

const moveResponseSchema = z.object({ data: opportunityCardSchema, message: z.string() });
const stageParamsSchema = z.object({ stageId: idSchema });

/** Opportunities and the board: members write, readers read. */
export function registerOpportunityRoutes(app: FastifyInstance, deps: Deps): void {
  const caller = (request: Parameters<typeof crmCaller>[1]) => crmCaller(deps, request);

  defineRoute(app, {
    method: 'GET',
    url: '/api/crm/opportunities',
    summary:
      'Opportunities: search (title, client, lead), status by stage type (all, open, won, lost), stage_id, owner_id, source_id, client_id, close_from/close_to, sort, pages; summary of all matching',
    tags,
    auth: true,
    query: opportunityListQuerySchema,
    responses: { 200: { description: 'One page of opportunities', schema: opportunityPageSchema } },
    handler: async ({ request, query }) =>
      opportunities.listOpportunities(deps, { auth: await caller(request), query }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/crm/opportunities',
    summary:
      'Create an opportunity for a client or a lead (first open stage by default; probability the stage’s unless given; a lost stage needs lost_reason_id: 422)',
    tags,
    auth: true,
    body: opportunityInputSchema,
    responses: { 201: { description: 'Created', schema: opportunityResponseSchema } },
    handler: async ({ request, reply, body }) => {
      const data = await opportunities.createOpportunity(deps, { auth: await caller(request), input: body });
      reply.code(201);
      return { data, message: CRM_MESSAGES.opportunityCreated };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/crm/opportunities/export.csv',
    summary: 'The opportunities matching the list’s filters as CSV',
    tags,
    auth: true,
    query: opportunityListQuerySchema,
    responses: { 200: fileDoc('The CSV file', 'text/csv; charset=utf-8') },
    handler: async ({ request, reply, query }) => {
      const csv = await opportunities.exportOpportunitiesCsv(deps, { auth: await caller(request), query });
      void reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="opportunities.csv"');
      return csv;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/crm/opportunities/:id',
    summary: 'An opportunity with the estimates and invoices linked to it',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: { 200: { description: 'The opportunity', schema: opportunityResponseSchema }, 404: e.notFound },
    handler: async ({ request, params }) => ({
      data: await opportunities.getOpportunity(deps, { auth: await caller(request), opportunityId: params.id }),
    }),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/crm/opportunities/:id',
    summary:
      'Replace an opportunity; a stage change is recorded and follows the stage rules (won: 100 % and closed; lost: 0 %, closed and a lost reason, 422 without one; reopened: cleared)',
    tags,
    auth: true,
    params: idParamsSchema,
    body: opportunityInputSchema,
    responses: { 200: { description: 'Saved', schema: opportunityResponseSchema }, 404: e.notFound },
    handler: async ({ request, params, body }) => ({
      data: await opportunities.updateOpportunity(deps, {
        auth: await caller(request),
        opportunityId: params.id,
        input: body,
      }),
      message: CRM_MESSAGES.opportunityUpdated,
    }),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/crm/opportunities/:id',
    summary: 'Delete an opportunity with its activities, notes and stage history (linked documents stay)',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: { 200: { description: 'Deleted', schema: crmMessageSchema }, 404: e.notFound },
    handler: async ({ request, params }) => {
      await opportunities.deleteOpportunity(deps, { auth: await caller(request), opportunityId: params.id });
      return { message: CRM_MESSAGES.opportunityDeleted };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/crm/opportunities/:id/move',
    summary:
      'Move a card to stage_id between previous_id and next_id of that column (one row written); a lost stage needs lost_reason_id (422)',
    tags,
    auth: true,
    params: idParamsSchema,
    body: opportunityMoveRequestSchema,
    responses: { 200: { description: 'Moved', schema: moveResponseSchema }, 404: e.notFound },
    handler: async ({ request, params, body }) =>
      opportunities.moveOpportunity(deps, { auth: await caller(request), opportunityId: params.id, input: body }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/crm/opportunities/:id/stage-changes',
    summary: 'The opportunity’s stage history, oldest first (from, to, when, by whom)',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: { 200: { description: 'The stage changes', schema: stageChangeListSchema }, 404: e.notFound },
    handler: async ({ request, params }) => ({
      data: await opportunities.listStageChanges(deps, { auth: await caller(request), opportunityId: params.id }),
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/crm/opportunities/:id/documents',
    summary:
      'Link an estimate or invoice of the business to the opportunity ("Create estimate/invoice" from it); a document belongs to one opportunity',
    tags,
    auth: true,
    params: idParamsSchema,
    body: opportunityDocumentLinkSchema,
    responses: { 200: { description: 'Linked', schema: opportunityResponseSchema }, 404: e.notFound },
    handler: async ({ request, params, body }) => ({
      data: await opportunities.linkDocument(deps, {
        auth: await caller(request),
        opportunityId: params.id,
        input: body,
      }),
      message: CRM_MESSAGES.saved,
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/crm/board',
    summary:
      'The pipeline board: every stage’s column with its count, total and weighted amount (under owner_id and search) and its first page of cards in manual order',
    tags,
    auth: true,
    query: boardQuerySchema,
    responses: { 200: { description: 'The board', schema: boardSchema } },
    handler: async ({ request, query }) => ({
      data: await opportunities.board(deps, { auth: await caller(request), query }),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/crm/board/columns/:stageId',
    summary: 'One column of the board, the page after cursor (its next_cursor is null on the last page)',
    tags,
    auth: true,
    params: stageParamsSchema,
    query: boardColumnQuerySchema,
    responses: { 200: { description: 'The column', schema: boardColumnResponseSchema }, 404: e.notFound },
    handler: async ({ request, params, query }) => ({
      data: await opportunities.boardColumn(deps, { auth: await caller(request), stageId: params.stageId, query }),
    }),
  });
}
