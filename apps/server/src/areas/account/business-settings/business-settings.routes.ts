import type { FastifyInstance } from 'fastify';
import {
  ACCOUNT_MESSAGES,
  businessDetailsResponseSchema,
  businessDetailsSchema,
  numberingRequestSchema,
  numberingResponseSchema,
} from '@ledgerleaf/domain';
import type { Deps } from '../../../lib/context';
import { defineRoute, requireAuth } from '../../../lib/route';
import { ACCOUNT_ERRORS as e } from '../errors';
import { getBusinessDetails, getNumbering, saveBusinessDetails, saveNumbering } from './business-settings.service';

export function registerBusinessSettingsRoutes(app: FastifyInstance, deps: Deps): void {
  const tags = ['settings'];
  defineRoute(app, {
    method: 'GET',
    url: '/api/settings/business',
    summary:
      'Business details printed on invoices (address, tax id, logo), invoice text defaults, date format, first day of week',
    tags,
    auth: true,
    responses: { 200: { description: 'Details', schema: businessDetailsResponseSchema }, 401: e.unauthenticated },
    handler: async ({ request }) => ({ data: await getBusinessDetails(deps, { auth: requireAuth(request) }) }),
  });
  defineRoute(app, {
    method: 'PUT',
    url: '/api/settings/business',
    summary: 'Replace the business details; owners and admins',
    tags,
    auth: true,
    access: 'admin',
    body: businessDetailsSchema,
    responses: {
      200: { description: 'Saved', schema: businessDetailsResponseSchema },
      401: e.unauthenticated,
      403: e.forbidden,
      422: e.validation,
    },
    handler: async ({ request, body }) => ({
      data: await saveBusinessDetails(deps, { auth: requireAuth(request), input: body }),
      message: ACCOUNT_MESSAGES.businessSaved,
    }),
  });
  defineRoute(app, {
    method: 'GET',
    url: '/api/settings/numbering',
    summary: 'The invoice number pattern, the last counter and the next number',
    tags,
    auth: true,
    responses: { 200: { description: 'Numbering', schema: numberingResponseSchema }, 401: e.unauthenticated },
    handler: async ({ request }) => getNumbering(deps, { auth: requireAuth(request) }),
  });
  defineRoute(app, {
    method: 'PUT',
    url: '/api/settings/numbering',
    summary: 'Replace the invoice number pattern; owners and admins',
    tags,
    auth: true,
    access: 'admin',
    body: numberingRequestSchema,
    responses: {
      200: { description: 'Saved', schema: numberingResponseSchema },
      401: e.unauthenticated,
      403: e.forbidden,
      422: e.validation,
    },
    handler: async ({ request, body }) => ({
      ...(await saveNumbering(deps, { auth: requireAuth(request), input: body })),
      message: ACCOUNT_MESSAGES.numberingSaved,
    }),
  });
}
