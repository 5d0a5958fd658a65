import type { ServerArea } from '../../lib/area';
import { registerDynamicReportRoutes } from './dynamic-reports.routes';
import { registerReportRoutes } from './reports.routes';

/**
 * Reports (issue 16): the standard reports over the other areas' data (aging, sales, tax, income,
 * payments, estimates, recurring revenue, CRM funnel and lead sources, goals), the records behind
 * their rows and their exports, and dynamic reports (run, export, saved definitions: the one table
 * it writes). Endpoint table: `areas/reports/README.md`.
 */
export const reportsArea: ServerArea = {
  name: 'reports',
  routes: [registerReportRoutes, registerDynamicReportRoutes],
};
