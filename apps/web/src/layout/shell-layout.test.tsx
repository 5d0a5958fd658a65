import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SHELL_MESSAGES } from '@ledgerleaf/domain';
import { catalogApi } from '@ledgerleaf/api';
import { toastStore } from '@ledgerleaf/ui';
import { json, stubFetch } from '../test/fetch';
import { BetaFeedback, collectSystemInfo, feedbackPayload, validateFeedback } from './beta-feedback';
import { HeaderNotifications } from './header-notifications';
import { notificationHref, toNotificationView } from './notification-links';
import { isEditorLocation, quickAddItems } from './quick-add';
import { renderShell } from './shell-test-utils';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  toastStore.clear();
});

const page = (notifications: unknown[], unread: number) => ({
  notifications,
  total: notifications.length,
  unread_count: unread,
  current_page: 1,
  per_page: 10,
  last_page: 1,
});
const item = (id: number, title: string, data: Record<string, unknown> = {}) => ({
  id,
  type: 'Payment',
  data: { title, message: `${title} message`, ...data },
  title,
  message: `${title} message`,
  created_at: new Date().toISOString(),
  read_at: null,
});

describe('notification links', () => {
  it.each([
    [{ invoice_id: 4 }, 'Invoice', '/invoices/4'],
    [{ estimate_id: '7' }, 'Estimate', '/estimates/7'],
    [{ goal_id: 2 }, 'Goal', '/goals/2'],
    [{ client_id: 9 }, 'Client', '/clients/9/edit'],
    [{}, 'RecurringInvoice', '/recurring-invoices'],
    [{ recurring_invoice_id: 8 }, 'RecurringInvoice', '/recurring-invoices/8'],
    [{ recurring_invoice_id: 8, invoice_id: 41 }, 'RecurringInvoice', '/recurring-invoices/8'],
    [{ recurring_invoice_id: '8' }, 'App\\Notifications\\RecurringInvoiceFailed', '/recurring-invoices/8'],
    [{ count: 3 }, 'RecurringInvoice', '/recurring-invoices'],
    [{ invoice_id: 41 }, 'RecurringInvoice', '/invoices/41'],
    [{ invoice_id: -1 }, 'Invoice', null],
    [{}, 'OtherIncome', null],
    [{ activity_id: 3, lead_id: 5, opportunity_id: null, client_id: null }, 'ActivityReminder', '/crm/leads/5/edit'],
    [{ activity_id: 3, opportunity_id: 6, client_id: 9 }, 'ActivityReminder', '/crm/opportunities/6/edit'],
    [{ activity_id: 3, client_id: 9 }, 'ActivityReminder', '/crm/client-360?client=9'],
    [{ activity_id: 3 }, 'ActivityReminder', '/crm/reminders'],
  ])('%j (%s) -> %s', (data, type, href) => {
    expect(notificationHref({ type, data })).toBe(href);
  });

  it('takes title and message from data when the top-level ones are empty', () => {
    expect(
      toNotificationView({
        id: 1,
        type: 'Goal',
        data: { title: 'T', message: 'M' },
        title: '',
        message: '',
        created_at: 'x',
        read_at: null,
      }),
    ).toMatchObject({
      title: 'T',
      message: 'M',
    });
  });
});

describe('HeaderNotifications', () => {
  it('shows the unread count from count_only, then the latest unread in the dropdown; marking one read refreshes', async () => {
    const calls = stubFetch({
      'GET /api/notifications': (call) =>
        json(
          200,
          call.query.count_only === 'true'
            ? page([], 12)
            : page([item(1, 'Payment received', { invoice_id: 3 }), item(2, 'New client')], 12),
        ),
      'PATCH /api/notifications/2/read': json(200, { message: 'ok', notification: {} }),
    });
    renderShell(<HeaderNotifications />);
    expect(await screen.findByRole('button', { name: 'Notifications, 9+ unread' })).toBeInTheDocument();
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('9+');
    expect(calls[0]!.query).toEqual({ filter: 'unread', count_only: 'true' });

    fireEvent.click(screen.getByRole('button', { name: 'Notifications, 9+ unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(dialog).findByText('Payment received')).toBeInTheDocument();
    expect(
      calls.some(
        (call) => call.query.per_page === '10' && call.query.filter === 'unread' && call.query.count_only === undefined,
      ),
    ).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as read: New client' }));
    // Gone at once, confirmed by the refetch.
    expect(within(dialog).queryByText('New client')).toBeNull();
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1));
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET').length).toBeGreaterThanOrEqual(4));
  });

  it('mark all read empties the dropdown, which closes 2 s later', async () => {
    let unread = 1;
    stubFetch({
      'GET /api/notifications': (call) =>
        json(
          200,
          call.query.count_only === 'true'
            ? page([], unread)
            : page(unread ? [item(1, 'Payment received')] : [], unread),
        ),
      'PATCH /api/notifications/read-all': () => {
        unread = 0;
        return json(200, { message: 'ok', updated: 1 });
      },
    });
    renderShell(<HeaderNotifications />);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Payment received');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark all as read' }));
    expect(await within(dialog).findByText('No notifications')).toBeInTheDocument();
    expect(within(dialog).getByText("You're all caught up!")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 4000 });
  });

  it("a failed list shows 'Failed to load notifications'; a failed count shows no badge", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubFetch({ 'GET /api/notifications': json(500, { message: 'boom' }) });
    renderShell(<HeaderNotifications />);
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    expect(screen.queryByTestId('notification-badge')).toBeNull();
    fireEvent.click(bell);
    expect(await screen.findByText(SHELL_MESSAGES.notificationsLoadFailed)).toBeInTheDocument();
  });

  it('refreshes the count right after another write of this tab (a new client)', async () => {
    let unread = 0;
    const calls = stubFetch({
      'GET /api/notifications': () => json(200, page([], unread)),
      'POST /api/clients': () => {
        unread = 1;
        return json(201, { data: { id: 1, name: 'Acme' }, message: 'Created' });
      },
    });
    const { store } = renderShell(<HeaderNotifications />);
    await screen.findByRole('button', { name: 'Notifications' });
    await act(async () => {
      await store.dispatch(catalogApi.endpoints.createClient.initiate({ name: 'Acme' } as never));
    });
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/notifications').length).toBe(2);
  });

  it('refreshes the count on navigation', async () => {
    let unread = 0;
    const calls = stubFetch({ 'GET /api/notifications': () => json(200, page([], unread)) });
    const { router } = renderShell(<HeaderNotifications />);
    await screen.findByRole('button', { name: 'Notifications' });
    unread = 3;
    await act(async () => {
      await router.navigate('/somewhere-else');
    });
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
    expect(calls.length).toBe(2);
  });
});

describe('quick-add entries (SPEC.md section 2)', () => {
  it('has the nine entries in order; Add Other Income opens the modal', () => {
    const open = vi.fn();
    const items = quickAddItems(open, true);
    expect(items.map((entry) => [entry.label, entry.href ?? 'modal'])).toEqual([
      ['New Invoice', '/invoices/create-new'],
      ['New Estimate', '/estimates/create-new'],
      ['New Client', '/clients/create'],
      ['New Recurring Invoice', '/recurring-invoices/create'],
      ['New Product/Service', '/products/create'],
      ['Create Goal', '/goals/create'],
      ['Add Other Income', 'modal'],
      ['New Lead', '/crm/leads/create'],
      ['New Opportunity', '/crm/opportunities/create'],
    ]);
    items[6]!.onSelect!();
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('has none for a role that may not write (each entry creates something)', () => {
    expect(quickAddItems(vi.fn(), false)).toEqual([]);
  });

  it.each([
    ['/invoices/create-new', '', true],
    ['/invoices/41', '?edit=1', true],
    ['/estimates/create-new', '', true],
    ['/estimates/create', '', true],
    ['/recurring-invoices/create', '', true],
    ['/recurring-invoices/8', '?edit=1&tab=lines', true],
    ['/clients/create', '', true],
    ['/clients/9/edit', '', true],
    ['/products/3/edit', '', true],
    ['/crm/leads/create', '', true],
    ['/invoices/41', '', false],
    ['/invoices/all', '', false],
    ['/clients', '', false],
    ['/dashboard', '?edit=0', false],
    ['/settings/invoice-reminders', '', false],
  ])('is hidden on editors (issue 11): %s%s -> %s', (pathname, search, editor) => {
    expect(isEditorLocation(pathname, search)).toBe(editor);
  });
});

describe('beta feedback', () => {
  it('validates with the domain rules and builds the payload with system info and timestamp', () => {
    expect(validateFeedback({ type: '', feature: '', rating: 0, description: ' ' })).toEqual({
      type: SHELL_MESSAGES.feedbackTypeRequired,
      feature: SHELL_MESSAGES.feedbackFeatureRequired,
      description: SHELL_MESSAGES.feedbackDescriptionRequired,
    });
    expect(validateFeedback({ type: 'bug', feature: 'invoices', rating: 0, description: 'x' })).toEqual({});
    const info = collectSystemInfo();
    expect(info.screenSize).toMatch(/^\d+x\d+$/);
    expect(info.currentUrl).not.toContain('?');
    expect(
      feedbackPayload(
        { type: 'bug', feature: 'invoices', rating: 0, description: 'x' },
        info,
        new Date('2026-01-02T03:04:05.000Z'),
      ),
    ).toEqual({
      type: 'bug',
      feature: 'invoices',
      rating: null,
      description: 'x',
      systemInfo: info,
      timestamp: '2026-01-02T03:04:05.000Z',
    });
  });

  it('is hidden unless betaVersion is "true"', () => {
    stubFetch({});
    renderShell(<BetaFeedback />);
    expect(screen.queryByRole('button', { name: 'Beta feedback' })).toBeNull();
  });

  async function fillAndSend() {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Beta feedback' }));
    await user.click(await screen.findByRole('combobox', { name: /Feedback type/ }));
    await user.click(await screen.findByRole('option', { name: 'Suggestion' }));
    await user.click(screen.getByRole('combobox', { name: /^Feature/ }));
    await user.click(await screen.findByRole('option', { name: 'Payment Performance' }));
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Show days to pay');
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
  }

  it("sends the form and shows 'Thank You!'", async () => {
    localStorage.setItem('betaVersion', 'true');
    const calls = stubFetch({ 'POST /api/beta-feedback': json(201, { message: 'ok', data: {} }) });
    renderShell(<BetaFeedback />);
    await fillAndSend();
    expect(await screen.findByText('Thank You!')).toBeInTheDocument();
    expect(calls[0]!.body).toMatchObject({
      type: 'improvement',
      feature: 'payment-performance',
      description: 'Show days to pay',
      rating: null,
      systemInfo: expect.any(Object),
      timestamp: expect.any(String),
    });
  });

  it('shows the failure toast when sending fails', async () => {
    localStorage.setItem('betaVersion', 'true');
    stubFetch({ 'POST /api/beta-feedback': json(500, { message: 'boom' }) });
    renderShell(<BetaFeedback />);
    await fillAndSend();
    await waitFor(() =>
      expect(toastStore.getToasts()).toEqual([
        expect.objectContaining({
          severity: 'error',
          summary: 'Feedback Submission Failed',
          detail: 'There was an error submitting your feedback. Please try again.',
        }),
      ]),
    );
    expect(screen.queryByText('Thank You!')).toBeNull();
  });
});
