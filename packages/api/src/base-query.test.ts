import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authApi } from './auth-endpoints';
import { browser } from './browser';
import { resetLogoutGuard, beginLogout } from './session';
import { makeStore } from './store';
import { json, stubFetch } from './test-utils';
import { isAuthFlowUrl } from './base-query';

let path = '/dashboard';

beforeEach(() => {
  localStorage.clear();
  resetLogoutGuard();
  path = '/dashboard';
  vi.spyOn(browser, 'pathname').mockImplementation(() => path);
  vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
  vi.spyOn(browser, 'redirect').mockImplementation(() => undefined);
  vi.spyOn(browser, 'cookie').mockReturnValue('other=1; XSRF-TOKEN=abc%3D%3D; last=2');
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('base query headers', () => {
  it('sends credentials, JSON and XMLHttpRequest headers, the bearer token and the XSRF header', async () => {
    localStorage.setItem('token', 'tok-1');
    const { calls, fetchMock } = stubFetch({ 'GET /api/user': json(200, { id: 1 }) });
    const store = makeStore();
    await store.dispatch(authApi.endpoints.currentUser.initiate());
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call!.url).toBe(`${window.location.origin}/api/user`);
    expect(call!.headers.get('accept')).toBe('application/json');
    expect(call!.headers.get('content-type')).toBe('application/json');
    expect(call!.headers.get('x-requested-with')).toBe('XMLHttpRequest');
    expect(call!.headers.get('authorization')).toBe('Bearer tok-1');
    expect(call!.headers.get('x-xsrf-token')).toBe('abc==');
    const request = fetchMock.mock.calls[0]![0] as Request;
    expect(request.credentials).toBe('include');
  });

  it('sends no Authorization header without a stored token, and {} as the body of a bodiless POST', async () => {
    const { calls } = stubFetch({ 'POST /api/logout': json(200, { message: 'ok' }) });
    const store = makeStore();
    await store.dispatch(authApi.endpoints.logout.initiate());
    expect(calls[0]!.headers.get('authorization')).toBeNull();
    expect(calls[0]!.body).toEqual({});
  });

  it('sends no XSRF header when the cookie is absent', async () => {
    vi.mocked(browser.cookie).mockReturnValue('');
    const { calls } = stubFetch({ 'POST /api/forgot-password': json(200, { message: 'sent' }) });
    await makeStore().dispatch(authApi.endpoints.forgotPassword.initiate({ email: 'a@b.co' }));
    expect(calls[0]!.headers.get('x-xsrf-token')).toBeNull();
    expect(calls[0]!.body).toEqual({ email: 'a@b.co' });
  });
});

describe('419', () => {
  it('reloads the page', async () => {
    stubFetch({ 'POST /api/forgot-password': json(419, { message: 'CSRF token mismatch.' }) });
    await makeStore().dispatch(authApi.endpoints.forgotPassword.initiate({ email: 'a@b.co' }));
    expect(browser.reload).toHaveBeenCalledTimes(1);
    expect(browser.redirect).not.toHaveBeenCalled();
  });
});

describe('401 automatic logout', () => {
  const unauthorised = json(401, { message: 'Unauthenticated.' });

  it('logs out when a token exists, the page is not /login, the call is not an auth call and no logout runs', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('user', JSON.stringify({ id: 1 }));
    stubFetch({ 'POST /api/forgot-password': unauthorised });
    const store = makeStore();
    await store.dispatch(authApi.endpoints.forgotPassword.initiate({ email: 'a@b.co' }));
    expect(browser.redirect).toHaveBeenCalledWith('/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(store.getState().auth.token).toBeNull();
    expect(store.getState().auth.status).toBe('unauthenticated');
  });

  it('does nothing without a token', async () => {
    stubFetch({ 'POST /api/forgot-password': unauthorised });
    await makeStore().dispatch(authApi.endpoints.forgotPassword.initiate({ email: 'a@b.co' }));
    expect(browser.redirect).not.toHaveBeenCalled();
  });

  it('does nothing on /login', async () => {
    localStorage.setItem('token', 'tok');
    path = '/login';
    stubFetch({ 'POST /api/forgot-password': unauthorised });
    await makeStore().dispatch(authApi.endpoints.forgotPassword.initiate({ email: 'a@b.co' }));
    expect(browser.redirect).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBe('tok');
  });

  it.each([
    ['GET /api/user', () => authApi.endpoints.currentUser.initiate()],
    ['POST /api/logout', () => authApi.endpoints.logout.initiate()],
    ['POST /web-login', () => authApi.endpoints.login.initiate({ email: 'a@b.co', password: 'x' })],
    [
      'POST /api/register',
      () =>
        authApi.endpoints.register.initiate({
          name: 'A',
          business_name: 'B',
          email: 'a@b.co',
          phone: null,
          password: 'password1',
          password_confirmation: 'password1',
        }),
    ],
    ['GET /sanctum/csrf-cookie', () => authApi.endpoints.csrfCookie.initiate()],
  ] as const)('does nothing for %s', async (route, action) => {
    localStorage.setItem('token', 'tok');
    stubFetch({
      [route]: unauthorised,
      'GET /sanctum/csrf-cookie': route.includes('csrf') ? unauthorised : json(204, undefined),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the endpoints' thunks differ in type; only dispatching matters here
    await makeStore().dispatch(action() as any);
    expect(browser.redirect).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBe('tok');
  });

  it('does nothing while a logout is already running', async () => {
    localStorage.setItem('token', 'tok');
    beginLogout();
    stubFetch({ 'POST /api/forgot-password': unauthorised });
    await makeStore().dispatch(authApi.endpoints.forgotPassword.initiate({ email: 'a@b.co' }));
    expect(browser.redirect).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBe('tok');
  });

  it('logs out once when several calls fail together', async () => {
    localStorage.setItem('token', 'tok');
    stubFetch({ 'POST /api/forgot-password': () => json(401, { message: 'Unauthenticated.' }) });
    const store = makeStore();
    await Promise.all([
      store.dispatch(authApi.endpoints.forgotPassword.initiate({ email: 'a@b.co' })),
      store.dispatch(authApi.endpoints.forgotPassword.initiate({ email: 'c@d.co' })),
    ]);
    expect(browser.redirect).toHaveBeenCalledTimes(1);
  });
});

describe('isAuthFlowUrl', () => {
  it.each([
    '/web-login',
    '/api/register',
    '/api/logout',
    '/api/user',
    '/sanctum/csrf-cookie',
    '/api/debug/demo-login',
    '/api/user?x=1',
  ])('%s is an auth call', (url) => expect(isAuthFlowUrl(url)).toBe(true));
  it.each(['/api/users', '/api/invoices', '/api/user/settings', '/api/dashboard/summary'])('%s is not', (url) =>
    expect(isAuthFlowUrl(url)).toBe(false),
  );
});
