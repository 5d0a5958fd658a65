import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_MESSAGES, addCalendarDays, utcCalendarDate } from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../../test/harness';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response fields
type Json = Record<string, any>;

const today = () => utcCalendarDate(new Date());

interface Tenant {
  token: string;
  client: number;
}

async function setUp(t: TestApp, email: string, business: string): Promise<Tenant> {
  const { token } = await t.register({ email, business_name: business });
  const client = (
    await t.post(
      '/api/clients',
      { name: 'Acme <Studio>', email: `ap@${business.toLowerCase().replace(/\W/g, '')}.test` },
      { token },
    )
  ).json().data.id as number;
  return { token, client };
}

/** Issues an invoice and mails it (one outbox message); answers the invoice. */
async function sendInvoice(t: TestApp, tenant: Tenant): Promise<Json> {
  const created = await t.post(
    '/api/invoices',
    {
      client_id: tenant.client,
      issue_date: today(),
      due_date: addCalendarDays(today(), 30),
      lines: [{ description: 'Work', quantity: 1, unit_price: 100 }],
    },
    { token: tenant.token },
  );
  expect(created.statusCode, created.body).toBe(201);
  const sent = await t.post(`/api/invoices/${created.json().data.id}/send`, {}, { token: tenant.token });
  expect(sent.statusCode, sent.body).toBe(200);
  return sent.json().data as Json;
}

describe('the outbox without SMTP: list and one message', () => {
  let t: TestApp;
  let own: Tenant;
  let other: Tenant;

  beforeAll(async () => {
    t = await createTestApp();
    own = await setUp(t, 'olive@example.com', 'Olive Bakery');
    other = await setUp(t, 'mallory@example.com', 'Mallory Goods');
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the business’s client mail newest first, a page at a time, with each message’s category', async () => {
    const first = await sendInvoice(t, own);
    const second = await sendInvoice(t, own);
    const receipt = await t.post(
      `/api/invoices/${second.id}/payments`,
      { amount: 25, payment_date: today(), method: 'cash', send_receipt: true },
      { token: own.token },
    );
    // Without a mail server the receipt is kept in the outbox: not sent, and the answer says so.
    expect(receipt.json().receipt).toMatchObject({ sent: false, delivery: 'outbox' });
    expect(receipt.json().receipt.message).toBe(
      'Receipt kept in the outbox, not emailed to ap@olivebakery.test: email is not set up. Set up email in Settings > Email delivery to send it to your client.',
    );
    await sendInvoice(t, other);
    // Account mail of the business is never listed.
    expect((await t.post('/api/forgot-password', { email: 'olive@example.com' })).statusCode).toBeLessThan(300);

    const page1 = (await t.get('/api/outbox?per_page=2', { token: own.token })).json();
    expect(page1.meta).toEqual({ page: 1, per_page: 2, total: 3, last_page: 2 });
    expect(page1.data.map((mail: Json) => [mail.category, mail.subject])).toEqual([
      ['receipt', `Payment received for invoice ${second.invoice_number}`],
      ['invoice', `Invoice ${second.invoice_number} from Olive Bakery`],
    ]);
    expect(page1.data[0]).toMatchObject({
      transport: 'log',
      status: 'outbox',
      attempts: 0,
      attachments: [{ filename: `${second.invoice_number}.pdf`, content_type: 'application/pdf' }],
    });
    const page2 = (await t.get('/api/outbox?per_page=2&page=2', { token: own.token })).json();
    expect(page2.data.map((mail: Json) => mail.subject)).toEqual([`Invoice ${first.invoice_number} from Olive Bakery`]);
    expect(JSON.stringify([page1, page2])).not.toMatch(/password/i);
  });

  it('reads one message with its HTML body, only from the business’s own client mail', async () => {
    const [latest] = (await t.get('/api/outbox?per_page=1', { token: own.token })).json().data as Json[];
    const response = await t.get(`/api/outbox/${latest!.id}`, { token: own.token });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ id: latest!.id, category: 'receipt', subject: latest!.subject, text: latest!.text });
    // The client's name arrives escaped in the stored HTML.
    expect(data.html).toContain('Hello Acme &lt;Studio&gt;,');

    const theirs = (await t.get('/api/outbox', { token: other.token })).json().data[0] as Json;
    const reset = await t.database.db
      .selectFrom('outbox_emails')
      .select('id')
      .where('category', '=', 'system')
      .where('subject', 'like', '%password%')
      .executeTakeFirstOrThrow();
    for (const id of [theirs.id, reset.id, 999_999]) {
      const refused = await t.get(`/api/outbox/${id}`, { token: own.token });
      expect(refused.statusCode, String(id)).toBe(404);
      expect(refused.json().message).toBe(OUTBOX_MESSAGES.notFound);
    }
    expect((await t.get(`/api/outbox/${latest!.id}`)).statusCode).toBe(401);
  });
});
