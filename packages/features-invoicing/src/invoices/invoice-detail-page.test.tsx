import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { INVOICE_MESSAGES, RECEIPT_MESSAGES } from '@ledgerleaf/domain';
import { json, renderPage, stubFetch } from '../test/render';
import { goalItem, invoiceDetail } from './test-fixtures';
import { InvoiceDetailPage, paymentToast } from './invoice-detail-page';
import { PaymentRecordedProvider } from './payment-hooks';

afterEach(() => vi.unstubAllGlobals());

const payment = {
  id: 9,
  payment_id: 9,
  invoice_id: 11,
  amount: 1000,
  payment_date: '2026-11-22',
  method: 'cash',
  reference: null,
  note: null,
  created_at: '2026-11-22T10:00:00Z',
};

describe('invoice detail', () => {
  it('renders the invoice with the actions its status allows', async () => {
    stubFetch({
      'GET /api/invoices/11': json(200, {
        data: invoiceDetail({
          activity: [
            { id: 1, event: 'invoice.sent', user_id: 1, data: { via: 'email' }, created_at: '2026-11-01T10:00:00Z' },
          ],
        }),
      }),
    });
    const { user } = renderPage(<InvoiceDetailPage />, { path: '/invoices/:id', route: '/invoices/11' });
    expect(await screen.findByRole('heading', { level: 1, name: /Invoice INV-2026-0001/ })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Invoice lines' })).toHaveTextContent('Design work');
    expect(screen.getByTestId('balance-due')).toHaveTextContent('$1,000.00');
    expect(screen.getByText('Sent by email')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/invoices/11?edit=1');
    expect(screen.getByRole('button', { name: 'Send again' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Void' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Copy public link' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Mark as issued' })).not.toBeInTheDocument();
  });

  it('opens with the send dialog when the editor\'s "Save and send" asks for it, once (issue 27 item 14)', async () => {
    stubFetch({
      'GET /api/invoices/11': json(200, {
        data: invoiceDetail({ status: 'draft', invoice_number: null, balance_due: 0, public_url: null, sent_at: null }),
      }),
    });
    const { router } = renderPage(<InvoiceDetailPage />, { path: '/invoices/:id', route: '/invoices/11?send=1' });
    const dialog = await screen.findByRole('dialog', { name: 'Send invoice' });
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeInTheDocument();
    // The flag leaves the address: a reload does not open it again.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('dialog', { name: 'Send invoice' })).toBeInTheDocument();
  });

  it('a draft owes nothing: its balance is $0.00 and its document shows the total, no balance', async () => {
    stubFetch({
      'GET /api/invoices/11': json(200, {
        data: invoiceDetail({ status: 'draft', invoice_number: null, balance_due: 0, public_url: null, sent_at: null }),
      }),
    });
    renderPage(<InvoiceDetailPage />, { path: '/invoices/:id', route: '/invoices/11' });
    const totals = await screen.findByRole('group', { name: 'Invoice totals' });
    expect(totals).toHaveTextContent('Total$1,000.00');
    expect(totals).not.toHaveTextContent('Balance due');
    expect(screen.getByTestId('balance-due')).toHaveTextContent('$0.00');
    expect(screen.getByText('A draft owes nothing until it is sent.')).toBeInTheDocument();
  });

  it('names a draft by its client and date, never by its id, in the title, the questions and the toasts', async () => {
    stubFetch({
      'GET /api/invoices/11': json(200, {
        data: invoiceDetail({ status: 'draft', invoice_number: null, balance_due: 0, public_url: null, sent_at: null }),
      }),
      'DELETE /api/invoices/11': json(200, { message: 'Invoice deleted.' }),
    });
    const { user } = renderPage(<InvoiceDetailPage />, { path: '/invoices/:id', route: '/invoices/11' });
    expect(await screen.findByRole('heading', { level: 1, name: /^Draft invoice for Acme Corp/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete draft?' });
    expect(dialog).toHaveTextContent('Draft for Acme Corp, 11/01/26 will be deleted for good.');
    expect(document.body).not.toHaveTextContent('#11');
  });

  it('lists the emails the invoice went out with, each opening the full message under Settings', async () => {
    const email = {
      to: ['billing@acme.test'],
      text: 'Hello',
      category: 'invoice',
      attachments: [],
      created_at: '2026-11-01T10:00:00Z',
    };
    stubFetch({
      'GET /api/invoices/11': json(200, { data: invoiceDetail() }),
      'GET /api/invoices/11/emails': json(200, {
        data: [
          {
            ...email,
            id: 7,
            subject: 'Invoice INV-2026-0001 from Olive Bakery',
            transport: 'smtp',
            status: 'failed',
            error: 'Mailbox full',
            attempts: 3,
            sent_at: null,
          },
          { ...email, id: 6, subject: 'Reminder', transport: 'smtp', status: 'delivered', error: null, attempts: 1 },
          { ...email, id: 5, subject: 'First send', transport: 'log', status: 'outbox', error: null, attempts: 0 },
        ],
      }),
    });
    renderPage(<InvoiceDetailPage />, { path: '/invoices/:id', route: '/invoices/11' });
    const list = await screen.findByRole('list', { name: 'Emails' });
    expect(within(list).getByRole('link', { name: 'Invoice INV-2026-0001 from Olive Bakery' })).toHaveAttribute(
      'href',
      '/user/settings/emails?email=7',
    );
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Not delivered');
    expect(items[0]).toHaveTextContent('to billing@acme.test');
    expect(items[0]).toHaveTextContent('Not delivered after 3 attempts: Mailbox full');
    expect(items[1]).toHaveTextContent('Delivered');
    // Kept in the outbox (email is not set up) is never called sent; the card says how to set email up.
    expect(items[2]).toHaveTextContent('Kept in the outbox');
    expect(list).not.toHaveTextContent(/\bSent\b/);
    expect(screen.getByTestId('email-setup-hint')).toHaveTextContent('Not delivered: your client did not receive it.');
    expect(screen.getByRole('link', { name: 'Set up email delivery' })).toHaveAttribute(
      'href',
      '/user/settings?tab=email',
    );
  });

  it('shows the business block and the client’s postal address as the PDF and the public page print them', async () => {
    stubFetch({
      'GET /api/invoices/11': json(200, {
        data: invoiceDetail({
          parties: {
            from: { name: 'Olive Bakery', lines: ['12 Baker St', 'Springfield, IL 62701', 'Tax ID: US-12-3456'] },
            bill_to: { name: 'Acme Corp', lines: ['Attn: Ann Able', '100 Congress Ave', 'Austin, TX 78701'] },
          },
        }),
      }),
    });
    renderPage(<InvoiceDetailPage />, { path: '/invoices/:id', route: '/invoices/11' });
    const document = await screen.findByRole('article', { name: 'Invoice document' });
    for (const text of ['Olive Bakery', '12 Baker St', 'Tax ID: US-12-3456', 'Attn: Ann Able', 'Austin, TX 78701'])
      expect(document).toHaveTextContent(text);
  });

  it('says when the invoice has no email yet', async () => {
    stubFetch({
      'GET /api/invoices/11': json(200, { data: invoiceDetail() }),
      'GET /api/invoices/11/emails': json(200, { data: [] }),
    });
    renderPage(<InvoiceDetailPage />, { path: '/invoices/:id', route: '/invoices/11' });
    expect(await screen.findByText('No email has been sent for this invoice yet.')).toBeInTheDocument();
  });

  it('a paid invoice can no longer be edited or paid', async () => {
    stubFetch({
      'GET /api/invoices/11': json(200, {
        data: invoiceDetail({ status: 'paid', amount_paid: 1000, balance_due: 0, payments: [payment as never] }),
      }),
    });
    renderPage(<InvoiceDetailPage />, { path: '/invoices/:id', route: '/invoices/11' });
    expect(await screen.findByRole('table', { name: 'Payments' })).toHaveTextContent('$1,000.00');
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record payment' })).not.toBeInTheDocument();
  });

  it('after a payment, hands payment_id to the onPaymentRecorded hook point', async () => {
    const onPaymentRecorded = vi.fn();
    stubFetch({
      'GET /api/invoices/11': json(200, { data: invoiceDetail() }),
      'POST /api/invoices/11/payments': json(201, {
        data: payment,
        invoice: invoiceDetail({ status: 'paid', balance_due: 0 }),
        message: INVOICE_MESSAGES.paymentRecorded,
      }),
    });
    const { user } = renderPage(
      <PaymentRecordedProvider onPaymentRecorded={onPaymentRecorded}>
        <InvoiceDetailPage />
      </PaymentRecordedProvider>,
      { path: '/invoices/:id', route: '/invoices/11' },
    );
    await user.click((await screen.findAllByRole('button', { name: 'Record payment' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() =>
      expect(onPaymentRecorded).toHaveBeenCalledWith({
        invoice_id: 11,
        invoice_number: 'INV-2026-0001',
        payment_id: 9,
        payment_amount: 1000,
      }),
    );
  });

  it('says a payment and its emailed receipt in one toast (issue 11: one toast per action)', async () => {
    stubFetch({
      'GET /api/invoices/11': json(200, { data: invoiceDetail() }),
      'POST /api/invoices/11/payments': json(201, {
        data: payment,
        invoice: invoiceDetail({ status: 'paid', balance_due: 0 }),
        message: INVOICE_MESSAGES.paymentRecorded,
        receipt: { sent: true, to: ['ann@acme.test'], email_id: 3, message: RECEIPT_MESSAGES.sent(['ann@acme.test']) },
      }),
    });
    const { user } = renderPage(<InvoiceDetailPage />, { path: '/invoices/:id', route: '/invoices/11' });
    await user.click((await screen.findAllByRole('button', { name: 'Record payment' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    const toast = await screen.findByRole('status');
    expect(toast).toHaveTextContent(INVOICE_MESSAGES.paymentRecorded);
    expect(toast).toHaveTextContent('$1,000.00 on INV-2026-0001. Receipt emailed to ann@acme.test.');
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it('says a receipt kept in the outbox was not sent (email is not set up)', () => {
    const message = RECEIPT_MESSAGES.keptInOutbox(['ann@acme.test']);
    expect(
      paymentToast({
        data: { ...payment, method: 'cash' as const },
        invoice: invoiceDetail({ status: 'paid', balance_due: 0 }),
        message: INVOICE_MESSAGES.paymentRecorded,
        receipt: { sent: false, to: ['ann@acme.test'], email_id: 3, delivery: 'outbox', message },
      }),
    ).toMatchObject({
      severity: 'warn',
      summary: 'Payment recorded, receipt not sent',
      detail: `$1,000.00 on INV-2026-0001. ${message}`,
    });
  });

  it('the payment toast: one id per payment, a warning that stays when the receipt failed', () => {
    const response = {
      data: { ...payment, method: 'cash' as const },
      invoice: invoiceDetail({ status: 'paid', balance_due: 0 }),
      message: INVOICE_MESSAGES.paymentRecorded,
    };
    expect(paymentToast(response)).toEqual({
      id: 'payment-9',
      severity: 'success',
      summary: INVOICE_MESSAGES.paymentRecorded,
      detail: '$1,000.00 on INV-2026-0001',
    });
    expect(
      paymentToast({
        ...response,
        receipt: { sent: false, to: ['ann@acme.test'], email_id: 3, message: RECEIPT_MESSAGES.failed },
      }),
    ).toEqual({
      id: 'payment-9',
      severity: 'warn',
      summary: 'Payment recorded, receipt not sent',
      detail: `$1,000.00 on INV-2026-0001. ${RECEIPT_MESSAGES.failed}`,
      timeout: false,
    });
  });

  it('offers "Allocate to goals" on each payment row, handing the payment to the app (issue 11)', async () => {
    const onAllocatePayment = vi.fn();
    stubFetch({
      'GET /api/invoices/11': json(200, {
        data: invoiceDetail({
          status: 'partial',
          amount_paid: 1000,
          balance_due: 500,
          payments: [{ ...payment, method: 'cash' }],
        }),
      }),
    });
    const { user } = renderPage(
      <PaymentRecordedProvider onPaymentRecorded={vi.fn()} onAllocatePayment={onAllocatePayment}>
        <InvoiceDetailPage />
      </PaymentRecordedProvider>,
      { path: '/invoices/:id', route: '/invoices/11' },
    );
    const payments = await screen.findByRole('table', { name: 'Payments' });
    await user.click(within(payments).getByRole('button', { name: 'Allocate payment of $1,000.00 to goals' }));
    expect(onAllocatePayment).toHaveBeenCalledWith({
      invoice_id: 11,
      invoice_number: 'INV-2026-0001',
      payment_id: 9,
      payment_amount: 1000,
    });
  });

  it('offers no allocation without the goals area', async () => {
    stubFetch({
      'GET /api/invoices/11': json(200, {
        data: invoiceDetail({
          status: 'partial',
          amount_paid: 1000,
          balance_due: 500,
          payments: [{ ...payment, method: 'cash' }],
        }),
      }),
    });
    renderPage(<InvoiceDetailPage />, { path: '/invoices/:id', route: '/invoices/11' });
    const payments = await screen.findByRole('table', { name: 'Payments' });
    expect(within(payments).queryByRole('button', { name: /to goals/ })).not.toBeInTheDocument();
  });

  it('shows the linked goal and where the invoice came from, each a link', async () => {
    stubFetch({
      'GET /api/invoices/11': json(200, {
        data: invoiceDetail({
          goal_id: 5,
          estimate_id: 3,
          estimate_number: 'EST-2026-0003',
          recurring_invoice_id: 4,
          recurring_period: '2026-11-01',
        }),
      }),
      'GET /api/goals/5': json(200, { data: goalItem({ id: 5, title: 'New van' }) }),
    });
    renderPage(<InvoiceDetailPage />, { path: '/invoices/:id', route: '/invoices/11' });
    // The goal's title comes with a second request, after the invoice's.
    expect(await screen.findByRole('link', { name: 'New van' }, { timeout: 5000 })).toHaveAttribute('href', '/goals/5');
    expect(screen.getByRole('link', { name: 'EST-2026-0003' })).toHaveAttribute('href', '/estimates/3');
    expect(screen.getByText('Created from estimate')).toBeInTheDocument();
    expect(screen.getByText('From recurring invoice')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Run of / })).toHaveAttribute('href', '/recurring-invoices/4');
  });

  it('an invoice made by hand without a goal shows no links', async () => {
    stubFetch({ 'GET /api/invoices/11': json(200, { data: invoiceDetail() }) });
    renderPage(<InvoiceDetailPage />, { path: '/invoices/:id', route: '/invoices/11' });
    expect(await screen.findByRole('heading', { level: 1, name: /Invoice INV-2026-0001/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Linked' })).not.toBeInTheDocument();
    expect(screen.queryByText('Created from estimate')).not.toBeInTheDocument();
  });

  it('says when the invoice does not exist', async () => {
    stubFetch({ 'GET /api/invoices/99': json(404, { message: INVOICE_MESSAGES.notFound }) });
    renderPage(<InvoiceDetailPage />, { path: '/invoices/:id', route: '/invoices/99' });
    expect(await screen.findByRole('heading', { level: 1, name: INVOICE_MESSAGES.notFound })).toBeInTheDocument();
  });
});

describe('invoice detail for the read-only role', () => {
  const partial = () =>
    invoiceDetail({
      status: 'partial',
      amount_paid: 400,
      balance_due: 600,
      payments: [{ ...payment, amount: 400 } as never],
    });

  it('shows the invoice, its balance and payments, and only the actions that read', async () => {
    stubFetch({ 'GET /api/invoices/11': json(200, { data: partial() }) });
    const { user } = renderPage(<InvoiceDetailPage />, {
      path: '/invoices/:id',
      route: '/invoices/11',
      roles: 'accountant',
    });
    expect(await screen.findByRole('heading', { level: 1, name: /Invoice INV-2026-0001/ })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Invoice lines' })).toHaveTextContent('Design work');
    expect(screen.getByTestId('balance-due')).toHaveTextContent('$600.00');
    expect(screen.getByRole('table', { name: 'Payments' })).toHaveTextContent('$400.00');
    for (const name of ['Record payment', 'Send again', 'Add', /^Delete payment/, /^Send receipt/])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Download PDF' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Preview PDF' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Copy public link' })).toBeInTheDocument();
    for (const name of ['Duplicate', 'Void', 'Delete', 'Mark as issued'])
      expect(screen.queryByRole('menuitem', { name })).not.toBeInTheDocument();
  });

  it('opens the invoice, not its editor, from an edit link', async () => {
    stubFetch({
      'GET /api/invoices/11': json(200, { data: invoiceDetail({ status: 'draft', invoice_number: null }) }),
    });
    renderPage(<InvoiceDetailPage />, { path: '/invoices/:id', route: '/invoices/11?edit=1', roles: ['accountant'] });
    expect(await screen.findByRole('heading', { level: 1, name: /Draft invoice/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Edit draft invoice' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
  });
});
