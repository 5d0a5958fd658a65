import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECEIPT_MESSAGES, addCalendarDays, utcCalendarDate } from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../../test/harness';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/smtp';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response fields
type Json = Record<string, any>;

const today = () => utcCalendarDate(new Date());
/** `03/20/26`: the payment date as the receipt template prints it. */
const shortToday = () => `${today().slice(5, 7)}/${today().slice(8, 10)}/${today().slice(2, 4)}`;

interface Tenant {
  token: string;
  client: number;
  bareClient: number;
}

async function setUp(t: TestApp, email: string, business: string): Promise<Tenant> {
  const { token } = await t.register({ email, business_name: business });
  const client = (
    await t.post(
      '/api/clients',
      {
        name: '<b>Acme</b> & Sons',
        email: 'ap@acme.test',
        contacts: [
          { name: 'Bob Builder', email: 'bob@acme.test' },
          { name: 'Ann Able', email: 'ann@acme.test', is_primary: true },
        ],
      },
      { token },
    )
  ).json().data.id as number;
  const bareClient = (await t.post('/api/clients', { name: 'No Mail Co' }, { token })).json().data.id as number;
  return { token, client, bareClient };
}

/** An issued invoice of `total` (no tax) for `clientId`. */
async function issued(t: TestApp, tenant: Tenant, total = 100, clientId = tenant.client): Promise<Json> {
  const response = await t.post(
    '/api/invoices',
    {
      client_id: clientId,
      issue_date: today(),
      due_date: addCalendarDays(today(), 30),
      lines: [{ description: 'Work', quantity: 1, unit_price: total }],
      send: true,
    },
    { token: tenant.token },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Json;
}

const pay = (
  t: TestApp,
  tenant: Tenant,
  invoiceId: number,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  t.post(
    `/api/invoices/${invoiceId}/payments`,
    { amount: 40, payment_date: today(), method: 'bank_transfer', ...body },
    { token: tenant.token, headers },
  );

async function activity(t: TestApp, tenant: Tenant, invoiceId: number): Promise<Array<{ event: string; data: Json }>> {
  return (await t.get(`/api/invoices/${invoiceId}/activity`, { token: tenant.token })).json().data;
}

async function receiptRows(t: TestApp) {
  return t.database.db
    .selectFrom('outbox_emails')
    .selectAll()
    .where('category', '=', 'receipt')
    .orderBy('id')
    .execute();
}

describe('payment receipts through a real SMTP server', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let own: Tenant;
  let other: Tenant;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Ledgerleaf <mail@ledgerleaf.test>' } });
    own = await setUp(t, 'olive@example.com', 'Olive Bakery');
    other = await setUp(t, 'mallory@example.com', 'Mallory Goods');
    const template = await t.put(
      '/api/email-templates/payment_receipt',
      {
        subject: 'Thanks for paying {{invoice_number}}',
        body: 'Dear {{client_name}},\n\nWe received {{amount}} on {{payment_date}}. Still open: {{balance_due}}.\n\n{{link}}\n\n{{business_name}}',
      },
      { token: own.token },
    );
    expect(template.statusCode, template.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('records the payment, then mails the business’s template to the contacts with the PDF, escaped, and notes it on the timeline', async () => {
    const invoice = await issued(t, own, 100);
    const response = await pay(t, own, invoice.id, { send_receipt: true });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.invoice.status).toBe('partial');
    expect(body.receipt).toEqual({
      sent: true,
      to: ['ann@acme.test', 'bob@acme.test'],
      email_id: expect.any(Number),
      delivery: 'delivered',
      message: RECEIPT_MESSAGES.sent(['ann@acme.test', 'bob@acme.test']),
    });

    const mail = await smtp.waitForMatch(
      (candidate) => candidate.parsed.subject === `Thanks for paying ${invoice.invoice_number}`,
    );
    expect(mail.envelopeTo).toEqual(['ann@acme.test', 'bob@acme.test']);
    expect(mail.parsed.replyTo?.[0]?.address).toBe('olive@example.com');
    expect(mail.parsed.text).toContain('Dear <b>Acme</b> & Sons,');
    expect(mail.parsed.text).toContain(`We received $40.00 on ${shortToday()}. Still open: $60.00.`);
    expect(mail.parsed.text).toContain(`http://localhost:3000/i/`);
    // The client's name is text in the HTML, never markup.
    expect(mail.parsed.html).toContain('Dear &lt;b&gt;Acme&lt;/b&gt; &amp; Sons,');
    expect(mail.parsed.html).not.toContain('<b>Acme</b>');
    expect(mail.parsed.attachments.map((attachment) => attachment.filename)).toEqual([`${invoice.invoice_number}.pdf`]);

    const [row] = (await receiptRows(t)).filter((candidate) => candidate.id === body.receipt.email_id);
    expect(row).toMatchObject({ business_id: expect.any(Number), transport: 'smtp', error: null });
    const [latest] = await activity(t, own, invoice.id);
    expect(latest).toMatchObject({
      event: 'payment.receipt_sent',
      data: {
        payment_id: body.data.id,
        amount: 40,
        to: ['ann@acme.test', 'bob@acme.test'],
        email_id: body.receipt.email_id,
      },
    });
  });

  it('sends nothing without send_receipt (the default)', async () => {
    const invoice = await issued(t, own, 100);
    const before = (await receiptRows(t)).length;
    const response = await pay(t, own, invoice.id, {});
    expect(response.statusCode).toBe(201);
    expect(response.json()).not.toHaveProperty('receipt');
    expect(await receiptRows(t)).toHaveLength(before);
    expect((await activity(t, own, invoice.id)).map((entry) => entry.event)).not.toContain('payment.receipt_sent');
  });

  it('a replay of the Idempotency-Key answers the same, receipt included, and mails once; so do twins at once', async () => {
    const invoice = await issued(t, own, 100);
    const before = (await receiptRows(t)).length;
    const first = await pay(t, own, invoice.id, { send_receipt: true }, { 'idempotency-key': 'receipt-key-1' });
    const again = await pay(t, own, invoice.id, { send_receipt: true }, { 'idempotency-key': 'receipt-key-1' });
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(first.json().receipt.sent).toBe(true);
    expect(await receiptRows(t)).toHaveLength(before + 1);

    const twins = await Promise.all(
      Array.from({ length: 3 }, () =>
        pay(t, own, invoice.id, { amount: 10, send_receipt: true }, { 'idempotency-key': 'receipt-key-2' }),
      ),
    );
    expect(twins.map((response) => response.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(twins.map((response) => response.json().data.id)).size).toBe(1);
    expect(await receiptRows(t)).toHaveLength(before + 2);
    const sentEntries = (await activity(t, own, invoice.id)).filter((entry) => entry.event === 'payment.receipt_sent');
    expect(sentEntries).toHaveLength(2);
  });

  it('a client without an email address: the payment is recorded and the answer says no receipt was sent', async () => {
    const invoice = await issued(t, own, 100, own.bareClient);
    const before = (await receiptRows(t)).length;
    const response = await pay(t, own, invoice.id, { send_receipt: true });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().invoice.amount_paid).toBe(40);
    expect(response.json().receipt).toEqual({
      sent: false,
      to: [],
      email_id: null,
      delivery: null,
      message: RECEIPT_MESSAGES.noRecipients,
    });
    expect(await receiptRows(t)).toHaveLength(before);
    const [latest] = await activity(t, own, invoice.id);
    expect(latest).toMatchObject({
      event: 'payment.receipt_failed',
      data: { payment_id: response.json().data.id, to: [] },
    });
    // "Send receipt" on that payment is refused the same way.
    const action = await t.post(
      `/api/invoices/${invoice.id}/payments/${response.json().data.id}/receipt`,
      {},
      { token: own.token },
    );
    expect(action.statusCode).toBe(422);
    expect(action.json()).toMatchObject({
      message: RECEIPT_MESSAGES.noRecipients,
      errors: { to: [RECEIPT_MESSAGES.noRecipients] },
    });
  });

  it('"Send receipt" on a recorded payment mails it once per Idempotency-Key, only for the business’s own payments', async () => {
    const invoice = await issued(t, own, 100);
    const paymentId = (await pay(t, own, invoice.id, {})).json().data.id as number;
    const before = (await receiptRows(t)).length;
    const url = `/api/invoices/${invoice.id}/payments/${paymentId}/receipt`;
    const first = await t.post(url, {}, { token: own.token, headers: { 'idempotency-key': 'send-receipt-1' } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      data: { sent: true, to: ['ann@acme.test', 'bob@acme.test'] },
      message: RECEIPT_MESSAGES.sent(['ann@acme.test', 'bob@acme.test']),
    });
    const again = await t.post(url, {}, { token: own.token, headers: { 'idempotency-key': 'send-receipt-1' } });
    expect(again.json()).toEqual(first.json());
    expect(await receiptRows(t)).toHaveLength(before + 1);
    // Another business's invoice or payment, or a payment of another invoice: 404, nothing mailed.
    expect((await t.post(url, {}, { token: other.token })).statusCode).toBe(404);
    const otherInvoice = await issued(t, own, 50);
    expect(
      (await t.post(`/api/invoices/${otherInvoice.id}/payments/${paymentId}/receipt`, {}, { token: own.token }))
        .statusCode,
    ).toBe(404);
    expect((await t.post(url, {}, {})).statusCode).toBe(401);
    expect(await receiptRows(t)).toHaveLength(before + 1);
  });

  it('refuses a receipt for a payment of a void invoice', async () => {
    const invoice = await issued(t, own, 100);
    const paymentId = (await pay(t, own, invoice.id, {})).json().data.id as number;
    expect((await t.post(`/api/invoices/${invoice.id}/void`, {}, { token: own.token })).statusCode).toBe(200);
    const response = await t.post(
      `/api/invoices/${invoice.id}/payments/${paymentId}/receipt`,
      {},
      { token: own.token },
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(RECEIPT_MESSAGES.voidInvoice);
  });
});

describe('payment receipts when the mail server refuses', () => {
  let t: TestApp;
  let own: Tenant;

  beforeAll(async () => {
    // Port 9 on loopback: nothing listens, the connection is refused at once (the server is down);
    // the mailer tries three times (short waits here), then gives up.
    t = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' }, build: { mailRetryDelaysMs: [5, 5] } });
    own = await setUp(t, 'olive@example.com', 'Olive Bakery');
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the payment, answers the failure, and records it on the timeline', async () => {
    const invoice = await issued(t, own, 100);
    const response = await pay(t, own, invoice.id, { send_receipt: true }, { 'idempotency-key': 'refused-1' });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.invoice).toMatchObject({ status: 'partial', amount_paid: 40 });
    expect(body.receipt).toMatchObject({
      sent: false,
      to: ['ann@acme.test', 'bob@acme.test'],
      email_id: expect.any(Number),
      delivery: 'failed',
      message: expect.stringMatching(
        /^The receipt could not be emailed: connect ECONNREFUSED 127\.0\.0\.1:9\. The payment is recorded/,
      ),
    });
    const [latest] = await activity(t, own, invoice.id);
    expect(latest).toMatchObject({
      event: 'payment.receipt_failed',
      data: { payment_id: body.data.id, reason: expect.any(String) },
    });
    // The replay tells the same, and tries nothing again.
    const again = await pay(t, own, invoice.id, { send_receipt: true }, { 'idempotency-key': 'refused-1' });
    expect(again.json()).toEqual(body);
    expect(await receiptRows(t)).toHaveLength(1);

    // "Send receipt" answers 502, and may be retried with the same key.
    const url = `/api/invoices/${invoice.id}/payments/${body.data.id}/receipt`;
    const action = await t.post(url, {}, { token: own.token, headers: { 'idempotency-key': 'refused-2' } });
    expect(action.statusCode).toBe(502);
    expect(action.json().message).toMatch(/^The receipt could not be emailed: connect ECONNREFUSED/);
    expect((await t.post(url, {}, { token: own.token, headers: { 'idempotency-key': 'refused-2' } })).statusCode).toBe(
      502,
    );
    expect(await receiptRows(t)).toHaveLength(3);
  });
});
