import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@ledgerleaf/domain';
import { resetLogoutGuard } from '@ledgerleaf/api';
import { json, renderPage, stubFetch } from '../test/render';
import { LoginPage } from './login-page';

const user = {
  id: 1,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  business_name: 'Engines',
  company_logo: null,
  avatar_path: null,
  roles: ['owner'],
};

beforeEach(() => resetLogoutGuard());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('shows the SPEC texts, the marketing panel and the forgot-password link', async () => {
    stubFetch({});
    renderPage(<LoginPage />, { path: '/login', route: '/login' });
    expect(screen.getByText('Authorized users only')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/^Password/)).toBeInTheDocument();
    expect(screen.getByLabelText('Remember me')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    for (const feature of ['Invoice Management', 'Client Relationship Management', 'Financial Insights']) {
      expect(screen.getByText(feature)).toBeInTheDocument();
    }
    expect(screen.getByText(/currently in stealth mode/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join the waiting list' })).toBeInTheDocument();
  });

  it('requires email and password and makes no call without them', async () => {
    const calls = stubFetch({});
    const { user: ue } = renderPage(<LoginPage />, { path: '/login', route: '/login' });
    await ue.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("signs in, shows 'Signing in...', stores the token and goes to /dashboard after about 100 ms", async () => {
    let release: (response: Response) => void = () => {};
    const calls = stubFetch({ 'POST /web-login': () => new Promise<Response>((resolve) => (release = resolve)) });
    const { user: ue, store } = renderPage(<LoginPage />, { path: '/login', route: '/login' });
    await ue.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await ue.type(screen.getByLabelText(/^Password/), 'correct horse');
    await ue.click(screen.getByLabelText('Remember me'));
    await ue.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    await waitFor(() => expect(calls.some((c) => c.path === '/web-login')).toBe(true));
    expect(calls.find((c) => c.path === '/web-login')!.body).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
      remember: true,
    });
    release(json(200, { token: 'tok', user }));
    await waitFor(() => expect(localStorage.getItem('token')).toBe('tok'));
    expect(store.getState().auth.user).toEqual(user);
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('shows the server message of a 422 without field errors', async () => {
    stubFetch({ 'POST /web-login': json(422, { message: 'These credentials do not match our records.' }) });
    const { user: ue } = renderPage(<LoginPage />, { path: '/login', route: '/login' });
    await ue.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await ue.type(screen.getByLabelText(/^Password/), 'wrong');
    await ue.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('These credentials do not match our records.');
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it("joins validation errors with ', '", async () => {
    stubFetch({
      'POST /web-login': json(422, {
        message: 'invalid',
        errors: { email: ['Email is odd'], password: ['Password is odd'] },
      }),
    });
    const { user: ue } = renderPage(<LoginPage />, { path: '/login', route: '/login' });
    await ue.type(screen.getByLabelText(/^Email/), 'a@b.co');
    await ue.type(screen.getByLabelText(/^Password/), 'x');
    await ue.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email is odd, Password is odd');
  });

  it('says there was no response when the network fails', async () => {
    stubFetch({ 'POST /web-login': () => Promise.reject(new TypeError('Failed to fetch')) });
    const { user: ue } = renderPage(<LoginPage />, { path: '/login', route: '/login' });
    await ue.type(screen.getByLabelText(/^Email/), 'a@b.co');
    await ue.type(screen.getByLabelText(/^Password/), 'x');
    await ue.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.noResponse);
  });

  it('reports a missing token', async () => {
    stubFetch({ 'POST /web-login': json(200, { user }) });
    const { user: ue } = renderPage(<LoginPage />, { path: '/login', route: '/login' });
    await ue.type(screen.getByLabelText(/^Email/), 'a@b.co');
    await ue.type(screen.getByLabelText(/^Password/), 'x');
    await ue.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Authentication failed: No token received');
  });

  it("shows 'Server error: {status}' for a 500 without a message", async () => {
    stubFetch({ 'POST /web-login': json(500, {}) });
    const { user: ue } = renderPage(<LoginPage />, { path: '/login', route: '/login' });
    await ue.type(screen.getByLabelText(/^Email/), 'a@b.co');
    await ue.type(screen.getByLabelText(/^Password/), 'x');
    await ue.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Server error: 500');
  });
});
