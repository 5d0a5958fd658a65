import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_ACCOUNT, MESSAGES } from '@ledgerleaf/domain';
import { authApi } from './auth-endpoints';
import { fetchCurrentUser, initializeAuth, logout } from './auth-slice';
import { browser } from './browser';
import { isLogoutRunning, resetLogoutGuard } from './session';
import { makeStore } from './store';
import { json, stubFetch } from './test-utils';

const user = {
  id: 7,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  business_name: 'Engines',
  company_logo: null,
  avatar_path: null,
  roles: ['owner'],
};

beforeEach(() => {
  localStorage.clear();
  resetLogoutGuard();
  vi.spyOn(browser, 'pathname').mockReturnValue('/dashboard');
  vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
  vi.spyOn(browser, 'redirect').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('initial state', () => {
  it('reads token and user from local storage', () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('user', JSON.stringify(user));
    const { auth } = makeStore().getState();
    expect(auth).toMatchObject({
      token: 'tok',
      user,
      status: 'authenticated',
      tokenValidated: false,
      initialized: false,
    });
  });

  it('is unauthenticated without a token and ignores a malformed stored user', () => {
    localStorage.setItem('user', '{not json');
    expect(makeStore().getState().auth).toMatchObject({ token: null, user: null, status: 'unauthenticated' });
  });
});

describe('initializeAuth', () => {
  it('fetches the csrf cookie, then validates the token', async () => {
    localStorage.setItem('token', 'tok');
    const { calls } = stubFetch({ 'GET /sanctum/csrf-cookie': json(204, undefined), 'GET /api/user': json(200, user) });
    const store = makeStore();
    await store.dispatch(initializeAuth());
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual(['/sanctum/csrf-cookie', '/api/user']);
    expect(store.getState().auth).toMatchObject({
      token: 'tok',
      user,
      status: 'authenticated',
      tokenValidated: true,
      initialized: true,
    });
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(user);
  });

  it('logs and ignores a csrf failure', async () => {
    localStorage.setItem('token', 'tok');
    stubFetch({
      'GET /sanctum/csrf-cookie': () => Promise.reject(new TypeError('offline')),
      'GET /api/user': json(200, user),
    });
    const store = makeStore();
    await store.dispatch(initializeAuth());
    expect(console.warn).toHaveBeenCalled();
    expect(store.getState().auth.status).toBe('authenticated');
  });

  it('makes no user call without a token', async () => {
    const { calls } = stubFetch({ 'GET /sanctum/csrf-cookie': json(204, undefined) });
    const store = makeStore();
    await store.dispatch(initializeAuth());
    expect(calls).toHaveLength(1);
    expect(store.getState().auth).toMatchObject({ status: 'unauthenticated', initialized: true });
  });

  it.each([401, 419])('removes the token on %i', async (status) => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('user', JSON.stringify(user));
    stubFetch({ 'GET /sanctum/csrf-cookie': json(204, undefined), 'GET /api/user': json(status, { message: 'no' }) });
    const store = makeStore();
    await store.dispatch(initializeAuth());
    expect(localStorage.getItem('token')).toBeNull();
    expect(store.getState().auth).toMatchObject({
      token: null,
      user: null,
      status: 'unauthenticated',
      initialized: true,
    });
    expect(browser.redirect).not.toHaveBeenCalled();
  });

  it('keeps the token when the server cannot be reached', async () => {
    localStorage.setItem('token', 'tok');
    stubFetch({
      'GET /sanctum/csrf-cookie': json(204, undefined),
      'GET /api/user': () => Promise.reject(new TypeError('offline')),
    });
    const store = makeStore();
    await store.dispatch(initializeAuth());
    expect(store.getState().auth).toMatchObject({ token: 'tok', tokenValidated: false, initialized: true });
  });
});

describe('fetchCurrentUser', () => {
  it('clears auth and rejects with the SPEC message on failure', async () => {
    localStorage.setItem('token', 'tok');
    stubFetch({ 'GET /api/user': json(500, { message: 'boom' }) });
    const store = makeStore();
    const result = await store.dispatch(fetchCurrentUser());
    expect(result.payload).toBe(MESSAGES.fetchUserFailed);
    expect(localStorage.getItem('token')).toBeNull();
    expect(store.getState().auth.token).toBeNull();
  });

  it('stores the user on success', async () => {
    localStorage.setItem('token', 'tok');
    stubFetch({ 'GET /api/user': json(200, user) });
    const store = makeStore();
    await store.dispatch(fetchCurrentUser());
    expect(store.getState().auth.user).toEqual(user);
  });
});

describe('logout', () => {
  it('calls the server, clears storage and state and hard-redirects to /login', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('user', JSON.stringify(user));
    const { calls } = stubFetch({ 'POST /api/logout': json(200, { message: 'Logged out' }) });
    const store = makeStore();
    await store.dispatch(logout());
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer tok');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(store.getState().auth.token).toBeNull();
    expect(browser.redirect).toHaveBeenCalledWith('/login');
  });

  it('still redirects when the call fails', async () => {
    localStorage.setItem('token', 'tok');
    stubFetch({ 'POST /api/logout': json(500, { message: 'down' }) });
    await makeStore().dispatch(logout());
    expect(localStorage.getItem('token')).toBeNull();
    expect(browser.redirect).toHaveBeenCalledWith('/login');
  });

  it('still redirects when the network is down', async () => {
    localStorage.setItem('token', 'tok');
    stubFetch({ 'POST /api/logout': () => Promise.reject(new TypeError('offline')) });
    await makeStore().dispatch(logout());
    expect(browser.redirect).toHaveBeenCalledWith('/login');
  });

  it('runs once when called twice at the same time (the double-logout guard)', async () => {
    localStorage.setItem('token', 'tok');
    const { calls } = stubFetch({ 'POST /api/logout': json(200, { message: 'ok' }) });
    const store = makeStore();
    const results = await Promise.all([store.dispatch(logout()), store.dispatch(logout())]);
    expect(results.map((r) => r.payload)).toEqual([true, false]);
    expect(calls).toHaveLength(1);
    expect(browser.redirect).toHaveBeenCalledTimes(1);
    expect(isLogoutRunning()).toBe(true);
  });

  it('makes no call without a token but still redirects', async () => {
    const { calls } = stubFetch({});
    await makeStore().dispatch(logout());
    expect(calls).toHaveLength(0);
    expect(browser.redirect).toHaveBeenCalledWith('/login');
  });
});

describe('login, register and demo login', () => {
  it('login fetches the csrf cookie, posts the credentials and stores token and user', async () => {
    const { calls } = stubFetch({
      'GET /sanctum/csrf-cookie': json(204, undefined),
      'POST /web-login': json(200, { token: 'new', user }),
    });
    const store = makeStore();
    const result = await store.dispatch(
      authApi.endpoints.login.initiate({ email: 'ada@example.com', password: 'secret', remember: true }),
    );
    expect(result.data).toEqual({ token: 'new', user });
    expect(calls.map((c) => `${c.method} ${new URL(c.url).pathname}`)).toEqual([
      'GET /sanctum/csrf-cookie',
      'POST /web-login',
    ]);
    expect(calls[1]!.body).toEqual({ email: 'ada@example.com', password: 'secret', remember: true });
    expect(localStorage.getItem('token')).toBe('new');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(user);
    expect(store.getState().auth).toMatchObject({ token: 'new', user, status: 'authenticated' });
  });

  it('login without a token in the answer fails with the SPEC message and stores nothing', async () => {
    stubFetch({ 'GET /sanctum/csrf-cookie': json(204, undefined), 'POST /web-login': json(200, { user }) });
    const store = makeStore();
    const result = await store.dispatch(authApi.endpoints.login.initiate({ email: 'a@b.co', password: 'x' }));
    expect(result.error).toMatchObject({ status: 'CUSTOM_ERROR', error: MESSAGES.noToken });
    expect(localStorage.getItem('token')).toBeNull();
    expect(store.getState().auth.status).toBe('unauthenticated');
  });

  it('register stores token and user when the answer carries them', async () => {
    stubFetch({
      'GET /sanctum/csrf-cookie': json(204, undefined),
      'POST /api/register': json(201, { token: 'reg', user }),
    });
    const store = makeStore();
    await store.dispatch(
      authApi.endpoints.register.initiate({
        name: 'Ada',
        business_name: 'Engines',
        email: 'ada@example.com',
        phone: '(555) 123-4567',
        password: 'password1',
        password_confirmation: 'password1',
      }),
    );
    expect(localStorage.getItem('token')).toBe('reg');
    expect(store.getState().auth.user).toEqual(user);
  });

  it('demo login posts the demo account and fails without a token', async () => {
    const { calls } = stubFetch({
      'GET /sanctum/csrf-cookie': json(204, undefined),
      'POST /api/debug/demo-login': json(200, { message: 'hi' }),
    });
    const result = await makeStore().dispatch(authApi.endpoints.demoLogin.initiate());
    expect(calls[1]!.body).toEqual({ email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
    expect(result.error).toMatchObject({ error: MESSAGES.demoNoToken });
  });
});
