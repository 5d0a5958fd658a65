import type { RouteObject } from 'react-router';

/**
 * The goals routes of SPEC.md section 2 (issue 4), each page in its own chunk; apps/web mounts them
 * under the authenticated layout. `/goals/create` is the named route goals.create (the tracker with
 * the goal modal open), `/goals-info` is goals.info. `/goals/income` lists the other income.
 */
export const goalRoutes: RouteObject[] = [
  { path: '/goals-info', lazy: async () => ({ Component: (await import('./info/goals-info-page')).GoalsInfoPage }) },
  { path: '/goals', lazy: async () => ({ Component: (await import('./goals/goals-page')).GoalsPage }) },
  { path: '/goals/create', lazy: async () => ({ Component: (await import('./goals/goals-page')).GoalCreatePage }) },
  {
    path: '/goals/analytics',
    lazy: async () => ({ Component: (await import('./analytics/analytics-page')).AnalyticsPage }),
  },
  { path: '/goals/badges', lazy: async () => ({ Component: (await import('./badges/badges-page')).BadgesPage }) },
  { path: '/goals/income', lazy: async () => ({ Component: (await import('./income/income-page')).IncomePage }) },
  { path: '/goals/:id', lazy: async () => ({ Component: (await import('./goals/goal-detail-page')).GoalDetailPage }) },
];

/** Named routes of the goals area (the shell's quick-add "Create Goal" and the footer use them). */
export const GOAL_ROUTE_NAMES = {
  'goals.info': '/goals-info',
  'goals.create': '/goals/create',
  goals: '/goals',
} as const;
