import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { OTHER_INCOME_MESSAGES } from '@ledgerleaf/domain';
import { json, renderPage, stubFetch } from '../test/render';
import { income } from '../test/fixtures';
import { GoalsHost } from '../host/goals-host';
import { IncomePage } from './income-page';

afterEach(() => vi.unstubAllGlobals());

const page = (rows = [income()]) => ({
  data: rows,
  meta: { page: 1, per_page: 25, total: rows.length, last_page: 1 },
  summary: { count: rows.length, total: rows.reduce((sum, row) => sum + row.amount, 0) },
});

function setup(routes: Parameters<typeof stubFetch>[0] = {}, route = '/', roles = ['owner']) {
  const calls = stubFetch({ 'GET /api/other-income': json(200, page()), 'GET /api/goals': json(200, []), ...routes });
  const view = renderPage(
    <GoalsHost>
      <IncomePage />
    </GoalsHost>,
    { route, roles },
  );
  return { ...view, calls };
}

describe('Other income list', () => {
  it('lists the income with its allocations and totals', async () => {
    const { calls } = setup();
    const table = await screen.findByRole('table', { name: 'Other income' });
    expect(await within(table).findByText('Consulting grant')).toBeInTheDocument();
    expect(within(table).getByText('Emergency fund ($200.00)')).toBeInTheDocument();
    expect(within(table).getByText('$500.00')).toBeInTheDocument();
    expect(screen.getByText(/1 entry/)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/other-income')!.query).toMatchObject({
      sort: 'income_date',
      direction: 'desc',
    });
  });

  it('shows the empty state with a way to add income', async () => {
    const { user } = setup({ 'GET /api/other-income': json(200, page([])) });
    expect(await screen.findByText('No other income yet')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Add Other Income' }).at(-1)!);
    expect(await screen.findByRole('dialog', { name: 'Add Other Income' })).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    setup({ 'GET /api/other-income': json(500, {}) });
    expect(await screen.findByText('Other income could not be loaded')).toBeInTheDocument();
  });

  it('edits in the modal and deletes after confirmation', async () => {
    const { user, calls } = setup({
      'DELETE /api/other-income/7': json(200, { message: OTHER_INCOME_MESSAGES.deleted }),
    });
    await screen.findByRole('table', { name: 'Other income' });
    await user.click(await screen.findByRole('button', { name: 'Actions for Consulting grant on 11/15/26' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Other Income' });
    expect(within(dialog).getByRole('textbox', { name: /^Source/ })).toHaveValue('Consulting grant');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Actions for Consulting grant on 11/15/26' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete income?' })).getByRole('button', {
        name: 'Delete income',
      }),
    );
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/other-income/7')).toBe(true),
    );
    expect(await screen.findByText(OTHER_INCOME_MESSAGES.deleted)).toBeInTheDocument();
  });

  it('?id=N opens that income in its edit modal (a goal contribution links there); closing forgets the id', async () => {
    const linked = income({ id: 12, source: 'Tax refund', amount: 80, goal_allocations: [] });
    const { user, calls, router } = setup(
      { 'GET /api/other-income/12': json(200, { data: linked }) },
      '/?id=12&sort=amount',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Other Income' });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /^Source/ })).toHaveValue('Tax refund'));
    expect(calls.some((call) => call.path === '/api/other-income/12')).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Other Income' })).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?sort=amount');
  });

  it('?id=N of an income that is gone gives an error toast and just the list', async () => {
    const { router } = setup(
      { 'GET /api/other-income/99': json(404, { message: OTHER_INCOME_MESSAGES.notFound }) },
      '/?id=99',
    );
    expect(await screen.findByText(OTHER_INCOME_MESSAGES.notFound)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('dialog', { name: 'Edit Other Income' })).not.toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Other income' })).toBeInTheDocument();
  });

  it('ignores an id that is not a number', async () => {
    const { calls } = setup({}, '/?id=abc');
    await screen.findByRole('table', { name: 'Other income' });
    expect(calls.some((call) => call.path.startsWith('/api/other-income/'))).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Other income for the read-only role', () => {
  it('lists the income and its allocations, without adding, editing or deleting', async () => {
    setup({}, '/', ['accountant']);
    const table = await screen.findByRole('table', { name: 'Other income' });
    expect(await within(table).findByText('Consulting grant')).toBeInTheDocument();
    expect(within(table).getByText('Emergency fund ($200.00)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Other Income' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
  });

  it('a link to one income does not open its edit modal', async () => {
    const { calls } = setup({ 'GET /api/other-income/3': json(200, { data: income({ id: 3 }) }) }, '/?id=3', [
      'accountant',
    ]);
    expect(await screen.findByRole('table', { name: 'Other income' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.path === '/api/other-income/3')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
