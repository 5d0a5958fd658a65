import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Roles } from '@ledgerleaf/domain';
import { makeStore } from '@ledgerleaf/api';
import { UiProvider } from '@ledgerleaf/ui';
import { stubFetch } from '../test/fetch';
import { AuthenticatedLayout } from './authenticated-layout';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The shell at /dashboard for a signed-in user with `roles`; every API call answers 404 (the bell, quick add). */
function renderLayout(roles: Roles) {
  stubFetch({});
  localStorage.setItem('token', 'tok');
  const user = { id: 5, name: 'Ada Lovelace', email: 'ada@example.com', business_name: 'Analytical Engines', company_logo: null, avatar_path: null, roles };
  const store = makeStore({ auth: { token: 'tok', user } });
  const router = createMemoryRouter([{ Component: AuthenticatedLayout, children: [{ path: '/dashboard', element: <p>Dashboard page</p> }] }], { initialEntries: ['/dashboard'] });
  render(
    <Provider store={store}>
      <UiProvider env="test">
        <RouterProvider router={router} />
      </UiProvider>
    </Provider>,
  );
  return userEvent.setup();
}

async function openUserMenu(roles: Roles) {
  const user = renderLayout(roles);
  await user.click(await screen.findByRole('button', { name: 'User menu' }));
  await screen.findByRole('menuitem', { name: 'Profile & Settings' });
}

describe('the user menu', () => {
  it.each<[string, Roles]>([
    ['an owner', ['owner']],
    ['an admin (roles as objects)', [{ name: 'admin' }]],
    ['an admin (roles as a comma-separated string)', 'member, admin'],
  ])('offers Team and roles to %s', async (_who, roles) => {
    await openUserMenu(roles);
    expect(screen.getByRole('menuitem', { name: 'Team and roles' })).toHaveAttribute('href', '/admin/roles');
  });

  it.each<[string, Roles]>([
    ['a member', ['member']],
    ['an accountant', [{ name: 'accountant' }]],
    ['a user without roles', ''],
  ])('hides it from %s', async (_who, roles) => {
    await openUserMenu(roles);
    expect(screen.queryByRole('menuitem', { name: 'Team and roles' })).not.toBeInTheDocument();
  });
});
