import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { json, renderPage, stubFetch } from '../test/render';
import { clientItem, clientPage } from '../test/fixtures';
import { ClientsPage } from './clients-page';

afterEach(() => vi.unstubAllGlobals());

function setup(routes: Parameters<typeof stubFetch>[0] = {}, route = '/clients') {
  const calls = stubFetch({
    'GET /api/clients': json(200, clientPage([clientItem()], { total: 60, last_page: 3 })),
    ...routes,
  });
  const view = renderPage(<ClientsPage />, { path: '/clients', route });
  const listCalls = () => calls.filter((call) => call.method === 'GET' && call.path === '/api/clients');
  return { ...view, calls, listCalls };
}

describe('ClientsPage', () => {
  it('shows skeleton rows, then the clients with their balance', async () => {
    setup();
    expect(screen.getAllByTestId('table-skeleton-row').length).toBeGreaterThan(0);
    const table = await screen.findByRole('table', { name: 'Clients' });
    expect(await within(table).findByRole('link', { name: 'Acme Corp' })).toHaveAttribute('href', '/clients/1/edit');
    expect(within(table).getByText('$1,250.50')).toBeInTheDocument();
    expect(screen.getByText('Showing 1-25 of 60')).toBeInTheDocument();
  });

  it('asks the server once typing pauses, with the query', async () => {
    const { user, listCalls } = setup();
    await screen.findByRole('table', { name: 'Clients' });
    expect(listCalls()[0]!.query).toEqual({
      sort: 'name',
      direction: 'asc',
      page: '1',
      per_page: '25',
      status: 'active',
    });
    await user.type(screen.getByRole('textbox', { name: 'Search clients' }), 'acme');
    await waitFor(() => expect(listCalls().at(-1)!.query.search).toBe('acme'));
    // No request for the partial words typed on the way.
    expect(
      listCalls()
        .filter((call) => call.query.search !== undefined)
        .map((call) => call.query.search),
    ).toEqual(['acme']);
  });

  it('sorts on the server when a header is clicked', async () => {
    const { user, listCalls } = setup();
    await screen.findByRole('table', { name: 'Clients' });
    await user.click(screen.getByRole('button', { name: /Balance outstanding/ }));
    await waitFor(() => expect(listCalls().at(-1)!.query).toMatchObject({ sort: 'balance', direction: 'asc' }));
    await user.click(screen.getByRole('button', { name: /Balance outstanding/ }));
    await waitFor(() => expect(listCalls().at(-1)!.query).toMatchObject({ sort: 'balance', direction: 'desc' }));
    expect(screen.getByRole('columnheader', { name: /Balance outstanding/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('pages on the server and filters by status', async () => {
    const { user, listCalls } = setup();
    await screen.findByRole('table', { name: 'Clients' });
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(listCalls().at(-1)!.query.page).toBe('2'));
    await user.click(screen.getByRole('radio', { name: 'Archived' }));
    await waitFor(() => expect(listCalls().at(-1)!.query).toMatchObject({ status: 'archived', page: '1' }));
  });

  it('invites to add the first client when there are none', async () => {
    setup({ 'GET /api/clients': json(200, clientPage([])) });
    expect(await screen.findByText('No clients yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add your first client' })).toHaveAttribute('href', '/clients/create');
  });

  it('shows an error with a retry that asks again', async () => {
    let fail = true;
    const { user, listCalls } = setup({
      'GET /api/clients': () => (fail ? json(500, { message: 'Server error' }) : json(200, clientPage([clientItem()]))),
    });
    expect(await screen.findByText('Clients could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Acme Corp' })).toBeInTheDocument();
    expect(listCalls().length).toBeGreaterThanOrEqual(2);
  });

  it('archives after confirmation and refreshes the list', async () => {
    const { user, calls, listCalls } = setup({
      'POST /api/clients/1/archive': json(200, { data: { ...clientItem(), contacts: [], status: 'archived' } }),
    });
    await screen.findByRole('table', { name: 'Clients' });
    await user.click(await screen.findByRole('button', { name: 'Actions for Acme Corp' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Archive client?')).toBeInTheDocument();
    const before = listCalls().length;
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.path === '/api/clients/1/archive')).toBe(true),
    );
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
    expect(await screen.findByText('Client archived')).toBeInTheDocument();
  });

  it('does not archive when the confirmation is cancelled', async () => {
    const { user, calls } = setup();
    await screen.findByRole('table', { name: 'Clients' });
    await user.click(await screen.findByRole('button', { name: 'Actions for Acme Corp' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Archive' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.path.endsWith('/archive'))).toBe(false);
  });

  it('offers Delete only for a client without invoices, and deletes after confirmation', async () => {
    const fresh = clientItem({ id: 2, name: 'Birch Studio', has_invoices: false, balance_outstanding: 0 });
    const { user, calls } = setup({
      'GET /api/clients': json(200, clientPage([clientItem(), fresh])),
      'DELETE /api/clients/2': json(200, { message: 'Client deleted.' }),
    });
    await screen.findByRole('table', { name: 'Clients' });
    await user.click(await screen.findByRole('button', { name: 'Actions for Acme Corp' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete (has invoices)' })).toBeDisabled();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Actions for Birch Studio' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete client?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/clients/2')).toBe(true),
    );
  });
});

describe('ClientsPage for the read-only role', () => {
  it('lists and exports the clients, and offers nothing that changes them', async () => {
    stubFetch({ 'GET /api/clients': json(200, clientPage([clientItem()])) });
    renderPage(<ClientsPage />, { path: '/clients', route: '/clients', roles: ['accountant'] });
    const table = await screen.findByRole('table', { name: 'Clients' });
    expect(await within(table).findByRole('link', { name: 'Acme Corp' })).toHaveAttribute('href', '/clients/1/edit');
    expect(within(table).getByText('$1,250.50')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New client' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Actions for Acme Corp' })).not.toBeInTheDocument();
  });
});
