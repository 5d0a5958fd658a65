import type { ServerArea } from '../../lib/area';
import { registerHealthRoutes } from './health/health.routes';
import { registerAuthRoutes } from './auth.routes';
import { registerPasswordResetRoutes } from './password-reset/password-reset.routes';
import { registerWaitlistRoutes } from './waitlist/waitlist.routes';

/**
 * What every other area stands on: the health check, sign-up and sign-in, password reset, the waiting
 * list. Registered first, so the health check answers before anything else is in place.
 */
export const authArea: ServerArea = {
  name: 'auth',
  routes: [registerHealthRoutes, registerAuthRoutes, registerPasswordResetRoutes, registerWaitlistRoutes],
};
