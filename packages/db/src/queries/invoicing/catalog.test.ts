import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing';
import { isUniqueViolation } from '../../dialect';
import { createBusiness } from '../account/businesses';
import { findInvoicingSettings, updateInvoicingSettings } from './settings';
import {
  deleteClient,
  findClient,
  insertClient,
  listClientContacts,
  listClients,
  searchClients,
  setClientArchived,
  updateClient,
  type ClientFields,
} from './clients';
import { findProduct, insertProduct, listProducts, searchProducts, type ProductFields } from './products';
import { findTaxRate, insertTaxRate, listTaxRates } from './tax-rates';
import { insertActivity, listActivity } from '../shared/activity';

const now = new Date('2025-03-01T10:00:00.000Z');
let test: TestDatabase;
beforeEach(async () => {
  test = await createTestDatabase();
});
afterEach(async () => {
  await test.cleanup();
});

const client = (name: string, extra: Partial<ClientFields> = {}): ClientFields => ({
  kind: 'company',
  name,
  email: null,
  phone: null,
  billing_line1: null,
  billing_line2: null,
  billing_city: null,
  billing_state: null,
  billing_postal_code: null,
  billing_country: null,
  shipping_line1: null,
  shipping_line2: null,
  shipping_city: null,
  shipping_state: null,
  shipping_postal_code: null,
  shipping_country: null,
  payment_terms_days: 30,
  notes: null,
  tax_id: null,
  is_active: true,
  ...extra,
});
const product = (name: string, extra: Partial<ProductFields> = {}): ProductFields => ({
  name,
  description: null,
  type: 'service',
  unit: 'hour',
  unit_price_cents: 12_500,
  default_tax_rate_id: null,
  sku: null,
  is_active: true,
  ...extra,
});

describe('catalog queries', () => {
  it('business invoicing settings default to net 30, prices exclusive of tax', async () => {
    const business = await createBusiness(test.db, { name: 'A', now });
    expect(await findInvoicingSettings(test.db, { businessId: business.id })).toEqual({
      default_payment_terms_days: 30,
      prices_include_tax: false,
    });
    await updateInvoicingSettings(test.db, {
      businessId: business.id,
      settings: { default_payment_terms_days: 14, prices_include_tax: true },
      now,
    });
    expect(await findInvoicingSettings(test.db, { businessId: business.id })).toEqual({
      default_payment_terms_days: 14,
      prices_include_tax: true,
    });
  });

  it('clients: contacts, search, sort, archive, scoped to the business', async () => {
    const a = await createBusiness(test.db, { name: 'A', now });
    const b = await createBusiness(test.db, { name: 'B', now });
    const acme = await insertClient(test.db, {
      businessId: a.id,
      fields: client('Acme', { email: 'ap@acme.test' }),
      contacts: [{ name: 'Wile Coyote', email: 'wile@acme.test', phone: null, is_primary: true }],
      now,
    });
    await insertClient(test.db, { businessId: a.id, fields: client('beta'), contacts: [], now });
    await insertClient(test.db, { businessId: b.id, fields: client('Acme Other'), contacts: [], now });
    expect(
      (
        await listClients(test.db, {
          businessId: a.id,
          status: 'all',
          sort: 'name',
          direction: 'asc',
          limit: 10,
          offset: 0,
        })
      ).rows.map((r) => r.name),
    ).toEqual(['Acme', 'beta']);
    expect(
      (
        await listClients(test.db, {
          businessId: a.id,
          status: 'all',
          sort: 'name',
          direction: 'desc',
          limit: 10,
          offset: 0,
        })
      ).rows.map((r) => r.name),
    ).toEqual(['beta', 'Acme']);
    expect(
      (
        await listClients(test.db, {
          businessId: a.id,
          search: 'WILE',
          status: 'all',
          sort: 'name',
          direction: 'asc',
          limit: 10,
          offset: 0,
        })
      ).total,
    ).toBe(1);
    expect(
      (
        await listClients(test.db, {
          businessId: a.id,
          search: '50%_',
          status: 'all',
          sort: 'name',
          direction: 'asc',
          limit: 10,
          offset: 0,
        })
      ).total,
    ).toBe(0);
    expect((await searchClients(test.db, { businessId: a.id, q: 'ac', limit: 20 })).map((r) => r.name)).toEqual([
      'Acme',
    ]);
    expect(await findClient(test.db, { businessId: b.id, clientId: acme.id })).toBeUndefined();
    expect(
      await updateClient(test.db, { businessId: b.id, clientId: acme.id, fields: client('Hijack'), contacts: [], now }),
    ).toBe(false);
    expect(await setClientArchived(test.db, { businessId: b.id, clientId: acme.id, archivedAt: now, now })).toBe(false);
    expect(await deleteClient(test.db, { businessId: b.id, clientId: acme.id })).toBe(false);
    expect((await findClient(test.db, { businessId: a.id, clientId: acme.id }))?.balance_cents).toBe(0);
    expect(await setClientArchived(test.db, { businessId: a.id, clientId: acme.id, archivedAt: now, now })).toBe(true);
    expect(
      (
        await listClients(test.db, {
          businessId: a.id,
          status: 'active',
          sort: 'name',
          direction: 'asc',
          limit: 10,
          offset: 0,
        })
      ).rows.map((r) => r.name),
    ).toEqual(['beta']);
    expect((await listClientContacts(test.db, { businessId: a.id, clientIds: [acme.id] })).map((c) => c.name)).toEqual([
      'Wile Coyote',
    ]);
  });

  it('the partial unique index refuses two primary contacts', async () => {
    const a = await createBusiness(test.db, { name: 'A', now });
    const error = await insertClient(test.db, {
      businessId: a.id,
      fields: client('Acme'),
      contacts: [
        { name: 'x', email: null, phone: null, is_primary: true },
        { name: 'y', email: null, phone: null, is_primary: true },
      ],
      now,
    }).catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('products: SKU unique per business, tax rate joined, big prices exact', async () => {
    const a = await createBusiness(test.db, { name: 'A', now });
    const b = await createBusiness(test.db, { name: 'B', now });
    const rate = await insertTaxRate(test.db, {
      businessId: a.id,
      fields: { name: 'Sales tax', rate_thousandths: 8875, is_compound: false, is_default: true },
      now,
    });
    const p = await insertProduct(test.db, {
      businessId: a.id,
      fields: product('Consulting', { sku: 'C-1', default_tax_rate_id: rate.id, unit_price_cents: 99_999_999_999 }),
      now,
    });
    await insertProduct(test.db, { businessId: b.id, fields: product('Consulting', { sku: 'C-1' }), now });
    const dup = await insertProduct(test.db, { businessId: a.id, fields: product('Other', { sku: 'C-1' }), now }).catch(
      (e: unknown) => e,
    );
    expect(isUniqueViolation(dup)).toBe(true);
    await insertProduct(test.db, { businessId: a.id, fields: product('No sku 1'), now });
    await insertProduct(test.db, { businessId: a.id, fields: product('No sku 2'), now });
    const found = await findProduct(test.db, { businessId: a.id, productId: p.id });
    expect(found).toMatchObject({
      unit_price_cents: 99_999_999_999,
      tax_rate_name: 'Sales tax',
      tax_rate_thousandths: 8875,
    });
    expect(
      (
        await listProducts(test.db, {
          businessId: a.id,
          search: 'c-1',
          status: 'all',
          sort: 'sku',
          direction: 'asc',
          limit: 10,
          offset: 0,
        })
      ).total,
    ).toBe(1);
    expect((await searchProducts(test.db, { businessId: a.id, q: 'no', limit: 20 })).map((r) => r.name)).toEqual([
      'No sku 1',
      'No sku 2',
    ]);
    expect((await findTaxRate(test.db, { businessId: a.id, taxRateId: rate.id }))?.products_count).toBe(1);
    expect(await findTaxRate(test.db, { businessId: b.id, taxRateId: rate.id })).toBeUndefined();
    expect((await listTaxRates(test.db, { businessId: a.id, status: 'active' })).map((r) => r.name)).toEqual([
      'Sales tax',
    ]);
  });

  it('activity log newest first per business', async () => {
    const a = await createBusiness(test.db, { name: 'A', now });
    await insertActivity(test.db, {
      businessId: a.id,
      userId: null,
      subjectType: 'client',
      subjectId: 1,
      event: 'client.created',
      data: { name: 'Acme' },
      now,
    });
    await insertActivity(test.db, {
      businessId: a.id,
      userId: null,
      subjectType: 'client',
      subjectId: 1,
      event: 'client.updated',
      data: {},
      now: new Date(now.getTime() + 1000),
    });
    expect((await listActivity(test.db, { businessId: a.id })).map((r) => r.event)).toEqual([
      'client.updated',
      'client.created',
    ]);
  });
});
