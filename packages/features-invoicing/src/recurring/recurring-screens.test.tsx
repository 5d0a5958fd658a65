import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { RecurringConfig, RecurringInvoice, RecurringListItem, RecurringPage, User } from '@ledgerleaf/domain';
import { activityText } from '../invoices/activity-timeline';
import { json, renderPage, stubFetch } from '../test/render';
import { RecurringConfigPage, timeZoneOptions } from './recurring-config-page';
import { RecurringDetailPage } from './recurring-detail-page';
import { RecurringInvoicesPage } from './recurring-invoices-page';

afterEach(() => vi.unstubAllGlobals());

const user = (roles: string[]): User => ({
  id: 1,
  name: 'Olive Owner',
  email: 'olive@example.com',
  business_name: 'Olive Bakery',
  company_logo: null,
  avatar_path: null,
  roles,
});
const signedIn = (roles: string[]) => ({ auth: { token: 'tok', user: user(roles), status: 'authenticated' as const } });
const pending = () => new Promise<Response>(() => undefined);

const item = (overrides: Partial<RecurringListItem> = {}): RecurringListItem => ({
  id: 8,
  status: 'active',
  client: { id: 1, name: 'Northwind Traders' },
  frequency: 'monthly',
  interval: 1,
  total: 400,
  auto_send: true,
  next_run_date: '2026-12-01',
  generated_count: 2,
  remaining_count: 4,
  created_at: '2026-10-01T09:00:00.000Z',
  ...overrides,
});
const page = (data: RecurringListItem[]): RecurringPage => ({
  data,
  meta: { page: 1, per_page: 25, total: data.length, last_page: 1 },
});

const line = {
  id: 1,
  position: 0,
  product_id: null,
  description: 'Monthly bookkeeping',
  quantity: 1,
  unit: null,
  unit_price: 400,
  discount_type: null,
  discount_value: null,
  tax_rate_ids: [],
  subtotal: 400,
  discount: 0,
  net: 400,
  invoice_discount: 0,
  taxable: 400,
  taxes: [],
  tax: 0,
  total: 400,
};
const recurring = (overrides: Partial<RecurringInvoice> = {}): RecurringInvoice => ({
  id: 8,
  status: 'active',
  client: { id: 1, name: 'Northwind Traders', email: 'ap@northwind.test' },
  lines: [line],
  discount_type: null,
  discount_value: null,
  totals: {
    subtotal: 400,
    line_discounts: 0,
    invoice_discount: 0,
    taxable: 400,
    taxes: [],
    tax: 0,
    total: 400,
    prices_include_tax: false,
  },
  notes: null,
  terms: null,
  payment_terms_days: 15,
  auto_send: false,
  frequency: 'monthly',
  interval: 1,
  day_of_month: 31,
  start_date: '2026-10-31',
  end_type: 'after_count',
  end_date: null,
  end_count: 6,
  next_run_date: '2026-12-31',
  upcoming: ['2026-12-31', '2027-01-31', '2027-02-28'],
  generated_count: 2,
  remaining_count: 4,
  last_run_at: '2026-11-30T09:00:00.000Z',
  last_error: null,
  invoices: [
    {
      id: 41,
      invoice_number: 'INV-2026-0041',
      period: '2026-11-30',
      status: 'sent',
      total: 400,
      created_at: '2026-11-30T09:00:00.000Z',
    },
    {
      id: 30,
      invoice_number: 'INV-2026-0030',
      period: '2026-10-31',
      status: 'paid',
      total: 400,
      created_at: '2026-10-31T09:00:00.000Z',
    },
  ],
  created_at: '2026-10-01T09:00:00.000Z',
  updated_at: '2026-11-30T09:00:00.000Z',
  ...overrides,
});
const config: RecurringConfig = {
  send_time: '09:00',
  time_zone: 'America/New_York',
  default_auto_send: true,
  missed_runs: 'catch_up',
};
const ran = {
  data: { invoices_created: 1, emails_sent: 1, overdue: 0, expired: 0, reminders: 0, failures: 0 },
  next_run: null,
  message: 'The scheduler created 1 invoice.',
};

describe('recurring invoice list', () => {
  const renderList = (roles = ['owner']) =>
    renderPage(<RecurringInvoicesPage />, {
      path: '/recurring-invoices',
      route: '/recurring-invoices',
      ...signedIn(roles),
    });

  it('shows skeleton rows while loading', async () => {
    stubFetch({ 'GET /api/recurring-invoices': pending });
    renderList();
    expect(await screen.findAllByTestId('table-skeleton-row')).not.toHaveLength(0);
  });

  it('shows each recurring invoice with its schedule, next run, remaining count and status', async () => {
    stubFetch({
      'GET /api/recurring-invoices': json(
        200,
        page([
          item(),
          item({
            id: 9,
            client: { id: 2, name: 'Globex' },
            status: 'finished',
            next_run_date: null,
            remaining_count: null,
            frequency: 'weekly',
            interval: 2,
          }),
        ]),
      ),
    });
    renderList();
    const table = await screen.findByRole('table', { name: 'Recurring invoices' });
    expect(await within(table).findByRole('link', { name: 'Recurring invoice for Northwind Traders' })).toHaveAttribute(
      'href',
      '/recurring-invoices/8',
    );
    expect(within(table).getByText('Every month')).toBeInTheDocument();
    expect(within(table).getByText('Every 2 weeks')).toBeInTheDocument();
    expect(within(table).getByText('No end')).toBeInTheDocument();
    expect(within(table).getByText('—')).toBeInTheDocument();
    expect(within(table).getAllByText('$400.00')).toHaveLength(2);
  });

  it('with none yet invites to create the first one', async () => {
    stubFetch({ 'GET /api/recurring-invoices': json(200, page([])) });
    renderList();
    expect(await screen.findByRole('link', { name: 'Create a recurring invoice' })).toHaveAttribute(
      'href',
      '/recurring-invoices/create',
    );
  });

  it('shows an error with a retry that loads the list', async () => {
    let fail = true;
    stubFetch({
      'GET /api/recurring-invoices': () => (fail ? json(500, { message: 'Server error' }) : json(200, page([item()]))),
    });
    const { user } = renderList();
    expect(await screen.findByText('Recurring invoices could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Recurring invoices' })).toBeInTheDocument();
  });

  it('“Run now” runs the scheduler and says what it did', async () => {
    const calls = stubFetch({
      'GET /api/recurring-invoices': json(200, page([item()])),
      'POST /api/recurring-invoices/run-scheduler': json(200, ran),
    });
    const { user } = renderList(['member']);
    await screen.findByRole('table', { name: 'Recurring invoices' });
    await user.click(screen.getByRole('button', { name: 'Run now' }));
    expect(await screen.findByText('The scheduler created 1 invoice.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('“Run now” that created nothing says why and when the next run is', async () => {
    stubFetch({
      'GET /api/recurring-invoices': json(200, page([item()])),
      'POST /api/recurring-invoices/run-scheduler': json(200, {
        data: { ...ran.data, invoices_created: 0, emails_sent: 0 },
        next_run: {
          recurring_invoice_id: 8,
          period: '2026-12-01',
          at: '2026-12-01T14:00:00.000Z',
          send_time: '09:00',
          time_zone: 'America/New_York',
        },
        message: 'No invoice was due yet: the next run is on 12/01/26 at 09:00 (America/New_York).',
      }),
    });
    const { user } = renderList(['member']);
    await screen.findByRole('table', { name: 'Recurring invoices' });
    await user.click(screen.getByRole('button', { name: 'Run now' }));
    expect(await screen.findByText('Nothing was due')).toBeInTheDocument();
    expect(
      screen.getByText('No invoice was due yet: the next run is on 12/01/26 at 09:00 (America/New_York).'),
    ).toBeInTheDocument();
  });

  it('a read-only role sees the list, and neither “Run now” nor “New Recurring Invoice”', async () => {
    stubFetch({ 'GET /api/recurring-invoices': json(200, page([item()])) });
    renderList(['accountant']);
    const table = await screen.findByRole('table', { name: 'Recurring invoices' });
    expect(await within(table).findByRole('link', { name: 'Recurring invoice for Northwind Traders' })).toHaveAttribute(
      'href',
      '/recurring-invoices/8',
    );
    expect(screen.queryByRole('button', { name: 'Run now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New Recurring Invoice' })).not.toBeInTheDocument();
    // Reading the settings is allowed.
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/recurring-invoices/config');
  });

  it('with none yet, a read-only role is not invited to create one', async () => {
    stubFetch({ 'GET /api/recurring-invoices': json(200, page([])) });
    renderList(['accountant']);
    expect(await screen.findByText('No recurring invoices yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create a recurring invoice' })).not.toBeInTheDocument();
  });
});

describe('recurring invoice detail', () => {
  const renderDetail = (roles = ['owner'], id = 8) =>
    renderPage(<RecurringDetailPage />, {
      path: '/recurring-invoices/:id',
      route: `/recurring-invoices/${id}`,
      ...signedIn(roles),
    });

  it('shows skeletons while loading', async () => {
    stubFetch({ 'GET /api/recurring-invoices/8': pending });
    renderDetail();
    expect(await screen.findAllByTestId('card-skeleton')).toHaveLength(2);
  });

  it('shows the schedule, the next dates and the invoices it created, with its actions', async () => {
    stubFetch({ 'GET /api/recurring-invoices/8': json(200, { data: recurring() }) });
    renderDetail();
    expect(await screen.findByRole('heading', { name: /Recurring invoice for Northwind Traders/ })).toBeInTheDocument();
    expect(screen.getByText('Every month on the 31st (last day in shorter months)')).toBeInTheDocument();
    expect(screen.getByTestId('fact-remaining')).toHaveTextContent('4');
    expect(screen.getByTestId('fact-emailed')).toHaveTextContent('No');
    const produced = screen.getByRole('table', { name: 'Invoices created' });
    expect(within(produced).getByRole('link', { name: 'INV-2026-0041' })).toHaveAttribute('href', '/invoices/41');
    expect(within(produced).getAllByRole('row')).toHaveLength(3);
    for (const name of ['Edit', 'Skip next run', 'Pause', 'Run now', 'Delete'])
      expect(screen.getByRole(name === 'Edit' ? 'link' : 'button', { name })).toBeInTheDocument();
  });

  it('offers “Issue now” once the current period has come, asks first, then opens the invoice', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 11, 31, 8, 0) });
    const calls = stubFetch({
      'GET /api/recurring-invoices/8': json(200, { data: recurring() }),
      'POST /api/recurring-invoices/8/issue-now': json(201, {
        data: recurring({ next_run_date: '2027-01-31', generated_count: 3 }),
        invoice: { id: 52, invoice_number: 'INV-2026-0052', period: '2026-12-31' },
        message: 'Invoice INV-2026-0052 issued for the period of 12/31/26.',
      }),
    });
    try {
      const { user } = renderDetail();
      await user.click(await screen.findByRole('button', { name: 'Issue now' }));
      const dialog = await screen.findByRole('dialog', { name: 'Issue this period now?' });
      expect(dialog).toHaveTextContent('The invoice of the period of 12/31/26 is numbered now');
      await user.click(within(dialog).getByRole('button', { name: 'Issue now' }));
      expect(await screen.findByTestId('location')).toHaveTextContent('/invoices/52');
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
        '/api/recurring-invoices/8/issue-now',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not offer “Issue now” before the period has come; a 409 says why', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 11, 30, 8, 0) });
    try {
      stubFetch({ 'GET /api/recurring-invoices/8': json(200, { data: recurring() }) });
      renderDetail();
      await screen.findByRole('heading', { name: /Recurring invoice for Northwind Traders/ });
      expect(screen.queryByRole('button', { name: 'Issue now' })).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2027, 0, 2, 8, 0) });
    try {
      stubFetch({
        'GET /api/recurring-invoices/8': json(200, { data: recurring() }),
        'POST /api/recurring-invoices/8/issue-now': json(409, {
          message: 'The invoice of the current period (12/31/26) has already been issued.',
          status: 'active',
        }),
      });
      const { user } = renderDetail();
      await user.click(await screen.findByRole('button', { name: 'Issue now' }));
      const dialog = await screen.findByRole('dialog', { name: 'Issue this period now?' });
      await user.click(within(dialog).getByRole('button', { name: 'Issue now' }));
      expect(
        (await screen.findAllByText('The invoice of the current period (12/31/26) has already been issued.'))[0],
      ).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('before its first run says when the first invoice comes, and shows the last failure', async () => {
    stubFetch({
      'GET /api/recurring-invoices/8': json(200, {
        data: recurring({ invoices: [], generated_count: 0, last_error: '2026-12-31: The tax rate no longer exists' }),
      }),
    });
    renderDetail();
    expect(await screen.findByText(/None yet: the first one is created on/)).toBeInTheDocument();
    expect(screen.getByText('Last run failed: 2026-12-31: The tax rate no longer exists')).toBeInTheDocument();
  });

  it('a read-only role sees the schedule and what it created, and none of the actions', async () => {
    stubFetch({ 'GET /api/recurring-invoices/8': json(200, { data: recurring() }) });
    renderDetail(['accountant']);
    await screen.findByRole('heading', { name: /Recurring invoice for Northwind Traders/ });
    expect(screen.getByTestId('fact-remaining')).toHaveTextContent('4');
    expect(
      within(screen.getByRole('table', { name: 'Invoices created' })).getByRole('link', { name: 'INV-2026-0041' }),
    ).toBeInTheDocument();
    for (const name of ['Skip next run', 'Pause', 'Resume', 'Run now', 'Delete'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('a read-only role following an edit link sees the recurring invoice, not the editor', async () => {
    stubFetch({ 'GET /api/recurring-invoices/8': json(200, { data: recurring() }) });
    renderPage(<RecurringDetailPage />, {
      path: '/recurring-invoices/:id',
      route: '/recurring-invoices/8?edit=1',
      ...signedIn(['accountant']),
    });
    expect(await screen.findByRole('heading', { name: /Recurring invoice for Northwind Traders/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Edit recurring invoice' })).not.toBeInTheDocument();
  });

  it('another business’s id (404) says it is not found', async () => {
    stubFetch({ 'GET /api/recurring-invoices/9': json(404, { message: 'Recurring invoice not found.' }) });
    renderDetail(['owner'], 9);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/not found/i);
    expect(screen.getByRole('link', { name: 'Back to recurring invoices' })).toHaveAttribute(
      'href',
      '/recurring-invoices',
    );
  });

  it('shows an error with a retry', async () => {
    let fail = true;
    stubFetch({
      'GET /api/recurring-invoices/8': () =>
        fail ? json(500, { message: 'Server error' }) : json(200, { data: recurring() }),
    });
    const { user } = renderDetail();
    expect(await screen.findByText('The recurring invoice could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: /Recurring invoice for Northwind Traders/ })).toBeInTheDocument();
  });
});

describe('recurring invoice settings', () => {
  const renderConfig = (roles = ['owner']) =>
    renderPage(<RecurringConfigPage />, {
      path: '/recurring-invoices/config',
      route: '/recurring-invoices/config',
      ...signedIn(roles),
    });

  it('shows a skeleton while loading', async () => {
    stubFetch({ 'GET /api/recurring-invoices/config': pending });
    renderConfig();
    expect(await screen.findByTestId('card-skeleton')).toBeInTheDocument();
  });

  it('shows the saved settings and saves a change', async () => {
    const calls = stubFetch({
      'GET /api/recurring-invoices/config': json(200, { data: config }),
      'PUT /api/recurring-invoices/config': (call) =>
        json(200, { data: call.body, message: 'Recurring invoice settings saved.' }),
    });
    const { user } = renderConfig();
    const sendTime = await screen.findByLabelText(/Send time/);
    expect(sendTime).toHaveValue('09:00');
    expect(screen.getByRole('combobox', { name: /Time zone/ })).toHaveValue('America/New_York');
    expect(screen.getByRole('checkbox', { name: /Email new recurring invoices automatically/ })).toBeChecked();
    await user.clear(sendTime);
    await user.type(sendTime, '07:30');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ ...config, send_time: '07:30' }),
    );
  });

  it.each([['accountant'], ['member']])(
    'a %s (business settings are for owners and admins) reads the settings and cannot change them',
    async (role) => {
      stubFetch({ 'GET /api/recurring-invoices/config': json(200, { data: config }) });
      renderConfig([role]);
      expect(await screen.findByLabelText(/Send time/)).toHaveValue('09:00');
      expect(screen.getByText('Only an owner or an admin can change these settings.')).toBeInTheDocument();
      expect(screen.getByLabelText(/Send time/)).toHaveAttribute('readonly');
      expect(screen.getByRole('combobox', { name: /Time zone/ })).toBeDisabled();
      expect(screen.getByRole('checkbox', { name: /Email new recurring invoices automatically/ })).toBeDisabled();
      expect(screen.queryByRole('button', { name: 'Save settings' })).not.toBeInTheDocument();
    },
  );

  it('offers UTC (which the browser leaves out of its list) and keeps a saved zone the list names otherwise', async () => {
    stubFetch({ 'GET /api/recurring-invoices/config': json(200, { data: { ...config, time_zone: 'UTC' } }) });
    const { user } = renderConfig();
    const zone = await screen.findByRole('combobox', { name: /Time zone/ });
    expect(zone).toHaveValue('UTC');
    await user.clear(zone);
    await user.type(zone, 'UTC');
    expect(await screen.findByRole('option', { name: 'UTC' })).toBeInTheDocument();
    expect(timeZoneOptions('UTC')[0]).toBe('UTC');
    // A zone saved under a name the list does not hold (a browser's alias) is still offered.
    expect(timeZoneOptions('Mars/Jezero')).toContain('Mars/Jezero');
    expect(timeZoneOptions('Mars/Jezero')).toContain('UTC');
  });

  it('shows an error with a retry', async () => {
    let fail = true;
    stubFetch({
      'GET /api/recurring-invoices/config': () =>
        fail ? json(500, { message: 'Server error' }) : json(200, { data: config }),
    });
    const { user } = renderConfig();
    expect(await screen.findByText('The settings could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText(/Send time/)).toHaveValue('09:00');
  });
});

describe('the timeline of an invoice a schedule issued', () => {
  const entry = (data: Record<string, unknown>) => ({
    id: 1,
    event: 'invoice.sent',
    user_id: null,
    data,
    created_at: '2026-11-30T09:00:00.000Z',
  });

  it('says the schedule issued it and whether it was emailed, so the owner knows to send it', () => {
    expect(
      activityText(entry({ via: 'manual', recurring_invoice_id: 8, period: '2026-11-30', auto_send: false })),
    ).toBe('Issued by its recurring schedule, not emailed: send it to your client');
    expect(activityText(entry({ via: 'manual', recurring_invoice_id: 8, period: '2026-11-30', auto_send: true }))).toBe(
      'Issued by its recurring schedule; it will be emailed',
    );
    expect(activityText(entry({ via: 'email', scheduled: true, to: ['ap@northwind.test'] }))).toBe(
      'Emailed by its recurring schedule',
    );
    // What people do reads as before.
    expect(activityText(entry({ via: 'manual' }))).toBe('Marked as issued');
    expect(activityText(entry({ via: 'email' }))).toBe('Sent by email');
    expect(activityText(entry({ via: 'email', again: true }))).toBe('Sent again');
  });
});
