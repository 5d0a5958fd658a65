import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { json, renderPage, stubFetch } from '../test/render';
import { invoiceItem, invoicePage } from './test-fixtures';
import { InvoicesPage } from './invoices-page';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const listCalls = (calls: ReturnType<typeof stubFetch>) => calls.filter((call) => call.path === '/api/invoices');

describe('invoice list', () => {
  it('shows rows with status badges and the totals of what is shown', async () => {
    stubFetch({ 'GET /api/invoices': json(200, invoicePage([invoiceItem(), invoiceItem({ id: 12, invoice_number: null, status: 'draft', client: { id: 2, name: 'Globex' } })], { total: 2178.76, amount_paid: 0, balance_due: 1089.38 })) });
    renderPage(<InvoicesPage />, { path: '/invoices/all', route: '/invoices/all' });
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(within(table).getByRole('link', { name: /INV-2026-0001/ })).toHaveAttribute('href', '/invoices/11');
    expect(within(table).getByRole('link', { name: /Draft #12/ })).toBeInTheDocument();
    expect(within(table).getByText('Sent')).toBeInTheDocument();
    const totals = screen.getByRole('group', { name: 'Totals of the invoices shown' });
    expect(within(totals).getByText('$2,178.76')).toBeInTheDocument();
    expect(within(totals).getByText('$1,089.38')).toBeInTheDocument();
  });

  it('a status tab asks the server for that status', async () => {
    const calls = stubFetch({ 'GET /api/invoices': json(200, invoicePage([invoiceItem()])) });
    const { user } = renderPage(<InvoicesPage />, { path: '/invoices/all', route: '/invoices/all' });
    await screen.findByRole('table', { name: 'Invoices' });
    expect(listCalls(calls)[0]!.query.status).toBe('all');
    await user.click(screen.getByRole('tab', { name: 'Overdue' }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.query.status).toBe('overdue'));
    expect(screen.getByRole('tab', { name: 'Overdue' })).toHaveAttribute('aria-selected', 'true');
  });

  it('debounces the search: one request after typing stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubFetch({ 'GET /api/invoices': json(200, invoicePage([invoiceItem()])) });
    const { user } = renderPage(<InvoicesPage />, { path: '/invoices/all', route: '/invoices/all', fakeTimers: true });
    await screen.findByRole('table', { name: 'Invoices' });
    await user.type(screen.getByRole('textbox', { name: 'Search invoices' }), 'acme');
    expect(listCalls(calls).some((call) => call.query.search)).toBe(false);
    await act(async () => {
      vi.advanceTimersByTime(350);
    });
    await waitFor(() => expect(listCalls(calls).filter((call) => call.query.search)).toHaveLength(1));
    expect(listCalls(calls).at(-1)!.query.search).toBe('acme');
  });

  it('has a first-invoice call to action and an error with retry', async () => {
    let fail = true;
    stubFetch({ 'GET /api/invoices': () => (fail ? json(500, { message: 'Server error' }) : json(200, invoicePage([]))) });
    const { user } = renderPage(<InvoicesPage />, { path: '/invoices/all', route: '/invoices/all' });
    expect(await screen.findByText('Invoices could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Create your first invoice' })).toHaveAttribute('href', '/invoices/create-new');
  });
});
