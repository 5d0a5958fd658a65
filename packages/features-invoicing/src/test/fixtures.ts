import type { Client, ClientListItem, ClientPage, Product, TaxRate } from '@ledgerleaf/domain';

const address = { line1: null, line2: null, city: null, state: null, postal_code: null, country: null };

export function clientItem(overrides: Partial<ClientListItem> = {}): ClientListItem {
  return {
    id: 1,
    kind: 'company',
    name: 'Acme Corp',
    email: 'billing@acme.test',
    phone: null,
    billing_address: address,
    shipping_address: address,
    payment_terms_days: 30,
    notes: null,
    tax_id: null,
    is_active: true,
    status: 'active',
    archived_at: null,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
    balance_outstanding: 1250.5,
    has_invoices: true,
    primary_contact: null,
    ...overrides,
  };
}

export function client(overrides: Partial<Client> = {}): Client {
  return { ...clientItem(), contacts: [], ...overrides };
}

export function clientPage(data: ClientListItem[], meta: Partial<ClientPage['meta']> = {}): ClientPage {
  return { data, meta: { page: 1, per_page: 25, total: data.length, last_page: 1, ...meta } };
}

export function taxRate(overrides: Partial<TaxRate> = {}): TaxRate {
  return {
    id: 7,
    name: 'Sales tax',
    rate: 8.875,
    is_compound: false,
    is_default: true,
    status: 'active',
    archived_at: null,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
    products_count: 0,
    ...overrides,
  };
}

export function product(overrides: Partial<Product> = {}): Product {
  return {
    id: 3,
    name: 'Design hour',
    description: null,
    type: 'service',
    unit: 'hour',
    unit_price: 120,
    default_tax_rate_id: null,
    default_tax_rate: null,
    sku: null,
    is_active: true,
    status: 'active',
    archived_at: null,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}
