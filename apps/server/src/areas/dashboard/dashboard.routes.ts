import type { FastifyInstance } from 'fastify';
import { dashboardSummarySchema, recentActivitySchema, revenueDataSchema } from '@ledgerleaf/domain';
import type { Deps } from '../../lib/context';
import { defineRoute, requireAuth } from '../../lib/route';
import * as dashboard from './dashboard.service';

const tags = ['dashboard'];

/**
 * The dashboard's own figures (SPEC.md sections 3 and 7); every role reads them. The CRM's
 * (`/api/dashboard/crm-overview`, `crm-pipeline`, `lead-analytics`) are the CRM area's.
 */
export function registerDashboardRoutes(app: FastifyInstance, deps: Deps): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/dashboard/summary',
    summary:
      "Dashboard summary (SPEC.md section 3): revenue (payments plus other income by the date received; this calendar month and its percent change from last month, null after a month without revenue), outstanding (balances owed now, any due date), due this week (the next 7 days including today), clients (active: invoiced or paid in the last 90 days; new: created this month; average and top revenue per paying client), the welcome message for a new business, and the last 30 days' daily revenue. Dates are the business's time zone.",
    tags,
    auth: true,
    responses: { 200: { description: 'The dashboard summary', schema: dashboardSummarySchema } },
    handler: async ({ request }) => dashboard.dashboardSummary(deps, { auth: requireAuth(request) }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/dashboard/revenue-data',
    summary:
      "Revenue data (SPEC.md section 3): totalRevenue (all time), revenueTrend, and series: the last 12 calendar months with each month's payments, other income and total",
    tags,
    auth: true,
    responses: { 200: { description: 'Revenue per month', schema: revenueDataSchema } },
    handler: async ({ request }) => dashboard.revenueData(deps, { auth: requireAuth(request) }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/dashboard/recent-activity',
    summary:
      "The business's latest events from the activity log, newest first: what happened, to which record, by whom, when, and a link",
    tags,
    auth: true,
    responses: { 200: { description: 'Recent activity', schema: recentActivitySchema } },
    handler: async ({ request }) => dashboard.recentActivity(deps, { auth: requireAuth(request) }),
  });
}
