import type { Meta, StoryObj } from '@storybook/react-vite';
import type { OutboxEmailItem } from '@ledgerleaf/domain';
import { StoryApp, type StoryApi } from '@ledgerleaf/storybook-harness';
import { userEvent, within } from 'storybook/test';
import { InvoicesPage } from './invoices-page';
import { InvoiceDetailPage } from './invoice-detail-page';
import { invoiceDetail, invoiceItem, invoicePage } from './test-fixtures';

const meta = {
  title: 'Invoicing/Screens/Invoices',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const list = invoicePage(
  [
    invoiceItem(),
    invoiceItem({
      id: 12,
      invoice_number: 'INV-2026-0002',
      status: 'partial',
      client: { id: 2, name: 'Birch Studio' },
      total: 2400,
      amount_paid: 1000,
      balance_due: 1400,
    }),
    invoiceItem({
      id: 13,
      invoice_number: 'INV-2026-0003',
      status: 'overdue',
      client: { id: 3, name: 'Cedar & Co' },
      due_date: '2026-10-15',
      total: 560,
      balance_due: 560,
    }),
    invoiceItem({
      id: 14,
      invoice_number: 'INV-2026-0004',
      status: 'paid',
      client: { id: 1, name: 'Acme Corp' },
      total: 890,
      amount_paid: 890,
      balance_due: 0,
    }),
    invoiceItem({
      id: 15,
      invoice_number: null,
      status: 'draft',
      client: { id: 4, name: 'Delta Freight' },
      total: 120,
      balance_due: 120,
    }),
  ],
  { amount_paid: 1890, balance_due: 3169.38 },
);

const listScreen = (api: StoryApi) => ({
  render: () => (
    <StoryApp api={api} path="/invoices/all">
      <InvoicesPage />
    </StoryApp>
  ),
});

export const List: Story = listScreen({ 'GET /api/invoices': { status: 200, body: list } });
export const ListLoading: Story = listScreen({ 'GET /api/invoices': 'pending' });
export const ListEmpty: Story = listScreen({ 'GET /api/invoices': { status: 200, body: invoicePage([]) } });
export const ListError: Story = listScreen({ 'GET /api/invoices': { status: 500, body: { message: 'Server error' } } });

const detail = invoiceDetail({
  status: 'partial',
  amount_paid: 400,
  balance_due: 600,
  payments: [
    {
      id: 5,
      payment_id: 5,
      invoice_id: 11,
      amount: 400,
      payment_date: '2026-11-20',
      method: 'bank_transfer',
      reference: 'TX-118',
      note: null,
      created_at: '2026-11-20T15:04:00Z',
    },
  ],
  activity: [
    { id: 3, event: 'payment.recorded', user_id: 1, data: { amount: 400 }, created_at: '2026-11-20T15:04:00Z' },
    { id: 2, event: 'invoice.sent', user_id: 1, data: { via: 'email' }, created_at: '2026-11-01T10:30:00Z' },
    { id: 1, event: 'invoice.created', user_id: 1, data: {}, created_at: '2026-11-01T10:00:00Z' },
  ],
});

const detailScreen = (api: StoryApi) => ({
  render: () => (
    <StoryApp api={api} path="/invoices/:id" route="/invoices/11">
      <InvoiceDetailPage />
    </StoryApp>
  ),
});

const sentEmail: OutboxEmailItem = {
  id: 7,
  to: ['billing@acme.test'],
  subject: 'Invoice INV-2026-0001 from Olive Bakery',
  text: 'Hello',
  category: 'invoice',
  transport: 'smtp',
  status: 'delivered',
  error: null,
  attempts: 1,
  attachments: [{ filename: 'INV-2026-0001.pdf', content_type: 'application/pdf', size: 48_000 }],
  created_at: '2026-11-01T10:30:00Z',
  sent_at: '2026-11-01T10:30:02Z',
};

export const Detail: Story = detailScreen({
  'GET /api/invoices/11': { status: 200, body: { data: detail } },
  'GET /api/invoices/11/emails': {
    status: 200,
    body: { data: [{ ...sentEmail, id: 8, category: 'receipt', subject: 'Payment received, thank you' }, sentEmail] },
  },
});

/** Email not set up: the invoice's emails were kept in the outbox, and the card says how to set email up. */
export const DetailKeptInOutbox: Story = detailScreen({
  'GET /api/invoices/11': { status: 200, body: { data: detail } },
  'GET /api/invoices/11/emails': {
    status: 200,
    body: { data: [{ ...sentEmail, transport: 'log', status: 'outbox', attempts: 0 }] },
  },
});
/** The emails card while its list loads, and when it fails. */
export const DetailEmailsLoading: Story = detailScreen({
  'GET /api/invoices/11': { status: 200, body: { data: detail } },
  'GET /api/invoices/11/emails': 'pending',
});
export const DetailEmailsError: Story = detailScreen({
  'GET /api/invoices/11': { status: 200, body: { data: detail } },
  'GET /api/invoices/11/emails': { status: 500, body: { message: 'Server error' } },
});
/** Two invoices selected: the bulk actions' toolbar (checked in the story's play function). */
export const ListWithSelection: Story = {
  ...listScreen({ 'GET /api/invoices': { status: 200, body: list } }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Select every invoice on this page' }));
  },
};
export const DetailNotFound: Story = detailScreen({
  'GET /api/invoices/11': { status: 404, body: { message: 'Not found.' } },
});
