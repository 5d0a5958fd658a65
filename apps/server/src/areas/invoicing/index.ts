/**
 * What other areas may use of invoicing (each declares it in apps/server/eslint.config.js): the
 * invoice and estimate lists with their payments (CRM analytics follows a lead to invoiced and paid)
 * and a recurring invoice's schedule (the calendar and the reports show its coming runs).
 */
export { listInvoices } from './invoices/invoices.service';
export { paymentView } from './invoices/invoice-view';
export { listEstimates } from './estimates/estimates.service';
export { scheduleOfRow } from './recurring/recurring-schedule';
