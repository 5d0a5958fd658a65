import type { FastifyInstance } from 'fastify';
import {
  invoicingSettingsRequestSchema,
  invoicingSettingsResponseSchema,
  type InvoicingSettings,
} from '@ledgerleaf/domain';
import { findInvoicingSettings, updateInvoicingSettings } from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { publish } from '../../lib/events';
import { defineRoute, requireAuth } from '../../lib/route';
import { CATALOG_ERRORS as e } from '../clients/clients.routes';

export const SETTINGS_MESSAGES = { saved: 'Settings saved.' } as const;

export async function getInvoicingSettings(deps: Deps, params: { auth: AuthContext }): Promise<InvoicingSettings> {
  const settings = await findInvoicingSettings(deps.db, { businessId: params.auth.businessId });
  if (!settings) throw notFound();
  return settings;
}

export async function saveInvoicingSettings(
  deps: Deps,
  params: { auth: AuthContext; input: InvoicingSettings },
): Promise<InvoicingSettings> {
  const { businessId, userId } = params.auth;
  return deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    await updateInvoicingSettings(tx, { businessId, settings: params.input, now });
    await publish(tx, {
      type: 'settings.invoicing_updated',
      businessId,
      userId,
      subject: { type: 'business', id: businessId },
      data: { ...params.input },
      at: now,
    });
    const settings = await findInvoicingSettings(tx, { businessId });
    if (!settings) throw notFound();
    return settings;
  });
}

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
