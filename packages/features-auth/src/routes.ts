import type { RouteObject } from 'react-router';

/**
 * The guest routes of SPEC.md section 2, each page in its own chunk, loaded when first visited.
 * apps/web mounts these at the top level of its route table.
 */
export const authRoutes: RouteObject[] = [
  { path: '/login', lazy: async () => ({ Component: (await import('./pages/login-page')).LoginPage }) },
  { path: '/register', lazy: async () => ({ Component: (await import('./pages/register-page')).RegisterPage }) },
  { path: '/demo-login', lazy: async () => ({ Component: (await import('./pages/demo-login-page')).DemoLoginPage }) },
  {
    path: '/forgot-password',
    lazy: async () => ({ Component: (await import('./pages/forgot-password-page')).ForgotPasswordPage }),
  },
  {
    path: '/reset-password/:token',
    lazy: async () => ({ Component: (await import('./pages/reset-password-page')).ResetPasswordPage }),
  },
];
