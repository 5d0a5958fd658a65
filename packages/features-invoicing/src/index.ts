export { invoicingRoutes } from './routes';
export { invoiceRoutes, publicInvoiceRoutes } from './invoices/routes';
