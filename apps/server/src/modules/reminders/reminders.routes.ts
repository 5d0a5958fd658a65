import type { FastifyInstance } from 'fastify';
import { ACCOUNT_MESSAGES, reminderStepsRequestSchema, reminderStepsResponseSchema } from '@ledgerleaf/domain';
import { listReminderSteps, replaceReminderSteps } from '@ledgerleaf/db';
import type { Deps } from '../../lib/context';
import { publish } from '../../lib/events';
import { defineRoute, requireAuth } from '../../lib/route';
import { ACCOUNT_ERRORS as e } from '../account-errors';

/** `/settings/invoice-reminders`: the schedule the reminders scheduler reads through `listReminderSteps`. */
export function registerReminderRoutes(app: FastifyInstance, deps: Deps): void {
  const tags = ['settings'];
  defineRoute(app, {
    method: 'GET',
    url: '/api/settings/invoice-reminders',
    summary: 'The invoice reminder schedule: days relative to the due date, each on or off',
    tags,
    auth: true,
    responses: { 200: { description: 'Steps', schema: reminderStepsResponseSchema }, 401: e.unauthenticated },
    handler: async ({ request }) => ({
      data: await listReminderSteps(deps.db, { businessId: requireAuth(request).businessId }),
    }),
  });
  defineRoute(app, {
    method: 'PUT',
    url: '/api/settings/invoice-reminders',
    summary: 'Replace the reminder schedule; owners and admins',
    tags,
    auth: true,
    access: 'admin',
    body: reminderStepsRequestSchema,
    responses: {
      200: { description: 'Saved', schema: reminderStepsResponseSchema },
      401: e.unauthenticated,
      403: e.forbidden,
      422: e.validation,
    },
    handler: async ({ request, body }) => {
      const auth = requireAuth(request);
      const data = await deps.db.transaction().execute(async (tx) => {
        const now = deps.clock();
        await replaceReminderSteps(tx, { businessId: auth.businessId, steps: body.steps, now });
        await publish(tx, {
          type: 'settings.reminders_updated',
          businessId: auth.businessId,
          userId: auth.userId,
          subject: { type: 'business', id: auth.businessId },
          data: { steps: body.steps },
          at: now,
        });
        return listReminderSteps(tx, { businessId: auth.businessId });
      });
      return { data, message: ACCOUNT_MESSAGES.remindersSaved };
    },
  });
}
