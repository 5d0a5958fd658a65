import type { FastifyInstance } from 'fastify';
import {
  EMAIL_DELIVERY_MESSAGES,
  emailDeliveryResponseSchema,
  emailDeliverySettingsSchema,
  emailDeliveryTestResponseSchema,
  emailDeliveryTestSchema,
} from '@ledgerleaf/domain';
import type { Deps } from '../../../lib/context';
import { defineRoute, requireAuth } from '../../../lib/route';
import { ACCOUNT_ERRORS as e } from '../errors';
import { getEmailDelivery, removeEmailDelivery, saveEmailDelivery, testEmailDelivery } from './email-delivery.service';

export function registerEmailDeliveryRoutes(app: FastifyInstance, deps: Deps): void {
  const tags = ['settings'];
  defineRoute(app, {
    method: 'GET',
    url: '/api/settings/email-delivery',
    summary:
      "The business's outgoing mail server (owners): where its email goes (SMTP_URL wins, else these settings, else kept in the outbox); the password is never answered, only whether one is set",
    tags,
    auth: true,
    access: 'admin',
    responses: {
      200: { description: 'Settings', schema: emailDeliveryResponseSchema },
    },
    handler: async ({ request }) => ({ data: await getEmailDelivery(deps, { auth: requireAuth(request) }) }),
  });
  defineRoute(app, {
    method: 'PUT',
    url: '/api/settings/email-delivery',
    summary:
      'Save the outgoing mail server (owners): host, port, security, user, password (omitted keeps the stored one; clear_password removes it), from address',
    tags,
    auth: true,
    access: 'admin',
    body: emailDeliverySettingsSchema,
    responses: {
      200: { description: 'Saved', schema: emailDeliveryResponseSchema },
      422: e.validation,
    },
    handler: async ({ request, body }) => ({
      data: await saveEmailDelivery(deps, { auth: requireAuth(request), input: body }),
      message: EMAIL_DELIVERY_MESSAGES.saved,
    }),
  });
  defineRoute(app, {
    method: 'DELETE',
    url: '/api/settings/email-delivery',
    summary: "Remove the business's mail server (owners): its email is kept in the outbox again unless SMTP_URL is set",
    tags,
    auth: true,
    access: 'admin',
    responses: {
      200: { description: 'Removed', schema: emailDeliveryResponseSchema },
    },
    handler: async ({ request }) => ({
      data: await removeEmailDelivery(deps, { auth: requireAuth(request) }),
      message: EMAIL_DELIVERY_MESSAGES.removed,
    }),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/settings/email-delivery/test',
    summary:
      "Send a test email now through the business's mail server (owners), to the owner unless `to` is given; answers whether the server accepted it, or its reason",
    tags,
    auth: true,
    access: 'admin',
    body: emailDeliveryTestSchema,
    rateLimit: { max: 10, timeWindow: 60_000 },
    responses: {
      200: { description: 'What the mail server answered', schema: emailDeliveryTestResponseSchema },
      422: e.validation,
    },
    handler: async ({ request, body }) => testEmailDelivery(deps, { auth: requireAuth(request), input: body }),
  });
}
