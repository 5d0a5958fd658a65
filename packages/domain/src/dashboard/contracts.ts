import { z } from 'zod';
import { fromCents } from '../money';
import {
  averageClientRevenueCents,
  isNewBusiness,
  revenueTrend,
  trendLineDays,
  type DashboardPeriods,
  type DashboardSummaryFigures,
  type RevenueDataFigures,
} from './figures';
import { DASHBOARD_MESSAGES } from './messages';

/**
 * `GET /api/dashboard/summary` (SPEC.md section 3 "Dashboard summary"). Amounts are dollars (a
 * decimal, like every amount of the API); definitions in `figures.ts`:
 * - `totalRevenue`: money received, payments plus other income, every date;
 * - `totalOutstanding` / `outstandingInvoices`: every balance owed now (sent, viewed, partial and
 *   overdue invoices), whatever its due date, and how many invoices owe it;
 * - `dueThisWeek` / `dueThisWeekCount`: of those, due in the next 7 days including today;
 * - `thisMonthRevenue`: money received with a date in this calendar month (business time zone);
 * - `revenueTrend`: percent change against last month (`revenueTrend`), null when last month was 0;
 * - `activeClients`: clients (not archived) invoiced or paid in the last 90 days; `inactiveClients`:
 *   the other clients not archived; `newClients`: clients created this calendar month;
 * - `averageClientRevenue`: what clients paid (all time) / clients who paid anything;
 *   `topClientRevenue`: the most one client has paid (all time);
 * - `welcomeMessage`: the business has no invoice, client or other income yet; `message` says what
 *   to do first (null otherwise);
 * - `revenueLast30Days`: the trend line's figures, revenue per day of the last 30 days, oldest first;
 * - `dueThisWeekFrom` / `dueThisWeekTo`: the due dates "due this week" counts (today and today + 6 in
 *   the business's time zone), so the card opens exactly those invoices.
 */
export const dashboardSummarySchema = z.object({
  totalRevenue: z.number(),
  totalOutstanding: z.number(),
  outstandingInvoices: z.number().int(),
  dueThisWeek: z.number(),
  dueThisWeekCount: z.number().int(),
  thisMonthRevenue: z.number(),
  revenueTrend: z.number().nullable(),
  activeClients: z.number().int(),
  inactiveClients: z.number().int(),
  newClients: z.number().int(),
  averageClientRevenue: z.number(),
  topClientRevenue: z.number(),
  welcomeMessage: z.boolean(),
  message: z.string().nullable(),
  revenueLast30Days: z.array(z.object({ date: z.string(), amount: z.number() })),
  dueThisWeekFrom: z.string(),
  dueThisWeekTo: z.string(),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

/**
 * `GET /api/dashboard/revenue-data` (SPEC.md section 3 "Revenue data"): `totalRevenue` and
 * `revenueTrend` as in the summary, and `series`: the last 12 calendar months, oldest first, each
 * with the payments and other income received in it and their total (dollars).
 */
export const revenueDataSchema = z.object({
  totalRevenue: z.number(),
  revenueTrend: z.number().nullable(),
  series: z.array(
    z.object({
      month: z.string(),
      payments: z.number(),
      otherIncome: z.number(),
      total: z.number(),
    }),
  ),
});
export type RevenueData = z.infer<typeof revenueDataSchema>;

/**
 * `GET /api/dashboard/recent-activity`: the business's latest events from the activity log, newest
 * first: what happened (`description`), to which record (`subjectType`, `subjectId`,
 * `subjectLabel`), by whom (`userName`, null for the system: the scheduler, a client on a public
 * page), when (`createdAt`), and where to see it (`link`, null when the record is gone).
 */
export const recentActivityItemSchema = z.object({
  id: z.number().int(),
  event: z.string(),
  description: z.string(),
  subjectType: z.string(),
  subjectId: z.number().int().nullable(),
  subjectLabel: z.string().nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
  link: z.string().nullable(),
});
export type RecentActivityItem = z.infer<typeof recentActivityItemSchema>;
export const recentActivitySchema = z.object({ data: z.array(recentActivityItemSchema) });
export type RecentActivity = z.infer<typeof recentActivitySchema>;
/** How many events the feed shows. */
export const RECENT_ACTIVITY_LIMIT = 15;

/** The summary answer from the database's figures (the one place its rules are applied). */
export function dashboardSummaryFromFigures(f: DashboardSummaryFigures, periods: DashboardPeriods): DashboardSummary {
  const welcome = isNewBusiness({
    hasInvoices: f.has_invoices,
    hasClients: f.clients > 0,
    hasOtherIncome: f.has_other_income,
  });
  const byDay = new Map(f.daily.map((row) => [row.day, row.cents]));
  return {
    totalRevenue: fromCents(f.total_revenue_cents),
    totalOutstanding: fromCents(f.outstanding_cents),
    outstandingInvoices: f.outstanding_count,
    dueThisWeek: fromCents(f.due_this_week_cents),
    dueThisWeekCount: f.due_this_week_count,
    thisMonthRevenue: fromCents(f.this_month_revenue_cents),
    revenueTrend: revenueTrend(f.this_month_revenue_cents, f.last_month_revenue_cents),
    activeClients: f.active_clients,
    inactiveClients: Math.max(0, f.clients - f.active_clients),
    newClients: f.new_clients,
    averageClientRevenue: fromCents(averageClientRevenueCents(f.client_revenue_cents, f.paying_clients)),
    topClientRevenue: fromCents(f.top_client_revenue_cents),
    welcomeMessage: welcome,
    message: welcome ? DASHBOARD_MESSAGES.welcome : null,
    revenueLast30Days: trendLineDays(periods).map((date) => ({ date, amount: fromCents(byDay.get(date) ?? 0) })),
    dueThisWeekFrom: periods.today,
    dueThisWeekTo: periods.dueUntil,
  };
}

/** The revenue chart's answer from the database's figures. */
export function revenueDataFromFigures(f: RevenueDataFigures, periods: DashboardPeriods): RevenueData {
  const byMonth = new Map(f.months.map((row) => [row.month, row]));
  const cents = (month: string) => {
    const row = byMonth.get(month);
    return (row?.payments_cents ?? 0) + (row?.other_income_cents ?? 0);
  };
  return {
    totalRevenue: fromCents(f.total_revenue_cents),
    revenueTrend: revenueTrend(cents(periods.thisMonth), cents(periods.lastMonth)),
    series: periods.seriesMonths.map((month) => {
      const row = byMonth.get(month);
      return {
        month,
        payments: fromCents(row?.payments_cents ?? 0),
        otherIncome: fromCents(row?.other_income_cents ?? 0),
        total: fromCents(cents(month)),
      };
    }),
  };
}
