import { describe, expect, it } from 'vitest';
import { toFieldErrors } from '../errors';
import {
  CATALOG_MESSAGES,
  clientCsvRowToRequest,
  clientListQuerySchema,
  clientRequestSchema,
  percentToThousandths,
  productCsvRowToRequest,
  productRequestSchema,
  taxRateRequestSchema,
  thousandthsToPercent,
} from './index';

describe('catalog contracts', () => {
  it('clients: defaults, empty strings to null, field-keyed errors', () => {
    const parsed = clientRequestSchema.parse({ name: ' Acme ', email: 'Billing@Acme.com', phone: '' });
    expect(parsed).toMatchObject({
      kind: 'company',
      name: 'Acme',
      email: 'billing@acme.com',
      phone: null,
      is_active: true,
      contacts: [],
    });
    const bad = clientRequestSchema.safeParse({ name: '', email: 'nope', extra: 1, payment_terms_days: 1.5 });
    expect(bad.success).toBe(false);
    if (!bad.success) {
      const errors = toFieldErrors(bad.error);
      expect(Object.keys(errors).sort()).toEqual(['email', 'extra', 'name', 'payment_terms_days']);
    }
  });
  it('clients: at most 20 contacts and one primary', () => {
    const contacts = Array.from({ length: 21 }, (_, i) => ({ name: `C${i}` }));
    expect(clientRequestSchema.safeParse({ name: 'A', contacts }).success).toBe(false);
    const two = clientRequestSchema.safeParse({
      name: 'A',
      contacts: [
        { name: 'a', is_primary: true },
        { name: 'b', is_primary: true },
      ],
    });
    expect(two.success).toBe(false);
    if (!two.success) expect(toFieldErrors(two.error).contacts).toEqual([CATALOG_MESSAGES.twoPrimaries]);
  });
  it('list query coerces and restricts sort and status', () => {
    expect(clientListQuerySchema.parse({ page: '2', sort: 'balance' })).toMatchObject({
      page: 2,
      sort: 'balance',
      direction: 'asc',
      status: 'active',
    });
    expect(clientListQuerySchema.safeParse({ sort: 'email' }).success).toBe(false);
    expect(clientListQuerySchema.safeParse({ status: 'deleted' }).success).toBe(false);
  });
  it('products: price bounds and strict types', () => {
    expect(productRequestSchema.parse({ name: 'Design', unit_price: 125 })).toMatchObject({
      type: 'service',
      unit: 'item',
      default_tax_rate_id: null,
      sku: null,
    });
    expect(productRequestSchema.safeParse({ name: 'x', unit_price: -1 }).success).toBe(false);
    expect(productRequestSchema.safeParse({ name: 'x', unit_price: 1_000_000_000 }).success).toBe(false);
    expect(productRequestSchema.safeParse({ name: 'x', unit_price: '12' }).success).toBe(false);
    expect(productRequestSchema.safeParse({ name: 'x', unit_price: 1, default_tax_rate_id: '3' }).success).toBe(false);
  });
  it('tax rates: thousandths of a percent, exact', () => {
    expect(percentToThousandths(8.875)).toBe(8875);
    expect(percentToThousandths(6.25)).toBe(6250);
    expect(percentToThousandths(0.1 + 0.2)).toBe(300);
    expect(thousandthsToPercent(8875)).toBe(8.875);
    expect(taxRateRequestSchema.safeParse({ name: 'x', rate: 100.5 }).success).toBe(false);
    expect(taxRateRequestSchema.safeParse({ name: 'x', rate: 8.8755 }).success).toBe(false);
  });
  it('CSV rows map to requests', () => {
    const { input, errors } = clientCsvRowToRequest({
      name: 'Acme',
      is_active: 'no',
      payment_terms_days: '15',
      contact_name: 'Ann',
      billing_city: 'Austin',
    });
    expect(errors).toEqual({});
    expect(clientRequestSchema.parse(input)).toMatchObject({
      is_active: false,
      payment_terms_days: 15,
      contacts: [{ name: 'Ann', is_primary: true }],
      billing_address: { city: 'Austin' },
    });
    expect(clientCsvRowToRequest({ name: 'x', is_active: 'maybe' }).errors.is_active).toBeDefined();
    const product = productCsvRowToRequest({ name: 'Widget', unit_price: '$1,250.50', tax_rate: 'Sales' }, (name) =>
      name === 'Sales' ? 7 : undefined,
    );
    expect(productRequestSchema.parse(product.input)).toMatchObject({ unit_price: 1250.5, default_tax_rate_id: 7 });
    expect(
      productCsvRowToRequest({ name: 'W', unit_price: '1', tax_rate: 'Nope' }, () => undefined).errors.tax_rate,
    ).toBeDefined();
  });
});
