import { sql } from 'kysely';
import type { DashboardPeriods, DashboardSummaryFigures, RevenueDataFigures } from '@ledgerleaf/domain';
import { toDbTime } from '../../dialect';
import { num } from '../shared/sql';
import { INVOICE_UNPAID_STATUSES } from '../invoicing/invoice-lists';
import type { Db } from '../shared/types';

/*
 * The dashboard's figures (issue 15; definitions in domain `dashboard/figures.ts`). Each reads the
 * trigger-kept totals of migration 0015 (`dashboard_revenue_months`, `dashboard_revenue_days`,
 * `dashboard_client_totals`) and 0012 (`invoice_status_totals`), or an index range bounded by the
 * dates (due this week, clients created this month): never every invoice or payment of the business.
 */

type Periods = Pick<
  DashboardPeriods,
  'today' | 'thisMonth' | 'lastMonth' | 'dueUntil' | 'activeSince' | 'trendSince' | 'monthStartInstant'
>;

/** The summary's counts and sums for one business. */
export async function dashboardSummaryFigures(
  db: Db,
  params: { businessId: number; periods: Periods },
): Promise<DashboardSummaryFigures> {
  const { businessId, periods } = params;
  const revenue = await db
    .selectFrom('dashboard_revenue_months')
    .select([
      sql<number>`coalesce(sum(payment_cents + other_income_cents), 0)`.as('total'),
      sql<number>`coalesce(sum(case when month = ${periods.thisMonth} then payment_cents + other_income_cents else 0 end), 0)`.as(
        'this_month',
      ),
      sql<number>`coalesce(sum(case when month = ${periods.lastMonth} then payment_cents + other_income_cents else 0 end), 0)`.as(
        'last_month',
      ),
    ])
    .where('business_id', '=', businessId)
    .executeTakeFirstOrThrow();
  const outstanding = await db
    .selectFrom('invoice_status_totals')
    .select([
      sql<number>`coalesce(sum(balance_cents), 0)`.as('cents'),
      sql<number>`coalesce(sum(invoice_count), 0)`.as('count'),
    ])
    .where('business_id', '=', businessId)
    .where('status', 'in', [...INVOICE_UNPAID_STATUSES])
    .executeTakeFirstOrThrow();
  const anyInvoice = await db
    .selectFrom('invoice_status_totals')
    .select('status')
    .where('business_id', '=', businessId)
    .where('invoice_count', '>', 0)
    .limit(1)
    .executeTakeFirst();
  const due = await db
    .selectFrom('invoices')
    .select([sql<number>`coalesce(sum(balance_cents), 0)`.as('cents'), sql<number>`count(*)`.as('count')])
    .where('business_id', '=', businessId)
    .where('status', 'in', [...INVOICE_UNPAID_STATUSES])
    .where('due_date', '>=', periods.today)
    .where('due_date', '<=', periods.dueUntil)
    .executeTakeFirstOrThrow();
  const business = await db
    .selectFrom('dashboard_business_totals')
    .select(['clients', 'paying_clients', 'client_paid_cents'])
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  // An index range: only the active clients' entries.
  const active = await db
    .selectFrom('dashboard_client_totals')
    .select(sql<number>`count(*)`.as('count'))
    .where('business_id', '=', businessId)
    .where('archived', '=', 0)
    .where('last_activity_date', '>=', periods.activeSince)
    .executeTakeFirstOrThrow();
  // The end of the (business_id, paid_cents) index.
  const top = await db
    .selectFrom('dashboard_client_totals')
    .select(sql<number>`max(paid_cents)`.as('cents'))
    .where('business_id', '=', businessId)
    .executeTakeFirstOrThrow();
  const created = await db
    .selectFrom('clients')
    .select(sql<number>`count(*)`.as('count'))
    .where('business_id', '=', businessId)
    .where('created_at', '>=', toDbTime(periods.monthStartInstant))
    .executeTakeFirstOrThrow();
  const daily = await db
    .selectFrom('dashboard_revenue_days')
    .select(['day', sql<number>`payment_cents + other_income_cents`.as('cents')])
    .where('business_id', '=', businessId)
    .where('day', '>=', periods.trendSince)
    .where('day', '<=', periods.today)
    .orderBy('day')
    .execute();
  return {
    total_revenue_cents: num(revenue.total),
    this_month_revenue_cents: num(revenue.this_month),
    last_month_revenue_cents: num(revenue.last_month),
    outstanding_cents: num(outstanding.cents),
    outstanding_count: num(outstanding.count),
    due_this_week_cents: num(due.cents),
    due_this_week_count: num(due.count),
    clients: num(business?.clients),
    active_clients: num(active.count),
    new_clients: num(created.count),
    client_revenue_cents: num(business?.client_paid_cents),
    paying_clients: num(business?.paying_clients),
    top_client_revenue_cents: Math.max(0, num(top.cents)),
    has_invoices: anyInvoice !== undefined,
    has_other_income: await hasOtherIncome(db, businessId),
    daily: daily.map((row) => ({ day: row.day, cents: num(row.cents) })),
  };
}

async function hasOtherIncome(db: Db, businessId: number): Promise<boolean> {
  const row = await db
    .selectFrom('other_income')
    .select('id')
    .where('business_id', '=', businessId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The revenue chart's figures: all-time revenue and the months of `seriesMonths`. */
export async function revenueDataFigures(
  db: Db,
  params: { businessId: number; periods: Pick<DashboardPeriods, 'seriesMonths'> },
): Promise<RevenueDataFigures> {
  const total = await db
    .selectFrom('dashboard_revenue_months')
    .select(sql<number>`coalesce(sum(payment_cents + other_income_cents), 0)`.as('total'))
    .where('business_id', '=', params.businessId)
    .executeTakeFirstOrThrow();
  const months = params.periods.seriesMonths;
  const rows = await db
    .selectFrom('dashboard_revenue_months')
    .select(['month', 'payment_cents', 'other_income_cents'])
    .where('business_id', '=', params.businessId)
    .where('month', '>=', months[0] ?? '')
    .where('month', '<=', months.at(-1) ?? '')
    .orderBy('month')
    .execute();
  return {
    total_revenue_cents: num(total.total),
    months: rows.map((row) => ({
      month: row.month,
      payments_cents: num(row.payment_cents),
      other_income_cents: num(row.other_income_cents),
    })),
  };
}

export interface RecentActivityRow {
  id: number;
  event: string;
  subject_type: string;
  subject_id: number | null;
  data: string;
  user_name: string | null;
  created_at: Date | string;
}

/** The business's latest activity-log events, newest first, with the name of who did each. */
export async function recentActivityRows(
  db: Db,
  params: { businessId: number; limit: number },
): Promise<RecentActivityRow[]> {
  return db
    .selectFrom('activity_log as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'a.event', 'a.subject_type', 'a.subject_id', 'a.data', 'u.name as user_name', 'a.created_at'])
    .where('a.business_id', '=', params.businessId)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(params.limit)
    .execute();
}

/** The dashboard totals of one business, as stored (trigger-kept) or recomputed from every row. */
export interface DashboardTotalsSnapshot {
  months: Array<{ key: string; payment_cents: number; other_income_cents: number }>;
  days: Array<{ key: string; payment_cents: number; other_income_cents: number }>;
  clients: Array<{ client_id: number; archived: number; paid_cents: number; last_activity_date: string | null }>;
  business: { clients: number; paying_clients: number; client_paid_cents: number };
}

const nonZero = (row: { payment_cents: number; other_income_cents: number }) =>
  row.payment_cents !== 0 || row.other_income_cents !== 0;

/** The stored totals (rows left at zero by deletes are dropped, so they compare with a recomputation). */
export async function storedDashboardTotals(db: Db, businessId: number): Promise<DashboardTotalsSnapshot> {
  const months = await db
    .selectFrom('dashboard_revenue_months')
    .select(['month as key', 'payment_cents', 'other_income_cents'])
    .where('business_id', '=', businessId)
    .orderBy('month')
    .execute();
  const days = await db
    .selectFrom('dashboard_revenue_days')
    .select(['day as key', 'payment_cents', 'other_income_cents'])
    .where('business_id', '=', businessId)
    .orderBy('day')
    .execute();
  const clients = await db
    .selectFrom('dashboard_client_totals')
    .select(['client_id', 'archived', 'paid_cents', 'last_activity_date'])
    .where('business_id', '=', businessId)
    .orderBy('client_id')
    .execute();
  const business = await db
    .selectFrom('dashboard_business_totals')
    .select(['clients', 'paying_clients', 'client_paid_cents'])
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  const money = (rows: typeof months) =>
    rows
      .map((row) => ({
        key: row.key,
        payment_cents: num(row.payment_cents),
        other_income_cents: num(row.other_income_cents),
      }))
      .filter(nonZero);
  return {
    months: money(months),
    days: money(days),
    clients: clients.map((row) => ({
      client_id: row.client_id,
      archived: num(row.archived),
      paid_cents: num(row.paid_cents),
      last_activity_date: row.last_activity_date ?? null,
    })),
    business: {
      clients: num(business?.clients),
      paying_clients: num(business?.paying_clients),
      client_paid_cents: num(business?.client_paid_cents),
    },
  };
}

/** The same totals added up from every payment, other income, invoice and client (tests, checks). */
export async function recomputedDashboardTotals(db: Db, businessId: number): Promise<DashboardTotalsSnapshot> {
  const payments = await db
    .selectFrom('payments')
    .select(['payment_date as date', 'amount_cents'])
    .where('business_id', '=', businessId)
    .execute();
  const incomes = await db
    .selectFrom('other_income')
    .select(['income_date as date', 'amount_cents'])
    .where('business_id', '=', businessId)
    .execute();
  const add = (
    map: Map<string, { payment_cents: number; other_income_cents: number }>,
    key: string,
    column: 'payment_cents' | 'other_income_cents',
    cents: number,
  ) => {
    const row = map.get(key) ?? { payment_cents: 0, other_income_cents: 0 };
    row[column] += cents;
    map.set(key, row);
  };
  const months = new Map<string, { payment_cents: number; other_income_cents: number }>();
  const days = new Map<string, { payment_cents: number; other_income_cents: number }>();
  for (const row of payments) {
    add(months, row.date.slice(0, 7), 'payment_cents', num(row.amount_cents));
    add(days, row.date, 'payment_cents', num(row.amount_cents));
  }
  for (const row of incomes) {
    add(months, row.date.slice(0, 7), 'other_income_cents', num(row.amount_cents));
    add(days, row.date, 'other_income_cents', num(row.amount_cents));
  }
  const sorted = (map: typeof months) =>
    [...map.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, row]) => ({ key, ...row }))
      .filter(nonZero);

  const clients = await db
    .selectFrom('clients')
    .select(['id', 'archived_at'])
    .where('business_id', '=', businessId)
    .orderBy('id')
    .execute();
  const invoices = await db
    .selectFrom('invoices')
    .select(['id', 'client_id', 'paid_cents', 'status', 'issue_date'])
    .where('business_id', '=', businessId)
    .execute();
  const paymentRows = await db
    .selectFrom('payments')
    .select(['invoice_id', 'payment_date'])
    .where('business_id', '=', businessId)
    .execute();
  const clientOf = new Map(invoices.map((row) => [row.id, row.client_id]));
  const paid = new Map<number, number>();
  const last = new Map<number, string>();
  const later = (clientId: number, date: string) => {
    const current = last.get(clientId);
    if (current === undefined || date > current) last.set(clientId, date);
  };
  for (const row of invoices) {
    paid.set(row.client_id, (paid.get(row.client_id) ?? 0) + num(row.paid_cents));
    if (row.status !== 'draft' && row.status !== 'void') later(row.client_id, row.issue_date);
  }
  for (const row of paymentRows) {
    const clientId = clientOf.get(row.invoice_id);
    if (clientId !== undefined) later(clientId, row.payment_date);
  }
  const clientRows = clients.map((row) => ({
    client_id: row.id,
    archived: row.archived_at === null ? 0 : 1,
    paid_cents: paid.get(row.id) ?? 0,
    last_activity_date: last.get(row.id) ?? null,
  }));
  return {
    months: sorted(months),
    days: sorted(days),
    clients: clientRows,
    business: {
      clients: clientRows.filter((row) => row.archived === 0).length,
      paying_clients: clientRows.filter((row) => row.paid_cents > 0).length,
      client_paid_cents: clientRows.reduce((total, row) => total + row.paid_cents, 0),
    },
  };
}
