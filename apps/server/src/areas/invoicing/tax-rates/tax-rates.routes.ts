import type { FastifyInstance } from 'fastify';
import {
  CATALOG_MESSAGES,
  catalogMessageSchema,
  idParamsSchema,
  taxRateListQuerySchema,
  taxRateListResponseSchema,
  taxRateRequestSchema,
  taxRateResponseSchema,
} from '@ledgerleaf/domain';
import type { Deps } from '../../../lib/context';
import { defineRoute, requireAuth } from '../../../lib/route';
import { CATALOG_ERRORS as e } from '../../../lib/catalog-routes';
import * as taxRates from './tax-rates.service';

export function registerTaxRateRoutes(app: FastifyInstance, deps: Deps): void {
  const tags = ['tax-rates'];

  defineRoute(app, {
    method: 'GET',
    url: '/api/tax-rates',
    summary: "The business's tax rates by name (status=active|archived|all, default active)",
    tags,
    auth: true,
    query: taxRateListQuerySchema,
    responses: {
      200: { description: 'Tax rates', schema: taxRateListResponseSchema },
      401: e.unauthenticated,
      422: e.validation,
    },
    handler: ({ request, query }) => taxRates.listTaxRates(deps, { auth: requireAuth(request), query }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tax-rates',
    summary: 'Create a tax rate (percent to 3 decimals)',
    tags,
    auth: true,
    body: taxRateRequestSchema,
    responses: {
      201: { description: 'Created', schema: taxRateResponseSchema },
      401: e.unauthenticated,
      422: e.validation,
    },
    handler: async ({ request, reply, body }) => {
      const data = await taxRates.createTaxRate(deps, { auth: requireAuth(request), input: body });
      reply.code(201);
      return { data };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/tax-rates/:id',
    summary: 'A tax rate',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: {
      200: { description: 'The tax rate', schema: taxRateResponseSchema },
      401: e.unauthenticated,
      404: e.notFound,
    },
    handler: async ({ request, params }) => ({
      data: await taxRates.getTaxRate(deps, { auth: requireAuth(request), taxRateId: params.id }),
    }),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/tax-rates/:id',
    summary: 'Replace a tax rate',
    tags,
    auth: true,
    params: idParamsSchema,
    body: taxRateRequestSchema,
    responses: {
      200: { description: 'Updated', schema: taxRateResponseSchema },
      401: e.unauthenticated,
      404: e.notFound,
      422: e.validation,
    },
    handler: async ({ request, params, body }) => ({
      data: await taxRates.updateTaxRate(deps, { auth: requireAuth(request), taxRateId: params.id, input: body }),
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tax-rates/:id/archive',
    summary: 'Archive a tax rate (products keep it; new choices no longer offer it)',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: {
      200: { description: 'Archived', schema: taxRateResponseSchema },
      401: e.unauthenticated,
      404: e.notFound,
    },
    handler: async ({ request, params }) => ({
      data: await taxRates.setArchived(deps, { auth: requireAuth(request), taxRateId: params.id, archived: true }),
      message: CATALOG_MESSAGES.archived,
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/tax-rates/:id/restore',
    summary: 'Restore an archived tax rate',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: {
      200: { description: 'Restored', schema: taxRateResponseSchema },
      401: e.unauthenticated,
      404: e.notFound,
      422: e.validation,
    },
    handler: async ({ request, params }) => ({
      data: await taxRates.setArchived(deps, { auth: requireAuth(request), taxRateId: params.id, archived: false }),
      message: CATALOG_MESSAGES.restored,
    }),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/tax-rates/:id',
    summary: 'Delete an unused tax rate (409 when products use it: archive it)',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: {
      200: { description: 'Deleted', schema: catalogMessageSchema },
      401: e.unauthenticated,
      404: e.notFound,
      409: e.conflict,
    },
    handler: async ({ request, params }) => {
      await taxRates.deleteTaxRate(deps, { auth: requireAuth(request), taxRateId: params.id });
      return { message: CATALOG_MESSAGES.deleted };
    },
  });
}
