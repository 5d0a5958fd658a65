import type { FastifyInstance } from 'fastify';
import { ACCOUNT_MESSAGES, reminderStepsRequestSchema, reminderStepsResponseSchema } from '@ledgerleaf/domain';
import type { Deps } from '../../../lib/context';
import { defineRoute, requireAuth } from '../../../lib/route';
import { ACCOUNT_ERRORS as e } from '../errors';
import { getReminderSteps, saveReminderSteps } from './reminders.service';

/** `/settings/invoice-reminders`: the schedule the account area's reminders job reads. */
export function registerReminderRoutes(app: FastifyInstance, deps: Deps): void {
  const tags = ['settings'];
  defineRoute(app, {
    method: 'GET',
    url: '/api/settings/invoice-reminders',
    summary: 'The invoice reminder schedule: days relative to the due date, each on or off',
    tags,
    auth: true,
    responses: { 200: { description: 'Steps', schema: reminderStepsResponseSchema }, 401: e.unauthenticated },
    handler: async ({ request }) => ({ data: await getReminderSteps(deps, { auth: requireAuth(request) }) }),
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
    handler: async ({ request, body }) => ({
      data: await saveReminderSteps(deps, { auth: requireAuth(request), input: body }),
      message: ACCOUNT_MESSAGES.remindersSaved,
    }),
  });
}
