import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ALLOCATION_MESSAGES, MESSAGES } from '@ledgerleaf/domain';
import { json, renderPage, stubFetch } from '../test/render';
import { invoiceApi } from '@ledgerleaf/api';
import { goal } from '../test/fixtures';
import { AllocatePaymentModal, PaymentAllocationFlow } from './allocate-payment-modal';

beforeEach(() => localStorage.setItem('token', 'tok'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const payment = { invoice_id: 11, invoice_number: 'INV-2026-0011', payment_id: 40, payment_amount: 100 };
const rent = goal({ id: 1, title: 'Rent reserve', target_amount: 1000, current_amount: 250 });
const laptop = goal({ id: 2, title: 'New laptop', target_amount: 2000, current_amount: 0, status: 'in_progress' });
const reached = goal({ id: 3, title: 'Reached', target_amount: 100, current_amount: 100 });
const paused = goal({ id: 4, title: 'Paused one', status: 'paused' });

function setup({
  goals = [rent, laptop, reached, paused] as unknown[],
  goalId = null as number | null,
  routes = {} as Parameters<typeof stubFetch>[0],
  props = {},
  at = '/',
} = {}) {
  const calls = stubFetch({
    'GET /api/goals': json(200, { data: goals, meta: { page: 1, per_page: 25, total: goals.length, last_page: 1 } }),
    'GET /api/invoices/11': json(200, { data: { id: 11, invoice_number: 'INV-2026-0011', goal_id: goalId } }),
    'POST /api/invoice-payments/allocate-to-goals': json(200, { data: {}, goals: [], message: 'Allocated.' }),
    'POST /api/goal-allocation-preferences': json(200, { data: { show_allocation_modal: false } }),
    ...routes,
  });
  const onClose = vi.fn();
  const view = renderPage(<AllocatePaymentModal payment={payment} onClose={onClose} {...props} />, {
    path: at,
    route: at,
  });
  const posts = (path: string) => calls.filter((call) => call.method === 'POST' && call.path === path);
  return { ...view, calls, onClose, posts };
}

async function panel() {
  const dialog = await screen.findByRole('dialog', { name: ALLOCATION_MESSAGES.modalTitle });
  await within(dialog).findByRole('spinbutton', { name: 'Amount for Rent reserve' });
  return dialog;
}

describe('Allocate Payment to Goals', () => {
  it('declares each amount input as min 0, max the payment amount, step 0.01 (SPEC.md section 2)', async () => {
    setup();
    const dialog = await panel();
    for (const name of ['Amount for Rent reserve', 'Amount for New laptop']) {
      const input = within(dialog).getByRole('spinbutton', { name });
      expect(input).toHaveAttribute('aria-valuemin', '0');
      expect(input).toHaveAttribute('aria-valuemax', '100');
      expect(input).toHaveAttribute('data-step', '0.01');
    }
  });

  it('shows the invoice, the amount in USD, a spinner, then only active goals below target', async () => {
    const { calls } = setup();
    const dialog = await screen.findByRole('dialog', { name: ALLOCATION_MESSAGES.modalTitle });
    expect(within(dialog).getByText('INV-2026-0011')).toBeInTheDocument();
    expect(within(dialog).getByText('$100.00')).toBeInTheDocument();
    expect(within(dialog).getByText(ALLOCATION_MESSAGES.panelTitle)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Loading goals')).toBeInTheDocument();
    await panel();
    expect(within(dialog).getByRole('spinbutton', { name: 'Amount for New laptop' })).toBeInTheDocument();
    expect(within(dialog).queryByText('Reached')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Paused one')).not.toBeInTheDocument();
    expect(within(dialog).getByText('$250.00 of $1,000.00 · 25% complete')).toBeInTheDocument();
    expect(within(dialog).getByTestId('unallocated-amount')).toHaveTextContent('$100.00');
    expect(calls.find((call) => call.path === '/api/goals')!.query).toEqual({
      type: 'financial',
      status: 'active',
      per_page: '100',
    });
    expect(within(dialog).getByRole('button', { name: ALLOCATION_MESSAGES.save })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: ALLOCATION_MESSAGES.clearAll })).toBeDisabled();
    expect(within(dialog).queryByText(/After allocation/)).not.toBeInTheDocument();
  });

  it('reads N/A without an invoice number', async () => {
    stubFetch({
      'GET /api/goals': json(200, [rent]),
      'GET /api/invoices/11': json(200, { data: { id: 11, goal_id: null } }),
    });
    renderPage(<AllocatePaymentModal payment={{ ...payment, invoice_number: null }} onClose={() => {}} />);
    const dialog = await panel();
    expect(within(dialog).getByText('N/A')).toBeInTheDocument();
  });

  it('pre-allocates the whole payment to the goal the invoice is linked to', async () => {
    setup({ goalId: 2 });
    const dialog = await panel();
    expect(within(dialog).getByRole('spinbutton', { name: 'Amount for New laptop' })).toHaveValue('$100');
    expect(within(dialog).getByRole('spinbutton', { name: 'Amount for Rent reserve' })).toHaveValue('$0');
    expect(within(dialog).getByTestId('unallocated-amount')).toHaveTextContent('$0.00');
    expect(within(dialog).getByText('After allocation: $100.00 of $2,000.00 (5%)')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: ALLOCATION_MESSAGES.allocateEvenly })).toBeDisabled();
  });

  it('Allocate Evenly, then Save sends the allocations, toasts, fires goals-updated and closes', async () => {
    const { user, posts, onClose } = setup();
    const fired = vi.fn();
    window.addEventListener('goals-updated', fired);
    const dialog = await panel();
    await user.click(within(dialog).getByRole('button', { name: ALLOCATION_MESSAGES.allocateEvenly }));
    expect(within(dialog).getByRole('spinbutton', { name: 'Amount for Rent reserve' })).toHaveValue('$50');
    expect(within(dialog).getByTestId('unallocated-amount')).toHaveTextContent('$0.00');
    expect(within(dialog).getByText('After allocation: $300.00 of $1,000.00 (30%)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: ALLOCATION_MESSAGES.save }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [post] = posts('/api/invoice-payments/allocate-to-goals');
    expect(post!.body).toEqual({
      invoice_id: 11,
      payment_id: 40,
      payment_amount: 100,
      allocations: [
        { goal_id: 1, amount: 50 },
        { goal_id: 2, amount: 50 },
      ],
    });
    expect(posts('/api/goal-allocation-preferences')).toHaveLength(0);
    expect(await screen.findByText(ALLOCATION_MESSAGES.allocated)).toBeInTheDocument();
    expect(fired).toHaveBeenCalledTimes(1);
    window.removeEventListener('goals-updated', fired);
  });

  it.each([
    ['/dashboard', 2],
    ['/invoices/11', 1],
  ])(
    'after allocating on %s the invoice list is fetched %i time(s): the financial data refreshes on dashboard paths only',
    async (at, times) => {
      const { user, calls, store, onClose } = setup({
        at,
        routes: {
          'GET /api/invoices': json(200, { data: [], meta: { page: 1, per_page: 25, total: 0, last_page: 1 } }),
        },
      });
      const fired = vi.fn();
      window.addEventListener('goals-updated', fired);
      const subscription = store.dispatch(invoiceApi.endpoints.listInvoices.initiate({ page: 1 }));
      const invoiceReads = () => calls.filter((call) => call.method === 'GET' && call.path === '/api/invoices').length;
      await waitFor(() => expect(invoiceReads()).toBe(1));
      const dialog = await panel();
      await user.click(within(dialog).getByRole('button', { name: ALLOCATION_MESSAGES.allocateEvenly }));
      await user.click(within(dialog).getByRole('button', { name: ALLOCATION_MESSAGES.save }));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      await waitFor(() => expect(invoiceReads()).toBe(times));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(invoiceReads()).toBe(times);
      expect(fired).toHaveBeenCalledTimes(1);
      window.removeEventListener('goals-updated', fired);
      subscription.unsubscribe();
    },
  );

  it('a typed amount beyond what is left is reduced by the excess; only lines above 0 are sent; Clear All empties', async () => {
    const { user, posts } = setup();
    const dialog = await panel();
    const first = within(dialog).getByRole('spinbutton', { name: 'Amount for Rent reserve' });
    const second = within(dialog).getByRole('spinbutton', { name: 'Amount for New laptop' });
    await user.type(first, '70');
    await user.type(second, '45.5');
    await user.tab();
    expect(second).toHaveValue('$30');
    expect(within(dialog).getByTestId('unallocated-amount')).toHaveTextContent('$0.00');
    await user.click(within(dialog).getByRole('button', { name: ALLOCATION_MESSAGES.clearAll }));
    expect(first).toHaveValue('$0');
    expect(within(dialog).getByRole('button', { name: ALLOCATION_MESSAGES.save })).toBeDisabled();
    await user.type(first, '12.34');
    await user.click(within(dialog).getByRole('button', { name: ALLOCATION_MESSAGES.save }));
    await waitFor(() => expect(posts('/api/invoice-payments/allocate-to-goals')).toHaveLength(1));
    expect((posts('/api/invoice-payments/allocate-to-goals')[0]!.body as { allocations: unknown }).allocations).toEqual(
      [{ goal_id: 1, amount: 12.34 }],
    );
  });

  it('"Don\'t show this again" with Skip sends the preference and allocates nothing', async () => {
    const { user, posts, onClose } = setup();
    const dialog = await panel();
    await user.click(within(dialog).getByRole('checkbox', { name: ALLOCATION_MESSAGES.dontShowAgain }));
    await user.click(within(dialog).getByRole('button', { name: ALLOCATION_MESSAGES.skip }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts('/api/goal-allocation-preferences').map((call) => call.body)).toEqual([
      { show_allocation_modal: false },
    ]);
    expect(posts('/api/invoice-payments/allocate-to-goals')).toHaveLength(0);
  });

  it('"Don\'t show this again" with Save sends the preference too', async () => {
    const { user, posts, onClose } = setup({ goalId: 1 });
    const dialog = await panel();
    await user.click(within(dialog).getByRole('checkbox', { name: ALLOCATION_MESSAGES.dontShowAgain }));
    await user.click(within(dialog).getByRole('button', { name: ALLOCATION_MESSAGES.save }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts('/api/goal-allocation-preferences')).toHaveLength(1);
    expect(posts('/api/invoice-payments/allocate-to-goals')).toHaveLength(1);
  });

  it('a failure shows the server message in an Error toast and keeps the modal open; no message gives the fallback', async () => {
    let answer = json(422, { message: 'Only $20.00 of this payment is left to allocate' });
    const { user, onClose } = setup({
      goalId: 1,
      routes: { 'POST /api/invoice-payments/allocate-to-goals': () => answer },
    });
    const dialog = await panel();
    await user.click(within(dialog).getByRole('button', { name: ALLOCATION_MESSAGES.save }));
    expect(await screen.findByText('Only $20.00 of this payment is left to allocate')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    answer = json(500, {});
    await user.click(within(dialog).getByRole('button', { name: ALLOCATION_MESSAGES.save }));
    expect(await screen.findByText(ALLOCATION_MESSAGES.failed)).toBeInTheDocument();
  });

  it('a failure without an answer from the server gives the SPEC fallback, not the connection message', async () => {
    const { user, onClose } = setup({
      goalId: 1,
      routes: {
        'POST /api/invoice-payments/allocate-to-goals': () => {
          throw new TypeError('Failed to fetch');
        },
      },
    });
    const dialog = await panel();
    await user.click(within(dialog).getByRole('button', { name: ALLOCATION_MESSAGES.save }));
    expect(await screen.findByText(ALLOCATION_MESSAGES.failed)).toBeInTheDocument();
    expect(screen.getByText(ALLOCATION_MESSAGES.errorTitle)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.noResponse)).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('offers every active financial goal, not only the first page', async () => {
    const many = Array.from({ length: 130 }, (_, index) =>
      goal({ id: 100 + index, title: `Goal ${index + 1}`, target_amount: 1000, current_amount: 0 }),
    );
    const { calls } = setup({
      routes: {
        'GET /api/goals': (call) => {
          const pageNumber = Number(call.query.page ?? '1');
          const perPage = Number(call.query.per_page ?? '25');
          return json(200, {
            data: many.slice((pageNumber - 1) * perPage, pageNumber * perPage),
            meta: {
              page: pageNumber,
              per_page: perPage,
              total: many.length,
              last_page: Math.ceil(many.length / perPage),
            },
          });
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: ALLOCATION_MESSAGES.modalTitle });
    expect(await within(dialog).findByRole('spinbutton', { name: 'Amount for Goal 130' })).toBeInTheDocument();
    expect(within(dialog).getByRole('spinbutton', { name: 'Amount for Goal 26' })).toBeInTheDocument();
    expect(within(dialog).getAllByRole('spinbutton', { name: /^Amount for Goal / })).toHaveLength(130);
    expect(calls.filter((call) => call.path === '/api/goals').map((call) => call.query.page)).toEqual([undefined, '2']);
  });

  it('shows the empty state without offered goals', async () => {
    setup({ goals: [reached, paused] });
    const dialog = await screen.findByRole('dialog', { name: ALLOCATION_MESSAGES.modalTitle });
    expect(await within(dialog).findByText(ALLOCATION_MESSAGES.noGoals)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: ALLOCATION_MESSAGES.save })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: ALLOCATION_MESSAGES.allocateEvenly })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: ALLOCATION_MESSAGES.clearAll })).toBeDisabled();
  });

  it('without goals, the empty state links to creating one and closes the modal on the way (issue 11)', async () => {
    const { user, onClose } = setup({ goals: [] });
    const dialog = await screen.findByRole('dialog', { name: ALLOCATION_MESSAGES.modalTitle });
    const empty = await within(dialog).findByTestId('allocation-empty');
    expect(empty).toHaveTextContent(ALLOCATION_MESSAGES.noGoals);
    const link = within(empty).getByRole('link', { name: 'Create a goal' });
    expect(link).toHaveAttribute('href', '/goals/create');
    await user.click(link);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(await screen.findByTestId('location')).toHaveTextContent('/goals/create');
  });

  it('opened from a payment row (afterPayment false) it has no "Don\'t show this again"', async () => {
    setup({ props: { afterPayment: false } });
    const dialog = await panel();
    expect(within(dialog).queryByRole('checkbox', { name: ALLOCATION_MESSAGES.dontShowAgain })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('spinbutton', { name: 'Amount for Rent reserve' })).toBeInTheDocument();
  });

  it('still offers the goals when the invoice cannot be read (the failure is only logged)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    setup({ routes: { 'GET /api/invoices/11': json(500, { message: 'Boom' }) } });
    await panel();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('a smaller payment amount', () => {
  function Changing() {
    const [amount, setAmount] = useState(100);
    return (
      <>
        <button type="button" onClick={() => setAmount(40)}>
          Lower
        </button>
        <AllocatePaymentModal payment={{ ...payment, payment_amount: amount }} onClose={() => {}} />
      </>
    );
  }

  it('scales the allocations down proportionally', async () => {
    stubFetch({
      'GET /api/goals': json(200, [rent, laptop]),
      'GET /api/invoices/11': json(200, { data: { id: 11, goal_id: null } }),
    });
    const { user } = renderPage(<Changing />);
    const dialog = await panel();
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Amount for Rent reserve' }), '60');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Amount for New laptop' }), '40');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Lower', hidden: true }));
    expect(within(dialog).getByRole('spinbutton', { name: 'Amount for Rent reserve' })).toHaveValue('$24');
    expect(within(dialog).getByRole('spinbutton', { name: 'Amount for New laptop' })).toHaveValue('$16');
  });
});

describe('PaymentAllocationFlow', () => {
  it('opens the modal when the preference allows it', async () => {
    stubFetch({
      'GET /api/goal-allocation-preferences': json(200, { data: { show_allocation_modal: true } }),
      'GET /api/goals': json(200, [rent]),
      'GET /api/invoices/11': json(200, { data: { id: 11, goal_id: null } }),
    });
    renderPage(<PaymentAllocationFlow payment={payment} onClose={() => {}} />);
    expect(await screen.findByRole('dialog', { name: ALLOCATION_MESSAGES.modalTitle })).toBeInTheDocument();
  });

  it('closes without showing anything when the preference says no', async () => {
    const calls = stubFetch({
      'GET /api/goal-allocation-preferences': json(200, { data: { show_allocation_modal: false } }),
    });
    const onClose = vi.fn();
    renderPage(<PaymentAllocationFlow payment={payment} onClose={onClose} />);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/goals')).toBe(false);
  });

  it('without a stored token fetches nothing and closes', async () => {
    localStorage.clear();
    const calls = stubFetch({});
    const onClose = vi.fn();
    renderPage(<PaymentAllocationFlow payment={payment} onClose={onClose} />);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((call) => call.path.startsWith('/api/'))).toEqual([]);
  });

  it('opens the modal when the preference cannot be read', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubFetch({
      'GET /api/goal-allocation-preferences': json(500, {}),
      'GET /api/goals': json(200, [rent]),
      'GET /api/invoices/11': json(200, { data: { id: 11, goal_id: null } }),
    });
    renderPage(<PaymentAllocationFlow payment={payment} onClose={() => {}} />);
    expect(await screen.findByRole('dialog', { name: ALLOCATION_MESSAGES.modalTitle })).toBeInTheDocument();
    warn.mockRestore();
  });
});
