import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { CRM_MESSAGES } from '@ledgerleaf/domain';
import { json, renderPage, stubFetch } from '../test/render';
import { activity, activityTypes, owners } from '../test/fixtures';
import { RemindersPage } from './reminders-page';

afterEach(() => vi.unstubAllGlobals());

const reminderPage = (rows = [activity({ due_at: '2026-11-01T09:00:00.000Z' })]) => ({
  data: rows,
  meta: { page: 1, per_page: 25, total: rows.length, last_page: 1 },
  counts: { overdue: rows.length, today: 2, upcoming: 5 },
});

function setup(routes: Parameters<typeof stubFetch>[0] = {}, route = '/crm/reminders', roles = ['owner']) {
  const calls = stubFetch({ 'GET /api/crm/reminders': json(200, reminderPage()), ...routes });
  return { ...renderPage(<RemindersPage />, { path: '/crm/reminders', route, roles }), calls };
}

describe('Reminders', () => {
  it('shows the overdue activities with the counts of each bucket and a link to the record', async () => {
    const { calls } = setup();
    const list = await screen.findByRole('list', { name: 'Overdue' });
    const item = within(list).getByRole('listitem', { name: 'Call Ada about the quote' });
    expect(within(item).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/crm/leads/1/edit');
    expect(screen.getByRole('tab', { name: /Due today/ })).toHaveTextContent('2');
    expect(calls.find((call) => call.path === '/api/crm/reminders')!.query).toMatchObject({
      bucket: 'overdue',
      scope: 'mine',
    });
  });

  it('owners see everyone’s reminders when they ask', async () => {
    const { user, calls } = setup();
    await screen.findByRole('list', { name: 'Overdue' });
    await user.click(screen.getByRole('radio', { name: 'Everyone' }));
    await waitFor(() => expect(calls.some((call) => call.query.scope === 'everyone')).toBe(true));
  });

  it('a member sees only their own, without the switch', async () => {
    const { calls } = setup({}, '/crm/reminders?scope=everyone', ['member']);
    await screen.findByRole('list', { name: 'Overdue' });
    expect(screen.queryByRole('radio', { name: 'Everyone' })).not.toBeInTheDocument();
    expect(calls.every((call) => call.query.scope !== 'everyone')).toBe(true);
  });

  it('marks done and snoozes until tomorrow', async () => {
    const { user, calls } = setup({
      'POST /api/crm/activities/21/done': json(200, {
        data: activity({ done: true }),
        message: CRM_MESSAGES.activityDone,
      }),
      'POST /api/crm/activities/21/snooze': json(200, { data: activity(), message: CRM_MESSAGES.activitySnoozed }),
    });
    const item = await screen.findByRole('listitem', { name: 'Call Ada about the quote' });
    await user.click(within(item).getByRole('button', { name: 'Mark done' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/crm/activities/21/done')?.body).toEqual({ done: true }),
    );
    await user.click(within(item).getByRole('button', { name: 'Snooze' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Tomorrow' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/crm/activities/21/snooze')?.body).toEqual({ option: 'tomorrow' }),
    );
    expect(await screen.findByText(CRM_MESSAGES.activitySnoozed)).toBeInTheDocument();
  });

  it('snoozing to a date asks for the date', async () => {
    const { user, calls } = setup({
      'POST /api/crm/activities/21/snooze': json(200, { data: activity(), message: CRM_MESSAGES.activitySnoozed }),
    });
    const item = await screen.findByRole('listitem', { name: 'Call Ada about the quote' });
    await user.click(within(item).getByRole('button', { name: 'Snooze' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Pick a date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Snooze until' });
    await user.click(within(dialog).getByRole('button', { name: 'Snooze' }));
    expect(await within(dialog).findByText(CRM_MESSAGES.snoozeDateRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Date' }), '2027-01-04');
    await user.click(within(dialog).getByRole('button', { name: 'Snooze' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/crm/activities/21/snooze')?.body).toEqual({
        option: 'date',
        date: '2027-01-04',
        time: '09:00',
      }),
    );
  });

  it('says when nothing is due', async () => {
    setup({ 'GET /api/crm/reminders': json(200, reminderPage([])) });
    expect(await screen.findByText('Nothing overdue')).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    setup({ 'GET /api/crm/reminders': json(500, { message: 'Server error' }) });
    expect(await screen.findByText('Reminders could not be loaded')).toBeInTheDocument();
  });

  it('shows a reminder that could not be delivered and sends it again', async () => {
    const failed = activity({
      due_at: '2026-11-01T09:00:00.000Z',
      reminders: [
        {
          id: 5,
          offset_minutes: 15,
          remind_at: '2026-11-01T08:45:00.000Z',
          deliveries: [
            { channel: 'email', status: 'failed', attempts: 5, last_error: 'Mailbox unavailable', delivered_at: null },
          ],
        },
      ],
    });
    const { user, calls } = setup({
      'GET /api/crm/reminders': json(200, reminderPage([failed])),
      'POST /api/crm/activities/21/retry-reminders': json(200, {
        data: failed,
        message: 'The reminder will be sent again.',
      }),
    });
    const item = await screen.findByRole('listitem', { name: 'Call Ada about the quote' });
    expect(within(item).getByText('Reminder not delivered')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Retry reminder' }));
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/crm/activities/21/retry-reminders')).toBe(true),
    );
  });
});

describe('Reminders, adding an activity', () => {
  const routes = {
    'GET /api/crm/activity-types': json(200, { data: activityTypes }),
    'GET /api/crm/owners': json(200, { data: owners }),
    'GET /api/clients/search': json(200, {
      data: [{ id: 5, name: 'Acme Studio', email: null, payment_terms_days: 30 }],
    }),
    'POST /api/crm/activities': json(201, { data: activity({ id: 99 }), message: CRM_MESSAGES.activityCreated }),
  };

  it('?new_activity= (the calendar’s empty day) opens the form due that day; it saves for the client chosen', async () => {
    const { user, calls, router } = setup(routes, '/crm/reminders?new_activity=2030-05-14');
    const dialog = await screen.findByRole('dialog', { name: 'Add activity' });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Subject' })).toHaveValue('Call'));
    expect(within(dialog).getByLabelText(/^Due time/)).toHaveValue('09:00');
    await user.click(within(dialog).getByRole('combobox', { name: /^Client/ }));
    await user.click(await screen.findByRole('option', { name: 'Acme Studio' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add activity' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const body = calls.find((call) => call.method === 'POST')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ type_id: 1, subject: 'Call', client_id: 5, lead_id: null });
    // 09:00 on that day in the browser's zone, as every activity form reads a time.
    expect(body.due_at).toBe(new Date('2030-05-14T09:00:00').toISOString());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
  });

  it('asks which client or lead it is about', async () => {
    const { user, calls } = setup(routes);
    await screen.findByRole('list', { name: 'Overdue' });
    await user.click(screen.getByRole('button', { name: 'Add activity' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add activity' });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Subject' })).toHaveValue('Call'));
    await user.click(within(dialog).getByRole('button', { name: 'Add activity' }));
    expect(await within(dialog).findByText(CRM_MESSAGES.activityTargetRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('ignores a day that is not a date; a read-only role has no way to add', async () => {
    setup(routes, '/crm/reminders?new_activity=2030-02-30');
    await screen.findByRole('list', { name: 'Overdue' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    vi.unstubAllGlobals();
    cleanup();
    setup(routes, '/crm/reminders?new_activity=2030-05-14', ['accountant']);
    await screen.findByRole('list', { name: 'Overdue' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add activity' })).not.toBeInTheDocument();
  });
});
