import type { RouteObject } from 'react-router';
import { paths } from '@ledgerleaf/api';

/** The reports (issue 16): `/reports` lists them and opens one (`?report=aging`), in its own chunk. */
export const reportsRoutes: RouteObject[] = [
  { path: paths.reports, lazy: async () => ({ Component: (await import('./reports/reports-page')).ReportsPage }) },
];
