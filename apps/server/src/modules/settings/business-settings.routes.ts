import type { FastifyInstance } from 'fastify';
import {
  ACCOUNT_MESSAGES,
  DATE_FORMATS,
  DEFAULT_DATE_FORMAT,
  businessDetailsResponseSchema,
  businessDetailsSchema,
  numberingRequestSchema,
  numberingResponseSchema,
  previewNextNumber,
  type BusinessDetails,
  type BusinessDetailsRequest,
  type NumberingResponse,
  type NumberingSettings,
} from '@ledgerleaf/domain';
import {
  findBusinessDetails,
  findDocumentCounter,
  findInvoiceNumbering,
  updateBusinessDetails,
  updateInvoiceNumbering,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { publish } from '../../lib/events';
import { defineRoute, requireAuth } from '../../lib/route';
import { ACCOUNT_ERRORS as e } from '../account-errors';

export async function getBusinessDetails(deps: Deps, auth: AuthContext): Promise<BusinessDetails> {
  const row = await findBusinessDetails(deps.db, { businessId: auth.businessId });
  if (!row) throw notFound();
  const dateFormat = (DATE_FORMATS as readonly string[]).includes(row.date_format)
    ? (row.date_format as BusinessDetails['date_format'])
    : DEFAULT_DATE_FORMAT;
  return { ...row, date_format: dateFormat };
}

export async function saveBusinessDetails(
  deps: Deps,
  auth: AuthContext,
  input: BusinessDetailsRequest,
): Promise<BusinessDetails> {
  await deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    await updateBusinessDetails(tx, { businessId: auth.businessId, details: input, now });
    await publish(tx, {
      type: 'settings.business_updated',
      businessId: auth.businessId,
      userId: auth.userId,
      subject: { type: 'business', id: auth.businessId },
      data: { fields: Object.keys(input) },
      at: now,
    });
  });
  return getBusinessDetails(deps, auth);
}

/** Numbering settings, the counter they continue from, and the number the next invoice gets today. */
export async function getNumbering(deps: Deps, auth: AuthContext): Promise<NumberingResponse> {
  const numbering = await findInvoiceNumbering(deps.db, { businessId: auth.businessId });
  if (!numbering) throw notFound();
  const counter = await findDocumentCounter(deps.db, { businessId: auth.businessId, kind: 'invoice' });
  const settings = numbering as NumberingSettings;
  return { data: numbering, counter, next_number: previewNextNumber(settings, counter, deps.clock().getUTCFullYear()) };
}

export async function saveNumbering(
  deps: Deps,
  auth: AuthContext,
  input: NumberingSettings,
): Promise<NumberingResponse> {
  await deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    await updateInvoiceNumbering(tx, { businessId: auth.businessId, settings: input, now });
    await publish(tx, {
      type: 'settings.numbering_updated',
      businessId: auth.businessId,
      userId: auth.userId,
      subject: { type: 'business', id: auth.businessId },
      data: { ...input },
      at: now,
    });
  });
  return getNumbering(deps, auth);
}

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
    handler: async ({ request }) => ({ data: await getBusinessDetails(deps, requireAuth(request)) }),
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
      data: await saveBusinessDetails(deps, requireAuth(request), body),
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
    handler: async ({ request }) => getNumbering(deps, requireAuth(request)),
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
      ...(await saveNumbering(deps, requireAuth(request), body)),
      message: ACCOUNT_MESSAGES.numberingSaved,
    }),
  });
}
