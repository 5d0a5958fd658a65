import { afterEach, describe, expect, it } from 'vitest';
import { listWaitlistEntries } from '@ledgerleaf/db';
import { createTestApp, type TestApp } from './test/harness';

/*
 * TRUST_PROXY names the proxies whose X-Forwarded-For is believed. The client writes the leftmost
 * entries itself, so forged leading entries must change nothing: the client is the address the
 * last trusted hop saw.
 */

const apps: TestApp[] = [];
async function app(trustProxy?: string): Promise<TestApp> {
  const made = await createTestApp({ env: trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy } });
  apps.push(made);
  return made;
}
afterEach(async () => {
  for (const made of apps.splice(0)) await made.close();
});

/** The address the waiting list stores for a sign-up sent with these forwarding headers (from 127.0.0.1). */
async function clientAddressOf(t: TestApp, forwardedFor: string | undefined, ip?: string): Promise<string | null> {
  const email = `probe-${Math.random().toString(36).slice(2)}@example.com`;
  const response = await t.post(
    '/early-access',
    { email, website: '', timestamp: t.clock().getTime() - 5000 },
    { headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }, ...(ip ? { ip } : {}) },
  );
  expect(response.statusCode, response.body).toBe(200);
  const entries = await listWaitlistEntries(t.database.db);
  return entries.find((entry) => entry.email === email)?.ip ?? null;
}

describe('TRUST_PROXY', () => {
  it('unset: the socket address, whatever X-Forwarded-For says', async () => {
    const t = await app();
    expect(await clientAddressOf(t, '203.0.113.50')).toBe('127.0.0.1');
  });

  it('1: the address the one proxy saw (the last entry), never the leftmost one the client wrote', async () => {
    const t = await app('1');
    expect(await clientAddressOf(t, '198.51.100.1, 203.0.113.50')).toBe('203.0.113.50');
    expect(await clientAddressOf(t, '203.0.113.51')).toBe('203.0.113.51');
    expect(await clientAddressOf(t, undefined)).toBe('127.0.0.1');
  });

  it('a hop count: the address the farthest trusted proxy saw', async () => {
    const t = await app('2');
    expect(await clientAddressOf(t, '198.51.100.1, 203.0.113.50, 10.0.0.2')).toBe('203.0.113.50');
  });

  it('a list of proxy addresses and ranges: the first address from the right that is not one of them', async () => {
    const t = await app('127.0.0.1, 10.0.0.0/8');
    expect(await clientAddressOf(t, '198.51.100.1, 203.0.113.50, 10.1.2.3, 10.0.0.9')).toBe('203.0.113.50');
    // A socket that is not a trusted proxy is the client, whatever it forwards.
    expect(await clientAddressOf(t, '198.51.100.1', '192.0.2.77')).toBe('192.0.2.77');
  });

  it('1: sign-in throttling holds against rotated leading X-Forwarded-For entries', async () => {
    const t = await app('1');
    await t.register();
    const attempt = (forged: number) =>
      t.post(
        '/web-login',
        { email: 'olive@example.com', password: 'wrong password' },
        { headers: { 'x-forwarded-for': `10.66.${forged}.1, 203.0.113.9` } },
      );
    const statuses: number[] = [];
    for (let forged = 0; forged < 12; forged += 1) statuses.push((await attempt(forged)).statusCode);
    // Five failures of this email from 203.0.113.9, then the pair is locked (DEFAULT_THROTTLE).
    expect(statuses).toEqual([...Array<number>(5).fill(422), ...Array<number>(7).fill(429)]);
    // Another client behind the same proxy is not locked out of the account.
    const other = await t.post(
      '/web-login',
      { email: 'olive@example.com', password: 'correct horse battery' },
      { headers: { 'x-forwarded-for': '10.66.0.1, 203.0.113.10' } },
    );
    expect(other.statusCode).toBe(200);
  });

  it('1: a rate limit holds against rotated leading X-Forwarded-For entries', async () => {
    const t = await app('1');
    const statuses: number[] = [];
    for (let forged = 0; forged < 12; forged += 1) {
      const response = await t.post(
        '/early-access',
        { email: `rotating-${forged}@example.com`, website: '', timestamp: t.clock().getTime() - 5000 },
        { headers: { 'x-forwarded-for': `10.77.${forged}.1, 203.0.113.9` } },
      );
      statuses.push(response.statusCode);
    }
    // The waiting list takes 10 a minute from one address (DEFAULT_RATE_LIMITS.waitlist).
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429, 429]);
  });
});
