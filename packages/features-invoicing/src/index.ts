export { invoicingRoutes } from './routes';
export * from './invoices';
