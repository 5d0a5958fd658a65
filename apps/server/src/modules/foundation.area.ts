import type { ServerArea } from '../lib/area';
import { registerAuthRoutes } from './auth/auth.routes';
import { registerHealthRoutes } from './health/health.routes';
import { registerPasswordResetRoutes } from './password-reset/password-reset.routes';
import { registerWaitlistRoutes } from './waitlist/waitlist.routes';

/** What every other area stands on: the health check, sign-up and sign-in, password reset, the waiting list. */
export const foundationArea: ServerArea = {
  name: 'foundation',
  routes: [registerHealthRoutes, registerAuthRoutes, registerPasswordResetRoutes, registerWaitlistRoutes],
};
