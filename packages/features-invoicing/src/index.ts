export { catalogRoutes } from './routes';
export * from './invoices';
export { estimateRoutes, publicEstimateRoutes } from './estimates/routes';
export { recurringRoutes } from './recurring/routes';
