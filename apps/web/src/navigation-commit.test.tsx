import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, type createBrowserRouter } from 'react-router';
import { browser, makeStore, resetLogoutGuard } from '@ledgerleaf/api';
import { App } from './app';
import { json, stubFetch } from './test/fetch';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('navigation', () => {
  it('shows the new page as the address changes, never the old page under the new address', async () => {
    resetLogoutGuard();
    vi.spyOn(browser, 'redirect').mockImplementation(() => undefined);
    // React warns about an update outside act(): this test looks at the page before act() would settle it.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = {
      id: 5,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      business_name: 'Analytical Engines',
      company_logo: null,
      avatar_path: null,
      roles: ['owner'],
    };
    localStorage.setItem('token', 'tok');
    localStorage.setItem('user', JSON.stringify(user));
    stubFetch({ 'GET /sanctum/csrf-cookie': json(204, undefined), 'GET /api/user': json(200, user) });
    let router: ReturnType<typeof createMemoryRouter> | undefined;
    const createRouter = ((
      routes: Parameters<typeof createMemoryRouter>[0],
      options?: Parameters<typeof createMemoryRouter>[1],
    ) => {
      router = createMemoryRouter(routes, { ...options, initialEntries: ['/legal/terms'] });
      return router;
    }) as unknown as typeof createBrowserRouter;
    render(<App store={makeStore()} createRouter={createRouter} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();

    await router!.navigate('/legal/privacy');
    // The address says /legal/privacy: by the next task the screen must say so too. Rendered as a
    // transition, the old page stayed for many tasks (on a busy machine, for up to a second).
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(router!.state.location.pathname).toBe('/legal/privacy');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Privacy Policy');
  });
});
