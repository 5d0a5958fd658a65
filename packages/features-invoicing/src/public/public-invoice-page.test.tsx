import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { PublicInvoice } from '@ledgerleaf/domain';
import { json, renderPage, stubFetch } from '../test/render';
import { PublicInvoicePage } from './public-invoice-page';

afterEach(() => vi.unstubAllGlobals());

const invoice: PublicInvoice = {
  invoice_number: 'INV-2026-0007',
  status: 'sent',
  issue_date: '2026-11-01',
  due_date: '2026-12-01',
  currency: 'USD',
  business: { name: 'Fielding Joinery', email: 'robin@fielding.test', phone: null },
  client: { name: 'Northwind Traders', address_lines: ['1 Main Street', 'Springfield, IL 62701'] },
  lines: [
    {
      position: 1,
      description: 'Cabinets',
      quantity: 2,
      unit: 'item',
      unit_price: 1500,
      discount_type: 'percent',
      discount_value: 10,
      subtotal: 3000,
      discount: 300,
      net: 2700,
      invoice_discount: 0,
      taxable: 2700,
      taxes: [],
      tax: 0,
      total: 2700,
    },
  ],
  discount_type: null,
  discount_value: null,
  totals: {
    subtotal: 3000,
    line_discounts: 300,
    invoice_discount: 0,
    taxable: 2700,
    taxes: [],
    tax: 0,
    total: 2700,
    prices_include_tax: false,
  },
  amount_paid: 0,
  balance_due: 2700,
  credit: 0,
  payments: [],
  notes: 'Thank you!',
  terms: null,
  pdf_url: '/api/public/invoices/tok/pdf',
};

describe('public invoice page', () => {
  it('shows the invoice, its totals and the PDF link', async () => {
    stubFetch({ 'GET /api/public/invoices/tok': json(200, { data: invoice }) });
    renderPage(<PublicInvoicePage />, { path: '/i/:token', route: '/i/tok' });
    expect(await screen.findByRole('heading', { name: /Invoice INV-2026-0007/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', '/api/public/invoices/tok/pdf');
    const totals = screen.getByRole('group', { name: 'Invoice totals' });
    expect(within(totals).getByText('Line discounts')).toBeInTheDocument();
    expect(within(totals).getAllByText('$2,700.00').length).toBeGreaterThan(0);
    expect(screen.getByText('Springfield, IL 62701')).toBeInTheDocument();
  });

  it.each([
    ['sent', 'Due'],
    ['viewed', 'Due'],
    ['overdue', 'Overdue'],
    ['partial', 'Partially paid'],
    ['paid', 'Paid'],
  ] as const)('shows a %s invoice to the client as %s, never an internal status (issue 11)', async (status, words) => {
    stubFetch({ 'GET /api/public/invoices/tok': json(200, { data: { ...invoice, status } }) });
    renderPage(<PublicInvoicePage />, { path: '/i/:token', route: '/i/tok' });
    const heading = await screen.findByRole('heading', { name: /Invoice INV-2026-0007/ });
    const badge = heading.parentElement!.querySelector('[data-status]') ?? document.querySelector('[data-status]');
    expect(badge).toHaveTextContent(words);
    expect(screen.queryByText(/^(Sent|Viewed)$/i)).not.toBeInTheDocument();
  });

  it('dates the invoice in the business format from the payload, whoever views it', async () => {
    stubFetch({
      'GET /api/public/invoices/tok': json(200, {
        data: { ...invoice, business: { ...invoice.business, date_format: 'dd.mm.yyyy' } },
      }),
    });
    // A signed-in viewer of another business (mm/dd/yy) still reads the sender's format.
    renderPage(<PublicInvoicePage />, { path: '/i/:token', route: '/i/tok' });
    expect(await screen.findByText(/Please pay by 01\.12\.2026/)).toBeInTheDocument();
    const document = screen.getByRole('article', { name: 'Invoice document' });
    expect(within(document).getByText('01.11.2026')).toBeInTheDocument();
    expect(within(document).getByText('01.12.2026')).toBeInTheDocument();
  });

  it('says clearly when the link leads nowhere', async () => {
    stubFetch({ 'GET /api/public/invoices/nope': json(404, { message: 'Invoice not found.' }) });
    renderPage(<PublicInvoicePage />, { path: '/i/:token', route: '/i/nope' });
    expect(await screen.findByRole('heading', { name: 'Invoice not found' })).toBeInTheDocument();
  });
});
