import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { makeStore, type AuthState } from '@ledgerleaf/api';
import type { Roles, User } from '@ledgerleaf/domain';
import { UiProvider } from '@ledgerleaf/ui';

export { json, stubFetch, stubSequence } from './fetch';

function Location() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

/** A signed-in person of the test business with these roles. */
export function testUser(roles: Roles): User {
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

/**
 * Renders a page inside the app's providers with a memory router; other paths render their name.
 * The signed-in person is an owner unless `roles` says otherwise (what a role may see); `auth`
 * replaces the auth state altogether.
 */
export function renderPage(
  element: ReactElement,
  {
    path = '/',
    route = '/',
    fakeTimers = false,
    auth,
    roles = ['owner'],
  }: { path?: string; route?: string; fakeTimers?: boolean; auth?: Partial<AuthState>; roles?: Roles } = {},
) {
  const store = makeStore({ auth: auth ?? { user: testUser(roles) } });
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
