import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({
    build: {
      rateLimits: { waitlist: { max: 1000, timeWindow: 60_000 }, passwordReset: { max: 1000, timeWindow: 60_000 } },
    },
  });
  token = (await t.register()).token;
});
afterAll(async () => {
  await t.close();
});

const endpoints = [
  '/web-login',
  '/api/register',
  '/early-access',
  '/api/forgot-password',
  '/api/reset-password',
  '/api/debug/demo-login',
  '/api/logout',
];

const payloads: string[] = [
  'null',
  '5',
  '"a string"',
  '[]',
  'true',
  '{}',
  '{"email":{},"password":[]}',
  '{"email":"a@b.co","password":"x","remember":{"deep":[1,2,3]}}',
  `{"email":"${'a'.repeat(5000)}@b.co","password":"${'p'.repeat(5000)}"}`,
  '{"email":"\\u0000@b.co","password":"\\ud800"}',
  '{"timestamp":1e400,"email":"a@b.co"}',
  '{"token":null,"password":1,"password_confirmation":false}',
  JSON.stringify(JSON.parse(`${'['.repeat(500)}${']'.repeat(500)}`)),
  '{"a":',
  '{"constructor":{"prototype":{"polluted":true}}}',
];

describe('bad input never reaches a 500', () => {
  it('every write endpoint answers 4xx JSON with a message for odd bodies', async () => {
    const xsrf = await t.xsrf();
    for (const url of endpoints) {
      for (const payload of payloads) {
        const headers: Record<string, string> = {
          'content-type': 'application/json',
          cookie: `XSRF-TOKEN=${xsrf}`,
          'x-xsrf-token': xsrf,
        };
        if (url === '/api/logout') headers.authorization = `Bearer ${token}-not-it`;
        const response = await t.app.inject({ method: 'POST', url, headers, payload });
        expect(response.statusCode, `${url} ${payload.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${url} ${payload.slice(0, 40)}`).toBeLessThan(500);
        const body = response.json();
        expect(typeof body.message, `${url} ${payload.slice(0, 40)}`).toBe('string');
        expect(response.body).not.toMatch(/at .+\.(ts|js):\d+/);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The one valid token still works: nothing above changed it.
    expect((await t.get('/api/user', { token })).statusCode).toBe(200);
  });

  it('odd methods, URLs and headers answer 4xx JSON', async () => {
    const cases = [
      { method: 'GET' as const, url: '/api/user', headers: { authorization: 'Bearer \u00ff' } },
      { method: 'PUT' as const, url: '/api/user', headers: { authorization: `Bearer ${token}` } },
      { method: 'DELETE' as const, url: '/api/logout', headers: { authorization: `Bearer ${token}` } },
      { method: 'GET' as const, url: '/api/%E0%A4%A', headers: {} },
      { method: 'GET' as const, url: `/api/${'x'.repeat(5000)}`, headers: {} },
      {
        method: 'POST' as const,
        url: '/web-login',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': '5' },
        payload: '{"a":1}',
      },
    ];
    for (const { payload, ...request } of cases) {
      const response = await t.app.inject({ ...request, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${request.method} ${request.url.slice(0, 30)}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${request.method} ${request.url.slice(0, 30)}`).toBeLessThan(500);
      expect(typeof response.json().message).toBe('string');
    }
  });

  it('refuses NUL characters field by field (PostgreSQL text cannot hold them)', async () => {
    const response = await t.post('/web-login', { email: 'a\u0000@b.co', password: 'x' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: [expect.any(String)] });
  });
});
