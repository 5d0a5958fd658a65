import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

/**
 * Every route of the catalog (clients, products, tax rates, settings) with another business's ids:
 * 404 exactly like a missing id, and nothing of the other business changes. Lists, pickers and
 * exports never show the other business's records.
 */
let t: TestApp;
let ownerA: string;
let ownerB: string;
const ids = { client: 0, product: 0, taxRate: 0 };

const validBodies: Record<string, unknown> = {
  '/api/clients/:id': { name: 'Hijacked', contacts: [{ name: 'Mallory', is_primary: true }] },
  '/api/products/:id': { name: 'Hijacked', unit_price: 1 },
  '/api/tax-rates/:id': { name: 'Hijacked', rate: 99 },
};

async function snapshot() {
  const db = t.database.db;
  return {
    clients: await db.selectFrom('clients').selectAll().orderBy('id').execute(),
    contacts: await db.selectFrom('client_contacts').selectAll().orderBy('id').execute(),
    products: await db.selectFrom('products').selectAll().orderBy('id').execute(),
    taxRates: await db.selectFrom('tax_rates').selectAll().orderBy('id').execute(),
    businesses: await db.selectFrom('businesses').selectAll().orderBy('id').execute(),
    activity: await db.selectFrom('activity_log').selectAll().orderBy('id').execute(),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  ownerA = (await t.register({ email: 'a@example.com', business_name: 'Alpha' })).token;
  ownerB = (await t.register({ email: 'b@example.com', business_name: 'Beta' })).token;
  const rate = await t.post('/api/tax-rates', { name: 'Alpha tax', rate: 7 }, { token: ownerA });
  ids.taxRate = rate.json().data.id;
  const client = await t.post(
    '/api/clients',
    { name: 'Alpha Secret Client', email: 'secret@alpha.test', contacts: [{ name: 'Alpha Contact' }] },
    { token: ownerA },
  );
  ids.client = client.json().data.id;
  const product = await t.post(
    '/api/products',
    { name: 'Alpha Secret Product', unit_price: 10, sku: 'ALPHA', default_tax_rate_id: ids.taxRate },
    { token: ownerA },
  );
  ids.product = product.json().data.id;
  expect([rate.statusCode, client.statusCode, product.statusCode]).toEqual([201, 201, 201]);
});
afterAll(async () => {
  await t.close();
});

describe('catalog isolation between businesses', () => {
  it("every :id route answers 404 for another business's ids and changes nothing", async () => {
    const before = await snapshot();
    const idFor = (url: string) =>
      url.startsWith('/api/clients') ? ids.client : url.startsWith('/api/products') ? ids.product : ids.taxRate;
    const routes = t.app.routeDocs.filter((route) => /^\/api\/(clients|products|tax-rates)\/:id/.test(route.url));
    // Guard against a route added later and forgotten here.
    expect(routes.map((route) => `${route.method} ${route.url}`).sort()).toEqual(
      [
        'DELETE /api/clients/:id',
        'GET /api/clients/:id',
        'POST /api/clients/:id/archive',
        'POST /api/clients/:id/restore',
        'PUT /api/clients/:id',
        'DELETE /api/products/:id',
        'GET /api/products/:id',
        'POST /api/products/:id/archive',
        'POST /api/products/:id/restore',
        'PUT /api/products/:id',
        'DELETE /api/tax-rates/:id',
        'GET /api/tax-rates/:id',
        'POST /api/tax-rates/:id/archive',
        'POST /api/tax-rates/:id/restore',
        'PUT /api/tax-rates/:id',
      ].sort(),
    );
    for (const route of routes) {
      const url = route.url.replace(':id', String(idFor(route.url)));
      const missingUrl = route.url.replace(':id', '987654');
      const base = route.url.replace(/\/:id.*$/, '/:id');
      const body = route.method === 'PUT' ? validBodies[base] : undefined;
      const send = (target: string) =>
        t.app.inject({
          method: route.method,
          url: target,
          headers: { authorization: `Bearer ${ownerB}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { payload: JSON.stringify(body) } : {}),
        });
      const foreign = await send(url);
      const missing = await send(missingUrl);
      expect(foreign.statusCode, `${route.method} ${url}`).toBe(404);
      expect(foreign.json(), `${route.method} ${url}`).toEqual(missing.json());
    }
    expect(await snapshot()).toEqual(before);
  });

  it("a product may not use another business's tax rate", async () => {
    const response = await t.post(
      '/api/products',
      { name: 'Beta product', unit_price: 1, default_tax_rate_id: ids.taxRate },
      { token: ownerB },
    );
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['default_tax_rate_id']);
    // The same SKU is free in another business.
    expect(
      (await t.post('/api/products', { name: 'Beta product', unit_price: 1, sku: 'ALPHA' }, { token: ownerB }))
        .statusCode,
    ).toBe(201);
  });

  it("lists, pickers, exports and settings never show another business's data", async () => {
    const reads = [
      '/api/clients?status=all',
      '/api/clients?search=alpha',
      '/api/clients/search?q=alpha',
      '/api/clients/export.csv',
      '/api/products?status=all',
      '/api/products/search?q=alpha',
      '/api/products/export.csv',
      '/api/tax-rates?status=all',
    ];
    for (const url of reads) {
      const response = await t.get(url, { token: ownerB });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toMatch(/Alpha (Secret|tax|Contact)/);
    }
    await t.put(
      '/api/settings/invoicing',
      { default_payment_terms_days: 7, prices_include_tax: true },
      { token: ownerB },
    );
    expect((await t.get('/api/settings/invoicing', { token: ownerA })).json().data).toEqual({
      default_payment_terms_days: 30,
      prices_include_tax: false,
    });
    // And the other way round, the owner still sees everything.
    expect((await t.get(`/api/clients/${ids.client}`, { token: ownerA })).statusCode).toBe(200);
  });
});
