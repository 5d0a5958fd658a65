import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * 20,000 clients in one business: the picker and the first list page answer quickly and never
 * return more than asked. (Real latency figures belong to `pnpm bench`; this guards the order of
 * magnitude, loosely enough for a slow CI machine.)
 */
let t: TestApp;
let token: string;
const COUNT = 20_000;
const words = ['Acme', 'Blue', 'Cedar', 'Delta', 'Ember', 'Falcon', 'Granite', 'Harbor', 'Iris', 'Juniper', 'Kestrel', 'Lumen', 'Maple', 'Nova', 'Orchid', 'Pine'];

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.register()).token;
  const business = await t.database.db.selectFrom('businesses').select('id').executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  for (let start = 0; start < COUNT; start += 500) {
    const rows = Array.from({ length: 500 }, (_, offset) => {
      const i = start + offset;
      const name = `${words[i % words.length]} ${words[Math.floor(i / words.length) % words.length]} ${i}`;
      const email = `client${i}@example.test`;
      return {
        business_id: business.id,
        kind: 'company',
        name,
        sort_name: name.toLowerCase(),
        email,
        payment_terms_days: 30,
        is_active: true,
        search_text: `${name.toLowerCase()}\n${email}`,
        created_at: now,
        updated_at: now,
      };
    });
    await t.database.db.insertInto('clients').values(rows).execute();
  }
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function timed(url: string) {
  const started = performance.now();
  const response = await t.get(url, { token });
  return { response, ms: performance.now() - started };
}

describe('clients at scale', () => {
  it('picker: at most 20 rows, prefix matches, fast', async () => {
    await timed('/api/clients/search?q=maple&limit=20');
    const { response, ms } = await timed('/api/clients/search?q=maple&limit=20');
    expect(response.statusCode).toBe(200);
    const data = response.json().data as Array<{ name: string }>;
    expect(data).toHaveLength(20);
    expect(data.every((row) => row.name.toLowerCase().startsWith('maple'))).toBe(true);
    expect(ms).toBeLessThan(250);
    const rare = await timed('/api/clients/search?q=client19999@');
    expect(rare.response.json().data.map((row: { name: string }) => row.name)).toEqual([expect.stringContaining('19999')]);
    expect(rare.ms).toBeLessThan(500);
  });

  it('first list page and a search page answer fast with the right total', async () => {
    const first = await timed('/api/clients?per_page=25');
    expect(first.response.json().meta.total).toBe(COUNT);
    expect(first.response.json().data).toHaveLength(25);
    expect(first.ms).toBeLessThan(500);
    const search = await timed('/api/clients?search=granite&per_page=25');
    const expected = Array.from({ length: COUNT }, (_, i) => `${words[i % words.length]} ${words[Math.floor(i / words.length) % words.length]}`).filter((name) => name.includes('Granite')).length;
    expect(search.response.json().meta.total).toBe(expected);
    expect(search.ms).toBeLessThan(500);
  });
});
