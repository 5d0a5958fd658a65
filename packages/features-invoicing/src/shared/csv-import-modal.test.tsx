import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { CATALOG_MESSAGES } from '@ledgerleaf/domain';
import { json, renderPage, stubFetch } from '../test/render';
import { clientPage } from '../test/fixtures';
import { ClientsPage } from '../clients/clients-page';

afterEach(() => vi.unstubAllGlobals());

const CSV = 'name,email\nAcme,billing@acme.test\nBad,not-an-email\n';

const previewWithError = {
  columns: ['name', 'email'],
  rows: [
    { row: 2, data: { name: 'Acme' }, values: { name: 'Acme', email: 'billing@acme.test' }, errors: {} },
    {
      row: 3,
      data: null,
      values: { name: 'Bad', email: 'not-an-email' },
      errors: { email: [CATALOG_MESSAGES.emailInvalid] },
    },
  ],
  total: 2,
  valid: 1,
  invalid: 1,
  errors: {},
};

async function openImport(routes: Parameters<typeof stubFetch>[0]) {
  const calls = stubFetch({ 'GET /api/clients': json(200, clientPage([])), ...routes });
  const view = renderPage(<ClientsPage />, { path: '/clients', route: '/clients' });
  await screen.findByText('No clients yet');
  await view.user.click(screen.getAllByRole('button', { name: 'Import CSV' })[0]!);
  const dialog = await screen.findByRole('dialog', { name: 'Import clients from CSV' });
  await view.user.click(within(dialog).getByRole('radio', { name: 'Paste CSV text' }));
  await view.user.click(within(dialog).getByLabelText('CSV text'));
  await view.user.paste(CSV);
  await view.user.click(within(dialog).getByRole('button', { name: 'Preview' }));
  return { ...view, calls, dialog };
}

describe('CSV import', () => {
  it('highlights the rows with errors and keeps Import disabled', async () => {
    const { dialog, calls } = await openImport({ 'POST /api/clients/import/preview': json(200, previewWithError) });
    const table = await within(dialog).findByRole('table', { name: 'Import preview' });
    expect(calls.find((call) => call.path === '/api/clients/import/preview')!.body).toEqual({ csv: CSV });
    const bad = within(table).getByText(`email: ${CATALOG_MESSAGES.emailInvalid}`).closest('tr')!;
    expect(bad).toHaveAttribute('data-invalid', 'true');
    expect(within(bad).getByText('3')).toBeInTheDocument();
    expect(within(dialog).getByText('1 with errors')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import 2 rows' })).toBeDisabled();
  });

  it('imports a clean file and reports the count', async () => {
    const clean = { ...previewWithError, rows: [previewWithError.rows[0]], total: 1, valid: 1, invalid: 0 };
    const { dialog, user, calls } = await openImport({
      'POST /api/clients/import/preview': json(200, clean),
      'POST /api/clients/import': json(201, { message: CATALOG_MESSAGES.imported(1), imported: 1, ids: [5] }),
    });
    const button = await within(dialog).findByRole('button', { name: 'Import 1 row' });
    expect(button).toBeEnabled();
    await user.click(button);
    await waitFor(() => expect(calls.some((call) => call.path === '/api/clients/import')).toBe(true));
    expect(await screen.findByText(CATALOG_MESSAGES.imported(1))).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Import clients from CSV' })).not.toBeInTheDocument(),
    );
  });

  it('shows the rows the server refused when the import answers 422', async () => {
    const clean = { ...previewWithError, rows: [previewWithError.rows[0]], total: 1, valid: 1, invalid: 0 };
    const { dialog, user } = await openImport({
      'POST /api/clients/import/preview': json(200, clean),
      'POST /api/clients/import': json(422, {
        message: CATALOG_MESSAGES.importHasErrors,
        errors: { 'rows.2.name': ['Another client already has this name'] },
        rows: [],
      }),
    });
    await user.click(await within(dialog).findByRole('button', { name: 'Import 1 row' }));
    expect(await within(dialog).findByText('Another client already has this name')).toBeInTheDocument();
  });
});
