export { invoicingRoutes } from './routes';
