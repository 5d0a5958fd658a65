import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { EstimateListItem, EstimatePage } from '@ledgerleaf/domain';
import { client } from '../test/fixtures';
import { json, renderPage, stubFetch } from '../test/render';
import { EstimatesPage } from './estimates-page';

afterEach(() => vi.unstubAllGlobals());

const item = (overrides: Partial<EstimateListItem> = {}): EstimateListItem => ({
  id: 5,
  estimate_number: 'EST-2026-0005',
  status: 'sent',
  client: { id: 1, name: 'Northwind Traders' },
  issue_date: '2026-11-01',
  expiry_date: '2026-12-01',
  total: 3000,
  invoice_id: null,
  created_at: '2026-11-01T09:00:00.000Z',
  ...overrides,
});
const page = (data: EstimateListItem[]): EstimatePage => ({
  data,
  meta: { page: 1, per_page: 25, total: data.length, last_page: 1 },
});
const clientsFound = {
  data: [
    { id: 1, name: 'Northwind Traders', email: 'ap@northwind.test', payment_terms_days: 30 },
    { id: 2, name: 'Globex', email: null, payment_terms_days: 15 },
  ],
};
const listCalls = (calls: ReturnType<typeof stubFetch>) => calls.filter((call) => call.path === '/api/estimates');

describe('estimate list', () => {
  it('shows skeleton rows while loading', async () => {
    stubFetch({ 'GET /api/estimates': () => new Promise<Response>(() => undefined) });
    renderPage(<EstimatesPage />, { path: '/estimates', route: '/estimates' });
    expect(await screen.findAllByTestId('table-skeleton-row')).not.toHaveLength(0);
    expect(screen.getByRole('table', { name: 'Estimates' })).toHaveAttribute('aria-busy', 'true');
  });

  it('shows the rows with number links, client, status and total', async () => {
    stubFetch({
      'GET /api/estimates': json(
        200,
        page([
          item(),
          item({ id: 6, estimate_number: null, status: 'draft', client: { id: 2, name: 'Globex' }, total: 120.5 }),
        ]),
      ),
    });
    renderPage(<EstimatesPage />, { path: '/estimates', route: '/estimates' });
    const table = await screen.findByRole('table', { name: 'Estimates' });
    expect(await within(table).findByRole('link', { name: /EST-2026-0005, Northwind Traders/ })).toHaveAttribute(
      'href',
      '/estimates/5',
    );
    expect(within(table).getByRole('link', { name: /Globex/ })).toHaveAttribute('href', '/estimates/6');
    expect(within(table).getByText('$3,000.00')).toBeInTheDocument();
    expect(within(table).getByText('$120.50')).toBeInTheDocument();
  });

  it('with no estimates at all invites to create the first one', async () => {
    stubFetch({ 'GET /api/estimates': json(200, page([])) });
    renderPage(<EstimatesPage />, { path: '/estimates', route: '/estimates' });
    expect(await screen.findByRole('link', { name: 'Create your first estimate' })).toHaveAttribute(
      'href',
      '/estimates/create-new',
    );
  });

  it('says when the filters match nothing', async () => {
    stubFetch({ 'GET /api/estimates': json(200, page([])) });
    renderPage(<EstimatesPage />, { path: '/estimates', route: '/estimates?date_from=2026-01-01' });
    expect(await screen.findByText('No matching estimates')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create your first estimate' })).not.toBeInTheDocument();
  });

  it('shows an error with a retry that loads the list', async () => {
    let fail = true;
    stubFetch({
      'GET /api/estimates': () => (fail ? json(500, { message: 'Server error' }) : json(200, page([item()]))),
    });
    const { user } = renderPage(<EstimatesPage />, { path: '/estimates', route: '/estimates' });
    expect(await screen.findByText('Estimates could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Estimates' })).toBeInTheDocument();
  });

  it('filters by client: the server is asked for that client, and clearing it asks for all again', async () => {
    const calls = stubFetch({
      'GET /api/estimates': json(200, page([item()])),
      'GET /api/clients/search': json(200, clientsFound),
    });
    const { user, router } = renderPage(<EstimatesPage />, { path: '/estimates', route: '/estimates?page=2' });
    await screen.findByRole('table', { name: 'Estimates' });
    expect(listCalls(calls)[0]!.query.client_id).toBeUndefined();
    await user.click(screen.getByRole('combobox', { name: 'Client' }));
    await user.click(await screen.findByRole('option', { name: 'Globex' }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.query).toMatchObject({ client_id: '2', page: '1' }));
    expect(router.state.location.search).toBe('?client_id=2');
    await user.click(screen.getByLabelText('Clear client'));
    await waitFor(() => expect(listCalls(calls).at(-1)!.query.client_id).toBeUndefined());
  });

  it('a client in the URL shows its name in the filter, even with none of its estimates on the page', async () => {
    const calls = stubFetch({
      'GET /api/estimates': json(200, page([])),
      'GET /api/clients/search': json(200, { data: [] }),
      'GET /api/clients/9': json(200, { data: client({ id: 9, name: 'Initech' }) }),
    });
    renderPage(<EstimatesPage />, { path: '/estimates', route: '/estimates?client_id=9' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Client' })).toHaveValue('Initech'));
    expect(listCalls(calls)[0]!.query.client_id).toBe('9');
    expect(await screen.findByText('No matching estimates')).toBeInTheDocument();
  });

  it('filters by issue date range; a backwards range is flagged and not sent; Clear dates empties both', async () => {
    const calls = stubFetch({ 'GET /api/estimates': json(200, page([item()])) });
    const { user } = renderPage(<EstimatesPage />, {
      path: '/estimates',
      route: '/estimates?date_from=2026-10-01&date_to=2026-10-31',
    });
    await screen.findByRole('table', { name: 'Estimates' });
    expect(listCalls(calls)[0]!.query).toMatchObject({ date_from: '2026-10-01', date_to: '2026-10-31' });
    // Shown in the business's date format (mm/dd/yy by default) and typed in it.
    expect(screen.getByLabelText('From')).toHaveValue('10/01/26');
    expect(screen.getByLabelText('To')).toHaveValue('10/31/26');
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '09/01/26');
    expect(await screen.findByText('The start date must be on or before the end date')).toBeInTheDocument();
    const last = listCalls(calls).at(-1)!.query;
    expect(last.date_from).toBeUndefined();
    expect(last.date_to).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Clear dates' }));
    expect(screen.getByLabelText('From')).toHaveValue('');
    expect(screen.getByLabelText('To')).toHaveValue('');
    expect(screen.queryByText('The start date must be on or before the end date')).not.toBeInTheDocument();
  });

  it('a status tab asks the server for that status', async () => {
    const calls = stubFetch({ 'GET /api/estimates': json(200, page([item()])) });
    const { user } = renderPage(<EstimatesPage />, { path: '/estimates', route: '/estimates' });
    await screen.findByRole('table', { name: 'Estimates' });
    expect(listCalls(calls)[0]!.query.status).toBe('all');
    await user.click(screen.getByRole('tab', { name: 'Accepted' }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.query.status).toBe('accepted'));
  });
});

describe('estimate list for the read-only role', () => {
  it('lists the estimates without offering to create one', async () => {
    stubFetch({ 'GET /api/estimates': json(200, page([item()])) });
    renderPage(<EstimatesPage />, { path: '/estimates', route: '/estimates', roles: ['accountant'] });
    const table = await screen.findByRole('table', { name: 'Estimates' });
    expect(await within(table).findByRole('link', { name: /EST-2026-0005, Northwind Traders/ })).toHaveAttribute(
      'href',
      '/estimates/5',
    );
    expect(within(table).getByText('$3,000.00')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New Estimate' })).not.toBeInTheDocument();
  });
});
