/*
 * Canned data shared by the invoicing stories (Storybook only; no product code imports this). Built
 * from the test fixtures (`../test/fixtures`, `../invoices/test-fixtures`) rather than copies of them.
 */
import type { EstimateDetail } from '@ledgerleaf/api';
import type { PublicEstimate, PublicInvoice } from '@ledgerleaf/domain';
import { ok, type StoryApi } from '@ledgerleaf/storybook-harness';
import { invoiceDetail } from '../invoices/test-fixtures';
import { product, taxRate } from '../test/fixtures';

const salesTax = { id: 7, name: 'Sales tax', rate: 8.875, is_compound: false };

export const taxRates = [taxRate(), taxRate({ id: 8, name: 'Reduced rate', rate: 5, is_default: false })];

export const pickerClients = [
  { id: 1, name: 'Acme Corp', email: 'billing@acme.test', payment_terms_days: 30 },
  { id: 2, name: 'Birch Studio', email: 'hello@birch.test', payment_terms_days: 14 },
  { id: 3, name: 'Dana Whitfield', email: 'dana@whitfield.test', payment_terms_days: 7 },
];

export const pickerProducts = [
  product(),
  product({
    id: 4,
    name: 'Brand workshop',
    unit: 'day',
    unit_price: 950,
    description: 'Half-day remote session',
    default_tax_rate_id: 7,
    default_tax_rate: salesTax,
  }),
  product({
    id: 5,
    name: 'Printed brochure',
    type: 'product',
    unit: 'item',
    unit_price: 4.5,
    sku: 'BRO-A5',
    default_tax_rate_id: 7,
    default_tax_rate: salesTax,
  }),
].map(({ id, name, description, type, unit, unit_price, sku, default_tax_rate }) => ({
  id,
  name,
  description,
  type,
  unit,
  unit_price,
  sku,
  default_tax_rate,
}));

/**
 * What the invoice editor asks for (and the estimate and recurring editors built on it): tax rates,
 * invoicing settings, the business's default notes and terms, the client and product pickers, goals.
 */
export const editorApi: StoryApi = {
  'GET /api/tax-rates': ok({ data: taxRates }),
  'GET /api/settings/invoicing': ok({ data: { default_payment_terms_days: 30, prices_include_tax: false } }),
  'GET /api/settings/business': ok({
    data: {
      name: 'Olive Bakery',
      email: 'olive@olive.test',
      phone: '(415) 555-0100',
      company_logo: null,
      address: null,
      tax_id: null,
      default_invoice_notes: 'Thank you for your business!',
      default_invoice_terms: 'Payment by bank transfer within the due date.',
      date_format: 'mm/dd/yy',
      first_day_of_week: 0,
    },
  }),
  'GET /api/clients/search': ok({ data: pickerClients }),
  'GET /api/products/search': ok({ data: pickerProducts }),
  'GET /api/goals': ok({
    data: [{ id: 5, title: 'New van', status: 'active' }],
    meta: { page: 1, per_page: 100, total: 1, last_page: 1 },
  }),
};

/** An invoice with a tax and an invoice discount: 10 h at $100, 5 % off, 8.875 % sales tax. */
export function taxedInvoice(overrides: Parameters<typeof invoiceDetail>[0] = {}) {
  const base = invoiceDetail();
  const line = base.lines[0]!;
  return invoiceDetail({
    lines: [
      {
        ...line,
        tax_rate_ids: [7],
        invoice_discount: 50,
        taxable: 950,
        taxes: [{ tax_rate_id: 7, name: 'Sales tax', rate: 8.875, is_compound: false, taxable: 950, amount: 84.31 }],
        tax: 84.31,
        total: 1034.31,
      },
    ],
    discount_type: 'percent',
    discount_value: 5,
    totals: {
      subtotal: 1000,
      line_discounts: 0,
      invoice_discount: 50,
      taxable: 950,
      taxes: [{ tax_rate_id: 7, name: 'Sales tax', rate: 8.875, is_compound: false, taxable: 950, amount: 84.31 }],
      tax: 84.31,
      total: 1034.31,
      prices_include_tax: false,
    },
    balance_due: 1034.31,
    notes: 'Thank you for your business!',
    terms: 'Payment by bank transfer within 30 days.',
    ...overrides,
  });
}

type Detail = ReturnType<typeof invoiceDetail>;

const business = { name: 'Olive Bakery', email: 'olive@olive.test', phone: '(415) 555-0100' };
const billTo = { name: 'Acme Corp', address_lines: ['1 Market Street, Suite 400', 'San Francisco, CA 94105'] };

function publicLines(detail: Pick<Detail, 'lines'>) {
  return detail.lines.map(({ id: _id, product_id: _product, tax_rate_ids: _taxes, ...line }) => ({
    ...line,
    taxes: line.taxes.map(({ tax_rate_id: _rate, ...tax }) => tax),
  }));
}

function publicTotals(detail: Pick<Detail, 'totals'>) {
  return { ...detail.totals, taxes: detail.totals.taxes.map(({ tax_rate_id: _rate, ...tax }) => tax) };
}

/** What the client reads on `/i/:token`, derived from an invoice as the owner sees it. */
export function publicInvoiceOf(detail: Detail): PublicInvoice {
  return {
    invoice_number: detail.invoice_number ?? 'INV-2026-0001',
    status: detail.status,
    issue_date: detail.issue_date,
    due_date: detail.due_date,
    currency: detail.currency,
    business,
    client: billTo,
    lines: publicLines(detail),
    discount_type: detail.discount_type,
    discount_value: detail.discount_value,
    totals: publicTotals(detail),
    amount_paid: detail.amount_paid,
    balance_due: detail.balance_due,
    credit: detail.credit,
    payments: detail.payments.map(({ payment_date, method, amount }) => ({ payment_date, method, amount })),
    notes: detail.notes,
    terms: detail.terms,
    pdf_url: '/api/public/invoices/tok/pdf',
  };
}

/** An estimate: the invoice fixture's client, lines and totals with an expiry date instead of a due date. */
export function estimateDetail(overrides: Partial<EstimateDetail> = {}): EstimateDetail {
  const invoice = taxedInvoice();
  return {
    id: 5,
    estimate_number: 'EST-2026-0005',
    status: 'sent',
    client: invoice.client,
    issue_date: invoice.issue_date,
    expiry_date: '2026-12-01',
    currency: invoice.currency,
    lines: invoice.lines,
    discount_type: invoice.discount_type,
    discount_value: invoice.discount_value,
    totals: invoice.totals,
    notes: 'Valid for 30 days.',
    terms: invoice.terms,
    public_url: 'http://localhost/e/tok',
    sent_at: '2026-11-01T10:30:00Z',
    viewed_at: null,
    accepted_at: null,
    accepted_by: null,
    declined_at: null,
    decline_reason: null,
    converted_at: null,
    invoice_id: null,
    invoice_number: null,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:30:00Z',
    activity: [
      { id: 2, event: 'estimate.sent', user_id: 1, data: { via: 'email' }, created_at: '2026-11-01T10:30:00Z' },
      { id: 1, event: 'estimate.created', user_id: 1, data: {}, created_at: '2026-11-01T10:00:00Z' },
    ],
    ...overrides,
  };
}

/** What the client reads on `/e/:token`. */
export function publicEstimateOf(estimate: EstimateDetail, overrides: Partial<PublicEstimate> = {}): PublicEstimate {
  return {
    estimate_number: estimate.estimate_number ?? 'EST-2026-0005',
    status: estimate.status,
    issue_date: estimate.issue_date,
    expiry_date: estimate.expiry_date,
    currency: estimate.currency,
    business,
    client: billTo,
    lines: publicLines(estimate),
    discount_type: estimate.discount_type,
    discount_value: estimate.discount_value,
    totals: publicTotals(estimate),
    notes: estimate.notes,
    terms: estimate.terms,
    accepted_at: estimate.accepted_at,
    accepted_by: estimate.accepted_by,
    declined_at: estimate.declined_at,
    can_respond: estimate.status === 'sent' || estimate.status === 'viewed',
    pdf_url: '/api/public/estimates/tok/pdf',
    ...overrides,
  };
}
