import type { RouteObject } from 'react-router';

/**
 * The dashboard page in its own chunk; apps/web mounts it at `/dashboard` (with its loader that
 * fetches an unknown user first).
 */
export const loadDashboardPage: NonNullable<RouteObject['lazy']> = async () => ({
  Component: (await import('./dashboard-page')).DashboardPage,
});
