import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CRM_MESSAGES,
  activityDoneRequestSchema,
  activityInputSchema,
  activityListQuerySchema,
  activityPageSchema,
  activityResponseSchema,
  activitySnoozeRequestSchema,
  crmNoteInputSchema,
  crmNoteSchema,
  idParamsSchema,
  reminderListQuerySchema,
  reminderPageSchema,
  timelineQuerySchema,
  timelineSchema,
} from '@ledgerleaf/domain';
import type { Deps } from '../../lib/context';
import { defineRoute } from '../../lib/route';
import { CRM_ERRORS as e, CRM_TAGS as tags, crmCaller, crmMessageSchema } from './crm-common';
import * as activities from './activities.service';

const noteResponseSchema = z.object({ data: crmNoteSchema, message: z.string() });

/** Activities, notes, the reminders screen and timelines: members write, readers read. */
export function registerActivityRoutes(app: FastifyInstance, deps: Deps): void {
  const caller = (request: Parameters<typeof crmCaller>[1]) => crmCaller(deps, request);

  defineRoute(app, {
    method: 'GET',
    url: '/api/crm/activities',
    summary:
      'The activities of one lead, opportunity or client (a client’s include its opportunities’ and converted leads’), open first by due time; done=all|open|done',
    tags,
    auth: true,
    query: activityListQuerySchema,
    responses: { 200: { description: 'One page of activities', schema: activityPageSchema }, 404: e.notFound },
    handler: async ({ request, query }) => activities.listActivities(deps, { auth: await caller(request), query }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/crm/activities',
    summary:
      'Create an activity on exactly one lead, opportunity or client (assignee omitted: the caller; reminders omitted: the type’s default; done: logged as done)',
    tags,
    auth: true,
    body: activityInputSchema,
    responses: { 201: { description: 'Created', schema: activityResponseSchema } },
    handler: async ({ request, reply, body }) => {
      const data = await activities.createActivity(deps, { auth: await caller(request), input: body });
      reply.code(201);
      return { data, message: CRM_MESSAGES.activityCreated };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/crm/activities/:id',
    summary: 'An activity with its reminders and how each went out',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: { 200: { description: 'The activity', schema: activityResponseSchema }, 404: e.notFound },
    handler: async ({ request, params }) => ({
      data: await activities.getActivity(deps, { auth: await caller(request), activityId: params.id }),
    }),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/crm/activities/:id',
    summary: 'Replace an activity; moving its due time moves its reminders (they fire again); reminders omitted: kept',
    tags,
    auth: true,
    params: idParamsSchema,
    body: activityInputSchema,
    responses: { 200: { description: 'Saved', schema: activityResponseSchema }, 404: e.notFound },
    handler: async ({ request, params, body }) => ({
      data: await activities.updateActivity(deps, { auth: await caller(request), activityId: params.id, input: body }),
      message: CRM_MESSAGES.activityUpdated,
    }),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/crm/activities/:id',
    summary: 'Delete an activity and its reminders',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: { 200: { description: 'Deleted', schema: crmMessageSchema }, 404: e.notFound },
    handler: async ({ request, params }) => {
      await activities.deleteActivity(deps, { auth: await caller(request), activityId: params.id });
      return { message: CRM_MESSAGES.activityDeleted };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/crm/activities/:id/done',
    summary:
      'Mark an activity done (its reminders stop; answers suggested_next, the type’s next activity) or not done again',
    tags,
    auth: true,
    params: idParamsSchema,
    body: activityDoneRequestSchema,
    responses: { 200: { description: 'Saved', schema: activityResponseSchema }, 404: e.notFound },
    handler: async ({ request, params, body }) =>
      activities.markDone(deps, { auth: await caller(request), activityId: params.id, input: body }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/crm/activities/:id/snooze',
    summary:
      'Snooze: 1_hour, tomorrow (09:00), next_week (Monday 09:00) or date (+ time), in the business’s time zone; its reminders move with it',
    tags,
    auth: true,
    params: idParamsSchema,
    body: activitySnoozeRequestSchema,
    responses: { 200: { description: 'Snoozed', schema: activityResponseSchema }, 404: e.notFound },
    handler: async ({ request, params, body }) => ({
      data: await activities.snooze(deps, { auth: await caller(request), activityId: params.id, input: body }),
      message: CRM_MESSAGES.activitySnoozed,
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/crm/activities/:id/retry-reminders',
    summary: 'Send the activity’s failed reminder deliveries again (the next scheduler pass takes them)',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: { 200: { description: 'Queued again', schema: activityResponseSchema }, 404: e.notFound },
    handler: async ({ request, params }) => ({
      data: await activities.retryReminders(deps, { auth: await caller(request), activityId: params.id }),
      message: CRM_MESSAGES.saved,
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/crm/reminders',
    summary:
      'Open activities by bucket (overdue, today, upcoming) with the three counts: the caller’s, or everyone’s / one assignee’s for owners and admins (403 otherwise)',
    tags,
    auth: true,
    query: reminderListQuerySchema,
    responses: { 200: { description: 'One page of the bucket', schema: reminderPageSchema }, 403: e.forbidden },
    handler: async ({ request, query }) => activities.listReminders(deps, { auth: await caller(request), query }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/crm/notes',
    summary: 'Add a note to one lead, opportunity or client (shown on its timeline)',
    tags,
    auth: true,
    body: crmNoteInputSchema,
    responses: { 201: { description: 'Created', schema: noteResponseSchema } },
    handler: async ({ request, reply, body }) => {
      const data = await activities.createNote(deps, { auth: await caller(request), input: body });
      reply.code(201);
      return { data, message: CRM_MESSAGES.saved };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/crm/notes/:id',
    summary: 'Delete a note',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: { 200: { description: 'Deleted', schema: crmMessageSchema }, 404: e.notFound },
    handler: async ({ request, params }) => {
      await activities.deleteNote(deps, { auth: await caller(request), noteId: params.id });
      return { message: CRM_MESSAGES.deleted };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/crm/timeline',
    summary:
      'The timeline of one lead, opportunity or client: the next open activity, then activities, notes, stage changes and conversions, newest first (before= for older)',
    tags,
    auth: true,
    query: timelineQuerySchema,
    responses: { 200: { description: 'The timeline', schema: timelineSchema }, 404: e.notFound },
    handler: async ({ request, query }) => ({
      data: await activities.timeline(deps, { auth: await caller(request), query }),
    }),
  });
}
