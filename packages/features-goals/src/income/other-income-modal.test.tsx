import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { OTHER_INCOME_MESSAGES, formatDisplayDate } from '@ledgerleaf/domain';
import { json, recordHeaders, renderPage, stubFetch } from '../test/render';
import { invoiceApi } from '@ledgerleaf/api';
import { goal, income } from '../test/fixtures';
import { localToday } from '../shared/format';
import { OtherIncomeModal, validateOtherIncome } from './other-income-modal';

afterEach(() => vi.unstubAllGlobals());

const rent = goal({ id: 1, title: 'Rent reserve', target_amount: 1000, current_amount: 900 });
const laptop = goal({ id: 2, title: 'New laptop', target_amount: 2000, current_amount: 0 });

const recorded = () => json(201, { data: income(), goals: [], message: OTHER_INCOME_MESSAGES.recorded });

function setup({
  goals = [rent, laptop] as unknown[],
  routes = {} as Parameters<typeof stubFetch>[0],
  edit = null as ReturnType<typeof income> | null,
  at = '/',
} = {}) {
  const calls = stubFetch({
    'GET /api/goals': json(200, { data: goals, meta: { page: 1, per_page: 25, total: goals.length, last_page: 1 } }),
    'POST /api/other-income/multiple-goals': recorded(),
    ...routes,
  });
  const onClose = vi.fn();
  const view = renderPage(<OtherIncomeModal opened onClose={onClose} income={edit} />, { path: at, route: at });
  const posts = () =>
    calls.filter((call) => call.method === 'POST' && call.path === '/api/other-income/multiple-goals');
  return { ...view, calls, onClose, posts };
}

async function dialog(name = 'Add Other Income') {
  const modal = await screen.findByRole('dialog', { name });
  await within(modal).findByRole('checkbox', { name: /Rent reserve/ });
  return modal;
}

describe('Other income modal', () => {
  it('the browser validation uses the messages of SPEC.md section 5', () => {
    const values = { amount: '', income_date: '', source: ' ', reference_number: '', description: '' };
    expect(validateOtherIncome(values, [])).toEqual({
      amount: OTHER_INCOME_MESSAGES.amountInvalid,
      income_date: OTHER_INCOME_MESSAGES.dateRequired,
      source: OTHER_INCOME_MESSAGES.sourceRequired,
    });
    const ok = { amount: 100, income_date: '2026-11-22', source: 'Grant', reference_number: '', description: '' };
    expect(validateOtherIncome(ok, [{ goal_id: 1, amount: 100.01 }]).goal_allocations).toBe(
      OTHER_INCOME_MESSAGES.allocationsExceed,
    );
    expect(validateOtherIncome(ok, [{ goal_id: 1, amount: 0 }]).goal_allocations).toBe(
      OTHER_INCOME_MESSAGES.allocationsZero,
    );
    expect(validateOtherIncome({ ...ok, amount: 0 }, [])).toEqual({ amount: OTHER_INCOME_MESSAGES.amountInvalid });
    expect(validateOtherIncome(ok, [{ goal_id: 1, amount: 100 }])).toEqual({});
  });

  it('defaults the date to today and shows every field error on submit', async () => {
    const { user, posts } = setup();
    const modal = await dialog();
    // Today, shown in the business's date format (mm/dd/yy by default).
    expect(within(modal).getByLabelText(/^Date/)).toHaveValue(formatDisplayDate(localToday(), 'mm/dd/yy'));
    await user.clear(within(modal).getByLabelText(/^Date/));
    await user.click(within(modal).getByRole('button', { name: 'Record income' }));
    expect(await within(modal).findByText(OTHER_INCOME_MESSAGES.amountInvalid)).toBeInTheDocument();
    expect(within(modal).getByText(OTHER_INCOME_MESSAGES.dateRequired)).toBeInTheDocument();
    expect(within(modal).getByText(OTHER_INCOME_MESSAGES.sourceRequired)).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('declares the amount as min 0, step 0.01 and each allocation as min 0.01, max the income, step 0.01', async () => {
    const { user } = setup();
    const modal = await dialog();
    const amount = within(modal).getByRole('spinbutton', { name: /^Amount/ });
    expect(amount).toHaveAttribute('aria-valuemin', '0');
    expect(amount).toHaveAttribute('data-step', '0.01');
    await user.type(amount, '500');
    expect(amount).toHaveAttribute('aria-valuenow', '500');
    await user.click(within(modal).getByRole('checkbox', { name: /Rent reserve/ }));
    const line = within(modal).getByRole('spinbutton', { name: 'Allocation for Rent reserve' });
    expect(line).toHaveAttribute('aria-valuemin', '0.01');
    expect(line).toHaveAttribute('aria-valuemax', '500');
    expect(line).toHaveAttribute('data-step', '0.01');
  });

  it('selecting a goal defaults it to the lesser of the unallocated remainder and the goal remaining', async () => {
    const { user } = setup();
    const modal = await dialog();
    await user.type(within(modal).getByRole('spinbutton', { name: /^Amount/ }), '500');
    await user.click(within(modal).getByRole('checkbox', { name: /Rent reserve/ }));
    expect(within(modal).getByRole('spinbutton', { name: 'Allocation for Rent reserve' })).toHaveValue('$100');
    await user.click(within(modal).getByRole('checkbox', { name: /New laptop/ }));
    expect(within(modal).getByRole('spinbutton', { name: 'Allocation for New laptop' })).toHaveValue('$400');
    await user.click(within(modal).getByRole('checkbox', { name: /Rent reserve/ }));
    expect(within(modal).queryByRole('spinbutton', { name: 'Allocation for Rent reserve' })).not.toBeInTheDocument();
  });

  it('Distribute Evenly splits the amount; over-allocation disables the submit with its message', async () => {
    const { user } = setup();
    const modal = await dialog();
    await user.type(within(modal).getByRole('spinbutton', { name: /^Amount/ }), '100');
    await user.click(within(modal).getByRole('checkbox', { name: /Rent reserve/ }));
    await user.click(within(modal).getByRole('checkbox', { name: /New laptop/ }));
    await user.click(within(modal).getByRole('button', { name: OTHER_INCOME_MESSAGES.distributeEvenly }));
    expect(within(modal).getByRole('spinbutton', { name: 'Allocation for Rent reserve' })).toHaveValue('$50');
    expect(within(modal).getByRole('spinbutton', { name: 'Allocation for New laptop' })).toHaveValue('$50');
    const laptopInput = within(modal).getByRole('spinbutton', { name: 'Allocation for New laptop' });
    await user.clear(laptopInput);
    await user.type(laptopInput, '60');
    expect(within(modal).getByText(OTHER_INCOME_MESSAGES.allocationsExceed)).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'Record income' })).toBeDisabled();
  });

  it('an allocation is corrected to at least 0.01 when it loses focus', async () => {
    const { user } = setup();
    const modal = await dialog();
    await user.type(within(modal).getByRole('spinbutton', { name: /^Amount/ }), '100');
    await user.click(within(modal).getByRole('checkbox', { name: /New laptop/ }));
    const input = within(modal).getByRole('spinbutton', { name: 'Allocation for New laptop' });
    await user.clear(input);
    await user.tab();
    expect(input).toHaveValue('$0.01');
  });

  it('records the income with its allocations and an Idempotency-Key, toasts, fires goals-updated and closes', async () => {
    const { user, posts, onClose } = setup();
    const headers = recordHeaders();
    const fired = vi.fn();
    window.addEventListener('goals-updated', fired);
    const modal = await dialog();
    await user.type(within(modal).getByRole('spinbutton', { name: /^Amount/ }), '250');
    await user.type(within(modal).getByRole('textbox', { name: /^Source/ }), 'Consulting grant');
    await user.type(within(modal).getByRole('textbox', { name: 'Reference number' }), 'GR-1');
    await user.click(within(modal).getByRole('checkbox', { name: /Rent reserve/ }));
    await user.click(within(modal).getByRole('button', { name: 'Record income' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts()[0]!.body).toEqual({
      amount: 250,
      income_date: localToday(),
      source: 'Consulting grant',
      reference_number: 'GR-1',
      description: '',
      goal_allocations: [{ goal_id: 1, amount: 100 }],
    });
    expect(
      headers.find((call) => call.path === '/api/other-income/multiple-goals')!.headers.get('Idempotency-Key'),
    ).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText(OTHER_INCOME_MESSAGES.recorded)).toBeInTheDocument();
    expect(screen.getByText(OTHER_INCOME_MESSAGES.successTitle)).toBeInTheDocument();
    expect(fired).toHaveBeenCalledTimes(1);
    window.removeEventListener('goals-updated', fired);
  });

  it.each([
    ['/dashboard', 2],
    ['/goals/income', 1],
  ])(
    'on %s the financial data is refreshed after recording (refreshFinancialData): invoice list fetched %i time(s)',
    async (at, times) => {
      const { user, calls, store, onClose } = setup({
        at,
        routes: {
          'GET /api/invoices': json(200, { data: [], meta: { page: 1, per_page: 25, total: 0, last_page: 1 } }),
        },
      });
      const subscription = store.dispatch(invoiceApi.endpoints.listInvoices.initiate({ page: 1 }));
      const invoiceReads = () => calls.filter((call) => call.method === 'GET' && call.path === '/api/invoices').length;
      await waitFor(() => expect(invoiceReads()).toBe(1));
      const modal = await dialog();
      await user.type(within(modal).getByRole('spinbutton', { name: /^Amount/ }), '250');
      await user.type(within(modal).getByRole('textbox', { name: /^Source/ }), 'Consulting grant');
      await user.click(within(modal).getByRole('button', { name: 'Record income' }));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      await waitFor(() => expect(invoiceReads()).toBe(times));
      // Nothing more arrives later on the other path either.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(invoiceReads()).toBe(times);
      subscription.unsubscribe();
    },
  );

  it('a retry of the same submission after a lost answer reuses its key', async () => {
    let attempt = 0;
    const { user, onClose } = setup({
      routes: {
        'POST /api/other-income/multiple-goals': () => {
          attempt += 1;
          if (attempt === 1) throw new TypeError('Failed to fetch');
          return recorded();
        },
      },
    });
    const headers = recordHeaders();
    const modal = await dialog();
    await user.type(within(modal).getByRole('spinbutton', { name: /^Amount/ }), '10');
    await user.type(within(modal).getByRole('textbox', { name: /^Source/ }), 'Refund');
    await user.click(within(modal).getByRole('button', { name: 'Record income' }));
    await waitFor(() => expect(attempt).toBe(1));
    await user.click(within(modal).getByRole('button', { name: 'Record income' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const keys = headers
      .filter((call) => call.path === '/api/other-income/multiple-goals')
      .map((call) => call.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('puts the server field errors under their fields (first message only)', async () => {
    const { user, onClose } = setup({
      routes: {
        'POST /api/other-income/multiple-goals': json(422, {
          message: 'The given data was invalid.',
          errors: {
            source: ['Source is taken', 'second'],
            'goal_allocations.0.goal_id': ['Please choose an active financial goal'],
          },
        }),
      },
    });
    const modal = await dialog();
    await user.type(within(modal).getByRole('spinbutton', { name: /^Amount/ }), '10');
    await user.type(within(modal).getByRole('textbox', { name: /^Source/ }), 'Refund');
    await user.click(within(modal).getByRole('checkbox', { name: /Rent reserve/ }));
    await user.click(within(modal).getByRole('button', { name: 'Record income' }));
    expect(await within(modal).findByText('Source is taken')).toBeInTheDocument();
    expect(within(modal).queryByText('second')).not.toBeInTheDocument();
    expect(within(modal).getByText('Please choose an active financial goal')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('other failures show an Error toast with the server message or the fallback', async () => {
    let answer = json(500, { message: 'Database is down' });
    const { user } = setup({ routes: { 'POST /api/other-income/multiple-goals': () => answer } });
    const modal = await dialog();
    await user.type(within(modal).getByRole('spinbutton', { name: /^Amount/ }), '10');
    await user.type(within(modal).getByRole('textbox', { name: /^Source/ }), 'Refund');
    await user.click(within(modal).getByRole('button', { name: 'Record income' }));
    expect(await screen.findByText('Database is down')).toBeInTheDocument();
    answer = json(500, {});
    await user.click(within(modal).getByRole('button', { name: 'Record income' }));
    expect(await screen.findByText(OTHER_INCOME_MESSAGES.recordFailed)).toBeInTheDocument();
  });

  it('offers every active financial goal, not only the first page', async () => {
    const many = Array.from({ length: 30 }, (_, index) =>
      goal({ id: 100 + index, title: `Goal ${index + 1}`, target_amount: 1000, current_amount: 0 }),
    );
    const { calls } = setup({
      routes: {
        'GET /api/goals': (call) => {
          // A server whose pages hold 25 at most, whatever per_page asks.
          const pageNumber = Number(call.query.page ?? '1');
          return json(200, {
            data: [rent, ...many].slice((pageNumber - 1) * 25, pageNumber * 25),
            meta: { page: pageNumber, per_page: 25, total: many.length + 1, last_page: 2 },
          });
        },
      },
    });
    const modal = await dialog();
    expect(await within(modal).findByRole('checkbox', { name: /Goal 30/ })).toBeInTheDocument();
    expect(within(modal).getAllByRole('checkbox', { name: /^Goal \d+/ })).toHaveLength(30);
    expect(calls.filter((call) => call.path === '/api/goals').map((call) => call.query)).toEqual([
      { type: 'financial', status: 'active', per_page: '100' },
      { type: 'financial', status: 'active', per_page: '100', page: '2' },
    ]);
  });

  it('shows the empty state, and an Error toast when the goals cannot be loaded', async () => {
    setup({ goals: [] });
    expect(await screen.findByText(OTHER_INCOME_MESSAGES.noGoals)).toBeInTheDocument();
  });

  it('toasts "Failed to load financial goals" when the goals cannot be loaded', async () => {
    stubFetch({ 'GET /api/goals': json(500, {}) });
    renderPage(<OtherIncomeModal opened onClose={() => {}} />);
    expect(await screen.findByText(OTHER_INCOME_MESSAGES.goalsLoadFailed)).toBeInTheDocument();
  });

  it('edits an income with PUT and its allocations', async () => {
    const { user, calls, onClose } = setup({
      edit: income({ amount: 500, goal_allocations: [{ goal_id: 1, goal_title: 'Rent reserve', amount: 100 }] }),
      routes: { 'PUT /api/other-income/7': recorded() },
    });
    const modal = await dialog('Edit Other Income');
    expect(within(modal).getByRole('spinbutton', { name: 'Allocation for Rent reserve' })).toHaveValue('$100');
    await user.click(within(modal).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({
      amount: 500,
      source: 'Consulting grant',
      goal_allocations: [{ goal_id: 1, amount: 100 }],
    });
  });
});
