import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

/** The bad-input sweep of areas/auth/foundation-bad-input.test.ts over every catalog write endpoint: 4xx JSON, never a 500. */
let t: TestApp;
let token: string;
const ids = { client: 0, product: 0, taxRate: 0 };
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.register()).token;
  ids.client = (await t.post('/api/clients', { name: 'Sweep client' }, { token })).json().data.id;
  ids.taxRate = (await t.post('/api/tax-rates', { name: 'Sweep rate', rate: 5 }, { token })).json().data.id;
  ids.product = (await t.post('/api/products', { name: 'Sweep product', unit_price: 5 }, { token })).json().data.id;
});
afterAll(async () => {
  await t.close();
});

const payloads: string[] = [
  'null',
  '5',
  '"a string"',
  '[]',
  'true',
  '{}',
  '{"name":{},"unit_price":[],"rate":{},"csv":7}',
  '{"name":"x","unit_price":1e400,"rate":1e400,"payment_terms_days":1e400}',
  '{"name":"x","unit_price":-0,"rate":-0}',
  '{"name":"x","unit_price":"NaN","rate":"Infinity"}',
  `{"name":"${'n'.repeat(10000)}","unit_price":1,"rate":1}`,
  '{"name":"\\u0000","csv":"name\\n\\u0000"}',
  '{"name":"x","contacts":[{"name":"a","is_primary":"true"}],"billing_address":[]}',
  '{"name":"x","default_tax_rate_id":99999999999999999999,"unit_price":1}',
  '{"name":"x","default_tax_rate_id":-1,"unit_price":1}',
  '{"csv":"name\\n=cmd|\' /C calc\'!A0\\n"}',
  '{"csv":"\\"a\\"b\\",c\\n"}',
  '{"csv":"name,name\\nA,B\\n"}',
  '{"default_payment_terms_days":null,"prices_include_tax":null}',
  JSON.stringify(JSON.parse(`${'['.repeat(500)}${']'.repeat(500)}`)),
  '{"a":',
  '{"constructor":{"prototype":{"polluted":true}},"__proto__":{"polluted":true}}',
];

describe('catalog bad input never reaches a 500', () => {
  it('every write endpoint answers 4xx JSON (or a success for a valid body)', async () => {
    const writes = t.app.routeDocs.filter(
      (route) => route.method !== 'GET' && /^\/api\/(clients|products|tax-rates|settings)/.test(route.url),
    );
    expect(writes.length).toBeGreaterThanOrEqual(20);
    for (const route of writes) {
      const id = route.url.startsWith('/api/clients')
        ? ids.client
        : route.url.startsWith('/api/products')
          ? ids.product
          : ids.taxRate;
      const url = route.url.replace(':id', String(id));
      for (const payload of route.body ? payloads : ['{}']) {
        const response = await t.app.inject({
          method: route.method,
          url,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload,
        });
        const label = `${route.method} ${url} ${payload.slice(0, 40)}`;
        expect(response.statusCode, label).toBeLessThan(500);
        if (response.statusCode >= 400) expect(typeof response.json().message, label).toBe('string');
        expect(response.body, label).not.toMatch(/at .+\.(ts|js):\d+/);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('odd query strings on list endpoints answer 422 or 200, never 500', async () => {
    const queries = [
      'page=-1',
      'per_page=1e9',
      'sort[]=name',
      'search=%00',
      `search=${'x'.repeat(300)}`,
      'direction=ASC',
      'status[]=all',
      'q=%25%5F%5C',
      'limit=abc',
      'type=',
      'page=1&page=2',
    ];
    for (const base of [
      '/api/clients',
      '/api/clients/search',
      '/api/products',
      '/api/products/search',
      '/api/tax-rates',
    ]) {
      for (const query of queries) {
        const response = await t.get(`${base}?${query}`, { token });
        expect(response.statusCode, `${base}?${query}`).toBeLessThan(500);
        expect([200, 422], `${base}?${query}`).toContain(response.statusCode);
      }
    }
  });
});
