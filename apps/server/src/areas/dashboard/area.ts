import type { ServerArea } from '../../lib/area';
import { registerDashboardRoutes } from './dashboard.routes';

/**
 * The dashboard (issue 15): the summary, the revenue chart's data and the recent activity. It reads
 * the other areas' data (through the trigger-kept totals of migration 0015) and writes none. The
 * CRM's dashboard figures are the crm area's routes.
 */
export const dashboardArea: ServerArea = {
  name: 'dashboard',
  routes: [registerDashboardRoutes],
};
