import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { userUpdated } from '@ledgerleaf/api';
import { client } from '../test/fixtures';
import { json, renderPage, stubFetch, testUser } from '../test/render';
import { invoiceItem, invoicePage } from './test-fixtures';
import { InvoicesPage } from './invoices-page';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const listCalls = (calls: ReturnType<typeof stubFetch>) => calls.filter((call) => call.path === '/api/invoices');
const clientsFound = {
  data: [
    { id: 1, name: 'Northwind Traders', email: 'ap@northwind.test', payment_terms_days: 30 },
    { id: 2, name: 'Globex', email: null, payment_terms_days: 15 },
  ],
};

describe('invoice list', () => {
  it('shows rows with status badges and the totals of what is shown', async () => {
    stubFetch({
      'GET /api/invoices': json(
        200,
        invoicePage(
          [
            invoiceItem(),
            invoiceItem({ id: 12, invoice_number: null, status: 'draft', client: { id: 2, name: 'Globex' } }),
          ],
          { total: 1089.38, amount_paid: 0, balance_due: 1089.38, draft_count: 1, draft_total: 1089.38 },
        ),
      ),
    });
    renderPage(<InvoicesPage />, { path: '/invoices/all', route: '/invoices/all' });
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(await within(table).findByRole('link', { name: /INV-2026-0001/ })).toHaveAttribute('href', '/invoices/11');
    // A draft is named without its internal id: "Draft", with its client beside it.
    expect(within(table).getByRole('link', { name: 'Invoice Draft, Globex' })).toHaveTextContent(/^Draft$/);
    expect(table).not.toHaveTextContent('#12');
    expect(within(table).getByText('Sent')).toBeInTheDocument();
    const totals = screen.getByRole('group', { name: 'Totals of the invoices shown' });
    expect(totals).toHaveTextContent('Total billed$1,089.38');
    expect(totals).toHaveTextContent('Balance due$1,089.38');
    expect(totals).toHaveTextContent(
      'Total billed, paid and balance due count sent invoices, not drafts or void ones. 1 draft, $1,089.38: not billed yet.',
    );
  });

  it('on Void, the billed figures are $0.00 and the void invoices’ total is named apart (issue 27 item 7)', async () => {
    stubFetch({
      'GET /api/invoices': json(
        200,
        invoicePage(
          [invoiceItem({ status: 'void', balance_due: 0 }), invoiceItem({ id: 12, status: 'void', balance_due: 0 })],
          {
            total: 0,
            amount_paid: 0,
            balance_due: 0,
            void_count: 2,
            void_total: 2178.76,
          },
        ),
      ),
    });
    renderPage(<InvoicesPage />, { path: '/invoices/all', route: '/invoices/all?status=void' });
    const group = () => screen.getByRole('group', { name: 'Totals of the invoices shown' });
    await waitFor(() => expect(group()).not.toHaveAttribute('aria-busy'));
    const totals = group();
    expect(totals).toHaveTextContent('Invoices2');
    expect(totals).toHaveTextContent('Total billed$0.00');
    expect(totals).toHaveTextContent('2 void invoices, $2,178.76: owed by nobody.');
  });

  it('holds the totals’ place while the first page loads, so the table does not move when it arrives', async () => {
    let release: (response: Response) => void = () => {};
    stubFetch({ 'GET /api/invoices': () => new Promise<Response>((resolve) => (release = resolve)) });
    renderPage(<InvoicesPage />, { path: '/invoices/all', route: '/invoices/all' });
    const placeholder = await screen.findByRole('group', { name: 'Totals of the invoices shown' });
    expect(placeholder).toHaveAttribute('aria-busy', 'true');
    expect(within(placeholder).getAllByText('—')).toHaveLength(4);
    release(json(200, invoicePage([invoiceItem()], { total: 1089.38, amount_paid: 0, balance_due: 1089.38 })));
    const totals = () => screen.getByRole('group', { name: 'Totals of the invoices shown' });
    await waitFor(() => expect(totals()).not.toHaveAttribute('aria-busy'));
    expect(within(totals()).getAllByText('$1,089.38').length).toBeGreaterThan(0);
  });

  it('a status tab asks the server for that status', async () => {
    const calls = stubFetch({ 'GET /api/invoices': json(200, invoicePage([invoiceItem()])) });
    const { user } = renderPage(<InvoicesPage />, { path: '/invoices/all', route: '/invoices/all' });
    await within(await screen.findByRole('table', { name: 'Invoices' })).findByRole('link', { name: /INV-2026-0001/ });
    // One request for the first page, not one per filter control settling.
    expect(listCalls(calls)).toHaveLength(1);
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
    stubFetch({
      'GET /api/invoices': () => (fail ? json(500, { message: 'Server error' }) : json(200, invoicePage([]))),
    });
    const { user } = renderPage(<InvoicesPage />, { path: '/invoices/all', route: '/invoices/all' });
    expect(await screen.findByText('Invoices could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Create your first invoice' })).toHaveAttribute(
      'href',
      '/invoices/create-new',
    );
  });

  it('filters by client: the server is asked for that client, and clearing it asks for all again', async () => {
    const calls = stubFetch({
      'GET /api/invoices': json(200, invoicePage([invoiceItem()])),
      'GET /api/clients/search': json(200, clientsFound),
    });
    const { user, router } = renderPage(<InvoicesPage />, { path: '/invoices/all', route: '/invoices/all?page=2' });
    await screen.findByRole('table', { name: 'Invoices' });
    expect(listCalls(calls)[0]!.query.client_id).toBeUndefined();
    await user.click(screen.getByRole('combobox', { name: 'Client' }));
    await user.click(await screen.findByRole('option', { name: 'Globex' }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.query).toMatchObject({ client_id: '2', page: '1' }));
    expect(router.state.location.search).toBe('?client_id=2');
    await user.click(screen.getByLabelText('Clear client'));
    await waitFor(() => expect(listCalls(calls).at(-1)!.query.client_id).toBeUndefined());
    expect(router.state.location.search).toBe('');
  });

  it('a client in the URL shows its name in the filter and asks for its invoices only, even with none on the page', async () => {
    const calls = stubFetch({
      'GET /api/invoices': json(200, invoicePage([])),
      'GET /api/clients/search': json(200, { data: [] }),
      'GET /api/clients/9': json(200, { data: client({ id: 9, name: 'Initech' }) }),
    });
    renderPage(<InvoicesPage />, { path: '/invoices/all', route: '/invoices/all?client_id=9' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Client' })).toHaveValue('Initech'));
    expect(listCalls(calls)[0]!.query.client_id).toBe('9');
    expect(await screen.findByText('No matching invoices')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create your first invoice' })).not.toBeInTheDocument();
  });

  it("a due date range in the URL (the dashboard's Due This Week) asks for it, says it, and clears", async () => {
    const calls = stubFetch({ 'GET /api/invoices': json(200, invoicePage([invoiceItem()])) });
    renderPage(<InvoicesPage />, {
      path: '/invoices/all',
      route: '/invoices/all?status=unpaid&due_from=2026-11-24&due_to=2026-11-30&sort=due_date&direction=asc',
    });
    expect(await screen.findByTestId('due-range')).toHaveTextContent('Due from 11/24/26 to 11/30/26');
    expect(listCalls(calls)[0]!.query).toMatchObject({
      status: 'unpaid',
      due_from: '2026-11-24',
      due_to: '2026-11-30',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Clear due dates' }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.query.due_from).toBeUndefined());
    expect(listCalls(calls).at(-1)!.query.due_to).toBeUndefined();
    expect(screen.queryByTestId('due-range')).not.toBeInTheDocument();
  });

  it("the unpaid filter (the dashboard's Unpaid invoices) says itself and clears (issue 27 item 8)", async () => {
    const calls = stubFetch({ 'GET /api/invoices': json(200, invoicePage([invoiceItem()])) });
    renderPage(<InvoicesPage />, { path: '/invoices/all', route: '/invoices/all?status=unpaid' });
    expect(await screen.findByTestId('status-filter')).toHaveTextContent(
      'Unpaid: sent, viewed, partially paid or overdue',
    );
    expect(listCalls(calls)[0]!.query.status).toBe('unpaid');
    await userEvent.click(screen.getByRole('button', { name: 'Clear status filter' }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.query.status).toBe('all'));
    expect(screen.queryByTestId('status-filter')).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  });

  it('a client id in the URL that is not an id is ignored', async () => {
    const calls = stubFetch({ 'GET /api/invoices': json(200, invoicePage([invoiceItem()])) });
    renderPage(<InvoicesPage />, { path: '/invoices/all', route: '/invoices/all?client_id=abc' });
    await screen.findByRole('table', { name: 'Invoices' });
    expect(listCalls(calls).every((call) => call.query.client_id === undefined)).toBe(true);
    expect(calls.some((call) => call.path.startsWith('/api/clients/') && call.path !== '/api/clients/search')).toBe(
      false,
    );
  });

  it('dates rows in the business date format, mm/dd/yy by default', async () => {
    stubFetch({ 'GET /api/invoices': json(200, invoicePage([invoiceItem()])) });
    renderPage(<InvoicesPage />, { path: '/invoices/all', route: '/invoices/all' });
    const row = (
      await within(await screen.findByRole('table', { name: 'Invoices' })).findByRole('link', { name: /INV-2026-0001/ })
    ).closest('tr')!;
    expect(within(row).getByText('11/01/26')).toBeInTheDocument();
    expect(within(row).getByText('12/01/26')).toBeInTheDocument();
  });

  it('a business on dd.mm.yyyy sees its dates so, and a changed setting re-renders the list at once', async () => {
    stubFetch({ 'GET /api/invoices': json(200, invoicePage([invoiceItem()])) });
    const user = {
      ...testUser(['owner']),
      preferences: { date_format: 'dd.mm.yyyy' as const, first_day_of_week: 1 as const },
    };
    const { store } = renderPage(<InvoicesPage />, {
      path: '/invoices/all',
      route: '/invoices/all',
      auth: { token: 't', user },
    });
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(await within(table).findByText('01.11.2026')).toBeInTheDocument();
    expect(within(table).getByText('01.12.2026')).toBeInTheDocument();
    act(() => {
      store.dispatch(userUpdated({ ...user, preferences: { date_format: 'yyyy-mm-dd', first_day_of_week: 0 } }));
    });
    expect(within(table).getByText('2026-11-01')).toBeInTheDocument();
    expect(within(table).queryByText('01.11.2026')).not.toBeInTheDocument();
  });
});

describe('invoice list bulk actions and export', () => {
  const rows = () => [
    invoiceItem(),
    invoiceItem({ id: 12, invoice_number: null, status: 'draft', balance_due: 0, client: { id: 2, name: 'Globex' } }),
  ];

  it('selects rows, asks, marks them as issued, then says what was done and lists what was skipped and why', async () => {
    const calls = stubFetch({
      'GET /api/invoices': json(200, invoicePage(rows())),
      'POST /api/invoices/bulk': json(200, {
        data: {
          action: 'issue',
          done: [{ id: 12, invoice_number: 'INV-2026-0002' }],
          skipped: [{ id: 11, invoice_number: 'INV-2026-0001', reason: 'This invoice has already been sent.' }],
        },
        message: '1 invoice marked as issued; 1 skipped.',
      }),
    });
    const { user } = renderPage(<InvoicesPage />, { path: '/invoices/all', route: '/invoices/all' });
    const table = await screen.findByRole('table', { name: 'Invoices' });
    await within(table).findByRole('link', { name: /INV-2026-0001/ });
    expect(screen.queryByRole('toolbar', { name: 'Selected invoices' })).not.toBeInTheDocument();
    await user.click(within(table).getByRole('checkbox', { name: 'Select every invoice on this page' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Selected invoices' });
    expect(toolbar).toHaveTextContent('2 invoices selected');
    await user.click(within(table).getByRole('checkbox', { name: 'Select INV-2026-0001, Acme Corp' }));
    expect(toolbar).toHaveTextContent('1 invoice selected');
    await user.click(within(table).getByRole('checkbox', { name: 'Select INV-2026-0001, Acme Corp' }));
    await user.click(within(toolbar).getByRole('button', { name: 'Mark as issued' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark 2 invoices as issued?' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark as issued' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/invoices/bulk')).toBe(true));
    expect(calls.find((call) => call.path === '/api/invoices/bulk')!.body).toEqual({
      action: 'issue',
      ids: [11, 12],
    });
    const result = await screen.findByTestId('bulk-result');
    expect(result).toHaveTextContent('1 invoice marked as issued; 1 skipped.');
    expect(result).toHaveTextContent('INV-2026-0001: This invoice has already been sent.');
    // The selection is cleared.
    expect(screen.queryByRole('toolbar', { name: 'Selected invoices' })).not.toBeInTheDocument();
  });

  it('voiding asks as a danger and changes nothing when cancelled', async () => {
    const calls = stubFetch({ 'GET /api/invoices': json(200, invoicePage(rows())) });
    const { user } = renderPage(<InvoicesPage />, { path: '/invoices/all', route: '/invoices/all' });
    const table = await screen.findByRole('table', { name: 'Invoices' });
    await user.click(await within(table).findByRole('checkbox', { name: 'Select INV-2026-0001, Acme Corp' }));
    await user.click(screen.getByRole('button', { name: 'Void' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void 1 invoice?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.path === '/api/invoices/bulk')).toBe(false);
  });

  it('exports the invoices of the current filters as CSV', async () => {
    const createObjectURL = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const calls = stubFetch({
      'GET /api/invoices': json(200, invoicePage(rows())),
      'GET /api/invoices/export.csv': () =>
        new Response('number,status\r\nINV-2026-0001,Sent\r\n', { headers: { 'content-type': 'text/csv' } }),
    });
    const { user } = renderPage(<InvoicesPage />, { path: '/invoices/all', route: '/invoices/all?status=unpaid' });
    await screen.findByRole('table', { name: 'Invoices' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const exported = calls.find((call) => call.path === '/api/invoices/export.csv')!;
    expect(exported.query).toMatchObject({ status: 'unpaid' });
    expect(exported.query).not.toHaveProperty('page');
  });
});

describe('invoice list for the read-only role', () => {
  it('lists the invoices and their totals without offering to create one', async () => {
    stubFetch({
      'GET /api/invoices': json(
        200,
        invoicePage([invoiceItem()], { total: 1089.38, amount_paid: 0, balance_due: 1089.38 }),
      ),
    });
    renderPage(<InvoicesPage />, { path: '/invoices/all', route: '/invoices/all', roles: ['accountant'] });
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(await within(table).findByRole('link', { name: /INV-2026-0001/ })).toHaveAttribute('href', '/invoices/11');
    expect(
      within(screen.getByRole('group', { name: 'Totals of the invoices shown' })).getAllByText('$1,089.38').length,
    ).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'New Invoice' })).not.toBeInTheDocument();
    // They may export and download PDFs, and change nothing in bulk.
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select INV-2026-0001, Acme Corp' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Selected invoices' });
    expect(within(toolbar).getByRole('button', { name: 'Download PDFs' })).toBeInTheDocument();
    for (const name of ['Send', 'Mark as issued', 'Void'])
      expect(within(toolbar).queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('with none yet, invites no one to create the first', async () => {
    stubFetch({ 'GET /api/invoices': json(200, invoicePage([])) });
    renderPage(<InvoicesPage />, { path: '/invoices/all', route: '/invoices/all', roles: [{ name: 'accountant' }] });
    expect(await screen.findByText('No invoices yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create your first invoice' })).not.toBeInTheDocument();
  });
});
