import { addCalendarDays } from '../invoicing/due-date';
import { startOfZonedMonth, zonedToday } from '../crm/zoned-time';

/*
 * The dashboard's figures (issue 15; SPEC.md sections 2, 3 and 9), each defined once here. The
 * server asks the database for counts and sums over the dates these functions give, and builds its
 * answers with `dashboardSummaryFromFigures` / `revenueDataFromFigures`; the web shows them and
 * states the definitions (`DASHBOARD_DEFINITIONS`) where a person could misread a figure.
 *
 * Dates: every "today", "this month", "last month" and "last N days" is a calendar date of the
 * business's time zone (its recurring settings', like the scheduler's). Payments and other income
 * carry the calendar date they were received (`payment_date`, `income_date`), so money counts in the
 * month of that date, whatever the instant it was typed in.
 */

/** Active client window: a client invoiced or paid within the last 90 days (today included). */
export const ACTIVE_CLIENT_DAYS = 90;
/** "Due This Week" = the next 7 days including today (SPEC.md section 9). */
export const DUE_THIS_WEEK_DAYS = 7;
/** The revenue chart's months: this month and the 11 before it. */
export const REVENUE_SERIES_MONTHS = 12;
/** The Monthly Revenue card's trend line: daily revenue of the last 30 days (today included). */
export const TREND_LINE_DAYS = 30;

/** The business dates every dashboard figure is computed over. */
export interface DashboardPeriods {
  /** The business's date now (`yyyy-MM-dd`). */
  today: string;
  /** This calendar month (`yyyy-MM`) and the one before. */
  thisMonth: string;
  lastMonth: string;
  /** "Due this week": due dates from `today` to `dueUntil`, both included (7 days). */
  dueUntil: string;
  /** Active clients: an issued invoice dated, or a payment received, on or after this date. */
  activeSince: string;
  /** The trend line's first day (30 days, today included). */
  trendSince: string;
  /** The revenue chart's months, oldest first, ending with `thisMonth`. */
  seriesMonths: string[];
  /** The first instant of this month in the business's time zone ("new clients": created since). */
  monthStartInstant: Date;
}

/** `yyyy-MM` plus `months` calendar months (negative goes back). */
export function addMonths(month: string, months: number): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const total = year * 12 + (index - 1) + months;
  const y = Math.floor(total / 12);
  return `${String(y).padStart(4, '0')}-${String(total - y * 12 + 1).padStart(2, '0')}`;
}

/** The dashboard's dates at `now` in `timeZone` (see `DashboardPeriods`). */
export function dashboardPeriods(now: Date, timeZone: string): DashboardPeriods {
  const today = zonedToday(now, timeZone);
  const thisMonth = today.slice(0, 7);
  return {
    today,
    thisMonth,
    lastMonth: addMonths(thisMonth, -1),
    dueUntil: addCalendarDays(today, DUE_THIS_WEEK_DAYS - 1),
    activeSince: addCalendarDays(today, 1 - ACTIVE_CLIENT_DAYS),
    trendSince: addCalendarDays(today, 1 - TREND_LINE_DAYS),
    seriesMonths: Array.from({ length: REVENUE_SERIES_MONTHS }, (_, index) =>
      addMonths(thisMonth, index - (REVENUE_SERIES_MONTHS - 1)),
    ),
    monthStartInstant: startOfZonedMonth(now, timeZone),
  };
}

/** The last `TREND_LINE_DAYS` business dates, oldest first. */
export function trendLineDays(periods: Pick<DashboardPeriods, 'trendSince'>): string[] {
  return Array.from({ length: TREND_LINE_DAYS }, (_, index) => addCalendarDays(periods.trendSince, index));
}

/**
 * `revenueTrend`: the percent change of this month's revenue against last month's, one decimal.
 * Both months 0 is no change (0). Last month 0 and this month more is null: there is no percent
 * change from nothing, and the card says "New" instead of 0 % or infinity.
 */
export function revenueTrend(thisMonthCents: number, lastMonthCents: number): number | null {
  if (lastMonthCents === 0) return thisMonthCents === 0 ? 0 : null;
  return Math.round(((thisMonthCents - lastMonthCents) / Math.abs(lastMonthCents)) * 1000) / 10;
}

/**
 * `averageClientRevenue`: the money received from clients (their invoices' payments, all time)
 * divided by the number of clients who paid anything; 0 when nobody has paid yet. Rounded to cents.
 */
export function averageClientRevenueCents(clientRevenueCents: number, payingClients: number): number {
  return payingClients > 0 ? Math.round(clientRevenueCents / payingClients) : 0;
}

/** `welcomeMessage`: true for a business with no invoice, no client and no other income yet. */
export function isNewBusiness(counts: { hasInvoices: boolean; hasClients: boolean; hasOtherIncome: boolean }): boolean {
  return !counts.hasInvoices && !counts.hasClients && !counts.hasOtherIncome;
}

/** What the database answers for the summary (cents and counts over `dashboardPeriods`). */
export interface DashboardSummaryFigures {
  /** Payments plus other income, every date. */
  total_revenue_cents: number;
  this_month_revenue_cents: number;
  last_month_revenue_cents: number;
  /** Balances owed now (sent, viewed, partial, overdue invoices; not drafts, not void), any due date. */
  outstanding_cents: number;
  outstanding_count: number;
  /** The same invoices, due from today to `dueUntil`. */
  due_this_week_cents: number;
  due_this_week_count: number;
  /** Clients not archived. */
  clients: number;
  /** Of those, invoiced (an issued invoice dated) or paid since `activeSince`. */
  active_clients: number;
  /** Clients created since the first instant of this month. */
  new_clients: number;
  /** Sum of what clients paid (payments on their invoices, all time) and how many paid anything. */
  client_revenue_cents: number;
  paying_clients: number;
  /** The most one client has paid (all time). */
  top_client_revenue_cents: number;
  has_invoices: boolean;
  has_other_income: boolean;
  /** Revenue per day over the trend line's days (days without money are absent). */
  daily: Array<{ day: string; cents: number }>;
}

/** What the database answers for the revenue chart. */
export interface RevenueDataFigures {
  total_revenue_cents: number;
  /** Per month of `seriesMonths` that had money (others are 0). */
  months: Array<{ month: string; payments_cents: number; other_income_cents: number }>;
}
