import type { ServerArea } from '../lib/area';
import { registerEstimateRoutes } from './estimates/estimates.routes';
import { estimateExpiryJob } from './estimates/estimate-expiry.job';
import { registerRecurringRoutes } from './recurring/recurring.routes';
import { recurringRunsJob } from './recurring/recurring-runs.job';

/**
 * Documents beside invoices: estimates (with their public page `/e/{token}` and conversion into an
 * invoice) and recurring invoices. Its jobs run the recurring schedules and expire estimates.
 */
export const documentsArea: ServerArea = {
  name: 'documents',
  routes: [registerEstimateRoutes, registerRecurringRoutes],
  jobs: [recurringRunsJob, estimateExpiryJob],
};
