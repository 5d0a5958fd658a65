import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { render } from '@testing-library/react';
import { makeStore } from '@ledgerleaf/api';
import { UiProvider } from '@ledgerleaf/ui';

/** Renders `element` at `path` inside the store, Mantine (test env) and a memory router; `/elsewhere` is a second page. */
export function renderShell(
  element: ReactElement,
  { path = '/', routePath = '*' }: { path?: string; routePath?: string } = {},
) {
  localStorage.setItem('token', 'tok');
  const store = makeStore({ auth: { token: 'tok' } });
  const router = createMemoryRouter(
    [
      { path: routePath, element },
      { path: '/elsewhere', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <Provider store={store}>
      <UiProvider env="test">
        <RouterProvider router={router} />
      </UiProvider>
    </Provider>,
  );
  return { ...view, store, router };
}
