import { redirect, type RouteObject } from 'react-router';
import { paths } from '@ledgerleaf/api';

/**
 * The CRM routes (SPEC.md section 2), each page in its own chunk; apps/web mounts them under the
 * authenticated layout. `/crm` and `/crm/leads/:id` redirect to the leads list, as SPEC.md says.
 */
export const crmRoutes: RouteObject[] = [
  { path: paths.crm.root, loader: () => redirect(paths.crm.leads.list) },
  { path: paths.crm.leads.detail.pattern, loader: () => redirect(paths.crm.leads.list) },
  { path: paths.crm.leads.list, lazy: async () => ({ Component: (await import('./leads/leads-page')).LeadsPage }) },
  {
    path: paths.crm.leads.create,
    lazy: async () => ({ Component: (await import('./leads/lead-form-page')).LeadCreatePage }),
  },
  {
    path: paths.crm.leads.edit.pattern,
    lazy: async () => ({ Component: (await import('./leads/lead-form-page')).LeadEditPage }),
  },
  {
    path: paths.crm.opportunities.list,
    lazy: async () => ({ Component: (await import('./opportunities/opportunities-page')).OpportunitiesPage }),
  },
  {
    path: paths.crm.opportunities.create,
    lazy: async () => ({ Component: (await import('./opportunities/opportunity-form-page')).OpportunityCreatePage }),
  },
  {
    path: paths.crm.opportunities.edit.pattern,
    lazy: async () => ({ Component: (await import('./opportunities/opportunity-form-page')).OpportunityEditPage }),
  },
  {
    path: paths.crm.settings,
    lazy: async () => ({ Component: (await import('./config/crm-settings-page')).CrmSettingsPage }),
  },
  {
    path: paths.crm.pipelineStages,
    lazy: async () => ({ Component: (await import('./config/pipeline-stages-page')).PipelineStagesPage }),
  },
  {
    path: paths.crm.leadSources,
    lazy: async () => ({ Component: (await import('./config/lead-sources-page')).LeadSourcesPage }),
  },
  {
    path: paths.crm.activityTypes,
    lazy: async () => ({ Component: (await import('./config/activity-types-page')).ActivityTypesPage }),
  },
  {
    path: paths.crm.reminders,
    lazy: async () => ({ Component: (await import('./reminders/reminders-page')).RemindersPage }),
  },
  {
    path: paths.crm.client360,
    lazy: async () => ({ Component: (await import('./client360/client-360-page')).Client360Page }),
  },
];
