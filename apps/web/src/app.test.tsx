import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, type createBrowserRouter } from 'react-router';
import { browser, makeStore, resetLogoutGuard } from '@ledgerleaf/api';
import { App } from './app';
import { json, stubFetch } from './test/fetch';

const user = {
  id: 5,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  business_name: 'Analytical Engines',
  company_logo: null,
  avatar_path: null,
  roles: ['owner'],
};

function start(path: string, routes: Parameters<typeof stubFetch>[0] = {}) {
  const calls = stubFetch({ 'GET /sanctum/csrf-cookie': json(204, undefined), ...routes });
  const store = makeStore();
  let router: ReturnType<typeof createMemoryRouter> | undefined;
  const createRouter = ((
    routeObjects: Parameters<typeof createMemoryRouter>[0],
    options?: Parameters<typeof createMemoryRouter>[1],
  ) => {
    router = createMemoryRouter(routeObjects, { ...options, initialEntries: [path] });
    return router;
  }) as unknown as typeof createBrowserRouter;
  render(<App store={store} createRouter={createRouter} />);
  return { calls, store, location: () => router?.state.location.pathname };
}

function signIn() {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify(user));
}

beforeEach(() => {
  resetLogoutGuard();
  vi.spyOn(browser, 'redirect').mockImplementation(() => undefined);
  vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('start-up', () => {
  it("shows 'Initializing application...' until the csrf cookie and the token validation finish", async () => {
    signIn();
    let release: (r: Response) => void = () => {};
    const { calls } = start('/dashboard', {
      'GET /api/user': () => new Promise<Response>((resolve) => (release = resolve)),
    });
    expect(screen.getByText('Initializing application...')).toBeInTheDocument();
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/sanctum/csrf-cookie', '/api/user']));
    expect(screen.getByText('Initializing application...')).toBeInTheDocument();
    release(json(200, user));
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Initializing application...')).not.toBeInTheDocument();
  });

  it('a token the server rejects is removed and /dashboard goes to /login', async () => {
    signIn();
    const { location } = start('/dashboard', { 'GET /api/user': json(401, { message: 'Unauthenticated.' }) });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('route guard and redirects', () => {
  it('/dashboard without a token goes to /login', async () => {
    const { location, calls } = start('/dashboard');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(calls.map((c) => c.path)).toEqual(['/sanctum/csrf-cookie']);
  });

  it('/ with a token goes to /dashboard', async () => {
    signIn();
    const { location } = start('/', { 'GET /api/user': json(200, user) });
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(location()).toBe('/dashboard');
  });

  it('/ without a token stays at / with links to sign in and register', async () => {
    const { location } = start('/');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    expect(location()).toBe('/');
  });

  it('on dashboard entry with a token but no user, fetches the user', async () => {
    localStorage.setItem('token', 'tok');
    // Validation cannot reach the server (user unknown, token kept); the dashboard entry tries again.
    let userCalls = 0;
    start('/dashboard', {
      'GET /api/user': () => (++userCalls === 1 ? Promise.reject(new TypeError('offline')) : json(200, user)),
    });
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(userCalls).toBe(2);
    expect(await screen.findByTestId('kpis')).toBeInTheDocument();
  });

  it('on dashboard entry, a failed user fetch goes to /login and clears auth', async () => {
    localStorage.setItem('token', 'tok');
    const { location } = start('/dashboard', { 'GET /api/user': () => Promise.reject(new TypeError('offline')) });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('an upcoming screen says it is not available yet, inside the layout', async () => {
    signIn();
    start('/user/settings/later', { 'GET /api/user': json(200, user) });
    expect(await screen.findByText('This page is not available yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'Invoices/Estimates' })).toBeInTheDocument();
  });

  it('an upcoming screen without a token goes to /login', async () => {
    const { location } = start('/crm/leads');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(location()).toBe('/login');
  });

  it('an unknown path is a 404', async () => {
    start('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});

describe('application shell', () => {
  it('shows the navigation, the welcome line and the Goals Tracker button', async () => {
    signIn();
    start('/dashboard', { 'GET /api/user': json(200, user) });
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    for (const label of [
      'Dashboard',
      'CRM',
      'Invoices/Estimates',
      'Clients',
      'Products/Services',
      'Reports',
      'Dynamic Reports',
      'Calendar',
      'Settings',
    ]) {
      expect(screen.getAllByRole('link', { name: label }).length).toBeGreaterThan(0);
    }
    expect(screen.getAllByRole('link', { name: /Goals Tracker/ })[0]).toHaveAttribute('href', '/goals');
    expect(screen.getByTestId('welcome-line')).toHaveTextContent('Ada Lovelace');
  });

  it('sign out calls the server, clears the session and hard-redirects to /login', async () => {
    signIn();
    const { calls } = start('/dashboard', {
      'GET /api/user': json(200, user),
      'POST /api/logout': json(200, { message: 'Logged out' }),
    });
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    const ue = userEvent.setup();
    const signOut = screen.getAllByRole('button', { name: 'Sign out' })[0] ?? screen.getAllByText('Sign out')[0]!;
    await ue.click(signOut);
    await waitFor(() => expect(browser.redirect).toHaveBeenCalledWith('/login'));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/logout')).toBe(true);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('/admin/feedback opens in the admin layout inside the shell', async () => {
    signIn();
    start('/admin/feedback', {
      'GET /api/beta-feedback': json(200, { data: [], meta: { page: 1, per_page: 20, total: 0, last_page: 1 } }),
    });
    expect(await screen.findByRole('heading', { name: 'Administration', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Beta feedback', level: 2 })).toBeInTheDocument();
    expect(await screen.findByText('No feedback yet')).toBeInTheDocument();
    expect(screen.getByTestId('welcome-line')).toHaveTextContent('Ada Lovelace');
  });

  it('the footer links to the resources and legal pages', async () => {
    signIn();
    start('/dashboard', { 'GET /api/user': json(200, user) });
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/legal/terms');
    const resources = screen.getByRole('navigation', { name: 'Resources' });
    expect(within(resources).getByRole('link', { name: 'Goals guide' })).toHaveAttribute('href', '/goals-info');
    expect(screen.getByRole('heading', { name: 'Coming Soon' })).toBeInTheDocument();
    expect(screen.getByText('Partners')).toBeInTheDocument();
  });
});
