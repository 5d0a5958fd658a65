import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicEstimate } from '@ledgerleaf/domain';
import { json, renderPage, stubFetch } from '../test/render';
import { PublicEstimatePage } from './public-estimate-page';

afterEach(() => vi.unstubAllGlobals());

const estimate: PublicEstimate = {
  estimate_number: 'EST-2026-0003',
  status: 'viewed',
  issue_date: '2026-11-01',
  expiry_date: '2026-12-01',
  currency: 'USD',
  business: { name: 'Fielding Joinery', email: 'robin@fielding.test', phone: null },
  client: { name: 'Northwind Traders', address_lines: ['1 Main Street'] },
  lines: [
    {
      position: 0,
      description: 'Cabinets',
      quantity: 2,
      unit: 'item',
      unit_price: 1500,
      discount_type: null,
      discount_value: null,
      subtotal: 3000,
      discount: 0,
      net: 3000,
      invoice_discount: 0,
      taxable: 3000,
      taxes: [],
      tax: 0,
      total: 3000,
    },
  ],
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
  accepted_at: null,
  accepted_by: null,
  declined_at: null,
  can_respond: true,
  pdf_url: '/api/public/estimates/tok/pdf',
};

describe('public estimate page', () => {
  it('shows the estimate without balance rows, and accepts with the name typed (required in the browser first)', async () => {
    const accepted: PublicEstimate = {
      ...estimate,
      status: 'accepted',
      accepted_by: 'Dana',
      accepted_at: '2026-11-05T10:00:00.000Z',
      can_respond: false,
    };
    let current = estimate;
    const calls = stubFetch({
      'GET /api/public/estimates/tok': () => json(200, { data: current }),
      'POST /api/public/estimates/tok/accept': () => {
        current = accepted;
        return json(200, { data: accepted, message: 'Thank you! The estimate has been accepted.' });
      },
    });
    renderPage(<PublicEstimatePage />, { path: '/e/:token', route: '/e/tok' });
    expect(await screen.findByRole('heading', { name: /Estimate EST-2026-0003/ })).toBeInTheDocument();
    const totals = screen.getByRole('group', { name: 'Estimate totals' });
    expect(within(totals).queryByText('Balance due')).not.toBeInTheDocument();
    expect(within(totals).getByText('Total')).toBeInTheDocument();
    expect(within(totals).getAllByText('$3,000.00')).toHaveLength(2);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept estimate' });
    await user.click(within(dialog).getByRole('button', { name: 'Accept estimate' }));
    expect(await within(dialog).findByText('Please enter your name to accept')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Your name/), 'Dana');
    await user.click(within(dialog).getByRole('button', { name: 'Accept estimate' }));
    expect(await screen.findByText('Thank you! The estimate has been accepted.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Dana' });
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('offers no answer once expired, and says so', async () => {
    stubFetch({
      'GET /api/public/estimates/tok': json(200, { data: { ...estimate, status: 'expired', can_respond: false } }),
    });
    renderPage(<PublicEstimatePage />, { path: '/e/:token', route: '/e/tok' });
    expect(await screen.findByText('This estimate has expired')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
  });

  it('says clearly when the link leads nowhere', async () => {
    stubFetch({ 'GET /api/public/estimates/nope': json(404, { message: 'Estimate not found.' }) });
    renderPage(<PublicEstimatePage />, { path: '/e/:token', route: '/e/nope' });
    expect(await screen.findByRole('heading', { name: 'Estimate not found' })).toBeInTheDocument();
  });
});
