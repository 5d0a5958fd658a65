import type { RouteObject } from 'react-router';
import { paths } from '@ledgerleaf/api';

/**
 * The reports (issue 16), each screen in its own chunk: `/reports` lists the standard reports and
 * opens one (`?report=aging`); `/dynamic-reports` builds, runs, exports and saves dynamic reports
 * (`?def=` the definition, `?id=` a saved report).
 */
export const reportsRoutes: RouteObject[] = [
  { path: paths.reports, lazy: async () => ({ Component: (await import('./reports/reports-page')).ReportsPage }) },
  {
    path: paths.dynamicReports,
    lazy: async () => ({ Component: (await import('./dynamic/dynamic-reports-page')).DynamicReportsPage }),
  },
];
