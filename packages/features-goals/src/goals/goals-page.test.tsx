import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { GOAL_MESSAGES } from '@ledgerleaf/domain';
import { json, renderPage, stubFetch } from '../test/render';
import { goal, goalPage } from '../test/fixtures';
import { GoalCreatePage, GoalsPage } from './goals-page';
import { goalBody, goalFormValues, validateGoal } from './goal-form-modal';

afterEach(() => vi.unstubAllGlobals());

const rent = goal({ id: 1, title: 'Rent reserve', current_amount: 250, target_amount: 1000 });
const laptop = goal({
  id: 2,
  title: 'New laptop',
  current_amount: 2500,
  target_amount: 2000,
  status: 'paused',
  pace: { ...rent.pace, behind_schedule: false },
});

function setup(
  routes: Parameters<typeof stubFetch>[0] = {},
  { route = '/goals', create = false, roles = ['owner'] as string[] } = {},
) {
  const calls = stubFetch({ 'GET /api/goals': json(200, goalPage([rent, laptop])), ...routes });
  const view = renderPage(create ? <GoalCreatePage /> : <GoalsPage />, {
    path: create ? '/goals/create' : '/goals',
    route,
    roles,
  });
  const listCalls = () => calls.filter((call) => call.method === 'GET' && call.path === '/api/goals');
  return { ...view, calls, listCalls };
}

describe('Goal Tracker', () => {
  it('shows skeletons, then a card per goal with its progress bar and percent (capped at 100)', async () => {
    setup();
    expect(screen.getAllByTestId('card-skeleton').length).toBeGreaterThan(0);
    const card = (await screen.findByRole('link', { name: 'Rent reserve' })).closest('article')!;
    expect(within(card as HTMLElement).getByText('$250.00 of $1,000.00')).toBeInTheDocument();
    expect(within(card as HTMLElement).getByText('25%')).toBeInTheDocument();
    expect(within(card as HTMLElement).getByRole('progressbar', { name: 'Progress of Rent reserve' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    expect(within(card as HTMLElement).getByText('Behind schedule')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rent reserve' })).toHaveAttribute('href', '/goals/1');
    const over = screen.getByRole('link', { name: 'New laptop' }).closest('article') as HTMLElement;
    expect(within(over).getByText('100%')).toBeInTheDocument();
    expect(within(over).getByText('Paused')).toBeInTheDocument();
  });

  it('filters by status and type and sorts on the server, keeping them in the URL', async () => {
    const { user, listCalls } = setup({}, { route: '/goals?status=completed' });
    await screen.findByRole('link', { name: 'Rent reserve' });
    expect(listCalls()[0]!.query).toMatchObject({
      status: 'completed',
      type: 'all',
      sort: 'created_at',
      direction: 'desc',
    });
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'New clients' }));
    await waitFor(() => expect(listCalls().at(-1)!.query).toMatchObject({ status: 'completed', type: 'new_clients' }));
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Progress, highest first' }));
    await waitFor(() => expect(listCalls().at(-1)!.query).toMatchObject({ sort: 'progress', direction: 'desc' }));
  });

  it('invites to create the first goal when there are none', async () => {
    const { user } = setup({ 'GET /api/goals': json(200, goalPage([])) });
    expect(await screen.findByText(GOAL_MESSAGES.emptyTitle)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create your first goal' }));
    expect(await screen.findByRole('dialog', { name: 'Create goal' })).toBeInTheDocument();
  });

  it('says so when filters match nothing', async () => {
    setup({ 'GET /api/goals': json(200, goalPage([])) }, { route: '/goals?status=paused' });
    expect(await screen.findByText('No matching goals')).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    let fail = true;
    const { user } = setup({
      'GET /api/goals': () => (fail ? json(500, { message: 'Server error' }) : json(200, goalPage([rent]))),
    });
    expect(await screen.findByText('Goals could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Rent reserve' })).toBeInTheDocument();
  });

  it('creates a goal from the modal with the domain rules, then refreshes the list', async () => {
    const { user, calls, listCalls } = setup({
      'POST /api/goals': json(201, { data: goal({ id: 9, title: 'Van' }), message: GOAL_MESSAGES.created }),
    });
    await screen.findByRole('link', { name: 'Rent reserve' });
    await user.click(screen.getByRole('button', { name: 'Create Goal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create goal' });
    await user.click(within(dialog).getByRole('button', { name: 'Create goal' }));
    expect(await within(dialog).findByText(GOAL_MESSAGES.titleRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(GOAL_MESSAGES.targetRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(GOAL_MESSAGES.targetDateRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'Van');
    await user.type(within(dialog).getByRole('textbox', { name: /^Target amount/ }), '5000');
    // Typed in the business's date format, mm/dd/yy by default; the request carries yyyy-MM-dd.
    await user.type(within(dialog).getByLabelText(/^Target date/), '06/30/27');
    const before = listCalls().length;
    await user.click(within(dialog).getByRole('button', { name: 'Create goal' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')!.body).toMatchObject({
      title: 'Van',
      type: 'financial',
      target_amount: 5000,
      current_amount: 0,
      target_date: '2027-06-30',
      status: 'active',
    });
    expect(await screen.findByText(GOAL_MESSAGES.created)).toBeInTheDocument();
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
  });

  it('puts server errors under the fields', async () => {
    const { user } = setup({
      'POST /api/goals': json(422, {
        message: 'The given data was invalid.',
        errors: { title: ['A goal with this title exists'] },
      }),
    });
    await screen.findByRole('link', { name: 'Rent reserve' });
    await user.click(screen.getByRole('button', { name: 'Create Goal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create goal' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'Van');
    await user.type(within(dialog).getByRole('textbox', { name: /^Target amount/ }), '5000');
    await user.type(within(dialog).getByLabelText(/^Target date/), '2027-06-30');
    await user.click(within(dialog).getByRole('button', { name: 'Create goal' }));
    expect(await within(dialog).findByText('A goal with this title exists')).toBeInTheDocument();
  });

  it('Escape in the target date picker closes the picker, not the modal; closing with input asks first (issue 11)', async () => {
    const { user, calls } = setup();
    await screen.findByRole('link', { name: 'Rent reserve' });
    await user.click(screen.getByRole('button', { name: 'Create Goal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create goal' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'Van');
    await user.click(within(dialog).getByLabelText(/^Target date/));
    expect(await screen.findByRole('button', { name: 'Next month' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Next month' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Create goal' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Title/ })).toHaveValue('Van');

    // Escape again would close the form: with a title typed, it asks first.
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Keep editing' }));
    expect(within(dialog).getByRole('textbox', { name: /^Title/ })).toHaveValue('Van');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create goal' })).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('/goals/create opens the goal modal, and closing it goes back to /goals', async () => {
    const { user } = setup({}, { route: '/goals/create', create: true });
    const dialog = await screen.findByRole('dialog', { name: 'Create goal' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/goals');
  });

  it('edits a goal with its type locked', async () => {
    const { user, calls } = setup({ 'PUT /api/goals/1': json(200, { data: rent, message: GOAL_MESSAGES.updated }) });
    await screen.findByRole('link', { name: 'Rent reserve' });
    await user.click(screen.getByRole('button', { name: 'Actions for Rent reserve' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit goal' });
    expect(within(dialog).getByRole('textbox', { name: /^Title/ })).toHaveValue('Rent reserve');
    expect(within(dialog).getByRole('combobox', { name: /^Type/ })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Save goal' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
  });

  it('pauses, resumes and deletes after confirmation', async () => {
    const { user, calls } = setup({
      'POST /api/goals/1/pause': json(200, { data: { ...rent, status: 'paused' }, message: GOAL_MESSAGES.paused }),
      'POST /api/goals/2/resume': json(200, { data: { ...laptop, status: 'active' }, message: GOAL_MESSAGES.resumed }),
      'DELETE /api/goals/1': json(200, { message: GOAL_MESSAGES.deleted }),
    });
    await screen.findByRole('link', { name: 'Rent reserve' });
    await user.click(screen.getByRole('button', { name: 'Actions for Rent reserve' }));
    expect(screen.queryByRole('menuitem', { name: 'Resume' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('menuitem', { name: 'Pause' }));
    expect(await screen.findByText(GOAL_MESSAGES.paused)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions for New laptop' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Resume' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/goals/2/resume')).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Actions for Rent reserve' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: GOAL_MESSAGES.deleteConfirmTitle });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Actions for Rent reserve' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: GOAL_MESSAGES.deleteConfirmTitle })).getByRole('button', {
        name: 'Delete goal',
      }),
    );
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/goals/1')).toBe(true),
    );
  });

  it('cancels a goal from its menu after confirmation', async () => {
    const { user, calls } = setup({
      'POST /api/goals/1/cancel': json(200, {
        data: { ...rent, status: 'cancelled' },
        message: GOAL_MESSAGES.cancelled,
      }),
    });
    await screen.findByRole('link', { name: 'Rent reserve' });
    await user.click(screen.getByRole('button', { name: 'Actions for Rent reserve' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cancel goal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel goal?' });
    expect(calls.some((call) => call.path === '/api/goals/1/cancel')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel goal' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.path === '/api/goals/1/cancel')).toBe(true),
    );
    expect(await screen.findByText(GOAL_MESSAGES.cancelled)).toBeInTheDocument();
  });
});

describe('goal form rules', () => {
  it('shows an in_progress goal as Active (one label) and keeps its stored status when left so (issue 11)', () => {
    const running = goal({ status: 'in_progress' });
    const values = goalFormValues(running);
    expect(values.status).toBe('active');
    expect(goalBody(values, running).status).toBe('in_progress');
    expect(goalBody({ ...values, status: 'paused' }, running).status).toBe('paused');
  });

  it('validates with the domain messages and sends current_amount only when creating a financial goal', () => {
    const values = {
      ...goalFormValues(null),
      title: 'Van',
      target_amount: 100,
      target_date: '2026-01-01',
      start_date: '2026-02-01',
    };
    expect(validateGoal(values, null)).toEqual({ target_date: GOAL_MESSAGES.targetDateBeforeStart });
    expect(
      validateGoal({ ...values, type: 'new_clients', target_amount: 2.5, start_date: '' }, null).target_amount,
    ).toBe(GOAL_MESSAGES.targetCountInvalid);
    expect(goalBody({ ...values, type: 'new_clients' }, null)).not.toHaveProperty('current_amount');
    expect(goalBody({ ...values, current_amount: 250 }, goal({ current_amount: 250 }))).not.toHaveProperty(
      'current_amount',
    );
    expect(goalBody({ ...values, current_amount: 300 }, goal({ current_amount: 250 })).current_amount).toBe(300);
    expect(goalBody(values, goal({ status: 'completed' }))).not.toHaveProperty('status');
  });
});

describe('Goal Tracker for the read-only role', () => {
  it('shows every goal with its progress, and no way to create, edit or act on one', async () => {
    setup({}, { roles: ['accountant'] });
    const card = (await screen.findByRole('link', { name: 'Rent reserve' })).closest('article') as HTMLElement;
    expect(within(card).getByText('$250.00 of $1,000.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New laptop' })).toHaveAttribute('href', '/goals/2');
    expect(screen.queryByRole('button', { name: 'Create Goal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
  });

  it('/goals/create shows the tracker without the goal modal', async () => {
    setup({}, { route: '/goals/create', create: true, roles: ['accountant'] });
    expect(await screen.findByRole('link', { name: 'Rent reserve' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('with no goals yet, invites no one to create the first', async () => {
    setup({ 'GET /api/goals': json(200, goalPage([])) }, { roles: ['accountant'] });
    expect(await screen.findByText(GOAL_MESSAGES.emptyTitle)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create your first goal' })).not.toBeInTheDocument();
  });
});
