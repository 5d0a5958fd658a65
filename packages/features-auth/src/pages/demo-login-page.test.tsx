import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { DEMO_ACCOUNT, MESSAGES } from '@ledgerleaf/domain';
import { json, renderPage, stubFetch } from '../test/render';
import { DemoLoginPage } from './demo-login-page';

const demoUser = {
  id: 42,
  name: DEMO_ACCOUNT.name,
  email: DEMO_ACCOUNT.email,
  business_name: DEMO_ACCOUNT.business_name,
  company_logo: null,
  avatar_path: null,
  roles: ['owner'],
};

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

function row(name: string) {
  return screen.getByRole('rowheader', { name }).closest('tr')!;
}

describe('DemoLoginPage', () => {
  it('shows diagnostics for a signed-out visitor and the three buttons', () => {
    stubFetch({});
    renderPage(<DemoLoginPage />, { path: '/demo-login', route: '/demo-login' });
    expect(row('Token')).toHaveTextContent('Missing');
    expect(row('Authenticated')).toHaveTextContent('No');
    for (const name of ['Login as Demo User', 'Clear Auth Data & Go to Login', 'Go to Dashboard']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('shows the stored session: token present, authenticated, user name and id', () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('user', JSON.stringify(demoUser));
    stubFetch({});
    renderPage(<DemoLoginPage />, { path: '/demo-login', route: '/demo-login' });
    expect(row('Token')).toHaveTextContent('Present');
    expect(row('Authenticated')).toHaveTextContent('Yes');
    expect(row('User')).toHaveTextContent(`${DEMO_ACCOUNT.name} (ID: 42)`);
  });

  it('logs in as the demo user, reports success, updates diagnostics and goes to the dashboard', async () => {
    const calls = stubFetch({
      'POST /api/debug/demo-login': json(200, { token: 'demo', user: demoUser, message: 'Welcome' }),
    });
    const { user } = renderPage(<DemoLoginPage />, { path: '/demo-login', route: '/demo-login' });
    await user.click(screen.getByRole('button', { name: 'Login as Demo User' }));
    expect(await screen.findByText(MESSAGES.demoSuccess)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/debug/demo-login')!.body).toEqual({
      email: DEMO_ACCOUNT.email,
      password: DEMO_ACCOUNT.password,
    });
    expect(row('Token')).toHaveTextContent('Present');
    expect(row('User')).toHaveTextContent('(ID: 42)');
    expect(localStorage.getItem('token')).toBe('demo');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'), { timeout: 3000 });
  });

  it.each([
    ['no token', json(200, { user: demoUser, message: 'hm' }), MESSAGES.demoNoToken],
    ['the server message', json(500, { message: 'Seed missing' }), 'Seed missing'],
    ['the generic message', json(500, {}), MESSAGES.demoFailed],
    [
      'that the demo is off, in the words of the server',
      json(404, { message: MESSAGES.demoDisabled }),
      MESSAGES.demoDisabled,
    ],
    ['the generic message for a 404 without one', json(404, {}), MESSAGES.demoFailed],
  ])('reports %s', async (_name, response, text) => {
    stubFetch({ 'POST /api/debug/demo-login': response });
    const { user } = renderPage(<DemoLoginPage />, { path: '/demo-login', route: '/demo-login' });
    await user.click(screen.getByRole('button', { name: 'Login as Demo User' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('clears auth data and goes to /login', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('user', JSON.stringify(demoUser));
    stubFetch({});
    const { user, store } = renderPage(<DemoLoginPage />, { path: '/demo-login', route: '/demo-login' });
    await user.click(screen.getByRole('button', { name: 'Clear Auth Data & Go to Login' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(store.getState().auth.token).toBeNull();
  });

  it('Go to Dashboard navigates', async () => {
    stubFetch({});
    const { user } = renderPage(<DemoLoginPage />, { path: '/demo-login', route: '/demo-login' });
    await user.click(screen.getByRole('button', { name: 'Go to Dashboard' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
  });
});
