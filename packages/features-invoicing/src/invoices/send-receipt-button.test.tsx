import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { RECEIPT_MESSAGES } from '@ledgerleaf/domain';
import { json, renderPage, stubFetch } from '../test/render';
import { activityText } from './activity-timeline';
import { SendReceiptButton } from './send-receipt-button';

afterEach(() => vi.unstubAllGlobals());

const invoice = { id: 11, client: { email: 'billing@acme.test' } };
const payment = { id: 5, amount: 400 };

describe('Send receipt on a payment row', () => {
  it('asks the server to email the receipt and toasts the recipients', async () => {
    const to = ['ann@acme.test', 'bob@acme.test'];
    const calls = stubFetch({
      'POST /api/invoices/11/payments/5/receipt': json(200, {
        data: { sent: true, to, email_id: 3, message: RECEIPT_MESSAGES.sent(to) },
        message: RECEIPT_MESSAGES.sent(to),
      }),
    });
    const { user } = renderPage(<SendReceiptButton invoice={invoice} payment={payment} />);
    await user.click(await screen.findByRole('button', { name: 'Send receipt for the payment of $400.00' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.path === '/api/invoices/11/payments/5/receipt')).toBe(
        true,
      ),
    );
    expect(await screen.findByText('Receipt emailed')).toBeInTheDocument();
    expect(screen.getByText('To ann@acme.test, bob@acme.test')).toBeInTheDocument();
  });

  it('shows the server’s reason when the receipt could not be sent', async () => {
    stubFetch({ 'POST /api/invoices/11/payments/5/receipt': json(502, { message: RECEIPT_MESSAGES.failed }) });
    const { user } = renderPage(<SendReceiptButton invoice={invoice} payment={payment} />);
    await user.click(await screen.findByRole('button', { name: 'Send receipt for the payment of $400.00' }));
    expect(await screen.findByText('Receipt not sent')).toBeInTheDocument();
    expect(screen.getByText(RECEIPT_MESSAGES.failed)).toBeInTheDocument();
  });

  it('is disabled, saying why, when the client has no email address', async () => {
    const calls = stubFetch({});
    renderPage(<SendReceiptButton invoice={{ ...invoice, client: { email: null } }} payment={payment} />);
    expect(await screen.findByRole('button', { name: 'Send receipt: the client has no email address' })).toBeDisabled();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});

describe('receipts on the timeline', () => {
  const entry = (event: string, data: Record<string, unknown>) => ({
    id: 1,
    event,
    user_id: 1,
    data,
    created_at: '2026-11-22T10:00:00Z',
  });

  it('reads who was emailed, or why not', () => {
    expect(activityText(entry('payment.receipt_sent', { amount: 400, to: ['ann@acme.test', 'bob@acme.test'] }))).toBe(
      'Receipt emailed to ann@acme.test, bob@acme.test ($400.00)',
    );
    expect(
      activityText(entry('payment.receipt_failed', { amount: 400, reason: 'The client has no email address.' })),
    ).toBe('Receipt could not be emailed ($400.00): The client has no email address.');
    expect(activityText(entry('payment.receipt_failed', {}))).toBe('Receipt could not be emailed');
  });

  it('never calls an email kept in the outbox sent, and says why an email was not delivered', () => {
    expect(
      activityText(entry('payment.receipt_sent', { amount: 400, to: ['ann@acme.test'], kept_in_outbox: true })),
    ).toBe('Receipt kept in the outbox, not emailed ($400.00): email is not set up');
    expect(activityText(entry('invoice.sent', { via: 'email', to: ['ann@acme.test'], kept_in_outbox: true }))).toBe(
      'Issued, not emailed: kept in the outbox (email is not set up)',
    );
    expect(activityText(entry('estimate.sent', { via: 'email', kept_in_outbox: true }))).toBe(
      'Issued, not emailed: kept in the outbox (email is not set up)',
    );
    expect(activityText(entry('invoice.reminder_sent', { offset_days: 3, kept_in_outbox: true }))).toBe(
      'Reminder kept in the outbox, not emailed (3 days after the due date): email is not set up',
    );
    expect(
      activityText(
        entry('invoice.email_failed', { email_subject: 'Invoice INV-1', reason: 'Invalid login: 535', attempts: 1 }),
      ),
    ).toBe('Email not delivered (Invoice INV-1): Invalid login: 535');
  });
});
