import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@ledgerleaf/domain';
import { createTestApp, TEST_APP_KEY, validRegistration, type TestApp } from '../test/harness';
import { issueXsrfToken, isValidXsrfToken, XSRF_MAX_AGE_SECONDS } from './csrf';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const login = { email: 'olive@example.com', password: 'whatever password' };

async function postWith(headers: Record<string, string>, url = '/web-login', payload: unknown = login) {
  return t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
}

describe('GET /sanctum/csrf-cookie', () => {
  it('answers 204 and sets a JS-readable, SameSite=Lax XSRF-TOKEN cookie on /', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const cookie = response.cookies.find((candidate) => candidate.name === 'XSRF-TOKEN');
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax', maxAge: XSRF_MAX_AGE_SECONDS });
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.secure).toBeFalsy();
    expect(isValidXsrfToken(TEST_APP_KEY, cookie!.value, new Date())).toBe(true);
  });

  it('marks the cookie Secure when APP_URL is https', async () => {
    const secure = await createTestApp({ env: { APP_URL: 'https://ledgerleaf.example' } });
    try {
      const response = await secure.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
      expect(response.cookies[0]?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });
});

describe('CSRF on cookie-relying writes', () => {
  it('answers 419 without the cookie or the header', async () => {
    const xsrf = await t.xsrf();
    const variants: Record<string, string>[] = [{}, { 'x-xsrf-token': xsrf }, { cookie: `XSRF-TOKEN=${xsrf}` }];
    for (const headers of variants) {
      const response = await postWith(headers);
      expect(response.statusCode).toBe(419);
      expect(response.json()).toEqual({ message: MESSAGES.csrfMismatch });
    }
  });

  it('answers 419 when the header differs from the cookie', async () => {
    const [a, b] = [await t.xsrf(), await t.xsrf()];
    const response = await postWith({ cookie: `XSRF-TOKEN=${a}`, 'x-xsrf-token': b });
    expect(response.statusCode).toBe(419);
  });

  it('answers 419 for a tampered or forged cookie, even when the header matches it', async () => {
    const xsrf = await t.xsrf();
    const tampered = `${xsrf.slice(0, -2)}${xsrf.endsWith('AA') ? 'BB' : 'AA'}`;
    const forged = issueXsrfToken('some-other-key-0123456789abcdefghijklmnop', new Date());
    for (const value of [tampered, forged, 'v1.x.y.z', 'anything']) {
      const response = await postWith({ cookie: `XSRF-TOKEN=${value}`, 'x-xsrf-token': value });
      expect(response.statusCode, value).toBe(419);
    }
  });

  it('answers 419 for an expired token', async () => {
    const xsrf = await t.xsrf();
    t.clock.advance((XSRF_MAX_AGE_SECONDS + 60) * 1000);
    const response = await postWith({ cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf });
    expect(response.statusCode).toBe(419);
  });

  it('checks every cookie-relying write endpoint, and nothing is written', async () => {
    for (const url of [
      '/web-login',
      '/api/register',
      '/early-access',
      '/api/forgot-password',
      '/api/reset-password',
      '/api/debug/demo-login',
    ]) {
      const response = await postWith({}, url, validRegistration());
      expect(response.statusCode, url).toBe(419);
    }
    expect(await t.database.db.selectFrom('users').select('id').execute()).toHaveLength(0);
  });

  it('lets a valid cookie and header through', async () => {
    const xsrf = await t.xsrf();
    const response = await postWith({ cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf });
    expect(response.statusCode).toBe(422);
  });

  it('does not ask bearer-token requests to echo the cookie, nor reads', async () => {
    const { token } = await t.register();
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.statusCode).toBe(200);
    const read = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(read.statusCode).toBe(200);
  });
});
