import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@ledgerleaf/domain';
import { z } from 'zod';
import { loggerOptions, redactUrl } from './app';
import { defineRoute } from './lib/route';
import { createTestApp, validRegistration, type TestApp } from './test/harness';

const apps: TestApp[] = [];
async function make(options?: Parameters<typeof createTestApp>[0]): Promise<TestApp> {
  const t = await createTestApp(options);
  apps.push(t);
  return t;
}
afterEach(async () => {
  await Promise.all(apps.splice(0).map((t) => t.close()));
});

describe('GET /healthz', () => {
  it('answers ok when the database answers', async () => {
    const t = await make();
    const response = await t.get('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', dialect: t.database.dialect });
  });

  it('answers 503 when the database does not', async () => {
    const t = await make({ build: { logger: false } });
    await t.database.destroy();
    const response = await t.get('/healthz');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'error', database: 'error' });
  });
});

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document listing every endpoint with its contracts', async () => {
    const t = await make();
    const response = await t.get('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        'GET /sanctum/csrf-cookie',
        'POST /web-login',
        'POST /api/register',
        'POST /api/logout',
        'GET /api/user',
        'POST /early-access',
        'POST /api/debug/demo-login',
        'POST /api/forgot-password',
        'POST /api/reset-password',
        'GET /healthz',
      ]),
    );
    const register = document.paths['/api/register'].post;
    expect(Object.keys(register.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['name', 'business_name', 'email', 'phone', 'password', 'password_confirmation']),
    );
    expect(register.requestBody.content['application/json'].schema.additionalProperties).toBe(false);
    expect(register.responses['201'].content['application/json'].schema.properties.user.properties).toHaveProperty(
      'business_name',
    );
    expect(document.paths['/api/user'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/web-login'].post.parameters[0].name).toBe('X-XSRF-TOKEN');
  });

  it('documents the catalog routes with their path and query parameters', async () => {
    const t = await make();
    const document = (await t.get('/api/openapi.json')).json();
    const paths = document.paths as Record<
      string,
      Record<string, { parameters?: Array<{ name: string; in: string }> }>
    >;
    for (const path of [
      '/api/clients',
      '/api/clients/{id}',
      '/api/clients/{id}/archive',
      '/api/clients/import',
      '/api/products/{id}',
      '/api/tax-rates/{id}',
      '/api/settings/invoicing',
    ]) {
      expect(paths[path], path).toBeDefined();
    }
    expect(paths['/api/clients']?.get?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['search', 'sort', 'direction', 'page', 'per_page', 'status']),
    );
    expect(paths['/api/clients/{id}']?.put?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path' })]),
    );
  });
});

describe('errors', () => {
  it('unknown API routes answer 404 JSON, whatever they accept', async () => {
    const t = await make();
    for (const accept of ['application/json', 'text/html']) {
      const response = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { accept } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: MESSAGES.notFound });
    }
    const write = await t.post('/api/nope', {});
    expect(write.statusCode).toBe(404);
    expect(write.json()).toEqual({ message: MESSAGES.notFound });
  });

  // (`__proto__` itself answers 400: the JSON parser refuses prototype poisoning.)
  it("unknown fields named like Object.prototype's members answer 422 naming them, never 500", async () => {
    const t = await make();
    const { token } = await t.register();
    const payload = '{"valueOf": 1, "constructor": 2, "toString": 3, "hasOwnProperty": 4}';
    for (const url of ['/api/invoices/1/void', '/api/clients']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(
        expect.arrayContaining(['valueOf', 'constructor', 'toString', 'hasOwnProperty']),
      );
    }
  });

  it("ids beyond the databases' integer range name no record: 404 in paths, 422 in bodies and queries, never 500", async () => {
    const t = await make();
    const { token } = await t.register();
    const beyond = 2_147_483_648;
    for (const url of [`/api/clients/${beyond}`, `/api/invoices/${beyond}/pdf`, `/api/outbox/${beyond}`]) {
      const response = await t.get(url, { token });
      expect(response.statusCode, `${url} ${response.body}`).toBe(404);
    }
    for (const url of [`/api/invoices?client_id=${beyond}`, `/api/estimates?client_id=${beyond}`]) {
      const response = await t.get(url, { token });
      expect(response.statusCode, `${url} ${response.body}`).toBe(422);
    }
    const product = await t.post(
      '/api/products',
      { name: 'Tea', unit_price: 2, default_tax_rate_id: beyond },
      { token },
    );
    expect(product.statusCode, product.body).toBe(422);
    const allocation = await t.post(
      '/api/invoice-payments/allocate-to-goals',
      { invoice_id: beyond, payment_id: 1, payment_amount: 1, allocations: [{ goal_id: 1, amount: 1 }] },
      { token },
    );
    expect(allocation.statusCode, allocation.body).toBe(422);
  });

  it('an unexpected failure answers 500 with a generic message and no stack', async () => {
    const t = await make();
    t.app.get('/api/boom', async () => {
      throw new Error('secret internals at /srv/app.js:12');
    });
    const response = await t.get('/api/boom');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: MESSAGES.unexpected });
    expect(response.body).not.toContain('secret');
    expect(response.body).not.toContain('stack');
  });

  it('a response that breaks its contract answers 500, never leaking the data', async () => {
    const t = await make();
    defineRoute(t.app, {
      method: 'GET',
      url: '/api/contract-probe',
      summary: 'probe',
      tags: [],
      responses: { 200: { description: 'probe', schema: z.object({ id: z.number() }) } },
      handler: async () => ({ id: 'secret-value' }),
    });
    const response = await t.get('/api/contract-probe');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: MESSAGES.unexpected });
    expect(response.body).not.toContain('secret-value');
  });

  it('sets security headers, with a CSP the SPA works under', async () => {
    const t = await make();
    const response = await t.get('/healthz');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toMatch(/script-src 'self'(?! 'unsafe-inline')/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  // The headers @fastify/helmet set with this app's options, now set from one precomputed object.
  const SECURITY_HEADERS = {
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };

  it('sets every security header on API answers, errors and unknown paths, HSTS over HTTPS only', async () => {
    const t = await make();
    const { token } = (await t.post('/api/register', validRegistration())).json() as { token: string };
    const answers = [
      await t.get('/api/user', { token }),
      await t.get('/api/user'),
      await t.get('/api/no-such-route'),
      await t.post('/api/logout', undefined, { csrf: false }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 404, 419]);
    for (const answer of answers) {
      expect(answer.headers).toMatchObject(SECURITY_HEADERS);
      expect(answer.headers['strict-transport-security']).toBeUndefined();
      expect(String(answer.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    }

    const secure = await make({ env: { APP_URL: 'https://books.example.com' } });
    const answer = await secure.get('/healthz');
    expect(answer.headers).toMatchObject({
      ...SECURITY_HEADERS,
      'strict-transport-security': 'max-age=15552000; includeSubDomains',
    });
    expect(String(answer.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });

  it('lets a route answer its own framing headers over the defaults', async () => {
    const t = await make();
    t.app.get('/api/frame-probe', async (_request, reply) => {
      void reply.header('x-frame-options', 'SAMEORIGIN').header('content-security-policy', "frame-ancestors 'self'");
      return { ok: true };
    });
    const response = await t.get('/api/frame-probe');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });
});

describe('the web app', () => {
  it('without a build, the API works and pages answer 503 text', async () => {
    const t = await make();
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(503);
    expect(root.headers['content-type']).toMatch(/text\/plain/);
    expect(root.body).toMatch(/pnpm build/);
    const page = await t.app.inject({ method: 'GET', url: '/dashboard', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(503);
    expect((await t.get('/healthz')).statusCode).toBe(200);
  });

  it('serves the built SPA with history fallback, cache headers and inline-script hashes', async () => {
    const probe = await make();
    const dist = join(probe.dataDir, 'web-dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><script>document.documentElement.dataset.theme="light"</script><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log("app")');
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const t = await make({ env: { WEB_DIST_DIR: dist } });

    const html = { accept: 'text/html,application/xhtml+xml' };
    const root = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<div id="root">');
    expect(root.headers['cache-control']).toBe('no-cache');
    expect(String(root.headers['content-security-policy'])).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);

    for (const url of ['/dashboard', '/reset-password/abc', '/invoices/12?tab=x', '/login']) {
      const response = await t.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
    }

    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/favicon.svg' })).statusCode).toBe(200);

    // Not for API paths, missing assets or non-HTML clients.
    expect((await t.app.inject({ method: 'GET', url: '/api/nope', headers: html })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/healthz', headers: html })).json().status).toBe('ok');
    expect((await t.app.inject({ method: 'POST', url: '/dashboard', headers: html })).statusCode).not.toBe(200);
  });

  it('serves uploads under /storage/', async () => {
    const t = await make();
    mkdirSync(join(t.dataDir, 'uploads', 'avatars'), { recursive: true });
    writeFileSync(join(t.dataDir, 'uploads', 'avatars', 'a.txt'), 'avatar');
    const response = await t.app.inject({ method: 'GET', url: '/storage/avatars/a.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('avatar');
    expect((await t.app.inject({ method: 'GET', url: '/storage/../app-key' })).statusCode).toBe(404);
  });
});

describe('logging', () => {
  it('redacts passwords, tokens, authorization headers and cookies', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const options = loggerOptions('info') as Record<string, unknown>;
    const t = await make({ build: { logger: { ...options, stream } } });
    const { token } = await t.register();
    t.app.log.info(
      { body: validRegistration(), token, headers: { authorization: `Bearer ${token}`, cookie: 'XSRF-TOKEN=x' } },
      'probe',
    );
    await t.get('/api/user', { token });
    await t.post('/api/forgot-password', { email: 'olive@example.com' });
    const log = lines.join('');
    expect(log).toContain('probe');
    expect(log).not.toContain(token);
    expect(log).not.toContain('correct horse battery');
    expect(log).not.toContain('XSRF-TOKEN=x');
    expect(log).toContain('[redacted]');
  });

  it("writes each request's lines with its request id, also when request.log is only made when used", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const t = await make({ build: { logger: { ...(loggerOptions('info') as Record<string, unknown>), stream } } });
    const { token } = await t.register();
    lines.length = 0;
    await t.get('/api/user', { token });
    const entries = lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string; req?: { url?: string } });
    const incoming = entries.find((entry) => entry.msg === 'incoming request');
    expect(incoming?.req?.url).toBe('/api/user');
    expect(incoming?.reqId).toEqual(expect.any(String));
    expect(entries.find((entry) => entry.msg === 'request completed')?.reqId).toBe(incoming?.reqId);
    expect(lines.join('')).not.toContain(token);
  });

  it('keeps reset tokens out of access-log URLs', () => {
    expect(redactUrl('/reset-password/abcDEF123?x=1')).toBe('/reset-password/[redacted]?x=1');
    expect(redactUrl('/api/thing?token=abc&b=2')).toBe('/api/thing?token=[redacted]&b=2');
  });
});

describe('registration through the whole app', () => {
  it('answers 422 with field errors for an empty body sent as JSON', async () => {
    const t = await make();
    const xsrf = await t.xsrf();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
      payload: '',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('email');
  });
});
