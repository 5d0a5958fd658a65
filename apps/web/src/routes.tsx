import { matchRoutes, Outlet, redirect, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { type AppStore, paths } from '@ledgerleaf/api';
import { authRoutes } from '@ledgerleaf/features-auth';
import { publicEstimateRoutes, publicInvoiceRoutes } from '@ledgerleaf/features-invoicing';
import { accountGuestRoutes } from '@ledgerleaf/features-account';
import { FullPageLoader } from '@ledgerleaf/ui';
import { RouteError } from './pages/route-error';

/** The id of the authenticated layout route, whose children are discovered after start-up. */
export const AUTHENTICATED_ROUTE_ID = 'authenticated';

/**
 * The route table (SPEC.md section 2) the app starts with: the public pages (sign-in, sign-up,
 * password reset, invitations, the public invoice and estimate links, the landing page, the 404)
 * and the authenticated layout with its guard, without its children. Those, every screen behind
 * sign-in, are in `authenticated-routes.tsx`, added by `discoverAuthenticatedRoutes` on the first
 * navigation that needs them: `/login` loads no route table of the signed-in area.
 */
export function createRoutes(store: AppStore): RouteObject[] {
  const hasToken = () => store.getState().auth.token !== null;
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
          // The authenticated area: no stored token, back to /login. Its children are discovered.
          id: AUTHENTICATED_ROUTE_ID,
          loader: () => (hasToken() ? null : redirect(paths.login)),
          lazy: async () => ({ Component: (await import('./layout/authenticated-layout')).AuthenticatedLayout }),
          children: [],
        },
        { path: '*', lazy: async () => ({ Component: (await import('./pages/not-found-page')).NotFoundPage }) },
      ],
    },
  ];
}

/**
 * The router's `patchRoutesOnNavigation`: the first navigation that no public route serves (in the
 * table the app starts with, only the 404's `*` matches it) loads the authenticated area's route
 * table and adds it under the authenticated layout; the router then matches again, so `/dashboard`
 * or `/invoices/all` open their screen and a path nobody serves still reaches the 404. A public page
 * (`/login`, `/i/:token`) never loads it. After the first time there is nothing left to discover.
 */
export function discoverAuthenticatedRoutes(store: AppStore, routes: RouteObject[]): PatchRoutesOnNavigationFunction {
  let loading: Promise<RouteObject[]> | null = null;
  let patched = false;
  return async ({ path, patch, signal }) => {
    if (patched) return;
    const leaf = matchRoutes(routes, path)?.at(-1)?.route;
    if (leaf && leaf.path !== '*') return;
    loading ??= import('./authenticated-routes').then((module) => module.authenticatedRoutes(store));
    const children = await loading;
    // A later navigation interrupted this one: its `patch` would change nothing; the next one patches.
    if (patched || signal.aborted) return;
    patch(AUTHENTICATED_ROUTE_ID, children);
    patched = true;
  };
}

/** `routes` with `children` under the authenticated layout: the table once they are discovered. */
export function withAuthenticatedRoutes(routes: RouteObject[], children: RouteObject[]): RouteObject[] {
  return routes.map((route) =>
    route.id === AUTHENTICATED_ROUTE_ID
      ? { ...route, children }
      : route.children
        ? { ...route, children: withAuthenticatedRoutes(route.children, children) }
        : route,
  ) as RouteObject[];
}

/**
 * Starts loading the modules of the address's screen while start-up runs (the anti-forgery cookie,
 * then the token's validation; the router is only made after them): its route modules (`lazy`),
 * and for an address of the signed-in area with a token, the authenticated area's table first.
 * Without this each was a round trip after start-up, one after the other (slow 4G: LCP of
 * `/dashboard` at 4.4 s). The router asks for the same modules later and gets them from the module
 * cache; a failure here is left to the router, which reports it as it would have. A route whose
 * module gives a `handle.prefetch(store, search)` asks for its screen's data here too (with a
 * token): the invoice list's first page was otherwise a round trip after the page had drawn.
 */
export async function preloadRoute(
  store: AppStore,
  routes: RouteObject[],
  pathname: string,
  search = '',
): Promise<void> {
  let table = routes;
  const leaf = matchRoutes(routes, pathname)?.at(-1)?.route;
  if (!leaf || leaf.path === '*') {
    // Signed out, the guard sends a signed-in address to /login: nothing of it to load.
    if (store.getState().auth.token === null) return;
    const { authenticatedRoutes } = await import('./authenticated-routes');
    table = withAuthenticatedRoutes(routes, authenticatedRoutes(store));
  }
  for (const match of matchRoutes(table, pathname) ?? []) {
    const { lazy } = match.route;
    if (typeof lazy !== 'function') continue;
    // A screen whose route offers `handle.prefetch` (the invoice list) asks for its data now too.
    void Promise.resolve(lazy())
      .then((route) => {
        const prefetch = (route as { handle?: { prefetch?: unknown } }).handle?.prefetch;
        if (typeof prefetch === 'function' && store.getState().auth.token !== null) prefetch(store, search);
      })
      .catch(() => undefined);
  }
}
