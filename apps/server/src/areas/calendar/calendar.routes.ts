import type { FastifyInstance } from 'fastify';
import {
  CALENDAR_MESSAGES,
  activityResponseSchema,
  calendarFeedParamsSchema,
  calendarFeedRequestSchema,
  calendarFeedResponseSchema,
  calendarMoveRequestSchema,
  calendarPeopleResponseSchema,
  calendarQuerySchema,
  calendarResponseSchema,
  idParamsSchema,
} from '@ledgerleaf/domain';
import type { Deps } from '../../lib/context';
import { ERROR_DOCS, conflictDoc, errorDoc, fileDoc } from '../../lib/error-docs';
import { defineRoute } from '../../lib/route';
import { crmCaller } from '../crm/crm-common';
import { rescheduleActivity } from '../crm/activities.service';
import { calendarEvents, calendarPeople } from './calendar.service';
import * as feeds from './calendar-feed.service';

const tags = ['calendar'];
const notFoundDoc = errorDoc("No such record in the caller's business");

/** Feed fetches per address and minute (calendar apps poll every few minutes at most). */
export const FEED_RATE_LIMIT = { max: 60, timeWindow: 60_000 };

/** The calendar (issue 17): the events of a range, moving an activity, and each person's private feed. */
export function registerCalendarRoutes(app: FastifyInstance, deps: Deps): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/calendar/events',
    summary:
      'The events of [from, to) (at most a year): invoice due dates, recurring runs (projected by the scheduler’s schedule), estimate expiries, CRM activities and reminders, goal target dates, payments; kinds= narrows them, person_id= (owners and admins) one person’s activities',
    tags,
    auth: true,
    query: calendarQuerySchema,
    // A month of a large business is thousands of events: its serializer is compiled from the contract.
    responses: { 200: { description: 'The events', schema: calendarResponseSchema, compiled: true } },
    handler: async ({ request, query }) => calendarEvents(deps, { auth: await crmCaller(deps, request), query }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/calendar/people',
    summary: 'The people whose activities the calendar can show (owners and admins)',
    tags,
    auth: true,
    access: 'admin',
    responses: { 200: { description: 'The people', schema: calendarPeopleResponseSchema } },
    handler: async ({ request }) => calendarPeople(deps, { auth: await crmCaller(deps, request) }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/calendar/activities/:id/move',
    summary:
      'Move a CRM activity to a day and time (business time zone) through the CRM’s service; its reminders move with it',
    tags,
    auth: true,
    params: idParamsSchema,
    body: calendarMoveRequestSchema,
    responses: {
      200: { description: 'Moved', schema: activityResponseSchema },
      404: notFoundDoc,
      409: conflictDoc('A done activity is not moved'),
    },
    handler: async ({ request, params, body }) => ({
      data: await rescheduleActivity(deps, {
        auth: await crmCaller(deps, request),
        activityId: params.id,
        date: body.date,
        time: body.time,
      }),
      message: CALENDAR_MESSAGES.activityRescheduled,
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/calendar/feed',
    summary: 'The caller’s calendar feed: on or off and its kinds (its address is shown only when made)',
    tags,
    auth: true,
    access: 'self',
    responses: { 200: { description: 'The feed', schema: calendarFeedResponseSchema } },
    handler: async ({ request }) => ({ data: await feeds.getFeed(deps, { auth: await crmCaller(deps, request) }) }),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/calendar/feed',
    summary: 'Turn the caller’s feed on with the kinds chosen (answers its address once), or change its kinds',
    tags,
    auth: true,
    access: 'self',
    body: calendarFeedRequestSchema,
    responses: { 200: { description: 'Saved', schema: calendarFeedResponseSchema } },
    handler: async ({ request, body }) => feeds.saveFeed(deps, { auth: await crmCaller(deps, request), input: body }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/calendar/feed/regenerate',
    summary: 'A new address for the caller’s feed; the old one answers 404 at once',
    tags,
    auth: true,
    access: 'self',
    responses: { 200: { description: 'The new address', schema: calendarFeedResponseSchema }, 404: notFoundDoc },
    handler: async ({ request }) => feeds.regenerateFeed(deps, { auth: await crmCaller(deps, request) }),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/calendar/feed',
    summary: 'Turn the caller’s feed off (its address answers 404)',
    tags,
    auth: true,
    access: 'self',
    responses: { 200: { description: 'Off', schema: calendarFeedResponseSchema } },
    handler: async ({ request }) => feeds.turnOffFeed(deps, { auth: await crmCaller(deps, request) }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/calendar/feeds/:token',
    summary:
      'The private iCalendar feed (RFC 5545) behind a feed address, `…/{token}.ics`: no sign-in; never kept by a shared cache',
    tags: ['public'],
    auth: 'optional',
    params: calendarFeedParamsSchema,
    rateLimit: FEED_RATE_LIMIT,
    responses: {
      200: fileDoc('The calendar', 'text/calendar; charset=utf-8'),
      404: notFoundDoc,
      429: ERROR_DOCS.throttled,
    },
    handler: async ({ reply, params }) => {
      const body = await feeds.feedCalendar(deps, { token: params.token });
      void reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store, max-age=0')
        .header('x-robots-tag', 'noindex')
        .header('referrer-policy', 'no-referrer')
        .header('content-disposition', 'inline; filename="ledgerleaf.ics"');
      return body;
    },
  });
}
