import type { RouteObject } from 'react-router';
import { paths } from '@ledgerleaf/api';

/**
 * The goals routes (the tracker, a goal, analytics, achievements, other income and the goals
 * guide), each page in its own chunk; apps/web mounts them
 * under the authenticated layout. `/goals/create` is the named route goals.create (the tracker with
 * the goal modal open), `/goals-info` is goals.info. `/goals/income` lists the other income.
 */
export const goalRoutes: RouteObject[] = [
  { path: paths.goals.info, lazy: async () => ({ Component: (await import('./info/goals-info-page')).GoalsInfoPage }) },
  { path: paths.goals.list, lazy: async () => ({ Component: (await import('./goals/goals-page')).GoalsPage }) },
  { path: paths.goals.create, lazy: async () => ({ Component: (await import('./goals/goals-page')).GoalCreatePage }) },
  {
    path: paths.goals.analytics,
    lazy: async () => ({ Component: (await import('./analytics/analytics-page')).AnalyticsPage }),
  },
  { path: paths.goals.badges, lazy: async () => ({ Component: (await import('./badges/badges-page')).BadgesPage }) },
  { path: paths.goals.income, lazy: async () => ({ Component: (await import('./income/income-page')).IncomePage }) },
  {
    path: paths.goals.detail.pattern,
    lazy: async () => ({ Component: (await import('./goals/goal-detail-page')).GoalDetailPage }),
  },
];

/** Named routes of the goals area (the shell's quick-add "Create Goal" and the footer use them). */
export const GOAL_ROUTE_NAMES = {
  'goals.info': paths.goals.info,
  'goals.create': paths.goals.create,
  goals: paths.goals.list,
} as const;
