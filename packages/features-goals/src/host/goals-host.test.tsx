import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { ALLOCATION_MESSAGES } from '@ledgerleaf/domain';
import { useListGoalsQuery } from '@ledgerleaf/api';
import { json, renderPage, stubFetch } from '../test/render';
import { goal } from '../test/fixtures';
import { notifyGoalsUpdated } from '../shared/events';
import { GoalsHost, useGoalsActions } from './goals-host';

beforeEach(() => localStorage.setItem('token', 'tok'));
afterEach(() => vi.unstubAllGlobals());

function Probe() {
  const actions = useGoalsActions();
  const goals = useListGoalsQuery({ status: 'all' });
  return (
    <>
      <button type="button" onClick={actions.openOtherIncome}>
        Add Other Income
      </button>
      <button
        type="button"
        onClick={() =>
          actions.openPaymentAllocation({
            invoice_id: 11,
            invoice_number: 'INV-2026-0011',
            payment_id: 40,
            payment_amount: 100,
          })
        }
      >
        Paid
      </button>
      <button
        type="button"
        onClick={() =>
          actions.allocatePayment({
            invoice_id: 11,
            invoice_number: 'INV-2026-0011',
            payment_id: 40,
            payment_amount: 100,
          })
        }
      >
        Allocate later
      </button>
      <span>{goals.data ? `${goals.data.data.length} goals` : 'loading'}</span>
    </>
  );
}

function setup(preference = true, roles = ['owner']) {
  const calls = stubFetch({
    'GET /api/goals': json(200, { data: [goal()], meta: { page: 1, per_page: 25, total: 1, last_page: 1 } }),
    'GET /api/invoices/11': json(200, { data: { id: 11, goal_id: null } }),
    'GET /api/goal-allocation-preferences': json(200, { data: { show_allocation_modal: preference } }),
  });
  const view = renderPage(
    <GoalsHost>
      <Probe />
    </GoalsHost>,
    { roles },
  );
  const goalCalls = () => calls.filter((call) => call.path === '/api/goals' && call.query.status === 'all');
  return { ...view, calls, goalCalls };
}

describe('GoalsHost', () => {
  it('openOtherIncome opens the Other income modal', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Add Other Income' }));
    expect(await screen.findByRole('dialog', { name: 'Add Other Income' })).toBeInTheDocument();
  });

  it('openPaymentAllocation refreshes the goals (revenue goals move) and opens the allocation modal when the preference allows it', async () => {
    const { user, goalCalls } = setup();
    expect(await screen.findByText('1 goals')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Paid' }));
    await waitFor(() => expect(goalCalls()).toHaveLength(2));
    expect(await screen.findByRole('dialog', { name: ALLOCATION_MESSAGES.modalTitle })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: ALLOCATION_MESSAGES.skip }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: ALLOCATION_MESSAGES.modalTitle })).not.toBeInTheDocument(),
    );
  });

  it('does not open the allocation modal after "Don\'t show this again"', async () => {
    const { user, calls } = setup(false);
    await user.click(screen.getByRole('button', { name: 'Paid' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/goal-allocation-preferences')).toBe(true));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/invoices/11')).toBe(false);
  });

  it('allocatePayment (a payment row\'s "Allocate to goals") opens the modal whatever the preference (issue 11)', async () => {
    const { user, calls } = setup(false);
    await user.click(screen.getByRole('button', { name: 'Allocate later' }));
    const dialog = await screen.findByRole('dialog', { name: ALLOCATION_MESSAGES.modalTitle });
    expect(dialog).toHaveTextContent('INV-2026-0011');
    expect(calls.some((call) => call.path === '/api/goal-allocation-preferences')).toBe(false);
  });

  it('a goals-updated event from elsewhere refreshes the goal queries; its own are already refreshed', async () => {
    const { goalCalls } = setup();
    expect(await screen.findByText('1 goals')).toBeInTheDocument();
    expect(goalCalls()).toHaveLength(1);
    act(() => {
      window.dispatchEvent(new Event('goals-updated'));
    });
    await waitFor(() => expect(goalCalls()).toHaveLength(2));
    act(() => notifyGoalsUpdated());
    act(() => {
      window.dispatchEvent(new Event('goals-updated'));
    });
    await waitFor(() => expect(goalCalls()).toHaveLength(3));
  });
});

describe('GoalsHost for the read-only role', () => {
  it('opens neither the Other income modal nor the allocation modal', async () => {
    const { user, calls } = setup(true, ['accountant']);
    expect(await screen.findByText('1 goals')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Other Income' }));
    await user.click(screen.getByRole('button', { name: 'Paid' }));
    await user.click(screen.getByRole('button', { name: 'Allocate later' }));
    // The payment still refreshes the goals; nothing to allocate is asked or shown.
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/goals' && call.query.status === 'all')).toHaveLength(2),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/goal-allocation-preferences')).toBe(false);
  });
});
