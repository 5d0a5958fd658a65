import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ACCOUNT_MESSAGES, DEFAULT_REMINDER_STEPS } from '@ledgerleaf/domain';
import { json, renderPage, stubFetch } from '../test/render';
import { signIn } from '../test/fixtures';
import { InvoiceRemindersPage } from './invoice-reminders-page';

beforeEach(() => signIn('owner'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('InvoiceRemindersPage', () => {
  it('turns steps on, adds one and saves the schedule', async () => {
    const calls = stubFetch({
      'GET /api/settings/invoice-reminders': json(200, { data: DEFAULT_REMINDER_STEPS }),
      'PUT /api/settings/invoice-reminders': (call) =>
        json(200, { data: (call.body as { steps: unknown[] }).steps, message: ACCOUNT_MESSAGES.remindersSaved }),
    });
    const { user } = renderPage(<InvoiceRemindersPage />, { path: '/x', route: '/x' });
    expect(await screen.findByText('3 days before the due date')).toBeInTheDocument();
    expect(screen.getByText('On the due date')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: /3 days before the due date/ }));
    await user.click(screen.getByRole('switch', { name: /14 days after the due date/ }));
    await user.click(screen.getByRole('button', { name: 'Add reminder' }));
    const inputs = screen.getAllByRole('textbox', { name: /Days from the due date/ });
    await user.type(inputs[4]!, '30');
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        steps: [
          { offset_days: -3, enabled: true },
          { offset_days: 0, enabled: false },
          { offset_days: 7, enabled: false },
          { offset_days: 14, enabled: true },
          { offset_days: 30, enabled: true },
        ],
      }),
    );
    expect(await screen.findByText(ACCOUNT_MESSAGES.remindersSaved)).toBeInTheDocument();
  });

  it('refuses the same day twice, in the browser', async () => {
    const calls = stubFetch({ 'GET /api/settings/invoice-reminders': json(200, { data: DEFAULT_REMINDER_STEPS }) });
    const { user } = renderPage(<InvoiceRemindersPage />, { path: '/x', route: '/x' });
    await user.click(await screen.findByRole('button', { name: 'Add reminder' }));
    await user.type(screen.getAllByRole('textbox', { name: /Days from the due date/ })[4]!, '7');
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.reminderDuplicate)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('is read-only for an accountant', async () => {
    signIn('accountant');
    stubFetch({ 'GET /api/settings/invoice-reminders': json(200, { data: DEFAULT_REMINDER_STEPS }) });
    renderPage(<InvoiceRemindersPage />, { path: '/x', route: '/x' });
    expect(await screen.findByText('Only an owner or an admin can change the reminder schedule.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save schedule' })).not.toBeInTheDocument();
  });
});
