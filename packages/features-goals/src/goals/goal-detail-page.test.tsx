import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { GOAL_MESSAGES } from '@ledgerleaf/domain';
import { json, renderPage, stubFetch } from '../test/render';
import { contribution, goal } from '../test/fixtures';
import { GoalDetailPage } from './goal-detail-page';

afterEach(() => vi.unstubAllGlobals());

const rent = goal({ id: 1, title: 'Rent reserve' });
const contributions = (
  rows = [
    contribution(),
    contribution({
      key: 'other_income-3',
      source_type: 'other_income',
      label: 'Other income from Consulting grant',
      amount: 100,
      invoice_id: null,
      invoice_number: null,
      payment_id: null,
      other_income_id: 3,
      other_income_source: 'Consulting grant',
    }),
  ],
) => ({
  data: rows,
  meta: { page: 1, per_page: 20, total: rows.length, last_page: 1 },
  goal: rent,
});

function setup(routes: Parameters<typeof stubFetch>[0] = {}, route = '/goals/1', roles = ['owner']) {
  const calls = stubFetch({
    'GET /api/goals/1': json(200, { data: rent }),
    'GET /api/goals/1/contributions': json(200, contributions()),
    ...routes,
  });
  return { ...renderPage(<GoalDetailPage />, { path: '/goals/:id', route, roles }), calls };
}

describe('Goal details', () => {
  it('shows progress, remaining, deadline with days left, pace needed, projection and the contributions linking back', async () => {
    setup();
    expect(screen.getAllByTestId('card-skeleton').length).toBeGreaterThan(0);
    expect(await screen.findByRole('heading', { name: 'Rent reserve', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('$250.00 of $1,000.00')).toBeInTheDocument();
    expect(screen.getByText('$750.00')).toBeInTheDocument();
    expect(screen.getByText('39 days left')).toBeInTheDocument();
    expect(screen.getAllByText('$585.34').length).toBeGreaterThan(0);
    expect(screen.getAllByText('$280.00').length).toBeGreaterThan(0);
    expect(screen.getByRole('alert')).toHaveTextContent(/^Behind schedule/);
    const table = await screen.findByRole('table', { name: 'Contributions' });
    expect(await within(table).findByRole('link', { name: 'Payment on invoice INV-2026-0012' })).toHaveAttribute(
      'href',
      '/invoices/12',
    );
    expect(within(table).getByRole('link', { name: 'Other income from Consulting grant' })).toHaveAttribute(
      'href',
      '/goals/income?id=3',
    );
    expect(within(table).getByText('$150.00')).toBeInTheDocument();
  });

  it('shows the empty history', async () => {
    setup({ 'GET /api/goals/1/contributions': json(200, contributions([])) });
    expect(await screen.findByText('No contributions yet')).toBeInTheDocument();
  });

  it('says when the goal does not exist', async () => {
    setup({ 'GET /api/goals/1': json(404, { message: GOAL_MESSAGES.notFound }) });
    expect(await screen.findByRole('heading', { name: 'Goal not found' })).toBeInTheDocument();
  });

  it('shows a load error with a retry', async () => {
    setup({ 'GET /api/goals/1': json(500, { message: 'Boom' }) });
    expect(await screen.findByText('The goal could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('completes after confirmation and deletes back to the tracker', async () => {
    const { user, calls } = setup({
      'POST /api/goals/1/complete': json(200, {
        data: { ...rent, status: 'completed' },
        message: GOAL_MESSAGES.completed,
      }),
      'DELETE /api/goals/1': json(200, { message: GOAL_MESSAGES.deleted }),
    });
    await screen.findByRole('heading', { name: 'Rent reserve', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Complete goal?' })).getByRole('button', {
        name: 'Complete goal',
      }),
    );
    await waitFor(() => expect(calls.some((call) => call.path === '/api/goals/1/complete')).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: GOAL_MESSAGES.deleteConfirmTitle })).getByRole('button', {
        name: 'Delete goal',
      }),
    );
    expect(await screen.findByTestId('location')).toHaveTextContent('/goals');
  });

  it('cancels a goal only after confirmation; pause is one click', async () => {
    const { user, calls } = setup({
      'POST /api/goals/1/cancel': json(200, {
        data: { ...rent, status: 'cancelled' },
        message: GOAL_MESSAGES.cancelled,
      }),
      'POST /api/goals/1/pause': json(200, { data: { ...rent, status: 'paused' }, message: GOAL_MESSAGES.paused }),
    });
    await screen.findByRole('heading', { name: 'Rent reserve', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Cancel goal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel goal?' });
    expect(dialog).toHaveTextContent('Cancel "Rent reserve"?');
    await user.click(within(dialog).getByRole('button', { name: 'Keep goal' }));
    expect(calls.some((call) => call.path === '/api/goals/1/cancel')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Cancel goal' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel goal?' })).getByRole('button', { name: 'Cancel goal' }),
    );
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/goals/1/cancel')).toHaveLength(1));
    expect(await screen.findByText(GOAL_MESSAGES.cancelled)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/goals/1/pause')).toBe(true));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText(GOAL_MESSAGES.paused)).toBeInTheDocument();
  });

  it('offers no Cancel goal for a goal that is already cancelled or completed', async () => {
    for (const status of ['cancelled', 'completed'] as const) {
      const { unmount } = setup({ 'GET /api/goals/1': json(200, { data: { ...rent, status } }) });
      await screen.findByRole('heading', { name: 'Rent reserve', level: 1 });
      expect(screen.queryByRole('button', { name: 'Cancel goal' })).not.toBeInTheDocument();
      unmount();
      vi.unstubAllGlobals();
    }
  });
});

describe('Goal details for the read-only role', () => {
  it('shows the goal and its contributions without the actions that change it', async () => {
    setup({}, '/goals/1', ['accountant']);
    expect(await screen.findByRole('heading', { name: 'Rent reserve', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('$250.00 of $1,000.00')).toBeInTheDocument();
    expect(await screen.findByText('Other income from Consulting grant')).toBeInTheDocument();
    for (const name of ['Edit', 'Pause', 'Resume', 'Complete', 'Cancel goal', 'Delete'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });
});
