import type { RouteObject } from 'react-router';
import { paths } from '@ledgerleaf/api';

/**
 * The guest pages: sign-in, registration, the demo login, forgot and reset password; each page in
 * its own chunk, loaded when first visited. apps/web mounts these at the top level of its route
 * table (a signed-in user may open them too).
 */
export const authRoutes: RouteObject[] = [
  { path: paths.login, lazy: async () => ({ Component: (await import('./pages/login-page')).LoginPage }) },
  { path: paths.register, lazy: async () => ({ Component: (await import('./pages/register-page')).RegisterPage }) },
  { path: paths.demoLogin, lazy: async () => ({ Component: (await import('./pages/demo-login-page')).DemoLoginPage }) },
  {
    path: paths.forgotPassword,
    lazy: async () => ({ Component: (await import('./pages/forgot-password-page')).ForgotPasswordPage }),
  },
  {
    path: paths.resetPassword.pattern,
    lazy: async () => ({ Component: (await import('./pages/reset-password-page')).ResetPasswordPage }),
  },
];
