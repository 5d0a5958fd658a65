/*
 * The dashboard's totals (issue 15, migration 0015), kept by triggers on payments, other income,
 * invoices and clients. Sums are bigint: PostgreSQL answers them as strings.
 */

export interface DashboardTables {
  dashboard_revenue_months: DashboardRevenueMonthsTable;
  dashboard_revenue_days: DashboardRevenueDaysTable;
  dashboard_client_totals: DashboardClientTotalsTable;
  dashboard_business_totals: DashboardBusinessTotalsTable;
}

/** Per business: clients not archived, clients who paid anything, and what clients paid in all. */
export interface DashboardBusinessTotalsTable {
  business_id: number;
  clients: number | string;
  paying_clients: number | string;
  client_paid_cents: number | string;
}

/** Per business and month (`yyyy-MM`) of the date received: payments' and other income's cents. */
export interface DashboardRevenueMonthsTable {
  business_id: number;
  month: string;
  payment_cents: number | string;
  other_income_cents: number | string;
}

/** Per business and day (`yyyy-MM-dd`) received: payments' and other income's cents. */
export interface DashboardRevenueDaysTable {
  business_id: number;
  day: string;
  payment_cents: number | string;
  other_income_cents: number | string;
}

/** Per client: archived (0/1), what it paid (its invoices' paid cents), its last invoice or payment date. */
export interface DashboardClientTotalsTable {
  business_id: number;
  client_id: number;
  archived: number;
  paid_cents: number | string;
  last_activity_date: string | null;
}
