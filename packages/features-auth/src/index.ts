export { authRoutes } from './routes';
export { zodValidate, isValid } from './form';
