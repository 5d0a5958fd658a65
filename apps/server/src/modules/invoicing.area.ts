import type { ServerArea } from '../lib/area';
import { registerClientRoutes } from './clients/clients.routes';
import { registerProductRoutes } from './products/products.routes';
import { registerTaxRateRoutes } from './tax-rates/tax-rates.routes';
import { registerSettingsRoutes } from './settings/settings.routes';
import { registerInvoiceRoutes } from './invoices/invoices.routes';
import { overdueJob } from './invoices/overdue.job';
import { registerPaymentRoutes } from './payments/payments.routes';
import { registerInvoiceDeliveryRoutes } from './invoice-delivery/invoice-delivery.routes';
import { scheduledEmailsJob } from './invoice-delivery/scheduled-emails.job';
import { registerInvoiceBulkRoutes } from './invoice-bulk/invoice-bulk.routes';

/**
 * Invoicing: clients, products and tax rates (the catalogue), the invoicing settings, invoices,
 * payments, and delivery (PDF, email, the public page `/i/{token}`, the outbox). Its jobs store
 * overdue invoices and send the emails other jobs queued (recurring auto-send, reminders).
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
  ],
  jobs: [overdueJob, scheduledEmailsJob],
};
