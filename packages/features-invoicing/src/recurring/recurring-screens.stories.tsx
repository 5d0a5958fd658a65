import type { Meta, StoryObj } from '@storybook/react-vite';
import { screen, userEvent } from 'storybook/test';
import {
  RECURRING_MESSAGES,
  type RecurringInvoice,
  type RecurringListItem,
  type RecurringPage,
} from '@ledgerleaf/domain';
import { fail, invalid, ok, pending, screenStory, serverError, type StoryApi } from '@ledgerleaf/storybook-harness';
import { editorApi, taxedInvoice } from '../stories/canned';
import { RecurringCreatePage } from './recurring-editor';
import { RecurringConfigPage } from './recurring-config-page';
import { RecurringDetailPage } from './recurring-detail-page';
import { RecurringInvoicesPage } from './recurring-invoices-page';

const meta = {
  title: 'Invoicing/Screens/Recurring invoices',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const item = (overrides: Partial<RecurringListItem>): RecurringListItem => ({
  id: 3,
  status: 'active',
  client: { id: 1, name: 'Acme Corp' },
  frequency: 'monthly',
  interval: 1,
  total: 1034.31,
  auto_send: true,
  next_run_date: '2026-12-01',
  generated_count: 4,
  remaining_count: 8,
  created_at: '2026-08-01T10:00:00Z',
  ...overrides,
});
const recurringPage = (data: RecurringListItem[]): RecurringPage => ({
  data,
  meta: { page: 1, per_page: 25, total: data.length, last_page: 1 },
});

const rows = [
  item({}),
  item({
    id: 4,
    client: { id: 2, name: 'Birch Studio' },
    frequency: 'weekly',
    interval: 2,
    total: 240,
    auto_send: false,
    next_run_date: '2026-11-28',
    generated_count: 12,
    remaining_count: null,
  }),
  item({
    id: 5,
    client: { id: 3, name: 'Cedar & Co' },
    status: 'paused',
    frequency: 'yearly',
    total: 2900,
    next_run_date: '2027-01-15',
    generated_count: 1,
    remaining_count: null,
  }),
  item({
    id: 6,
    client: { id: 4, name: 'Delta Freight' },
    status: 'finished',
    total: 500,
    next_run_date: null,
    generated_count: 6,
    remaining_count: 0,
  }),
];

/** A monthly template built from the invoice fixture's lines and totals. */
function recurring(overrides: Partial<RecurringInvoice> = {}): RecurringInvoice {
  const invoice = taxedInvoice();
  return {
    id: 3,
    status: 'active',
    client: invoice.client,
    lines: invoice.lines,
    discount_type: invoice.discount_type,
    discount_value: invoice.discount_value,
    totals: invoice.totals,
    notes: invoice.notes,
    terms: invoice.terms,
    frequency: 'monthly',
    interval: 1,
    day_of_month: 1,
    start_date: '2026-08-01',
    end_type: 'after_count',
    end_date: null,
    end_count: 12,
    payment_terms_days: 30,
    auto_send: true,
    next_run_date: '2026-12-01',
    upcoming: ['2026-12-01', '2027-01-01', '2027-02-01', '2027-03-01', '2027-04-01'],
    generated_count: 4,
    remaining_count: 8,
    last_run_at: '2026-11-01T09:00:00Z',
    last_error: null,
    invoices: [
      {
        id: 31,
        invoice_number: 'INV-2026-0031',
        period: '2026-11-01',
        status: 'sent',
        total: 1034.31,
        created_at: '2026-11-01T09:00:00Z',
      },
      {
        id: 27,
        invoice_number: 'INV-2026-0027',
        period: '2026-10-01',
        status: 'paid',
        total: 1034.31,
        created_at: '2026-10-01T09:00:00Z',
      },
      {
        id: 22,
        invoice_number: 'INV-2026-0022',
        period: '2026-09-01',
        status: 'paid',
        total: 1034.31,
        created_at: '2026-09-01T09:00:00Z',
      },
      {
        id: 18,
        invoice_number: 'INV-2026-0018',
        period: '2026-08-01',
        status: 'paid',
        total: 1034.31,
        created_at: '2026-08-01T09:00:00Z',
      },
    ],
    created_at: '2026-08-01T08:00:00Z',
    updated_at: '2026-11-01T09:00:00Z',
    ...overrides,
  };
}

const config = {
  send_time: '09:00',
  time_zone: 'America/Los_Angeles',
  default_auto_send: true,
  missed_runs: 'catch_up',
};

// The list.
const list = (api: StoryApi, route = '/recurring-invoices') =>
  screenStory(<RecurringInvoicesPage />, { path: '/recurring-invoices', route, api });
export const List: Story = list({ 'GET /api/recurring-invoices': ok(recurringPage(rows)) });
export const ListLoading: Story = list({ 'GET /api/recurring-invoices': pending });
export const ListEmpty: Story = list({ 'GET /api/recurring-invoices': ok(recurringPage([])) });
export const ListPausedTabEmpty: Story = list(
  { 'GET /api/recurring-invoices': ok(recurringPage([])) },
  '/recurring-invoices?status=paused',
);
export const ListError: Story = list({ 'GET /api/recurring-invoices': serverError });

// The detail page.
const detail = (api: StoryApi, route = '/recurring-invoices/3') =>
  screenStory(<RecurringDetailPage />, {
    path: '/recurring-invoices/:id',
    route,
    api: { ...editorApi, 'GET /api/recurring-invoices/config': ok({ data: config }), ...api },
  });
export const Detail: Story = detail({ 'GET /api/recurring-invoices/3': ok({ data: recurring() }) });
export const DetailPaused: Story = detail({
  'GET /api/recurring-invoices/3': ok({ data: recurring({ status: 'paused', next_run_date: null, upcoming: [] }) }),
});
/** The last run failed: the reason in the schedule card. */
export const DetailLastRunFailed: Story = detail({
  'GET /api/recurring-invoices/3': ok({
    data: recurring({ last_error: 'The client has no email address, so the invoice was created but not sent.' }),
  }),
});
export const DetailNoInvoicesYet: Story = detail({
  'GET /api/recurring-invoices/3': ok({
    data: recurring({
      start_date: '2026-12-01',
      generated_count: 0,
      remaining_count: 12,
      last_run_at: null,
      invoices: [],
    }),
  }),
});
export const DetailLoading: Story = detail({ 'GET /api/recurring-invoices/3': pending });
export const DetailNotFound: Story = detail({
  'GET /api/recurring-invoices/3': fail(404, RECURRING_MESSAGES.notFound),
});

// The editor: the invoice editor without dates, plus the schedule and its next five dates.
const editorScreen = (api: StoryApi = {}) =>
  screenStory(<RecurringCreatePage />, {
    path: '/recurring-invoices/create',
    api: { ...editorApi, 'GET /api/recurring-invoices/config': ok({ data: config }), ...api },
  });
export const Create: Story = editorScreen();
export const Edit: Story = detail(
  { 'GET /api/recurring-invoices/3': ok({ data: recurring() }) },
  '/recurring-invoices/3?edit=1',
);
/** Saving with no client and no line, and the schedule's own messages. */
export const CreateValidationErrors: Story = {
  ...editorScreen(),
  play: async () => {
    await userEvent.clear(await screen.findByLabelText(/^Start date/));
    await userEvent.click(screen.getByRole('button', { name: 'Create recurring invoice' }));
  },
};
/** The server's 422 on a schedule field. */
export const EditServerErrors: Story = {
  ...detail(
    {
      'GET /api/recurring-invoices/3': ok({ data: recurring() }),
      'PUT /api/recurring-invoices/3': invalid({
        end_count: ['The schedule already created 4 invoices; the end count cannot be lower'],
      }),
    },
    '/recurring-invoices/3?edit=1',
  ),
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Save changes' }));
  },
};

// The business's recurring settings.
const configScreen = (api: StoryApi) =>
  screenStory(<RecurringConfigPage />, { path: '/recurring-invoices/config', api });
export const Config: Story = configScreen({ 'GET /api/recurring-invoices/config': ok({ data: config }) });
export const ConfigLoading: Story = configScreen({ 'GET /api/recurring-invoices/config': pending });
export const ConfigLoadError: Story = configScreen({ 'GET /api/recurring-invoices/config': serverError });
export const ConfigServerErrors: Story = {
  ...configScreen({
    'GET /api/recurring-invoices/config': ok({ data: config }),
    'PUT /api/recurring-invoices/config': invalid({ send_time: [RECURRING_MESSAGES.sendTimeInvalid] }),
  }),
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Save settings' }));
  },
};
