import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES } from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
let token: string;
let salesTaxId: number;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.register()).token;
  const rate = await t.post('/api/tax-rates', { name: 'Sales tax', rate: 8.875, is_default: true }, { token });
  expect(rate.statusCode, rate.body).toBe(201);
  salesTaxId = rate.json().data.id;
});
afterAll(async () => {
  await t.close();
});
const auth = () => ({ token });

async function create(body: Record<string, unknown>) {
  const response = await t.post('/api/products', body, auth());
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; [key: string]: unknown };
}

describe('tax rates', () => {
  it('creates, lists, updates and keeps one default', async () => {
    const state = await t.post(
      '/api/tax-rates',
      { name: 'State tax', rate: 6.25, is_compound: true, is_default: true },
      auth(),
    );
    expect(state.json().data).toMatchObject({
      name: 'State tax',
      rate: 6.25,
      is_compound: true,
      is_default: true,
      status: 'active',
      products_count: 0,
    });
    const list = (await t.get('/api/tax-rates', auth())).json().data as Array<{ name: string; is_default: boolean }>;
    expect(list.map((r) => [r.name, r.is_default])).toEqual([
      ['Sales tax', false],
      ['State tax', true],
    ]);
    const updated = await t.put(
      `/api/tax-rates/${state.json().data.id}`,
      { name: 'State tax (TX)', rate: 6.25, is_compound: false },
      auth(),
    );
    expect(updated.json().data).toMatchObject({ name: 'State tax (TX)', is_compound: false, is_default: false });
    expect((await t.get(`/api/tax-rates/${state.json().data.id}`, auth())).json().data.name).toBe('State tax (TX)');
    await t.put(`/api/tax-rates/${salesTaxId}`, { name: 'Sales tax', rate: 8.875, is_default: true }, auth());
  });

  it('refuses bad rates and duplicate names with 422', async () => {
    for (const [body, field] of [
      [{ name: 'x', rate: 100.001 }, 'rate'],
      [{ name: 'x', rate: -1 }, 'rate'],
      [{ name: 'x', rate: 8.8755 }, 'rate'],
      [{ name: 'x', rate: '8' }, 'rate'],
      [{ name: '', rate: 1 }, 'name'],
      [{ name: 'x', rate: 1, extra: true }, 'extra'],
      [{ name: 'sales TAX', rate: 1 }, 'name'],
    ] as const) {
      const response = await t.post('/api/tax-rates', body, auth());
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().errors), JSON.stringify(body)).toEqual([field]);
    }
  });

  it('a rate in use by a product cannot be deleted; it is archived instead', async () => {
    const rate = (await t.post('/api/tax-rates', { name: 'Used rate', rate: 5 }, auth())).json().data;
    const product = await create({ name: 'Taxed thing', unit_price: 10, default_tax_rate_id: rate.id });
    const refused = await t.delete(`/api/tax-rates/${rate.id}`, auth());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CATALOG_MESSAGES.taxRateInUse);
    expect((await t.get(`/api/tax-rates/${rate.id}`, auth())).json().data.products_count).toBe(1);
    const archived = await t.post(`/api/tax-rates/${rate.id}/archive`, undefined, auth());
    expect(archived.json().data.status).toBe('archived');
    expect((await t.get('/api/tax-rates', auth())).json().data.map((r: { name: string }) => r.name)).not.toContain(
      'Used rate',
    );
    expect(
      (await t.get('/api/tax-rates?status=archived', auth())).json().data.map((r: { name: string }) => r.name),
    ).toEqual(['Used rate']);
    // The product keeps its archived rate on update; a new product may not choose it.
    expect(
      (
        await t.put(
          `/api/products/${product.id}`,
          { name: 'Taxed thing', unit_price: 11, default_tax_rate_id: rate.id },
          auth(),
        )
      ).statusCode,
    ).toBe(200);
    const refusedNew = await t.post(
      '/api/products',
      { name: 'New', unit_price: 1, default_tax_rate_id: rate.id },
      auth(),
    );
    expect(refusedNew.json().errors).toEqual({ default_tax_rate_id: [CATALOG_MESSAGES.taxRateUnknown] });
    expect((await t.post(`/api/tax-rates/${rate.id}/restore`, undefined, auth())).json().data.status).toBe('active');
    // Unused: deleted.
    const unused = (await t.post('/api/tax-rates', { name: 'Unused', rate: 1 }, auth())).json().data;
    expect((await t.delete(`/api/tax-rates/${unused.id}`, auth())).statusCode).toBe(200);
    expect((await t.get(`/api/tax-rates/${unused.id}`, auth())).statusCode).toBe(404);
  });
});

describe('products', () => {
  it('creates a product with its tax rate and reads it back', async () => {
    const product = await create({
      name: 'Website design',
      description: 'Per hour',
      type: 'service',
      unit: 'hour',
      unit_price: 125.5,
      default_tax_rate_id: salesTaxId,
      sku: 'WEB-1',
    });
    expect(product).toMatchObject({
      name: 'Website design',
      type: 'service',
      unit: 'hour',
      unit_price: 125.5,
      sku: 'WEB-1',
      is_active: true,
      status: 'active',
      default_tax_rate: { id: salesTaxId, name: 'Sales tax', rate: 8.875, is_compound: false },
    });
    const row = await t.database.db
      .selectFrom('products')
      .select('unit_price_cents')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.unit_price_cents)).toBe(12_550);
    expect((await t.get(`/api/products/${product.id}`, auth())).json().data).toEqual(product);
    const max = await create({ name: 'Huge', unit_price: 999_999_999.99 });
    expect(max.unit_price).toBe(999_999_999.99);
  });

  it('answers 422 field-keyed for bad input', async () => {
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{}, ['name', 'unit_price']],
      [{ name: 'x', unit_price: -0.01 }, ['unit_price']],
      [{ name: 'x', unit_price: 1_000_000_000 }, ['unit_price']],
      [{ name: 'x', unit_price: 1.005 }, ['unit_price']],
      [{ name: 'x', unit_price: '10' }, ['unit_price']],
      [{ name: 'x', unit_price: 1, type: 'thing' }, ['type']],
      [{ name: 'x', unit_price: 1, default_tax_rate_id: 999_999 }, ['default_tax_rate_id']],
      [{ name: 'x', unit_price: 1, default_tax_rate_id: 'abc' }, ['default_tax_rate_id']],
      [{ name: 'x', unit_price: 1, sku: 'WEB-1' }, ['sku']],
      [{ name: 'x', unit_price: 1, sku: 's'.repeat(65) }, ['sku']],
      [{ name: 'x', unit_price: 1, colour: 'red' }, ['colour']],
      [{ name: 'x', unit_price: 1, unit: '' }, ['unit']],
    ];
    for (const [body, fields] of cases) {
      const response = await t.post('/api/products', body, auth());
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().errors).sort(), JSON.stringify(body)).toEqual(fields);
    }
  });

  it('updates, archives, restores and deletes', async () => {
    const product = await create({ name: 'Logo', unit_price: 500, sku: 'LOGO' });
    const updated = await t.put(
      `/api/products/${product.id}`,
      { name: 'Logo pack', type: 'product', unit: 'item', unit_price: 650, sku: 'LOGO' },
      auth(),
    );
    expect(updated.json().data).toMatchObject({
      name: 'Logo pack',
      type: 'product',
      unit_price: 650,
      sku: 'LOGO',
      default_tax_rate: null,
    });
    expect((await t.post(`/api/products/${product.id}/archive`, undefined, auth())).json().data.status).toBe(
      'archived',
    );
    expect((await t.get('/api/products/search?q=logo', auth())).json().data).toEqual([]);
    expect((await t.post(`/api/products/${product.id}/restore`, undefined, auth())).json().data.status).toBe('active');
    expect((await t.delete(`/api/products/${product.id}`, auth())).statusCode).toBe(200);
    expect((await t.get(`/api/products/${product.id}`, auth())).statusCode).toBe(404);
    // The SKU is free again.
    await create({ name: 'Logo again', unit_price: 1, sku: 'LOGO' });
  });
});

describe('products list and picker', () => {
  let u: TestApp;
  let tok: string;
  beforeAll(async () => {
    u = await createTestApp();
    tok = (await u.register({ email: 'plist@example.com' })).token;
    const items = [
      {
        name: 'consulting',
        unit_price: 150,
        sku: 'C-100',
        type: 'service',
        unit: 'hour',
        description: 'strategy sessions',
      },
      { name: 'audit', unit_price: 900, sku: 'A-200', type: 'service', unit: 'day' },
      { name: 'brochure', unit_price: 2.5, type: 'product', unit: 'item', description: 'printed, glossy' },
      { name: 'design', unit_price: 95, sku: 'D-300', type: 'service', unit: 'hour' },
    ];
    for (const item of items) {
      u.clock.advance(1000);
      expect((await u.post('/api/products', item, { token: tok })).statusCode).toBe(201);
    }
  });
  afterAll(async () => {
    await u.close();
  });
  const names = (response: { json(): { data: Array<{ name: string }> } }) => response.json().data.map((p) => p.name);

  it('sorts, filters, searches and paginates', async () => {
    expect(names(await u.get('/api/products', { token: tok }))).toEqual(['audit', 'brochure', 'consulting', 'design']);
    expect(names(await u.get('/api/products?sort=unit_price&direction=desc', { token: tok }))).toEqual([
      'audit',
      'consulting',
      'design',
      'brochure',
    ]);
    expect(names(await u.get('/api/products?sort=created_at&direction=desc', { token: tok }))).toEqual([
      'design',
      'brochure',
      'audit',
      'consulting',
    ]);
    expect(names(await u.get('/api/products?sort=sku', { token: tok }))).toEqual([
      'audit',
      'consulting',
      'design',
      'brochure',
    ]);
    expect(names(await u.get('/api/products?type=product', { token: tok }))).toEqual(['brochure']);
    expect(names(await u.get('/api/products?search=glossy', { token: tok }))).toEqual(['brochure']);
    expect(names(await u.get('/api/products?search=c-1', { token: tok }))).toEqual(['consulting']);
    const page = await u.get('/api/products?per_page=3&page=2', { token: tok });
    expect(page.json().meta).toEqual({ page: 2, per_page: 3, total: 4, last_page: 2 });
    expect(names(page)).toEqual(['design']);
    expect((await u.get('/api/products?sort=colour', { token: tok })).statusCode).toBe(422);
    expect((await u.get('/api/products?type=thing', { token: tok })).statusCode).toBe(422);
  });

  it('picker answers what an invoice line needs, prefix matches first', async () => {
    const response = await u.get('/api/products/search?q=d&limit=5', { token: tok });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data[0]).toEqual({
      id: expect.any(Number),
      name: 'design',
      description: null,
      type: 'service',
      unit: 'hour',
      unit_price: 95,
      sku: 'D-300',
      default_tax_rate: null,
    });
    // 'design' starts with d; 'audit' and 'brochure' ("printed") contain it; 'consulting' does not.
    expect(data.map((p: { name: string }) => p.name)).toEqual(['design', 'audit', 'brochure']);
    expect((await u.get('/api/products/search?limit=0', { token: tok })).statusCode).toBe(422);
  });

  it('CSV: export guards formulas; import previews per-row errors and is all-or-nothing', async () => {
    await u.post('/api/tax-rates', { name: 'Sales tax', rate: 8.875 }, { token: tok });
    await u.post('/api/products', { name: '-2+3', unit_price: 1, description: '@SUM(A1)' }, { token: tok });
    const exported = await u.get('/api/products/export.csv', { token: tok });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^text\/csv/);
    expect(exported.body.split('\r\n')[0]).toBe(
      'id,name,sku,type,unit,unit_price,tax_rate,description,is_active,status,created_at',
    );
    expect(exported.body).toContain("'-2+3");
    expect(exported.body).toContain("'@SUM(A1)");
    expect(exported.body).not.toMatch(/(^|,)[-=+@]/m);

    const before = (await u.database.db.selectFrom('products').select('id').execute()).length;
    const bad =
      'name,unit_price,sku,tax_rate,type\nWidget,10,W-1,Sales tax,product\nDup,5,W-1,,\nTaken,5,C-100,,\nNo price,,,,\nNeg,-5,,,\nRate,5,,Nope,\nKind,5,,,gizmo\n';
    const preview = await u.post('/api/products/import/preview', { csv: bad }, { token: tok });
    expect(preview.statusCode, preview.body).toBe(200);
    const rows = preview.json().rows as Array<{ row: number; errors: Record<string, string[]>; data: unknown }>;
    expect(rows.map((r) => [r.row, Object.keys(r.errors)])).toEqual([
      [2, []],
      [3, ['sku']],
      [4, ['sku']],
      [5, ['unit_price']],
      [6, ['unit_price']],
      [7, ['tax_rate']],
      [8, ['type']],
    ]);
    expect(rows[0]?.data).toMatchObject({
      name: 'Widget',
      unit_price: 10,
      default_tax_rate_id: expect.any(Number),
      type: 'product',
    });
    const refused = await u.post('/api/products/import', { csv: bad }, { token: tok });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().rows).toHaveLength(6);
    expect((await u.database.db.selectFrom('products').select('id').execute()).length).toBe(before);

    const good = 'Name,Unit Price,SKU,Tax Rate,Unit\nWidget,"$1,250.50",W-1,sales tax,piece\nGadget,3,,,\n';
    const imported = await u.post('/api/products/import', { csv: good }, { token: tok });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json().imported).toBe(2);
    const widget = (await u.get(`/api/products/${imported.json().ids[0]}`, { token: tok })).json().data;
    expect(widget).toMatchObject({
      name: 'Widget',
      unit_price: 1250.5,
      unit: 'piece',
      sku: 'W-1',
      default_tax_rate: { name: 'Sales tax' },
    });
  });
});

describe('invoicing settings', () => {
  it('reads defaults, saves and validates', async () => {
    expect((await t.get('/api/settings/invoicing', auth())).json().data).toEqual({
      default_payment_terms_days: 30,
      prices_include_tax: false,
    });
    const saved = await t.put(
      '/api/settings/invoicing',
      { default_payment_terms_days: 14, prices_include_tax: true },
      auth(),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ default_payment_terms_days: 14, prices_include_tax: true });
    expect((await t.get('/api/settings/invoicing', auth())).json().data).toEqual({
      default_payment_terms_days: 14,
      prices_include_tax: true,
    });
    for (const body of [
      {},
      { default_payment_terms_days: 366, prices_include_tax: true },
      { default_payment_terms_days: 1.5, prices_include_tax: true },
      { default_payment_terms_days: 10, prices_include_tax: 'yes' },
      { default_payment_terms_days: 10, prices_include_tax: true, extra: 1 },
    ]) {
      const response = await t.put('/api/settings/invoicing', body, auth());
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors).toBeDefined();
    }
    expect((await t.get('/api/settings/invoicing')).statusCode).toBe(401);
  });
});
