import type { ServerArea } from '../../lib/area';
import { registerCrmConfigRoutes } from './crm-config.routes';
import { crmRemindersJob } from './crm-reminders.job';
import { registerCrmAnalyticsRoutes } from './analytics.routes';
import { registerActivityRoutes } from './activities.routes';
import { registerLeadRoutes } from './leads.routes';
import { registerOpportunityRoutes } from './opportunities.routes';

/**
 * The CRM (issue 14): configuration (stages, lead sources, lost reasons, activity types, settings),
 * leads, opportunities and the pipeline board, activities, notes, reminders, timelines, client 360
 * and the dashboard's CRM figures. Its job delivers activity reminders. Endpoint table:
 * `areas/crm/README.md`.
 */
export const crmArea: ServerArea = {
  name: 'crm',
  routes: [
    registerCrmConfigRoutes,
    registerLeadRoutes,
    registerOpportunityRoutes,
    registerActivityRoutes,
    registerCrmAnalyticsRoutes,
  ],
  jobs: [crmRemindersJob],
};
