import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

/* Odd requests to the dashboard answer 4xx JSON (or are ignored), never a 500. */

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.register({ email: 'odd@example.com' })).token;
});
afterAll(async () => {
  await t.close();
});

const URLS = ['/api/dashboard/summary', '/api/dashboard/revenue-data', '/api/dashboard/recent-activity'];
const QUERIES = [
  '?from=yesterday',
  '?limit=-1',
  '?a[b]=1&a[c]=2',
  `?q=${'x'.repeat(5000)}`,
  '?%E0%A4%A=1',
  '?page=1e309',
];

describe('dashboard bad input', () => {
  it('junk in the query string is ignored, never a 500', async () => {
    for (const url of URLS) {
      for (const query of QUERIES) {
        const response = await t.get(`${url}${query}`, { token });
        expect(response.statusCode, `${url}${query}: ${response.body}`).toBeLessThan(500);
        expect(response.headers['content-type']).toMatch(/json/);
      }
    }
  });

  it('no token, a junk token and writes answer 4xx JSON', async () => {
    for (const url of URLS) {
      expect((await t.get(url)).statusCode).toBe(401);
      expect((await t.get(url, { token: 'not-a-token' })).statusCode).toBe(401);
      const write = await t.post(url, { totalRevenue: 1 }, { token });
      expect(write.statusCode).toBeGreaterThanOrEqual(400);
      expect(write.statusCode).toBeLessThan(500);
      expect(write.json()).toHaveProperty('message');
    }
  });

  it('a business whose stored time zone is not one still answers', async () => {
    const user = await t.database.db.selectFrom('users').select('business_id').executeTakeFirstOrThrow();
    const config = await t.get('/api/recurring-invoices/config', { token });
    expect(config.statusCode).toBe(200);
    const rows = await t.database.db
      .selectFrom('recurring_settings')
      .select('business_id')
      .where('business_id', '=', user.business_id)
      .execute();
    if (rows.length > 0)
      await t.database.db
        .updateTable('recurring_settings')
        .set({ time_zone: 'Mars/Olympus_Mons' })
        .where('business_id', '=', user.business_id)
        .execute();
    for (const url of URLS) expect((await t.get(url, { token })).statusCode).toBeLessThan(500);
  });
});
