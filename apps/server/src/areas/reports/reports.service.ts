import { DATE_PRESETS, type Report, type ReportKind, type ReportQuery } from '@ledgerleaf/domain';
import type { ReportContext } from './standard/frame';
import { aging } from './standard/aging';
import { sales } from './standard/sales';
import { taxSummary } from './standard/tax-summary';
import { incomeStatement } from './standard/income-statement';
import { paymentsReceived } from './standard/payments-received';
import { estimateConversion } from './standard/estimate-conversion';
import { recurringRevenue } from './standard/recurring-revenue';
import { crmFunnel } from './standard/crm-funnel';
import { leadSources } from './standard/lead-sources';
import { goals } from './standard/goals';

export { dayCutoff, reportContext, resolvePeriod, type ReportContext } from './standard/frame';

/*
 * The standard reports (issue 16). Each is made of the database's figures (packages/db
 * queries/reports/, one file per group, in cents) and answered in the one report shape of domain `reportSchema`:
 * money cells in decimal dollars, a totals row that is the sum of the rows (added in cents, so it
 * equals the sum of the rows exactly), the basis where cash and accrual differ, and the drill-down
 * of every row. Dates are the business's (its time zone's "today" for presets and "as of").
 */

/** Each standard report's builder, by its kind (one file per report in `standard/`, the frame in `standard/frame.ts`). */
const BUILDERS: Record<ReportKind, (ctx: ReportContext, query: ReportQuery) => Promise<Report>> = {
  aging,
  sales_by_client: (ctx, query) => sales(ctx, 'sales_by_client', query),
  sales_by_product: (ctx, query) => sales(ctx, 'sales_by_product', query),
  tax_summary: taxSummary,
  income_statement: incomeStatement,
  payments_received: paymentsReceived,
  estimate_conversion: estimateConversion,
  recurring_revenue: (ctx) => recurringRevenue(ctx),
  crm_funnel: (ctx) => crmFunnel(ctx),
  lead_sources: leadSources,
  goals,
};

export async function buildReport(ctx: ReportContext, report: ReportKind, query: ReportQuery): Promise<Report> {
  return BUILDERS[report](ctx, query);
}

export const REPORT_PRESETS = DATE_PRESETS;
