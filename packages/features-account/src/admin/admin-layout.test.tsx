import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { makeStore } from '@ledgerleaf/api';
import { ACCOUNT_MESSAGES } from '@ledgerleaf/domain';
import { UiProvider } from '@ledgerleaf/ui';
import { accountRoutes } from '../index';
import { json, stubFetch } from '../test/render';
import { signIn } from '../test/fixtures';
import { activeAdminSection } from './admin-layout';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const team = {
  members: [
    {
      id: 1,
      name: 'Olive Owner',
      email: 'olive@example.com',
      role: 'owner',
      avatar_path: null,
      created_at: '2026-11-01T10:00:00Z',
      is_you: true,
    },
  ],
  invitations: [],
};
const noFeedback = { data: [], meta: { page: 1, per_page: 20, total: 0, last_page: 1 } };

/** The account area's real `/admin` route (layout, index redirect, sections) at `path`. */
function renderAdmin(path: string) {
  const router = createMemoryRouter(
    accountRoutes.filter((route) => route.path === '/admin'),
    { initialEntries: [path] },
  );
  render(
    <Provider store={makeStore()}>
      <UiProvider env="test">
        <RouterProvider router={router} />
      </UiProvider>
    </Provider>,
  );
  return { router, user: userEvent.setup() };
}

describe('the admin layout', () => {
  it.each(['owner', 'admin'])('gives an %s the Administration frame, its sections and the page', async (role) => {
    signIn(role);
    stubFetch({ 'GET /api/team': json(200, team) });
    renderAdmin('/admin/roles');
    expect(await screen.findByRole('heading', { level: 1, name: 'Administration' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Administration sections' });
    expect(within(nav).getByRole('link', { name: 'Team and roles' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Beta feedback' })).toHaveAttribute('href', '/admin/feedback');
    expect(await screen.findByRole('heading', { level: 2, name: 'Roles management' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Team members' })).toBeInTheDocument();
  });

  it('moves between sections inside the frame', async () => {
    signIn('owner');
    stubFetch({ 'GET /api/team': json(200, team), 'GET /api/beta-feedback': json(200, noFeedback) });
    const { router, user } = renderAdmin('/admin/roles');
    const nav = await screen.findByRole('navigation', { name: 'Administration sections' });
    await user.click(within(nav).getByRole('link', { name: 'Beta feedback' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Beta feedback' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/feedback');
    expect(within(nav).getByRole('link', { name: 'Beta feedback' })).toHaveAttribute('aria-current', 'page');
  });

  it('sends /admin to Team and roles', async () => {
    signIn('admin');
    stubFetch({ 'GET /api/team': json(200, team) });
    const { router } = renderAdmin('/admin');
    expect(await screen.findByRole('heading', { level: 2, name: 'Roles management' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/roles');
  });

  it.each([
    ['member', '/admin/roles'],
    ['accountant', '/admin/feedback'],
  ])('refuses a %s at %s clearly, without the sections and without a call', async (role, path) => {
    signIn(role);
    const calls = stubFetch({});
    renderAdmin(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Administration' })).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Admins only');
    expect(alert).toHaveTextContent(ACCOUNT_MESSAGES.adminOnly);
    expect(within(alert).getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('navigation', { name: 'Administration sections' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith('/api/'))).toHaveLength(0);
  });

  it('refuses a signed-in user whose roles are missing', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem(
      'user',
      JSON.stringify({
        id: 1,
        name: 'No Role',
        email: 'x@example.com',
        business_name: 'B',
        company_logo: null,
        avatar_path: null,
        roles: '',
      }),
    );
    stubFetch({});
    renderAdmin('/admin/roles');
    expect(await screen.findByRole('alert')).toHaveTextContent('Admins only');
  });
});

describe('activeAdminSection', () => {
  it.each([
    ['/admin', '/admin/roles'],
    ['/admin/roles', '/admin/roles'],
    ['/admin/feedback', '/admin/feedback'],
    ['/admin/feedback/3', '/admin/feedback'],
  ])('%s -> %s', (pathname, section) => {
    expect(activeAdminSection(pathname)).toBe(section);
  });
});
