// The page harness of every React package's unit tests (the features and apps/web): a page inside
// the app's providers (a fresh store, Mantine in its test environment) and a memory router.
// It ships its TypeScript source: Vitest transforms it and each package's `tsc` checks it.
// `@ledgerleaf/api` and `@ledgerleaf/ui` are peer dependencies (the package under test has them);
// as dependencies they would make a cycle, since both use this preset for their own tests.
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { makeStore, type AuthState } from '@ledgerleaf/api';
import { UiProvider } from '@ledgerleaf/ui';

export { json, stubFetch, stubSequence } from './fetch-stub.js';

type TestUser = NonNullable<AuthState['user']>;

/** A signed-in person of the test business (Olive Owner of Olive Bakery) with these roles. */
export function testUser(roles: TestUser['roles']): TestUser {
  return {
    id: 1,
    name: 'Olive Owner',
    email: 'olive@example.com',
    business_name: 'Olive Bakery',
    company_logo: null,
    avatar_path: null,
    roles,
  };
}

/** Where the router went: the path and query string of any path the test does not route itself. */
function Location() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

export interface RenderPageOptions {
  /** The route path of the page (`/invoices/:id`). */
  path?: string;
  /** Where the router starts (`/invoices/7?edit=1`). */
  route?: string;
  /** Other pages the test routes (a second screen to navigate to). */
  extraRoutes?: RouteObject[];
  /** Under fake timers user-event must not wait on timers of its own between actions. */
  fakeTimers?: boolean;
  /** Signed in as `testUser(roles)`; nobody is signed in when neither this nor `auth` is given. */
  roles?: TestUser['roles'];
  /** The auth state as a whole (a token without a user, say); wins over `roles`. */
  auth?: Partial<AuthState>;
}

/**
 * Renders a page inside the app's providers with a memory router; any other path renders its name
 * (`location`). Answers the store, the router and a user-event instance.
 */
export function renderPage(
  element: ReactElement,
  { path = '/', route = '/', extraRoutes = [], fakeTimers = false, roles, auth }: RenderPageOptions = {},
) {
  const preloaded = auth ?? (roles ? { user: testUser(roles) } : undefined);
  const store = makeStore(preloaded ? { auth: preloaded } : {});
  const router = createMemoryRouter([{ path, element }, ...extraRoutes, { path: '*', Component: Location }], {
    initialEntries: [route],
  });
  const user = userEvent.setup(fakeTimers ? { delay: null } : {});
  const view = render(
    <Provider store={store}>
      <UiProvider env="test">
        <RouterProvider router={router} />
      </UiProvider>
    </Provider>,
  );
  return { ...view, store, router, user };
}

/**
 * `renderPage` with a package's own defaults (the screens of an area that needs a signed-in
 * person render as an owner unless a test says otherwise).
 */
export function pageRenderer(defaults: Pick<RenderPageOptions, 'roles' | 'auth'>) {
  return (element: ReactElement, options: RenderPageOptions = {}) => renderPage(element, { ...defaults, ...options });
}

/** Wraps the current fetch stub to record each request's path and headers (the stub keeps only bodies). */
export function recordHeaders(): { path: string; headers: Headers }[] {
  const seen: { path: string; headers: Headers }[] = [];
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    seen.push({ path: new URL(request.url).pathname, headers: request.headers });
    return inner(request);
  });
  return seen;
}
