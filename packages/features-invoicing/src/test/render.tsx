import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { makeStore, type AuthState } from '@ledgerleaf/api';
import { UiProvider } from '@ledgerleaf/ui';

export { json, stubFetch, stubSequence } from './fetch';

function Location() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

/**
 * Renders a page inside the app's providers with a memory router; other paths render their name.
 * `auth` signs someone in (`{ user: { ...roles } }`): what a role may see.
 */
export function renderPage(element: ReactElement, { path = '/', route = '/', fakeTimers = false, auth }: { path?: string; route?: string; fakeTimers?: boolean; auth?: Partial<AuthState> } = {}) {
  const store = makeStore(auth ? { auth } : {});
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', Component: Location },
    ],
    { initialEntries: [route] },
  );
  // Under fake timers user-event must not wait on timers of its own between actions.
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
