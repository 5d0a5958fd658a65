export { loadDashboardPage } from './routes';
