import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  GOAL_ACTIONS,
  GOAL_MESSAGES,
  GOAL_STATUSES,
  allocationPreferenceRequestSchema,
  allocationPreferenceResponseSchema,
  allocationRequestSchema,
  allocationResponseSchema,
  goalAnalyticsResponseSchema,
  goalBadgeListSchema,
  goalContributionPageSchema,
  goalContributionQuerySchema,
  goalInputSchema,
  goalListQuerySchema,
  goalPageSchema,
  goalResponseSchema,
  goalSchema,
  idParamsSchema,
  otherIncomeListQuerySchema,
  otherIncomePageSchema,
  otherIncomeRequestSchema,
  otherIncomeResponseSchema,
  otherIncomeSchema,
  type GoalAction,
} from '@ledgerleaf/domain';
import type { Deps } from '../../lib/context';
import { ERROR_DOCS, conflictDoc, errorDoc } from '../../lib/error-docs';
import { defineRoute, requireAuth } from '../../lib/route';
import * as allocations from './allocations.service';
import * as badges from './badges.service';
import * as goals from './goals.service';
import * as income from './other-income.service';

const e = {
  ...ERROR_DOCS,
  notFound: errorDoc("No such record in the caller's business"),
  conflict: conflictDoc('Not allowed in the goal’s status', z.enum(GOAL_STATUSES)),
};

const messageSchema = z.object({ message: z.string() });
const deletedIncomeSchema = z.object({ goals: z.array(goalSchema), message: z.string() });
const goalActionResponseSchema = z.object({ data: goalSchema, message: z.string() });

export function registerGoalRoutes(app: FastifyInstance, deps: Deps): void {
  const tags = ['goals'];

  defineRoute(app, {
    method: 'GET',
    url: '/api/goals',
    summary:
      'Goals: `type=financial&status=active` for the allocation panel and the other income modal (active means active or in_progress); status all|active|in_progress|completed|paused|cancelled|behind, type all|financial|revenue_collected|amount_invoiced|new_clients, search, sort, pages. Answers { data: [...], meta }',
    tags,
    auth: true,
    query: goalListQuerySchema,
    responses: {
      200: { description: 'One page of goals', schema: goalPageSchema },
      401: e.unauthenticated,
      422: e.validation,
    },
    handler: ({ request, query }) => goals.listGoals(deps, { auth: requireAuth(request), query }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/goals',
    summary:
      'Create a goal (financial goals are filled by allocations; the others track payments + other income, invoiced totals or new clients over [start_date, target_date])',
    tags,
    auth: true,
    body: goalInputSchema,
    responses: {
      201: { description: 'Created', schema: goalResponseSchema },
      401: e.unauthenticated,
      422: e.validation,
    },
    handler: async ({ request, reply, body }) => {
      const data = await goals.createGoal(deps, { auth: requireAuth(request), input: body });
      reply.code(201);
      return { data, message: GOAL_MESSAGES.created };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/goals/analytics',
    summary:
      'Goal analytics: money into financial goals per month (last 12) and per goal, contributions by source, achieved / active / behind-schedule counts',
    tags,
    auth: true,
    responses: { 200: { description: 'Analytics', schema: goalAnalyticsResponseSchema }, 401: e.unauthenticated },
    handler: async ({ request }) => ({ data: await goals.goalAnalytics(deps, { auth: requireAuth(request) }) }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/goals/:id',
    summary:
      'One goal with progress, remaining amount, days left, the pace needed per month and the projection at the current pace',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: {
      200: { description: 'The goal', schema: goalResponseSchema },
      401: e.unauthenticated,
      404: e.notFound,
    },
    handler: async ({ request, params }) => ({
      data: await goals.getGoal(deps, { auth: requireAuth(request), goalId: params.id }),
    }),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/goals/:id',
    summary:
      'Edit a goal (all fields; the type cannot change; current_amount of a financial goal is its corrected total, at least what allocations brought)',
    tags,
    auth: true,
    params: idParamsSchema,
    body: goalInputSchema,
    responses: {
      200: { description: 'Updated', schema: goalResponseSchema },
      401: e.unauthenticated,
      404: e.notFound,
      409: e.conflict,
      422: e.validation,
    },
    handler: async ({ request, params, body }) => ({
      data: await goals.updateGoal(deps, { auth: requireAuth(request), goalId: params.id, input: body }),
      message: GOAL_MESSAGES.updated,
    }),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/goals/:id',
    summary: 'Delete a goal and its allocations (the payments and income stay recorded)',
    tags,
    auth: true,
    params: idParamsSchema,
    responses: { 200: { description: 'Deleted', schema: messageSchema }, 401: e.unauthenticated, 404: e.notFound },
    handler: async ({ request, params }) => {
      await goals.deleteGoal(deps, { auth: requireAuth(request), goalId: params.id });
      return { message: GOAL_MESSAGES.deleted };
    },
  });

  for (const action of GOAL_ACTIONS) {
    defineRoute(app, {
      method: 'POST',
      url: `/api/goals/:id/${action}`,
      summary: `${action[0]?.toUpperCase()}${action.slice(1)} a goal (409 when its status does not allow it)`,
      tags,
      auth: true,
      params: idParamsSchema,
      responses: {
        200: { description: 'The goal after it', schema: goalActionResponseSchema },
        401: e.unauthenticated,
        404: e.notFound,
        409: e.conflict,
      },
      handler: ({ request, params }) =>
        goals.changeGoalStatus(deps, { auth: requireAuth(request), goalId: params.id, action: action as GoalAction }),
    });
  }

  defineRoute(app, {
    method: 'GET',
    url: '/api/goals/:id/contributions',
    summary:
      'What moved the goal, newest first: payment on invoice N (invoice_id, payment_id), other income from S (other_income_id); tracked goals list the payments, income, invoices or clients they count',
    tags,
    auth: true,
    params: idParamsSchema,
    query: goalContributionQuerySchema,
    responses: {
      200: { description: 'One page of contributions and the goal', schema: goalContributionPageSchema },
      401: e.unauthenticated,
      404: e.notFound,
      422: e.validation,
    },
    handler: ({ request, params, query }) =>
      goals.listContributions(deps, {
        auth: requireAuth(request),
        goalId: params.id,
        page: query.page,
        perPage: query.per_page,
      }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/goal-badges',
    summary: 'The achievements catalogue: earned ones with earned_at (and the goal), the others with how_to_earn',
    tags,
    auth: true,
    responses: { 200: { description: 'Badges', schema: goalBadgeListSchema }, 401: e.unauthenticated },
    handler: ({ request }) => badges.listBadges(deps, { auth: requireAuth(request) }),
  });

  // ---------------------------------------------------------------- other income
  const incomeTags = ['other income'];

  defineRoute(app, {
    method: 'POST',
    url: '/api/other-income/multiple-goals',
    summary:
      'Record other income and allocate it to active financial goals in one transaction (amount, date, source and allocations checked by the domain other-income rules: 422 field-keyed). Idempotency-Key header: a retry replays the first answer',
    tags: incomeTags,
    auth: true,
    idempotent: true,
    body: otherIncomeRequestSchema,
    responses: {
      201: { description: 'Recorded; the goals it raised', schema: otherIncomeResponseSchema },
      401: e.unauthenticated,
      422: e.validation,
    },
    handler: async ({ request, reply, body, idempotencyKey: key }) => {
      const result = await income.recordOtherIncome(deps, {
        auth: requireAuth(request),
        input: body,
        idempotencyKey: key,
        rawBody: request.body ?? {},
        path: '/api/other-income/multiple-goals',
      });
      reply.code(result.status);
      if (key !== undefined) void reply.header('idempotency-key', key);
      return result.body;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/other-income',
    summary:
      'Other income, newest first by default: search (source, reference, description), date range, sort, pages; count and total of everything matching',
    tags: incomeTags,
    auth: true,
    query: otherIncomeListQuerySchema,
    responses: {
      200: { description: 'One page of income', schema: otherIncomePageSchema },
      401: e.unauthenticated,
      422: e.validation,
    },
    handler: ({ request, query }) => income.listOtherIncome(deps, { auth: requireAuth(request), query }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/other-income/:id',
    summary: 'One income with its allocations',
    tags: incomeTags,
    auth: true,
    params: idParamsSchema,
    responses: {
      200: { description: 'The income', schema: z.object({ data: otherIncomeSchema }) },
      401: e.unauthenticated,
      404: e.notFound,
    },
    handler: async ({ request, params }) => ({
      data: await income.getOtherIncome(deps, { auth: requireAuth(request), otherIncomeId: params.id }),
    }),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/other-income/:id',
    summary:
      'Edit other income (the same rules); its allocations are replaced: the old ones reversed, the new ones applied',
    tags: incomeTags,
    auth: true,
    params: idParamsSchema,
    body: otherIncomeRequestSchema,
    responses: {
      200: { description: 'Updated', schema: otherIncomeResponseSchema },
      401: e.unauthenticated,
      404: e.notFound,
      422: e.validation,
    },
    handler: ({ request, params, body }) =>
      income.updateOtherIncome(deps, { auth: requireAuth(request), otherIncomeId: params.id, input: body }),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/other-income/:id',
    summary: 'Delete other income; its allocations are taken off the goals',
    tags: incomeTags,
    auth: true,
    params: idParamsSchema,
    responses: {
      200: { description: 'Deleted; the goals it had raised', schema: deletedIncomeSchema },
      401: e.unauthenticated,
      404: e.notFound,
    },
    handler: ({ request, params }) =>
      income.deleteOtherIncome(deps, { auth: requireAuth(request), otherIncomeId: params.id }),
  });

  // ---------------------------------------------------------------- payment allocation
  const allocationTags = ['goal allocations'];

  defineRoute(app, {
    method: 'POST',
    url: '/api/invoice-payments/allocate-to-goals',
    summary:
      "Allocate a received payment to active financial goals: the payment must belong to the invoice and the caller's business (404), the total may not exceed what is left of it (422 allocations). One transaction; Idempotency-Key honoured",
    tags: allocationTags,
    auth: true,
    idempotent: true,
    body: allocationRequestSchema,
    responses: {
      201: {
        description: 'Allocated; the payment’s allocations and the goals raised',
        schema: allocationResponseSchema,
      },
      401: e.unauthenticated,
      404: e.notFound,
      422: e.validation,
    },
    handler: async ({ request, reply, body, idempotencyKey: key }) => {
      const result = await allocations.allocatePayment(deps, {
        auth: requireAuth(request),
        input: body,
        idempotencyKey: key,
        rawBody: request.body ?? {},
        path: '/api/invoice-payments/allocate-to-goals',
      });
      reply.code(result.status);
      if (key !== undefined) void reply.header('idempotency-key', key);
      return result.body;
    },
  });

  // The web reads this GET before opening "Allocate Payment to Goals" after a payment (true until
  // the user ticks "Don't show this again", which POSTs show_allocation_modal: false).
  defineRoute(app, {
    method: 'GET',
    url: '/api/goal-allocation-preferences',
    summary: 'The caller\'s show_allocation_modal (true unless they chose "Don\'t show this again")',
    tags: allocationTags,
    auth: true,
    responses: {
      200: { description: 'The preference', schema: allocationPreferenceResponseSchema },
      401: e.unauthenticated,
    },
    handler: async ({ request }) => ({ data: await allocations.getPreference(deps, { auth: requireAuth(request) }) }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/goal-allocation-preferences',
    summary:
      'Store the caller\'s show_allocation_modal (SPEC.md section 7: sent with false when "Don\'t show this again" is checked)',
    tags: allocationTags,
    auth: true,
    body: allocationPreferenceRequestSchema,
    responses: {
      200: { description: 'Stored', schema: allocationPreferenceResponseSchema },
      401: e.unauthenticated,
      422: e.validation,
    },
    handler: async ({ request, body }) => ({
      data: await allocations.setPreference(deps, { auth: requireAuth(request), show: body.show_allocation_modal }),
      message: 'Preference saved.',
    }),
  });
}
