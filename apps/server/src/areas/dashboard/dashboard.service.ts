import {
  RECENT_ACTIVITY_LIMIT,
  activityLink,
  activitySubjectLabel,
  dashboardPeriods,
  dashboardSummaryFromFigures,
  describeActivity,
  revenueDataFromFigures,
  timeZoneOrUtc,
  type DashboardSummary,
  type RecentActivity,
  type RevenueData,
} from '@ledgerleaf/domain';
import { dashboardSummaryFigures, recentActivityRows, revenueDataFigures } from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../lib/context';
import { businessTimeZone } from '../../lib/business-clock';

/*
 * The dashboard (issue 15) reads the other areas' data and writes none. Every figure is defined in
 * domain `dashboard/figures.ts`; the database answers counts and sums from the trigger-kept totals
 * of migration 0015 (`packages/db/src/queries/dashboard/dashboard.ts`). "Today" and "this month" are the
 * business's time zone (its recurring settings', like every "today" of the product).
 */

async function periodsOf(deps: Deps, businessId: number) {
  const timeZone = await businessTimeZone(deps.db, businessId);
  // A zone the runtime does not know (stored by an older version, say) reads as UTC rather than failing.
  return dashboardPeriods(deps.clock(), timeZoneOrUtc(timeZone));
}

/** `GET /api/dashboard/summary`. */
export async function dashboardSummary(deps: Deps, { auth }: { auth: AuthContext }): Promise<DashboardSummary> {
  const periods = await periodsOf(deps, auth.businessId);
  const figures = await dashboardSummaryFigures(deps.db, { businessId: auth.businessId, periods });
  return dashboardSummaryFromFigures(figures, periods);
}

/** `GET /api/dashboard/revenue-data`. */
export async function revenueData(deps: Deps, { auth }: { auth: AuthContext }): Promise<RevenueData> {
  const periods = await periodsOf(deps, auth.businessId);
  const figures = await revenueDataFigures(deps.db, { businessId: auth.businessId, periods });
  return revenueDataFromFigures(figures, periods);
}

function parseData(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** `GET /api/dashboard/recent-activity`: the latest events of the activity log, newest first. */
export async function recentActivity(deps: Deps, { auth }: { auth: AuthContext }): Promise<RecentActivity> {
  const rows = await recentActivityRows(deps.db, { businessId: auth.businessId, limit: RECENT_ACTIVITY_LIMIT });
  return {
    data: rows.map((row) => {
      const data = parseData(row.data);
      return {
        id: row.id,
        event: row.event,
        description: describeActivity(row.event, data),
        subjectType: row.subject_type,
        subjectId: row.subject_id,
        subjectLabel: activitySubjectLabel(row.subject_type, data),
        userName: row.user_name,
        createdAt: new Date(row.created_at).toISOString(),
        link: activityLink(row.subject_type, row.subject_id, row.event),
      };
    }),
  };
}
