import type { Meta, StoryObj } from '@storybook/react-vite';
import { fail, ok, pending, screenStory, serverError, type StoryApi } from '@ledgerleaf/storybook-harness';
import { publicInvoiceOf, taxedInvoice } from '../stories/canned';
import { PublicInvoicePage } from './public-invoice-page';

const meta = {
  title: 'Invoicing/Screens/Public invoice',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** `/i/:token`: what the client opens from the email, signed out. */
const page = (api: StoryApi, token = 'tok') =>
  screenStory(<PublicInvoicePage />, { path: '/i/:token', route: `/i/${token}`, user: null, api });

const invoice = taxedInvoice();

export const Unpaid: Story = page({ 'GET /api/public/invoices/tok': ok({ data: publicInvoiceOf(invoice) }) });
export const PartlyPaid: Story = page({
  'GET /api/public/invoices/tok': ok({
    data: publicInvoiceOf(
      taxedInvoice({
        status: 'partial',
        amount_paid: 400,
        balance_due: 634.31,
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
      }),
    ),
  }),
});
export const Paid: Story = page({
  'GET /api/public/invoices/tok': ok({
    data: publicInvoiceOf(
      taxedInvoice({
        status: 'paid',
        amount_paid: 1034.31,
        balance_due: 0,
        payments: [
          {
            id: 5,
            payment_id: 5,
            invoice_id: 11,
            amount: 1034.31,
            payment_date: '2026-11-20',
            method: 'card',
            reference: null,
            note: null,
            created_at: '2026-11-20T15:04:00Z',
          },
        ],
      }),
    ),
  }),
});
export const Overdue: Story = page({
  'GET /api/public/invoices/tok': ok({
    data: publicInvoiceOf(taxedInvoice({ status: 'overdue', due_date: '2026-10-15' })),
  }),
});
export const Void: Story = page({
  'GET /api/public/invoices/tok': ok({
    data: publicInvoiceOf(taxedInvoice({ status: 'void', voided_at: '2026-11-05T09:00:00Z' })),
  }),
});
export const Loading: Story = page({ 'GET /api/public/invoices/tok': pending });
/** A mistyped or withdrawn link: the 404 page. */
export const NotFound: Story = page({ 'GET /api/public/invoices/nope': fail(404, 'Invoice not found.') }, 'nope');
export const LoadError: Story = page({ 'GET /api/public/invoices/tok': serverError });
