import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

/**
 * 20,000 clients in one business: the picker and the first list page return the right rows and
 * never more than asked. Latency is measured by `pnpm bench`, not asserted here: a timed test on a
 * shared 2-core CI machine fails for reasons that are not bugs.
 */
let t: TestApp;
let token: string;
const COUNT = 20_000;
const words = [
  'Acme',
  'Blue',
  'Cedar',
  'Delta',
  'Ember',
  'Falcon',
  'Granite',
  'Harbor',
  'Iris',
  'Juniper',
  'Kestrel',
  'Lumen',
  'Maple',
  'Nova',
  'Orchid',
  'Pine',
];

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

async function get(url: string) {
  return { response: await t.get(url, { token }) };
}

describe('clients at scale', () => {
  it('picker: at most 20 rows, prefix matches', async () => {
    const { response } = await get('/api/clients/search?q=maple&limit=20');
    expect(response.statusCode).toBe(200);
    const data = response.json().data as Array<{ name: string }>;
    expect(data).toHaveLength(20);
    expect(data.every((row) => row.name.toLowerCase().startsWith('maple'))).toBe(true);
    const rare = await get('/api/clients/search?q=client19999@');
    expect(rare.response.json().data.map((row: { name: string }) => row.name)).toEqual([
      expect.stringContaining('19999'),
    ]);
  });

  it('first list page and a search page have the right totals', async () => {
    const first = await get('/api/clients?per_page=25');
    expect(first.response.json().meta.total).toBe(COUNT);
    expect(first.response.json().data).toHaveLength(25);
    const search = await get('/api/clients?search=granite&per_page=25');
    const expected = Array.from(
      { length: COUNT },
      (_, i) => `${words[i % words.length]} ${words[Math.floor(i / words.length) % words.length]}`,
    ).filter((name) => name.includes('Granite')).length;
    expect(search.response.json().meta.total).toBe(expected);
  });
});
