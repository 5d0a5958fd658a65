import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { INVOICE_MESSAGES, RECEIPT_MESSAGES, toCents } from '@ledgerleaf/domain';
import { json, renderPage, stubFetch, stubSequence } from '../test/render';
import { invoiceDetail } from './test-fixtures';
import { PaymentModal, validatePayment } from './payment-modal';

afterEach(() => vi.unstubAllGlobals());

const invoice = { id: 11, invoice_number: 'INV-2026-0001', balance_due: 400, client: { email: 'billing@acme.test' } };

const recorded = () => ({
  data: {
    id: 5,
    payment_id: 5,
    invoice_id: 11,
    amount: 400,
    payment_date: '2026-11-22',
    method: 'bank_transfer',
    reference: null,
    note: null,
    created_at: '2026-11-22T10:00:00Z',
  },
  invoice: invoiceDetail({ status: 'paid', amount_paid: 1000, balance_due: 0 }),
  message: INVOICE_MESSAGES.paymentRecorded,
});
const paid = () => json(201, recorded());

describe('payment modal', () => {
  it('defaults to the balance and refuses more than the balance with the domain message', () => {
    const values = {
      payment_date: '2026-11-22',
      method: 'cash',
      reference: '',
      note: '',
      send_receipt: false,
    } as const;
    expect(validatePayment({ ...values, amount: 400.01 }, 400).amount).toBe(
      INVOICE_MESSAGES.paymentMoreThanBalance(toCents(400)),
    );
    expect(validatePayment({ ...values, amount: 400 }, 400)).toEqual({});
    expect(validatePayment({ ...values, amount: '', payment_date: '' }, 400).amount).toBe(
      INVOICE_MESSAGES.paymentAmountRequired,
    );
  });

  it('says before saving that more than the balance records the balance, and records the balance', async () => {
    const calls = stubFetch({ 'POST /api/invoices/11/payments': paid() });
    const { user } = renderPage(<PaymentModal opened onClose={() => {}} invoice={invoice} onRecorded={() => {}} />);
    const amount = await screen.findByRole('textbox', { name: /^Amount/ });
    expect(amount).toHaveValue('$400.00');
    expect(screen.queryByTestId('payment-capped')).not.toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '999');
    await user.tab();
    // Not silently reduced: what was typed stays, and the form says what will be recorded.
    expect(amount).toHaveValue('$999.00');
    expect(screen.getByRole('status')).toHaveTextContent('The balance is $400.00: $400.00 will be recorded.');
    expect(amount).toHaveAccessibleDescription('The balance is $400.00: $400.00 will be recorded.');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect((calls.find((call) => call.method === 'POST')!.body as { amount: number }).amount).toBe(400);
    await user.clear(amount);
    await user.type(amount, '150');
    expect(screen.queryByTestId('payment-capped')).not.toBeInTheDocument();
  });

  it('says so at once for a pasted amount too (the box gives "5000.00" as text while it shows two decimals)', async () => {
    stubFetch({});
    renderPage(<PaymentModal opened onClose={() => {}} invoice={invoice} onRecorded={() => {}} />);
    const amount = await screen.findByRole('textbox', { name: /^Amount/ });
    fireEvent.input(amount, { target: { value: '5000' } });
    expect(screen.getByRole('status')).toHaveTextContent('The balance is $400.00: $400.00 will be recorded.');
  });

  it('sends one Idempotency-Key per opening and reuses it when the same submission is retried', async () => {
    const { keys, bodies } = stubSequence(
      (url) => url.includes('/payments'),
      [() => Promise.reject(new TypeError('Failed to fetch')), paid],
    );
    const onRecorded = vi.fn();
    const { user } = renderPage(<PaymentModal opened onClose={() => {}} invoice={invoice} onRecorded={onRecorded} />);
    const dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(keys).toHaveLength(1));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(onRecorded).toHaveBeenCalledTimes(1));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(bodies[1]).toEqual(bodies[0]);
    expect(onRecorded.mock.calls[0]![0].data.payment_id).toBe(5);
  });

  it('a changed submission after a refusal gets a new key; the 422 lands under the field', async () => {
    const { keys } = stubSequence(
      (url) => url.includes('/payments'),
      [() => json(422, { message: 'The given data was invalid.', errors: { reference: ['Bad reference'] } }), paid],
    );
    const { user } = renderPage(<PaymentModal opened onClose={() => {}} invoice={invoice} onRecorded={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reference' }), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('Bad reference')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reference' }), 'y');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('emails a receipt by default when the client has an email, sends the choice, and toasts the outcome', async () => {
    const calls = stubFetch({
      'POST /api/invoices/11/payments': (call) =>
        json(201, {
          ...recorded(),
          ...((call.body as { send_receipt: boolean }).send_receipt && {
            receipt: {
              sent: true,
              to: ['ann@acme.test'],
              email_id: 3,
              message: RECEIPT_MESSAGES.sent(['ann@acme.test']),
            },
          }),
        }),
    });
    const onRecorded = vi.fn();
    const { user } = renderPage(<PaymentModal opened onClose={() => {}} invoice={invoice} onRecorded={onRecorded} />);
    const dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    const checkbox = within(dialog).getByRole('checkbox', { name: 'Email a receipt to the client' });
    expect(checkbox).toBeChecked();
    expect(checkbox).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ amount: 400, send_receipt: true }),
    );
    // The receipt's outcome goes to the caller, whose one toast says it with the payment (issue 11).
    await waitFor(() =>
      expect(onRecorded).toHaveBeenCalledWith(
        expect.objectContaining({ receipt: expect.objectContaining({ sent: true, to: ['ann@acme.test'] }) }),
      ),
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('sends send_receipt false when the box is cleared', async () => {
    const calls = stubFetch({ 'POST /api/invoices/11/payments': paid() });
    const { user } = renderPage(<PaymentModal opened onClose={() => {}} invoice={invoice} onRecorded={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Email a receipt to the client' }));
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ send_receipt: false }),
    );
  });

  it('offers no receipt for a client without an email address, saying why', async () => {
    const calls = stubFetch({ 'POST /api/invoices/11/payments': paid() });
    const { user } = renderPage(
      <PaymentModal
        opened
        onClose={() => {}}
        invoice={{ ...invoice, client: { email: null } }}
        onRecorded={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    const checkbox = within(dialog).getByRole('checkbox', { name: 'Email a receipt to the client' });
    expect(checkbox).not.toBeChecked();
    expect(checkbox).toBeDisabled();
    expect(within(dialog).getByText(/The client has no email address/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ send_receipt: false }),
    );
  });

  it("offers the receipt when only the client's contacts have an email (where the server sends it)", async () => {
    renderPage(
      <PaymentModal
        opened
        onClose={() => {}}
        invoice={{ ...invoice, client: { email: null, recipients: ['ap@acme.test'] } }}
        onRecorded={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    const checkbox = within(dialog).getByRole('checkbox', { name: 'Email a receipt to the client' });
    expect(checkbox).toBeChecked();
    expect(checkbox).toBeEnabled();
  });

  it('hands a receipt that could not be sent to the caller (its toast warns)', async () => {
    const onRecorded = vi.fn();
    stubFetch({
      'POST /api/invoices/11/payments': json(201, {
        ...recorded(),
        receipt: { sent: false, to: ['ann@acme.test'], email_id: 3, message: RECEIPT_MESSAGES.failed },
      }),
    });
    const { user } = renderPage(<PaymentModal opened onClose={() => {}} invoice={invoice} onRecorded={onRecorded} />);
    const dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(onRecorded).toHaveBeenCalledTimes(1));
    expect(onRecorded.mock.calls[0]![0]).toMatchObject({ receipt: { sent: false, message: RECEIPT_MESSAGES.failed } });
  });
});
