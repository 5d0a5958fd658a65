export { invoicingRoutes } from './routes';
export * from './invoices';
export { estimateRoutes, recurringRoutes, publicEstimateRoutes } from './estimates/routes';
