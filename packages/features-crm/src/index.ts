export { crmRoutes } from './routes';
