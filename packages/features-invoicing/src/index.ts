export { catalogRoutes } from './routes';
export * from './invoices';
export { estimateRoutes } from './estimates/routes';
export { publicEstimateRoutes, publicInvoiceRoutes } from './public-routes';
export { recurringRoutes } from './recurring/routes';
