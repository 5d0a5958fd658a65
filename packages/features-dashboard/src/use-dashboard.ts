import { useCallback, useEffect, useRef, useState } from 'react';
import { DASHBOARD_MESSAGES } from '@ledgerleaf/domain';
import { useListGoalsQuery } from '@ledgerleaf/api';
import {
  useGetCrmOverviewQuery,
  useGetCrmPipelineQuery,
  useGetDashboardSummaryQuery,
  useGetLeadAnalyticsQuery,
  useGetRecentActivityQuery,
  useGetRevenueDataQuery,
} from '@ledgerleaf/api/dashboard';
import { MAX_REFRESH_INTERVALS, REFRESH_DEBOUNCE_MS, REFRESH_INTERVAL_MS } from './shared/constants';

/**
 * The load stages of SPEC.md section 4, in order: the KPIs; the revenue data, after which the
 * revenue chart appears; the clients data (the summary's client figures: Client Analytics
 * appears); goals and CRM together (failures tolerated), after which their widgets appear; the
 * activity, after which lead analytics and the activity feed appear; then the last-refresh time is
 * stored (`done`).
 */
export const DASHBOARD_STAGES = ['kpis', 'revenue', 'clients', 'goalsCrm', 'activity', 'done'] as const;
export type DashboardStage = (typeof DASHBOARD_STAGES)[number];

/** The goals widget's request: the active goals (active and in progress), a handful. */
export const GOALS_WIDGET_QUERY = { status: 'active', per_page: 5, sort: 'target_date', direction: 'asc' } as const;

/**
 * What the page remembers between visits in this tab: when the data was last loaded or refreshed.
 * The data itself stays in the RTK Query cache (a day, `DASHBOARD_CACHE_SECONDS`).
 */
export const dashboardMemory = { lastRefresh: null as number | null };

const settled = (query: { isSuccess: boolean; isError: boolean }) => query.isSuccess || query.isError;

export function useDashboard() {
  // Returning to the page with the summary already loaded: no staged load again.
  const summary = useGetDashboardSummaryQuery();
  const returning = useRef(summary.isSuccess && dashboardMemory.lastRefresh !== null).current;
  const [stage, setStage] = useState<DashboardStage>(returning ? 'done' : 'kpis');
  const reached = (name: DashboardStage) => DASHBOARD_STAGES.indexOf(stage) >= DASHBOARD_STAGES.indexOf(name);

  const revenue = useGetRevenueDataQuery(undefined, { skip: !reached('revenue') });
  const goals = useListGoalsQuery(GOALS_WIDGET_QUERY, { skip: !reached('goalsCrm') });
  const crm = useGetCrmOverviewQuery(undefined, { skip: !reached('goalsCrm') });
  const pipeline = useGetCrmPipelineQuery(undefined, { skip: !reached('goalsCrm') });
  const activity = useGetRecentActivityQuery(undefined, { skip: !reached('activity') });
  const leads = useGetLeadAnalyticsQuery(undefined, { skip: !reached('activity') });

  // Stages advance as each settles; a failure of the summary, the revenue or the activity sets the error.
  const [stagedError, setStagedError] = useState<string | null>(null);
  useEffect(() => {
    if (stage === 'kpis' && settled(summary)) setStage('revenue');
    else if (stage === 'revenue' && settled(revenue)) setStage('clients');
    else if (stage === 'clients') setStage('goalsCrm');
    else if (stage === 'goalsCrm' && settled(goals) && settled(crm) && settled(pipeline)) setStage('activity');
    else if (stage === 'activity' && settled(activity) && settled(leads)) {
      dashboardMemory.lastRefresh = Date.now();
      setStage('done');
    }
  }, [stage, summary, revenue, goals, crm, pipeline, activity, leads]);
  useEffect(() => {
    if (stage === 'done' && returning) return;
    if (summary.isError || revenue.isError || activity.isError) setStagedError(DASHBOARD_MESSAGES.stagedLoadFailed);
  }, [stage, returning, summary.isError, revenue.isError, activity.isError]);

  // Returning from another route refreshes the activity only (also after more than five intervals away).
  const { refetch: refetchActivity } = activity;
  useEffect(() => {
    if (!returning) return;
    const away = Date.now() - (dashboardMemory.lastRefresh ?? 0);
    void refetchActivity();
    if (away > MAX_REFRESH_INTERVALS * REFRESH_INTERVAL_MS) dashboardMemory.lastRefresh = Date.now();
  }, [returning, refetchActivity]);

  // The summary refreshes every interval, skipped while one is loading; a failure says so.
  const [summaryError, setSummaryError] = useState<string | null>(null);
  const summaryRef = useRef(summary);
  summaryRef.current = summary;
  const refreshSummary = useCallback(async () => {
    if (summaryRef.current.isFetching) return false;
    try {
      await summaryRef.current.refetch().unwrap();
      setSummaryError(null);
    } catch {
      setSummaryError(DASHBOARD_MESSAGES.summaryFailed);
    }
    return true;
  }, []);
  useEffect(() => {
    if (stage !== 'done') return;
    const timer = setInterval(() => void refreshSummary(), REFRESH_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [stage, refreshSummary]);

  // The full refresh (the Refresh button), debounced: every figure again; a failure in a banner.
  const [refreshError, setRefreshError] = useState<string | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const all = useRef({ summary, revenue, goals, crm, pipeline, activity, leads });
  all.current = { summary, revenue, goals, crm, pipeline, activity, leads };
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const refresh = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const queries = all.current;
      setRefreshing(true);
      Promise.all([
        queries.summary.refetch().unwrap(),
        queries.revenue.refetch().unwrap(),
        queries.activity.refetch().unwrap(),
        // Goals and the CRM are tolerated: their widgets show their own fallback.
        queries.goals.refetch(),
        queries.crm.refetch(),
        queries.pipeline.refetch(),
        queries.leads.refetch(),
      ])
        .then(() => {
          dashboardMemory.lastRefresh = Date.now();
          setRefreshError(null);
          setSummaryError(null);
        })
        .catch(() => setRefreshError(DASHBOARD_MESSAGES.refreshFailed))
        .finally(() => setRefreshing(false));
    }, REFRESH_DEBOUNCE_MS);
  }, []);

  return {
    stage,
    reached,
    summary,
    revenue,
    goals,
    crm,
    pipeline,
    activity,
    leads,
    stagedError,
    summaryError,
    refreshError,
    refreshing,
    refresh,
    refreshSummary,
    lastRefresh: dashboardMemory.lastRefresh,
  };
}
