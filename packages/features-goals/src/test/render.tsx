import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { makeStore } from '@ledgerleaf/api';
import type { Roles } from '@ledgerleaf/domain';
import { UiProvider } from '@ledgerleaf/ui';

export { json, stubFetch, stubSequence } from './fetch';

function Location() {
  return <p data-testid="location">{useLocation().pathname + useLocation().search}</p>;
}

/**
 * Renders a page inside the app's providers with a memory router; other paths render their name.
 * The signed-in person is an owner unless `roles` says otherwise (what a role may see).
 */
export function renderPage(
  element: ReactElement,
  { path = '/', route = '/', extraRoutes = [] as RouteObject[], roles = ['owner'] as Roles } = {},
) {
  const store = makeStore({
    auth: {
      user: {
        id: 1,
        name: 'Olive Owner',
        email: 'olive@example.com',
        business_name: 'Olive Bakery',
        company_logo: null,
        avatar_path: null,
        roles,
      },
    },
  });
  const router = createMemoryRouter([{ path, element }, ...extraRoutes, { path: '*', Component: Location }], {
    initialEntries: [route],
  });
  const user = userEvent.setup();
  const view = render(
    <Provider store={store}>
      <UiProvider env="test">
        <RouterProvider router={router} />
      </UiProvider>
    </Provider>,
  );
  return { ...view, store, router, user };
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
