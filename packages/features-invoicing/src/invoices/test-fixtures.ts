import type { Goal, InvoiceListItem, InvoicePage } from '@ledgerleaf/domain';
import type { InvoiceDetail } from '@ledgerleaf/api';

/** Test data for the invoice screens. */
export function invoiceItem(overrides: Partial<InvoiceListItem> = {}): InvoiceListItem {
  return {
    id: 11,
    invoice_number: 'INV-2026-0001',
    status: 'sent',
    client: { id: 1, name: 'Acme Corp' },
    issue_date: '2026-11-01',
    due_date: '2026-12-01',
    total: 1089.38,
    amount_paid: 0,
    balance_due: 1089.38,
    goal_id: null,
    created_at: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}

export function invoicePage(data: InvoiceListItem[], summary: Partial<InvoicePage['summary']> = {}): InvoicePage {
  return {
    data,
    meta: { page: 1, per_page: 25, total: data.length, last_page: 1 },
    summary: {
      count: data.length,
      total: data.reduce((sum, item) => sum + item.total, 0),
      amount_paid: 0,
      balance_due: 0,
      draft_count: 0,
      draft_total: 0,
      void_count: 0,
      void_total: 0,
      ...summary,
    },
  };
}

const totals = {
  subtotal: 1000,
  line_discounts: 0,
  invoice_discount: 0,
  taxable: 1000,
  taxes: [],
  tax: 0,
  total: 1000,
  prices_include_tax: false,
};

export function invoiceDetail(overrides: Partial<InvoiceDetail> = {}): InvoiceDetail {
  return {
    id: 11,
    invoice_number: 'INV-2026-0001',
    status: 'sent',
    client: { id: 1, name: 'Acme Corp', email: 'billing@acme.test' },
    issue_date: '2026-11-01',
    due_date: '2026-12-01',
    currency: 'USD',
    lines: [
      {
        id: 1,
        position: 1,
        product_id: null,
        description: 'Design work',
        quantity: 10,
        unit: 'hour',
        unit_price: 100,
        discount_type: null,
        discount_value: null,
        tax_rate_ids: [],
        subtotal: 1000,
        discount: 0,
        net: 1000,
        invoice_discount: 0,
        taxable: 1000,
        taxes: [],
        tax: 0,
        total: 1000,
      },
    ],
    discount_type: null,
    discount_value: null,
    totals,
    amount_paid: 0,
    balance_due: 1000,
    credit: 0,
    payments: [],
    notes: null,
    terms: null,
    goal_id: null,
    estimate_id: null,
    estimate_number: null,
    recurring_invoice_id: null,
    recurring_period: null,
    public_url: 'http://localhost/i/abc',
    sent_at: '2026-11-01T10:00:00Z',
    viewed_at: null,
    voided_at: null,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
    activity: [],
    ...overrides,
  };
}

/** A goal as `GET /api/goals` lists it (the invoice editor's goal picker, the detail page's link). */
export function goalItem(overrides: Partial<Goal> = {}): Goal {
  return {
    id: 5,
    title: 'New van',
    description: null,
    type: 'financial',
    unit: 'money',
    tracks_automatically: false,
    target_amount: 30000,
    current_amount: 1200,
    progress: 4,
    remaining_amount: 28800,
    start_date: '2026-01-01',
    target_date: '2026-12-31',
    status: 'active',
    is_active: true,
    category: null,
    color: null,
    pace: {
      days_left: 30,
      required_per_month: 2400,
      current_per_month: 100,
      projected_at_target_date: 2400,
      on_track: false,
      behind_schedule: true,
    },
    completed_at: null,
    created_at: '2026-01-01T10:00:00Z',
    updated_at: '2026-01-01T10:00:00Z',
    ...overrides,
  };
}
