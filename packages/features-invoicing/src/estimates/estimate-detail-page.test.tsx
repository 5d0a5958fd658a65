import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EstimateDetail } from '@ledgerleaf/api';
import { json, renderPage, stubFetch } from '../test/render';
import { EstimateDetailPage } from './estimate-detail-page';

afterEach(() => vi.unstubAllGlobals());

const line = {
  id: 1,
  position: 0,
  product_id: null,
  description: 'Cabinets',
  quantity: 2,
  unit: null,
  unit_price: 1500,
  discount_type: null,
  discount_value: null,
  tax_rate_ids: [],
  subtotal: 3000,
  discount: 0,
  net: 3000,
  invoice_discount: 0,
  taxable: 3000,
  taxes: [],
  tax: 0,
  total: 3000,
};
const estimate = (overrides: Partial<EstimateDetail> = {}): EstimateDetail => ({
  id: 5,
  estimate_number: 'EST-2026-0005',
  status: 'accepted',
  client: { id: 1, name: 'Northwind Traders', email: 'ap@northwind.test' },
  issue_date: '2026-11-01',
  expiry_date: '2026-12-01',
  currency: 'USD',
  lines: [line],
  discount_type: null,
  discount_value: null,
  totals: {
    subtotal: 3000,
    line_discounts: 0,
    invoice_discount: 0,
    taxable: 3000,
    taxes: [],
    tax: 0,
    total: 3000,
    prices_include_tax: false,
  },
  notes: null,
  terms: null,
  public_url: 'http://localhost/e/tok',
  sent_at: '2026-11-01T10:00:00.000Z',
  viewed_at: '2026-11-02T10:00:00.000Z',
  accepted_at: '2026-11-03T10:00:00.000Z',
  accepted_by: 'Dana',
  declined_at: null,
  decline_reason: null,
  converted_at: null,
  invoice_id: null,
  invoice_number: null,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-03T10:00:00.000Z',
  activity: [
    {
      id: 1,
      event: 'estimate.accepted',
      user_id: null,
      data: { name: 'Dana' },
      created_at: '2026-11-03T10:00:00.000Z',
    },
  ],
  ...overrides,
});

describe('estimate detail', () => {
  it('an accepted estimate converts after a confirmation, then opens the invoice', async () => {
    const calls = stubFetch({
      'GET /api/estimates/5': json(200, { data: estimate() }),
      'POST /api/estimates/5/convert': json(200, {
        data: { ...estimate(), status: 'converted', invoice_id: 77 },
        invoice_id: 77,
        message: 'Estimate converted to a draft invoice.',
      }),
    });
    renderPage(<EstimateDetailPage />, { path: '/estimates/:id', route: '/estimates/5' });
    expect(await screen.findByRole('heading', { name: /Estimate EST-2026-0005/ })).toBeInTheDocument();
    expect(screen.getByText('Accepted by Dana')).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Estimate totals' })).queryByText('Balance due'),
    ).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Convert to invoice' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Convert to invoice' }));
    await vi.waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.path === '/api/estimates/5/convert')).toBe(true),
    );
  });

  it('a declined estimate offers neither convert nor send, and shows the reason', async () => {
    stubFetch({
      'GET /api/estimates/5': json(200, {
        data: estimate({
          status: 'declined',
          accepted_at: null,
          accepted_by: null,
          declined_at: '2026-11-03T10:00:00.000Z',
          decline_reason: 'Over budget',
          activity: [],
        }),
      }),
    });
    renderPage(<EstimateDetailPage />, { path: '/estimates/:id', route: '/estimates/5' });
    expect(await screen.findByText('Over budget')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Convert to invoice' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Send/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('another business’s id (404) says it is not found', async () => {
    stubFetch({ 'GET /api/estimates/9': json(404, { message: 'Estimate not found.' }) });
    renderPage(<EstimateDetailPage />, { path: '/estimates/:id', route: '/estimates/9' });
    expect(await screen.findByRole('heading', { name: 'Estimate not found.' })).toBeInTheDocument();
  });
});

describe('estimate detail for the read-only role', () => {
  it('shows the estimate and the client’s answer, with only the PDF and the link to act on', async () => {
    stubFetch({ 'GET /api/estimates/5': json(200, { data: estimate() }) });
    const user = userEvent.setup();
    renderPage(<EstimateDetailPage />, { path: '/estimates/:id', route: '/estimates/5', roles: ['accountant'] });
    expect(await screen.findByRole('heading', { name: /Estimate EST-2026-0005/ })).toBeInTheDocument();
    expect(screen.getByText('Accepted by Dana')).toBeInTheDocument();
    for (const name of ['Convert to invoice', 'Send again', 'Send'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Download PDF' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Copy public link' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
  });
});

describe('issuing a draft estimate without email', () => {
  it('"Mark as issued" calls POST /api/estimates/{id}/issue, not the deprecated /mark-sent (issue 29 item 6)', async () => {
    const draft = estimate({ status: 'draft', estimate_number: null, public_url: null, activity: [] });
    const calls = stubFetch({
      'GET /api/estimates/5': json(200, { data: draft }),
      'POST /api/estimates/5/issue': json(200, {
        data: { ...draft, status: 'sent', estimate_number: 'EST-2026-0006' },
        message: 'Estimate marked as issued.',
      }),
    });
    renderPage(<EstimateDetailPage />, { path: '/estimates/:id', route: '/estimates/5' });
    await screen.findByRole('heading', { level: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    expect(screen.queryByRole('menuitem', { name: 'Mark as sent' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Mark as issued' }));
    await vi.waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
        '/api/estimates/5/issue',
      ]),
    );
  });
});
