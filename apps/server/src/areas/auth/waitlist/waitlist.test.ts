import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@ledgerleaf/domain';
import { listWaitlistEntries } from '@ledgerleaf/db';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const loadedAgo = (ms: number) => t.clock().getTime() - ms;
const success = { success: true, message: MESSAGES.waitlistSuccess };

describe('POST /early-access', () => {
  it('adds the email and answers success', async () => {
    const response = await t.post(
      '/early-access',
      { email: 'Early@Example.com', website: '', timestamp: loadedAgo(5000) },
      { headers: { 'user-agent': 'test-agent' } },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(success);
    const entries = await listWaitlistEntries(t.database.db);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ email: 'early@example.com', user_agent: 'test-agent' });
  });

  it('answers success for a known email and keeps one row', async () => {
    await t.post('/early-access', { email: 'early@example.com', website: '', timestamp: loadedAgo(5000) });
    const again = await t.post('/early-access', {
      email: 'EARLY@example.com',
      website: '',
      timestamp: loadedAgo(5000),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(success);
    expect(await listWaitlistEntries(t.database.db)).toHaveLength(1);
  });

  it('answers success to a filled honeypot and stores nothing', async () => {
    const response = await t.post('/early-access', {
      email: 'bot@example.com',
      website: 'http://spam.example',
      timestamp: loadedAgo(5000),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(success);
    expect(await listWaitlistEntries(t.database.db)).toHaveLength(0);
  });

  it('refuses a form submitted sooner than 1.5 s after loading, or from the future', async () => {
    for (const timestamp of [loadedAgo(1000), loadedAgo(0), loadedAgo(-60_000)]) {
      const response = await t.post('/early-access', { email: 'fast@example.com', website: '', timestamp });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        success: false,
        message: MESSAGES.waitlistTooFast,
        errors: { email: [MESSAGES.waitlistTooFast] },
      });
    }
    expect(
      (await t.post('/early-access', { email: 'fast@example.com', website: '', timestamp: loadedAgo(1600) }))
        .statusCode,
    ).toBe(200);
  });

  it('answers 422 with errors.email for bad input, and rejects unknown fields', async () => {
    const missing = await t.post('/early-access', { website: '', timestamp: loadedAgo(5000) });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ success: false, errors: { email: [MESSAGES.emailRequired] } });
    const invalid = await t.post('/early-access', { email: 'not-an-email', timestamp: loadedAgo(5000) });
    expect(invalid.json().errors).toEqual({ email: [MESSAGES.emailInvalid] });
    const wrongTypes = await t.post('/early-access', { email: 'a@b.co', timestamp: 'yesterday' });
    expect(wrongTypes.json().errors).toHaveProperty('timestamp');
    const unknown = await t.post('/early-access', { email: 'a@b.co', timestamp: loadedAgo(5000), name: 'x' });
    expect(unknown.json().errors).toEqual({ name: ['Unknown field: name'] });
    expect(await listWaitlistEntries(t.database.db)).toHaveLength(0);
  });

  it('is rate limited per IP address with a JSON 429', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await t.post(
        '/early-access',
        { email: `p${attempt}@example.com`, timestamp: loadedAgo(5000) },
        { ip: '192.0.2.10' },
      );
      expect(response.statusCode).toBe(200);
    }
    const limited = await t.post(
      '/early-access',
      { email: 'late@example.com', timestamp: loadedAgo(5000) },
      { ip: '192.0.2.10' },
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toMatch(/application\/json/);
    expect(limited.json()).toEqual({ message: MESSAGES.tooManyRequests });
    expect(
      (await t.post('/early-access', { email: 'late@example.com', timestamp: loadedAgo(5000) }, { ip: '192.0.2.11' }))
        .statusCode,
    ).toBe(200);
  });
});
