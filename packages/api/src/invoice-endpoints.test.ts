import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchInvoicePdf, invoiceApi } from './invoice-endpoints';
import { estimateApi } from './estimate-endpoints';
import { makeStore } from './store';
import { json, stubFetch } from './test-utils';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const page = {
  data: [],
  meta: { page: 1, per_page: 25, total: 0, last_page: 1 },
  summary: {
    count: 0,
    total: 0,
    amount_paid: 0,
    balance_due: 0,
    draft_count: 0,
    draft_total: 0,
    void_count: 0,
    void_total: 0,
  },
};

describe('invoice endpoints', () => {
  it('lists with the query string, and a payment sends its Idempotency-Key and refreshes the list', async () => {
    const { calls } = stubFetch({
      'GET /api/invoices': json(200, page),
      'POST /api/invoices/5/payments': json(201, { data: { id: 9, payment_id: 9 }, invoice: { id: 5 } }),
    });
    const store = makeStore();
    const subscription = store.dispatch(
      invoiceApi.endpoints.listInvoices.initiate({ status: 'overdue', search: 'acme', page: 2 }),
    );
    await subscription;
    expect(new URL(calls[0]!.url).search).toBe('?status=overdue&search=acme&page=2');
    const result = await store.dispatch(
      invoiceApi.endpoints.recordPayment.initiate({
        invoiceId: 5,
        body: { amount: 10, payment_date: '2026-11-22', method: 'cash' },
        idempotencyKey: 'key-1',
      }),
    );
    expect(result.data?.data.payment_id).toBe(9);
    const payment = calls.find((call) => call.method === 'POST')!;
    expect(payment.headers.get('Idempotency-Key')).toBe('key-1');
    expect(payment.body).toEqual({ amount: 10, payment_date: '2026-11-22', method: 'cash' });
    await vi.waitFor(() => expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2));
    subscription.unsubscribe();
  });

  it('sends an invoice with its Idempotency-Key when given one, and without the header otherwise', async () => {
    const sent = {
      data: { id: 5 },
      email: { id: 1, to: ['a@b.test'], subject: 'Invoice', transport: 'log' },
      message: 'Sent',
    };
    const { calls } = stubFetch({ 'POST /api/invoices/5/send': json(200, sent) });
    const store = makeStore();
    await store.dispatch(
      invoiceApi.endpoints.sendInvoice.initiate({ id: 5, body: { to: ['a@b.test'] }, idempotencyKey: 'send-1' }),
    );
    await store.dispatch(invoiceApi.endpoints.sendInvoice.initiate({ id: 5 }));
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts[0]!.headers.get('Idempotency-Key')).toBe('send-1');
    expect(posts[0]!.body).toEqual({ to: ['a@b.test'] });
    expect(posts[1]!.headers.get('Idempotency-Key')).toBeNull();
    expect(posts[1]!.body).toEqual({});
  });

  it('sends a payment receipt with its Idempotency-Key and reads one outbox message', async () => {
    const receipt = {
      data: { sent: true, to: ['a@b.test'], email_id: 3, message: 'Receipt emailed to a@b.test.' },
      message: 'Receipt emailed to a@b.test.',
    };
    const message = {
      id: 3,
      to: ['a@b.test'],
      subject: 'Receipt',
      text: 'Thanks',
      html: '<p>Thanks</p>',
      category: 'receipt',
      transport: 'log',
      status: 'sent',
      error: null,
      attachments: [],
      created_at: '2026-11-22T10:00:00Z',
      sent_at: null,
    };
    const { calls } = stubFetch({
      'POST /api/invoices/5/payments/9/receipt': json(200, receipt),
      'GET /api/outbox/3': json(200, { data: message }),
    });
    const store = makeStore();
    const sent = await store.dispatch(
      invoiceApi.endpoints.sendPaymentReceipt.initiate({ invoiceId: 5, paymentId: 9, idempotencyKey: 'receipt-1' }),
    );
    expect(sent.data?.data.to).toEqual(['a@b.test']);
    expect(calls[calls.length - 1]!.headers.get('Idempotency-Key')).toBe('receipt-1');
    const read = await store.dispatch(invoiceApi.endpoints.getOutboxEmail.initiate(3));
    expect(read.data?.html).toBe('<p>Thanks</p>');
  });

  it('fetches the PDF as a blob with the bearer token and the file name of the answer', async () => {
    localStorage.setItem('token', 'tok');
    const { calls } = stubFetch({
      'GET /api/invoices/5/pdf': () =>
        new Response('%PDF-1.7', {
          status: 200,
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="INV-2026-0001.pdf"',
          },
        }),
    });
    const { blob, filename } = await fetchInvoicePdf(5);
    expect(filename).toBe('INV-2026-0001.pdf');
    expect(blob.size).toBe(8);
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer tok');
    await expect(fetchInvoicePdf(6)).rejects.toThrow('Invoice not found.');
  });
});

describe('issuing without email (issue 29 item 6: "send" means email)', () => {
  it('issueInvoice and issueEstimate call the /issue routes; a create asks with issue: true', async () => {
    const invoice = { id: 11, invoice_number: 'INV-2026-0003', status: 'sent' };
    const estimate = { id: 5, estimate_number: 'EST-2026-0006', status: 'sent' };
    const { calls } = stubFetch({
      'POST /api/invoices/11/issue': json(200, { data: invoice, message: 'Invoice marked as issued.' }),
      'POST /api/estimates/5/issue': json(200, { data: estimate, message: 'Estimate marked as issued.' }),
      'POST /api/invoices': json(201, { data: invoice, message: 'Invoice marked as issued.' }),
    });
    const store = makeStore();
    expect((await store.dispatch(invoiceApi.endpoints.issueInvoice.initiate(11))).data).toEqual(invoice);
    expect((await store.dispatch(estimateApi.endpoints.issueEstimate.initiate(5))).data).toEqual(estimate);
    const body = { client_id: 1, issue_date: '2026-11-01', due_date: '2026-12-01', lines: [], issue: true };
    await store.dispatch(invoiceApi.endpoints.createInvoice.initiate(body));
    expect(calls.map((call) => `${call.method} ${new URL(call.url).pathname}`)).toEqual([
      'POST /api/invoices/11/issue',
      'POST /api/estimates/5/issue',
      'POST /api/invoices',
    ]);
    expect(calls[2]!.body).toMatchObject({ issue: true });
    expect(calls[2]!.body).not.toHaveProperty('send');
  });
});
