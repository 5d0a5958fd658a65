import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Roles } from '@ledgerleaf/domain';
import { makeStore } from '@ledgerleaf/api';
import { UiProvider } from '@ledgerleaf/ui';
import { stubFetch } from '../test/fetch';
import { loadDashboardPage } from '@ledgerleaf/features-dashboard';
import { AuthenticatedLayout } from './authenticated-layout';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The shell at /dashboard for a signed-in user with `roles`; every API call answers 404 (the bell, quick add). */
function renderLayout(roles: Roles, dashboard: ReactElement = <p>Dashboard page</p>) {
  stubFetch({});
  localStorage.setItem('token', 'tok');
  const user = {
    id: 5,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    business_name: 'Analytical Engines',
    company_logo: null,
    avatar_path: null,
    roles,
  };
  const store = makeStore({ auth: { token: 'tok', user } });
  const router = createMemoryRouter(
    [{ Component: AuthenticatedLayout, children: [{ path: '/dashboard', element: dashboard }] }],
    { initialEntries: ['/dashboard'] },
  );
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

describe('the quick-add menu by role', () => {
  it.each<[string, Roles]>([
    ['an owner', ['owner']],
    ['an admin', [{ name: 'admin' }]],
    ['a member', 'member'],
  ])('offers %s the nine creation entries, Add Other Income included', async (_who, roles) => {
    const user = renderLayout(roles);
    await user.click(await screen.findByRole('button', { name: 'Quick add' }));
    const entries = await screen.findAllByRole('menuitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'New Invoice',
      'New Estimate',
      'New Client',
      'New Recurring Invoice',
      'New Product/Service',
      'Create Goal',
      'Add Other Income',
      'New Lead',
      'New Opportunity',
    ]);
  });

  it.each<[string, Roles]>([
    ['an accountant', [{ name: 'accountant' }]],
    ['a user without roles', ''],
  ])('is not there for %s, who may not create anything', async (_who, roles) => {
    renderLayout(roles);
    await screen.findByRole('button', { name: 'User menu' });
    expect(screen.queryByRole('button', { name: 'Quick add' })).not.toBeInTheDocument();
    expect(screen.queryByText('Add Other Income')).not.toBeInTheDocument();
  });
});

/** The dashboard page of features-dashboard, loaded as the router loads it. */
async function dashboardPage(): Promise<ReactElement> {
  const route = await (loadDashboardPage as () => Promise<{ Component?: unknown }>)();
  const Page = route.Component as () => ReactElement;
  return <Page />;
}

describe('the dashboard by role', () => {
  it('offers the quick actions to a member', async () => {
    renderLayout(['member'], await dashboardPage());
    expect(await screen.findByRole('heading', { name: 'Quick Actions' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New Invoice' })).toHaveAttribute('href', '/invoices/create-new');
  });

  it('offers none to an accountant, who still reads the figures', async () => {
    renderLayout([{ name: 'accountant' }], await dashboardPage());
    expect(await screen.findByTestId('kpis')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Quick Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New Invoice' })).not.toBeInTheDocument();
  });
});
