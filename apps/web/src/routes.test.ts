import { describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, matchRoutes, type RouteObject } from 'react-router';
import { makeStore, pathPatterns, paths } from '@ledgerleaf/api';
import { authenticatedRoutes, notAvailable, UPCOMING_PATHS } from './authenticated-routes';
import {
  AUTHENTICATED_ROUTE_ID,
  createRoutes,
  discoverAuthenticatedRoutes,
  preloadRoute,
  withAuthenticatedRoutes,
} from './routes';

const store = makeStore();

/** The whole table, as the router has it once the authenticated area's routes are discovered. */
const routes = withAuthenticatedRoutes(createRoutes(store), authenticatedRoutes(store));

/** A concrete address for a route path: `/invoices/:id` -> `/invoices/1`. */
const sample = (pattern: string) => pattern.replace(/:[a-z]+/g, '1');

/** Every `path` of the route table, children included. */
function routePaths(list: RouteObject[]): string[] {
  return list.flatMap((route) => [...(route.path ? [route.path] : []), ...routePaths(route.children ?? [])]);
}

describe('the route table and the path table', () => {
  it.each(pathPatterns())('%s opens a page, never the 404', (pattern) => {
    const matched = matchRoutes(routes, sample(pattern));
    expect(matched).not.toBeNull();
    expect(matched!.at(-1)!.route.path).not.toBe('*');
  });

  it.each(pathPatterns())('%s is built: no path of the path table shows "not available yet"', (pattern) => {
    const matched = matchRoutes(routes, sample(pattern));
    expect(matched!.at(-1)!.route.lazy).not.toBe(notAvailable);
  });

  it('serves no path that is not in the path table, besides the catch-alls of later releases and the 404', () => {
    const patterns = new Set(pathPatterns());
    const upcoming = new Set(UPCOMING_PATHS.map((path) => `/${path}`));
    const strays = routePaths(routes).filter((path) => path !== '*' && !patterns.has(path) && !upcoming.has(path));
    expect(strays).toEqual([]);
  });

  it('names the areas later releases build, so their links work today', () => {
    for (const path of [
      paths.crm.leads.list,
      paths.crm.opportunities.edit(3),
      paths.reports,
      paths.dynamicReports,
      paths.calendar,
    ]) {
      const matched = matchRoutes(routes, path);
      expect(matched!.at(-1)!.route.path).not.toBe('*');
    }
  });
});

describe('the signed-in area is discovered, not in the table the app starts with', () => {
  const start = (path: string) => {
    const signedIn = makeStore({ auth: { token: 'tok', user: null } });
    const initial = createRoutes(signedIn);
    const router = createMemoryRouter(initial, {
      initialEntries: [path],
      patchRoutesOnNavigation: discoverAuthenticatedRoutes(signedIn, initial),
    });
    return { router };
  };

  it('the start table serves the public pages and sends every signed-in path to the 404 until discovery', () => {
    const initial = createRoutes(store);
    for (const path of [paths.login, paths.register, paths.forgotPassword, sample(paths.publicInvoice.pattern)])
      expect(matchRoutes(initial, path)!.at(-1)!.route.path).not.toBe('*');
    for (const path of [paths.dashboard, paths.invoices.list, paths.clients.list])
      expect(matchRoutes(initial, path)!.at(-1)!.route.path).toBe('*');
  });

  it('a signed-in path opens its screen: its routes are patched under the authenticated layout', async () => {
    const { router } = start(paths.clients.list);
    await router.initialize();
    await expect.poll(() => router.state.matches.at(-1)?.route.path).toBe(paths.clients.list);
    expect(router.state.matches.map((match) => match.route.id)).toContain(AUTHENTICATED_ROUTE_ID);
    await router.navigate(paths.invoices.list);
    await expect.poll(() => router.state.matches.at(-1)?.route.path).toBe(paths.invoices.list);
    router.dispose();
  });

  it('a path nobody serves still reaches the 404 once the signed-in routes are there', async () => {
    const { router } = start('/no/such/page');
    await router.initialize();
    await expect.poll(() => router.state.initialized).toBe(true);
    expect(router.state.matches.at(-1)?.route.path).toBe('*');
    router.dispose();
  });

  it('a public page with a parameter (the public invoice link) is served without the signed-in routes', async () => {
    const { router } = start(sample(paths.publicInvoice.pattern));
    await router.initialize();
    await expect.poll(() => router.state.initialized).toBe(true);
    expect(router.state.matches.at(-1)?.route.path).toBe(paths.publicInvoice.pattern);
    expect(router.routes[0]!.children!.find((route) => route.id === AUTHENTICATED_ROUTE_ID)!.children).toEqual([]);
    router.dispose();
  });
});

describe('preloadRoute: the screen of the address loads while start-up runs', () => {
  const table = () => {
    const login = vi.fn(async () => ({}));
    const notFound = vi.fn(async () => ({}));
    const layout = vi.fn(async () => ({}));
    const routes: RouteObject[] = [
      {
        id: 'root',
        children: [
          { path: paths.login, lazy: login },
          { id: AUTHENTICATED_ROUTE_ID, lazy: layout, children: [] },
          { path: '*', lazy: notFound },
        ],
      },
    ];
    return { routes, login, notFound, layout };
  };

  it('a public address: its route module starts loading', async () => {
    const { routes, login, notFound, layout } = table();
    await preloadRoute(makeStore(), routes, paths.login);
    expect(login).toHaveBeenCalledTimes(1);
    expect(notFound).not.toHaveBeenCalled();
    expect(layout).not.toHaveBeenCalled();
  });

  it('a signed-in address without a token loads nothing (the guard sends it to /login)', async () => {
    const { routes, login, notFound, layout } = table();
    await preloadRoute(makeStore(), routes, paths.dashboard);
    expect([login, notFound, layout].map((spy) => spy.mock.calls.length)).toEqual([0, 0, 0]);
  });

  it("a route's handle.prefetch asks for the screen's data with the store and the query string, with a token only", async () => {
    const prefetch = vi.fn();
    const routes: RouteObject[] = [
      { id: 'root', children: [{ path: paths.login, lazy: async () => ({ handle: { prefetch } }) }] },
    ];
    const signedIn = makeStore({ auth: { token: 'tok' } });
    await preloadRoute(signedIn, routes, paths.login, '?status=paid');
    await vi.waitFor(() => expect(prefetch).toHaveBeenCalledWith(signedIn, '?status=paid'));
    prefetch.mockClear();
    await preloadRoute(makeStore(), routes, paths.login, '');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('a signed-in address with a token: the authenticated layout (and its screen) start loading', async () => {
    const { routes, notFound, layout } = table();
    await preloadRoute(makeStore({ auth: { token: 'tok' } }), routes, paths.clients.list);
    expect(layout).toHaveBeenCalledTimes(1);
    expect(notFound).not.toHaveBeenCalled();
  });
});
