import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { preferredEncoding } from './web';

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((t) => t.close()));
});

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

/** A built SPA as apps/web's build leaves it: every script with its .br and .gz beside it, no maps. */
async function withBuiltSpa(): Promise<TestApp> {
  const probe = await createTestApp();
  apps.push(probe);
  const dist = join(probe.dataDir, 'web-dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'index-abc.js'), SCRIPT);
  writeFileSync(join(dist, 'assets', 'index-abc.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dist, 'assets', 'index-abc.js.gz'), gzipSync(SCRIPT));
  const t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  apps.push(t);
  return t;
}

describe('preferredEncoding', () => {
  it('takes Brotli, then gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('gzip');
    expect(preferredEncoding('identity')).toBe('identity');
    expect(preferredEncoding(undefined)).toBe('identity');
    expect(preferredEncoding('')).toBe('identity');
  });
});

describe('compressed delivery of the web app', () => {
  it('sends the precompressed asset the browser accepts, varying on Accept-Encoding', async () => {
    const t = await withBuiltSpa();
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('compresses the page itself', async () => {
    const t = await withBuiltSpa();
    const page = await t.app.inject({
      method: 'GET',
      url: '/invoices/all',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(String(page.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX);
    const gz = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gz.rawPayload).toString()).toBe(INDEX);
  });

  it('never serves a source map', async () => {
    const t = await withBuiltSpa();
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-abc.js.map' })).statusCode).toBe(404);
  });
});

describe('the page for clients that accept anything', () => {
  it('answers the page to */* (link previews, curl), JSON 404 to JSON-only clients', async () => {
    const t = await withBuiltSpa();
    for (const headers of [{ accept: '*/*' }, { accept: 'text/html;q=0.9, */*;q=0.8' }]) {
      const response = await t.app.inject({ method: 'GET', url: '/login', headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
    }
    const json = await t.app.inject({ method: 'GET', url: '/login', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
    expect(json.json()).toHaveProperty('message');
    // A missing file is not a page, whatever the client accepts.
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).not.toMatch(/text\/html/);
    const api = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { accept: '*/*' } });
    expect(api.statusCode).toBe(404);
  });
});
