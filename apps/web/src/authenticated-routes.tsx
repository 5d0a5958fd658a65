import { redirect, type RouteObject } from 'react-router';
import { fetchCurrentUser, paths, type AppStore } from '@ledgerleaf/api';
import { catalogRoutes, estimateRoutes, invoiceRoutes, recurringRoutes } from '@ledgerleaf/features-invoicing';
import { goalRoutes } from '@ledgerleaf/features-goals';
import { crmRoutes } from '@ledgerleaf/features-crm';
import { calendarRoutes } from '@ledgerleaf/features-calendar';
import { reportsRoutes } from '@ledgerleaf/features-reports';
import { loadDashboardPage } from '@ledgerleaf/features-dashboard';
import { accountRoutes } from '@ledgerleaf/features-account';
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

/**
 * The children of the authenticated layout (SPEC.md section 2): every screen behind sign-in. This
 * module is not part of the entry: the router discovers these routes on the first navigation that
 * no public route serves (routes.tsx, `patchRoutesOnNavigation`), so `/login` never loads them.
 */
export function authenticatedRoutes(store: AppStore): RouteObject[] {
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
  ];
}
