import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  client360ResponseSchema,
  crmOverviewSchema,
  crmPipelineSchema,
  idSchema,
  leadAnalyticsQuerySchema,
  leadAnalyticsSchema,
} from '@ledgerleaf/domain';
import type { Deps } from '../../lib/context';
import { defineRoute } from '../../lib/route';
import { CRM_ERRORS as e, CRM_TAGS as tags, crmCaller } from './crm-common';
import * as analytics from './analytics.service';

const clientParamsSchema = z.object({ clientId: idSchema });

/** Client 360 and the dashboard's CRM figures (every role reads them). */
export function registerCrmAnalyticsRoutes(app: FastifyInstance, deps: Deps): void {
  const caller = (request: Parameters<typeof crmCaller>[1]) => crmCaller(deps, request);

  defineRoute(app, {
    method: 'GET',
    url: '/api/crm/client-360/:clientId',
    summary:
      'Everything about one client: contacts, open and closed opportunities, the leads it came from, activities and the next one, invoices, estimates, payments, outstanding balance, lifetime revenue, average days to pay, timeline',
    tags,
    auth: true,
    params: clientParamsSchema,
    responses: { 200: { description: 'Client 360', schema: client360ResponseSchema }, 404: e.notFound },
    handler: async ({ request, params }) => ({
      data: await analytics.client360(deps, { auth: await caller(request), clientId: params.clientId }),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/dashboard/crm-overview',
    summary:
      'CRM overview (SPEC.md section 3): openOpportunitiesValue and openOpportunitiesCount (open-type stages), newLeadsThisMonth (business time zone), leadConversionRate and winRate (settings window, percent with one decimal, null without a denominator), hasData',
    tags: ['dashboard'],
    auth: true,
    responses: { 200: { description: 'The CRM overview entity', schema: crmOverviewSchema } },
    handler: async ({ request }) => analytics.crmOverview(deps, { auth: await caller(request) }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/dashboard/crm-pipeline',
    summary:
      'The CRM pipeline chart: every stage in order with its count, value and weighted value; open stages together',
    tags: ['dashboard'],
    auth: true,
    responses: { 200: { description: 'The pipeline', schema: crmPipelineSchema } },
    handler: async ({ request }) => analytics.crmPipeline(deps, { auth: await caller(request) }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/dashboard/lead-analytics',
    summary:
      'Lead analytics over from..to (business dates; all time without): leads by status and by source, and per source its won value and the invoiced and paid amounts of the invoices made from its won opportunities',
    tags: ['dashboard'],
    auth: true,
    query: leadAnalyticsQuerySchema,
    responses: { 200: { description: 'Lead analytics', schema: leadAnalyticsSchema } },
    handler: async ({ request, query }) => analytics.leadAnalytics(deps, { auth: await caller(request), query }),
  });
}
