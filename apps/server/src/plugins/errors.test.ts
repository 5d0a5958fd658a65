import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

/* What the router and Node's HTTP parser refuse answers `{ message }` like every error, echoing nothing of the request. */

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await t.close();
});

describe('framework and protocol errors', () => {
  it('a path parameter over the router maximum answers 414 { message } without echoing the path', async () => {
    const marker = 'x'.repeat(300);
    const response = await t.get(`/api/clients/${marker}`);
    expect(response.statusCode).toBe(414);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ message: 'The address is too long.' });
    expect(response.body).not.toContain('xxxx');
  });

  it('a path that does not decode answers 400 { message } without echoing it', async () => {
    const response = await t.get('/api/clients/%E0%A4%Amarker');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request could not be understood.' });
    expect(response.body).not.toContain('marker');
  });

  it('headers over the parser limit answer 431 { message } on a real connection', async () => {
    const response = await fetch(`${base}/api/user`, { headers: { 'x-filler': 'f'.repeat(20_000) } });
    expect(response.status).toBe(431);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ message: 'The request headers are too large.' });
  });

  it('a request line over the parser limit answers 431 { message }, not the URL', async () => {
    const response = await fetch(`${base}/api/clients?search=${'q'.repeat(20_000)}`);
    expect(response.status).toBe(431);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ message: 'The request headers are too large.' });
    expect(text).not.toContain('qqqq');
  });
});
