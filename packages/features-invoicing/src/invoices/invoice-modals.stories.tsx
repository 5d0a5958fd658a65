import type { Meta, StoryObj } from '@storybook/react-vite';
import { screen, userEvent, within } from 'storybook/test';
import { INVOICE_MESSAGES, toCents } from '@ledgerleaf/domain';
import { fail, invalid, screenStory, type StoryApi } from '@ledgerleaf/storybook-harness';
import { PaymentModal } from './payment-modal';
import { SendModal } from './send-modal';

const meta = {
  title: 'Invoicing/Modals/Payment and send',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const noop = () => undefined;
const unpaid = { id: 11, invoice_number: 'INV-2026-0011', balance_due: 634.31, client: { email: 'billing@acme.test' } };

const payment = (api: StoryApi = {}) =>
  screenStory(<PaymentModal opened onClose={noop} invoice={unpaid} onRecorded={noop} />, {
    path: '/invoices/:id',
    route: '/invoices/11',
    api,
  });

/** Record payment: the balance due as the default amount, today, bank transfer. */
export const Payment: Story = payment();

/** Nothing typed in the amount: the domain's message under it, nothing sent. */
export const PaymentValidationErrors: Story = {
  ...payment(),
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    await userEvent.clear(within(dialog).getByRole('textbox', { name: /^Amount/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
  },
};

/** The server refuses (another payment was recorded meanwhile): its 422 under the amount. */
export const PaymentServerErrors: Story = {
  ...payment({
    'POST /api/invoices/11/payments': invalid({ amount: [INVOICE_MESSAGES.paymentMoreThanBalance(toCents(234.31))] }),
  }),
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Reference/ }), 'TX-2211');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
  },
};

/** The server could not be reached or failed: the alert, the form kept for a retry (same Idempotency-Key). */
export const PaymentFailed: Story = {
  ...payment({ 'POST /api/invoices/11/payments': fail(500, 'Server error') }),
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
  },
};

const send = (invoice: { status: string; email: string | null }, api: StoryApi = {}) =>
  screenStory(
    <SendModal
      opened
      onClose={noop}
      onSent={noop}
      invoice={{
        id: 11,
        invoice_number: invoice.status === 'draft' ? null : 'INV-2026-0011',
        status: invoice.status,
        client: { email: invoice.email },
      }}
    />,
    { path: '/invoices/:id', route: '/invoices/11', api },
  );

/** First send of a draft: it gets its number; the client's email as the recipient. */
export const SendDraft: Story = send({ status: 'draft', email: 'billing@acme.test' });
/** An issued invoice: "Send invoice again". */
export const SendAgain: Story = send({ status: 'sent', email: 'billing@acme.test' });

/** A client without an email: sending asks for a recipient. */
export const SendValidationErrors: Story = {
  ...send({ status: 'draft', email: null }),
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Send invoice' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
  },
};

/** Sending failed on the server (the mail transport): the alert, the form kept for a retry. */
export const SendFailed: Story = {
  ...send(
    { status: 'sent', email: 'billing@acme.test' },
    {
      'POST /api/invoices/11/send': fail(
        503,
        'The mail server did not answer, so the invoice was not sent. Please try again.',
      ),
    },
  ),
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Send invoice again' });
    await userEvent.type(within(dialog).getByLabelText(/^To/), 'accounts@acme.test{enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
  },
};
