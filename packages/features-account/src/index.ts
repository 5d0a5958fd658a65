// The account area's routes. Each table is a module of its own: apps/web's entry mounts the guest
// pages and loads the authenticated area's tables only after sign-in.
export { accountRoutes } from './routes';
export { accountGuestRoutes } from './guest-routes';
