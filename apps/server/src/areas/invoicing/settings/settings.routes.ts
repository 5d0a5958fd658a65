import type { FastifyInstance } from 'fastify';
import { invoicingSettingsRequestSchema, invoicingSettingsResponseSchema } from '@ledgerleaf/domain';
import type { Deps } from '../../../lib/context';
import { defineRoute, requireAuth } from '../../../lib/route';
import { CATALOG_ERRORS as e } from '../clients/clients.routes';
import { SETTINGS_MESSAGES, getInvoicingSettings, saveInvoicingSettings } from './invoicing-settings.service';

export function registerSettingsRoutes(app: FastifyInstance, deps: Deps): void {
  const tags = ['settings'];
  defineRoute(app, {
    method: 'GET',
    url: '/api/settings/invoicing',
    summary: "The business's invoicing defaults: payment terms of new clients, prices including tax",
    tags,
    auth: true,
    responses: { 200: { description: 'Settings', schema: invoicingSettingsResponseSchema }, 401: e.unauthenticated },
    handler: async ({ request }) => ({ data: await getInvoicingSettings(deps, { auth: requireAuth(request) }) }),
  });
  defineRoute(app, {
    method: 'PUT',
    url: '/api/settings/invoicing',
    summary: "Replace the business's invoicing defaults; owners and admins",
    tags,
    auth: true,
    access: 'admin',
    body: invoicingSettingsRequestSchema,
    responses: {
      200: { description: 'Saved', schema: invoicingSettingsResponseSchema },
      401: e.unauthenticated,
      422: e.validation,
    },
    handler: async ({ request, body }) => ({
      data: await saveInvoicingSettings(deps, { auth: requireAuth(request), input: body }),
      message: SETTINGS_MESSAGES.saved,
    }),
  });
}
