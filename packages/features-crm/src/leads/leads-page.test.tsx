import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { CRM_MESSAGES } from '@ledgerleaf/domain';
import { json, renderPage, stubFetch } from '../test/render';
import { importPreview, lead, owners, page, source } from '../test/fixtures';
import { LeadsPage } from './leads-page';

afterEach(() => vi.unstubAllGlobals());

function setup(routes: Parameters<typeof stubFetch>[0] = {}, route = '/crm/leads', roles = ['owner']) {
  const calls = stubFetch({
    'GET /api/crm/leads': json(
      200,
      page([
        lead(),
        lead({ id: 2, person_name: null, display_name: 'Bolt Inc', company_name: 'Bolt Inc', email: null }),
      ]),
    ),
    'GET /api/crm/owners': json(200, { data: owners }),
    'GET /api/crm/lead-sources': json(200, { data: [source()] }),
    ...routes,
  });
  const view = renderPage(<LeadsPage />, { path: '/crm/leads', route, roles });
  return { ...view, calls };
}

describe('Leads list', () => {
  it('lists the leads and asks the server with the filters of the URL', async () => {
    const { calls } = setup({}, '/crm/leads?status=qualified&source_id=1&created_from=2026-11-01');
    const table = await screen.findByRole('table', { name: 'Leads' });
    expect(await within(table).findByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      '/crm/leads/1/edit',
    );
    expect(within(table).getAllByText('$4,200.00')).toHaveLength(2);
    expect(calls.find((call) => call.path === '/api/crm/leads')!.query).toMatchObject({
      status: 'qualified',
      source_id: '1',
      created_from: '2026-11-01',
      sort: 'created_at',
      direction: 'desc',
      page: '1',
    });
  });

  it('shows the empty state with the first actions', async () => {
    setup({ 'GET /api/crm/leads': json(200, page([])) });
    expect(await screen.findByText('No leads yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add your first lead' })).toHaveAttribute('href', '/crm/leads/create');
  });

  it('says nothing matches when a filter is on', async () => {
    setup({ 'GET /api/crm/leads': json(200, page([])) }, '/crm/leads?status=converted');
    expect(await screen.findByText('No matching leads')).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    setup({ 'GET /api/crm/leads': json(500, { message: 'Server error' }) });
    expect(await screen.findByText('Leads could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('deletes the selected leads only after the confirmation', async () => {
    const { user, calls } = setup({
      'POST /api/crm/leads/bulk': json(200, { message: CRM_MESSAGES.bulkDeleted(2), affected: 2, skipped: 0 }),
    });
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    const bar = screen.getByRole('toolbar', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 leads selected')).toBeInTheDocument();

    await user.click(within(bar).getByRole('button', { name: 'Delete selected' }));
    let dialog = await screen.findByRole('dialog', { name: CRM_MESSAGES.deleteLeadsConfirmTitle });
    expect(within(dialog).getByText(/Delete 2 leads\?/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.path === '/api/crm/leads/bulk')).toBe(false);

    await user.click(within(bar).getByRole('button', { name: 'Delete selected' }));
    dialog = await screen.findByRole('dialog', { name: CRM_MESSAGES.deleteLeadsConfirmTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/crm/leads/bulk')).toBe(true));
    expect(calls.find((call) => call.path === '/api/crm/leads/bulk')!.body).toEqual({ action: 'delete', ids: [1, 2] });
    expect(await screen.findByText(CRM_MESSAGES.bulkDeleted(2))).toBeInTheDocument();
  });

  it('changes the status of the selected leads', async () => {
    const { user, calls } = setup({
      'POST /api/crm/leads/bulk': json(200, { message: CRM_MESSAGES.bulkDone(1), affected: 1, skipped: 0 }),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Ada Lovelace' }));
    const bar = screen.getByRole('toolbar', { name: 'Bulk actions' });
    await user.click(within(bar).getByRole('combobox', { name: 'Change status' }));
    await user.click(await screen.findByRole('option', { name: 'Qualified' }));
    await user.click(within(bar).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/crm/leads/bulk')?.body).toEqual({
        action: 'change_status',
        ids: [1],
        status: 'qualified',
      }),
    );
  });

  it('previews an import with each row’s errors and does not import while any row is wrong', async () => {
    const { user, calls } = setup({ 'POST /api/crm/leads/import/preview': json(200, importPreview()) });
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    await user.click(screen.getAllByRole('button', { name: 'Import CSV' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Import leads from CSV' });
    await user.click(within(dialog).getByRole('radio', { name: 'Paste CSV text' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'CSV text' }),
      'person_name,email{enter}Grace,g@x.test',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const table = await within(dialog).findByRole('table', { name: 'Import preview' });
    expect(
      within(table).getByText(/email: The same email address is already on line 2 of the file/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('1 with errors')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import 2 rows' })).toBeDisabled();
    expect(calls.find((call) => call.path === '/api/crm/leads/import/preview')!.body).toEqual({
      csv: 'person_name,email\nGrace,g@x.test',
    });
    expect(calls.some((call) => call.path === '/api/crm/leads/import')).toBe(false);
  });

  it('a read-only role sees no selection, import or New lead', async () => {
    setup({}, '/crm/leads', ['readonly']);
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    expect(screen.queryByRole('checkbox', { name: 'Select Ada Lovelace' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New lead' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });
});
