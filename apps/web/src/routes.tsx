import { Outlet, redirect, type RouteObject } from 'react-router';
import { fetchCurrentUser, type AppStore, paths } from '@ledgerleaf/api';
import { authRoutes } from '@ledgerleaf/features-auth';
import {
  estimateRoutes,
  invoiceRoutes,
  catalogRoutes,
  publicEstimateRoutes,
  publicInvoiceRoutes,
  recurringRoutes,
} from '@ledgerleaf/features-invoicing';
import { goalRoutes } from '@ledgerleaf/features-goals';
import { crmRoutes } from '@ledgerleaf/features-crm';
import { calendarRoutes } from '@ledgerleaf/features-calendar';
import { reportsRoutes } from '@ledgerleaf/features-reports';
import { loadDashboardPage } from '@ledgerleaf/features-dashboard';
import { accountGuestRoutes, accountRoutes } from '@ledgerleaf/features-account';
import { FullPageLoader } from '@ledgerleaf/ui';
import { RouteError } from './pages/route-error';
import { shellRoutes } from './pages/shell-routes';

/**
 * Screens of SPEC.md section 2 that later releases build. Under the authenticated layout they show
 * "This page is not available yet" rather than a 404, so links to them never crash.
 */
export const UPCOMING_PATHS = [
  'goals-info',
  'goals/*',
  'legal/*',
  'resources/*',
  'invoices/*',
  'recurring-invoices/*',
  'estimates/*',
  'user/settings/*',
  'profile',
  'notifications',
  'settings/invoice-reminders',
  'admin/roles',
] as const;

/** The lazy route of every upcoming path: "This page is not available yet". */
export const notAvailable = async () => ({ Component: (await import('./pages/not-available-page')).NotAvailablePage });

/** The route table (SPEC.md section 2) for what exists now. The store backs the guards. */
export function createRoutes(store: AppStore): RouteObject[] {
  const hasToken = () => store.getState().auth.token !== null;
  // The built screens of the authenticated area. An upcoming path that one of them now serves is
  // dropped; the others (`goals/*`, …) rank below any static or dynamic route, so they only catch
  // what no feature serves yet.
  const featureRoutes: RouteObject[] = [
    // Clients, products and services (features-invoicing).
    ...catalogRoutes,
    // Invoices and payments, estimates, recurring invoices (features-invoicing).
    ...invoiceRoutes,
    ...estimateRoutes,
    ...recurringRoutes,
    // Goals, other income, badges (features-goals).
    ...goalRoutes,
    // Leads, opportunities and the pipeline, configuration, reminders, client 360 (features-crm).
    ...crmRoutes,
    // The calendar and its private feed's settings (features-calendar).
    ...calendarRoutes,
    // The standard reports and dynamic reports (features-reports).
    ...reportsRoutes,
    // Profile, settings, email templates, reminders, roles (features-account).
    ...accountRoutes,
    // Notifications, legal and resources pages (the shell).
    ...shellRoutes,
  ];
  // A layout route (the admin area) serves its children's paths too: they carry their whole path.
  const built = new Set(
    featureRoutes.flatMap((route) => [route.path, ...(route.children ?? []).map((child) => child.path)]),
  );

  return [
    {
      id: 'root',
      Component: Outlet,
      ErrorBoundary: RouteError,
      HydrateFallback: () => <FullPageLoader label="Loading..." />,
      children: [
        // Guest pages. Guest-only is not enforced (SPEC.md section 4): a signed-in user may open them.
        ...authRoutes,
        // Accepting a team invitation (features-account): a guest page like the auth pages.
        ...accountGuestRoutes,
        // The public invoice page /i/:token: no sign-in, no application chrome.
        ...publicInvoiceRoutes,
        // The public estimate page /e/:token: the client views, accepts or declines without signing in.
        ...publicEstimateRoutes,
        {
          path: paths.home,
          loader: () => (hasToken() ? redirect(paths.dashboard) : null),
          lazy: async () => ({ Component: (await import('./pages/landing-page')).LandingPage }),
        },
        {
          // The authenticated area: no stored token, back to /login.
          id: 'authenticated',
          loader: () => (hasToken() ? null : redirect(paths.login)),
          lazy: async () => ({ Component: (await import('./layout/authenticated-layout')).AuthenticatedLayout }),
          children: [
            {
              path: paths.dashboard,
              // Dashboard entry with a token but no known user: fetch it; on failure, to /login.
              loader: async () => {
                if (!hasToken()) return redirect(paths.login);
                if (store.getState().auth.user) return null;
                const result = await store.dispatch(fetchCurrentUser());
                return fetchCurrentUser.rejected.match(result) ? redirect(paths.login) : null;
              },
              lazy: loadDashboardPage,
            },
            ...featureRoutes,
            ...UPCOMING_PATHS.filter((path) => !built.has(`/${path}`)).map((path) => ({
              path: `/${path}`,
              lazy: notAvailable,
            })),
          ],
        },
        { path: '*', lazy: async () => ({ Component: (await import('./pages/not-found-page')).NotFoundPage }) },
      ],
    },
  ];
}
