import type {
  CrmOverview,
  CrmPipeline,
  DashboardSummary,
  LeadAnalytics,
  RecentActivity,
  RevenueData,
} from '@ledgerleaf/domain';
import { api } from './api';

/**
 * How long the dashboard's answers stay cached while no screen shows them: a day. SPEC.md section
 * 4: data already loaded is not reloaded on return to /dashboard. A write that changes a figure
 * still refreshes it: the answers carry the tags the invoice, client, goal, income and CRM writes
 * invalidate, so a stale figure is fetched again when next shown.
 */
export const DASHBOARD_CACHE_SECONDS = 24 * 60 * 60;

/**
 * The dashboard (issue 15): its three calls and the CRM's three dashboard calls (whose routes are the
 * CRM's). The entry `@ledgerleaf/api/dashboard`, like `./crm`: only the dashboard's lazy chunk loads it.
 */
export const dashboardApi = api
  .enhanceEndpoints({
    addTagTypes: ['Dashboard', 'Invoice', 'Client', 'Goal', 'OtherIncome', 'Opportunity', 'Lead', 'CrmBoard'],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getDashboardSummary: build.query<DashboardSummary, void>({
        query: () => '/api/dashboard/summary',
        keepUnusedDataFor: DASHBOARD_CACHE_SECONDS,
        providesTags: [
          { type: 'Dashboard', id: 'SUMMARY' },
          { type: 'Invoice', id: 'LIST' },
          { type: 'Client', id: 'LIST' },
          'OtherIncome',
        ],
      }),
      getRevenueData: build.query<RevenueData, void>({
        query: () => '/api/dashboard/revenue-data',
        keepUnusedDataFor: DASHBOARD_CACHE_SECONDS,
        providesTags: [{ type: 'Dashboard', id: 'REVENUE' }, { type: 'Invoice', id: 'LIST' }, 'OtherIncome'],
      }),
      getRecentActivity: build.query<RecentActivity, void>({
        query: () => '/api/dashboard/recent-activity',
        keepUnusedDataFor: DASHBOARD_CACHE_SECONDS,
        providesTags: [{ type: 'Dashboard', id: 'ACTIVITY' }],
      }),
      getCrmOverview: build.query<CrmOverview, void>({
        query: () => '/api/dashboard/crm-overview',
        keepUnusedDataFor: DASHBOARD_CACHE_SECONDS,
        providesTags: [{ type: 'Dashboard', id: 'CRM' }, 'Opportunity', 'Lead', 'CrmBoard'],
      }),
      getCrmPipeline: build.query<CrmPipeline, void>({
        query: () => '/api/dashboard/crm-pipeline',
        keepUnusedDataFor: DASHBOARD_CACHE_SECONDS,
        providesTags: [{ type: 'Dashboard', id: 'CRM' }, 'Opportunity', 'CrmBoard'],
      }),
      getLeadAnalytics: build.query<LeadAnalytics, void>({
        query: () => '/api/dashboard/lead-analytics',
        keepUnusedDataFor: DASHBOARD_CACHE_SECONDS,
        providesTags: [{ type: 'Dashboard', id: 'LEADS' }, 'Lead', 'Opportunity'],
      }),
    }),
  });

export const {
  useGetDashboardSummaryQuery,
  useGetRevenueDataQuery,
  useGetRecentActivityQuery,
  useGetCrmOverviewQuery,
  useGetCrmPipelineQuery,
  useGetLeadAnalyticsQuery,
} = dashboardApi;
