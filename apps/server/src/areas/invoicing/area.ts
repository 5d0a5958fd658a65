import type { ServerArea } from '../../lib/area';
import { registerClientRoutes } from './clients/clients.routes';
import { registerProductRoutes } from './products/products.routes';
import { registerTaxRateRoutes } from './tax-rates/tax-rates.routes';
import { registerSettingsRoutes } from './settings/settings.routes';
import { registerInvoiceRoutes } from './invoices/invoices.routes';
import { overdueJob } from './invoices/overdue.job';
import { registerPaymentRoutes } from './payments/payments.routes';
import { registerInvoiceDeliveryRoutes } from './delivery/invoice-delivery.routes';
import { scheduledEmailsJob } from './delivery/scheduled-emails.job';
import { registerInvoiceBulkRoutes } from './invoices/invoice-bulk.routes';
import { registerEstimateRoutes } from './estimates/estimates.routes';
import { estimateExpiryJob } from './estimates/estimate-expiry.job';
import { registerRecurringRoutes } from './recurring/recurring.routes';
import { recurringRunsJob } from './recurring/recurring-runs.job';

/**
 * Invoicing: clients, products and tax rates (the catalogue), the invoicing settings, invoices,
 * payments, delivery (PDF, email, the public page `/i/{token}`, the outbox), estimates (with their
 * public page `/e/{token}` and conversion into an invoice) and recurring invoices. Its jobs store
 * overdue invoices, send the emails other jobs queued (recurring auto-send, reminders), run the
 * recurring schedules and expire estimates.
 */
export const invoicingArea: ServerArea = {
  name: 'invoicing',
  routes: [
    registerClientRoutes,
    registerProductRoutes,
    registerTaxRateRoutes,
    registerSettingsRoutes,
    registerInvoiceRoutes,
    registerPaymentRoutes,
    registerInvoiceDeliveryRoutes,
    registerInvoiceBulkRoutes,
    registerEstimateRoutes,
    registerRecurringRoutes,
  ],
  jobs: [overdueJob, scheduledEmailsJob, recurringRunsJob, estimateExpiryJob],
};
