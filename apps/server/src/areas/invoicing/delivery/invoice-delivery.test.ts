import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays, formatCurrency, utcCalendarDate, type InvoiceInput } from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../../test/harness';
import { pdfPages } from '../../../test/pdf-text';
import { tinyPng } from '../../../test/png';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { redactUrl } from '../../../app';
import { insertIdempotencyKey } from '@ledgerleaf/db';
import { IDEMPOTENCY_MESSAGES, PENDING_KEY_TIMEOUT_MS, PENDING_STATUS, requestHash } from '../../../lib/idempotency';
import { PUBLIC_INVOICE_RATE_LIMIT } from './invoice-delivery.routes';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response fields
type Json = Record<string, any>;

const today = () => utcCalendarDate(new Date());
const APP_URL = 'http://localhost:3000';

interface Tenant {
  token: string;
  client: number;
  bareClient: number;
  tax: number;
}

async function setUp(t: TestApp, email: string, business: string): Promise<Tenant> {
  const { token } = await t.register({ email, business_name: business });
  const tax = (await t.post('/api/tax-rates', { name: 'Sales tax', rate: 8.875 }, { token })).json().data.id as number;
  const client = (
    await t.post(
      '/api/clients',
      {
        name: 'Acme Studio',
        email: 'ap@acme.test',
        billing_address: {
          line1: '100 Congress Ave',
          line2: 'Suite 400',
          city: 'Austin',
          state: 'TX',
          postal_code: '78701',
          country: 'US',
        },
        contacts: [
          { name: 'Bob Builder', email: 'bob@acme.test' },
          { name: 'Ann Able', email: 'ann@acme.test', is_primary: true },
        ],
      },
      { token },
    )
  ).json().data.id as number;
  const bareClient = (await t.post('/api/clients', { name: 'No Mail Co' }, { token })).json().data.id as number;
  return { token, client, bareClient, tax };
}

function invoiceBody(tenant: Tenant, overrides: Partial<InvoiceInput> = {}): InvoiceInput {
  return {
    client_id: tenant.client,
    issue_date: today(),
    due_date: addCalendarDays(today(), 30),
    lines: [
      {
        description: 'Brand workshop',
        quantity: 2.5,
        unit: 'hour',
        unit_price: 120,
        discount_type: 'percent',
        discount_value: 10,
        tax_rate_ids: [tenant.tax],
      },
      { description: 'Printed proofs', quantity: 3, unit_price: 19.99, tax_rate_ids: [tenant.tax] },
    ],
    discount_type: 'amount',
    discount_value: 15,
    notes: 'Thank you!',
    terms: 'Net 30',
    ...overrides,
  };
}

async function createInvoice(t: TestApp, tenant: Tenant, overrides: Partial<InvoiceInput> = {}): Promise<Json> {
  const response = await t.post('/api/invoices', invoiceBody(tenant, overrides), { token: tenant.token });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Json;
}

async function activity(t: TestApp, tenant: Tenant, id: number): Promise<Array<{ event: string; data: Json }>> {
  const response = await t.get(`/api/invoices/${id}/activity`, { token: tenant.token });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

async function publicToken(t: TestApp, id: number): Promise<string> {
  const row = await t.database.db
    .selectFrom('invoices')
    .select('public_token')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.public_token;
}

async function outboxCount(t: TestApp): Promise<number> {
  const row = await t.database.db
    .selectFrom('outbox_emails')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every key in a JSON value, at any depth. */
function allKeys(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(allKeys);
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => [key, ...allKeys(item)]);
  return [];
}

describe('invoice delivery through a real SMTP server', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let own: Tenant;
  let other: Tenant;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Ledgerleaf <mail@ledgerleaf.test>' } });
    own = await setUp(t, 'olive@example.com', 'Olive Bakery');
    other = await setUp(t, 'mallory@example.com', 'Mallory Goods');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('downloads the PDF whose text carries the engine figures, named after the client and date before a number', async () => {
    const invoice = await createInvoice(t, own);
    const response = await t.get(`/api/invoices/${invoice.id}/pdf`, { token: own.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="draft-acme-studio-${invoice.issue_date}.pdf"`,
    );
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = (await pdfPages(response.rawPayload)).join(' ');
    expect(text).toContain('Olive Bakery');
    expect(text).toContain('Acme Studio');
    expect(text).toContain('Attn: Ann Able');
    expect(text).toContain('100 Congress Ave');
    expect(text).toContain('Austin, TX 78701');
    expect(text).toContain('Invoice number Draft');
    expect(text).toContain('Brand workshop');
    expect(text).toContain('Printed proofs');
    for (const line of invoice.lines) expect(text).toContain(formatCurrency(line.subtotal));
    expect(text).toContain(`Subtotal ${formatCurrency(invoice.totals.subtotal)}`);
    expect(text).toContain(`Total ${formatCurrency(invoice.totals.total)}`);
    // A draft owes nothing yet: its PDF shows the total and no balance or amount paid.
    expect(text).not.toContain('Balance due');
    expect(text).not.toContain('Amount paid');
    expect(text).toContain(`Sales tax (8.875%) ${formatCurrency(invoice.totals.taxes[0].amount)}`);
    expect(text).toContain('Page 1 of 1');

    const inline = await t.get(`/api/invoices/${invoice.id}/pdf?inline=1`, { token: own.token });
    expect(inline.headers['content-disposition']).toBe(
      `inline; filename="draft-acme-studio-${invoice.issue_date}.pdf"`,
    );
    // Framable by the app's own pages (the preview), by no other site.
    expect(inline.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(inline.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect((await t.get(`/api/invoices/${invoice.id}/pdf?inline=yes`, { token: own.token })).statusCode).toBe(422);
    expect((await t.get(`/api/invoices/${invoice.id}/pdf`)).statusCode).toBe(401);
  });

  it('sends a draft: assigns the number, moves it to sent, mails the PDF and the public link to the contacts', async () => {
    const invoice = await createInvoice(t, own);
    const response = await t.post(`/api/invoices/${invoice.id}/send`, {}, { token: own.token });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const sent = body.data;
    expect(sent.status).toBe('sent');
    expect(sent.invoice_number).toMatch(/^INV-\d{4}-\d{4}$/);
    const token = await publicToken(t, invoice.id);
    expect(sent.public_url).toBe(`${APP_URL}/i/${token}`);
    expect(body.email).toMatchObject({
      to: ['ann@acme.test', 'bob@acme.test'],
      subject: `Invoice ${sent.invoice_number} from Olive Bakery`,
      transport: 'smtp',
      // The send waited for the mail server: it accepted the message.
      delivery: 'delivered',
      error: null,
    });
    expect(body.message).toBe('Invoice sent to ann@acme.test, bob@acme.test.');
    // The invoice tells the web the same default recipients, so its send and receipt forms offer them.
    expect(sent.client.recipients).toEqual(['ann@acme.test', 'bob@acme.test']);
    const bare = await createInvoice(t, own, { client_id: own.bareClient });
    expect((await t.get(`/api/invoices/${bare.id}`, { token: own.token })).json().data.client.recipients).toEqual([]);

    const mail = await smtp.waitForMatch((candidate) => candidate.parsed.subject === body.email.subject);
    expect(mail.envelopeTo).toEqual(['ann@acme.test', 'bob@acme.test']);
    expect(mail.parsed.to?.map((address) => address.address)).toEqual(['ann@acme.test', 'bob@acme.test']);
    expect(mail.parsed.subject).toBe(`Invoice ${sent.invoice_number} from Olive Bakery`);
    expect(mail.parsed.replyTo?.[0]?.address).toBe('olive@example.com');
    expect(mail.parsed.text).toContain(`${APP_URL}/i/${token}`);
    expect(mail.parsed.text).toContain(`Balance due: ${formatCurrency(sent.balance_due)}`);
    // It greets the named contacts it goes to, not the company (issue 11).
    expect(mail.parsed.text).toMatch(/^Hello Ann and Bob,/);
    expect(mail.parsed.text).not.toContain('Hello Acme Studio');
    expect(mail.parsed.html).toContain(`href="${APP_URL}/i/${token}"`);
    expect(mail.parsed.attachments).toHaveLength(1);
    const attachment = mail.parsed.attachments[0]!;
    expect(attachment.filename).toBe(`${sent.invoice_number}.pdf`);
    expect(attachment.mimeType).toBe('application/pdf');
    const pdf = Buffer.from(attachment.content as ArrayBuffer);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = (await pdfPages(pdf)).join(' ');
    expect(text).toContain(`Invoice number ${sent.invoice_number}`);
    expect(text).toContain(`Balance due ${formatCurrency(sent.balance_due)}`);

    const events = await activity(t, own, invoice.id);
    const sentEvents = events.filter((entry) => entry.event === 'invoice.sent');
    expect(sentEvents).toHaveLength(1);
    expect(sentEvents[0]!.data).toMatchObject({ via: 'email', to: ['ann@acme.test', 'bob@acme.test'] });

    // The download after issuing is named after the number.
    const download = await t.get(`/api/invoices/${invoice.id}/pdf`, { token: own.token });
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${sent.invoice_number}.pdf"`);
  });

  it('sends again to chosen recipients with a subject and message, keeping the number and recording invoice.sent again', async () => {
    const invoice = await createInvoice(t, own);
    const first = (await t.post(`/api/invoices/${invoice.id}/send`, {}, { token: own.token })).json().data;
    const again = await t.post(
      `/api/invoices/${invoice.id}/send`,
      {
        to: ['boss@acme.test', 'Boss@Acme.test', 'ap@acme.test'],
        subject: `Reminder: invoice ${first.invoice_number}`,
        message: 'Hi team,\n\nA friendly reminder.',
      },
      { token: own.token },
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.invoice_number).toBe(first.invoice_number);
    expect(again.json().data.status).toBe('sent');
    expect(again.json().email.to).toEqual(['boss@acme.test', 'ap@acme.test']);
    const mail = await smtp.waitForMatch(
      (candidate) => candidate.parsed.subject === `Reminder: invoice ${first.invoice_number}`,
    );
    expect(mail.envelopeTo).toEqual(['boss@acme.test', 'ap@acme.test']);
    expect(mail.parsed.text).toContain('A friendly reminder.');
    // Typed addresses that are not named contacts: the client is greeted.
    expect(mail.parsed.text).toMatch(/^Hello Acme Studio,/);
    expect(mail.parsed.text).toContain(first.public_url);
    const sentEvents = (await activity(t, own, invoice.id)).filter((entry) => entry.event === 'invoice.sent');
    expect(sentEvents).toHaveLength(2);
  });

  it('refuses a void invoice (409), no recipient (422 on to) and bad addresses (422), sending nothing', async () => {
    const voided = await createInvoice(t, own);
    expect((await t.post(`/api/invoices/${voided.id}/mark-sent`, {}, { token: own.token })).statusCode).toBe(200);
    expect((await t.post(`/api/invoices/${voided.id}/void`, {}, { token: own.token })).statusCode).toBe(200);
    const mails = await outboxCount(t);
    const refused = await t.post(`/api/invoices/${voided.id}/send`, {}, { token: own.token });
    expect(refused.statusCode).toBe(409);

    const bare = await createInvoice(t, own, { client_id: own.bareClient });
    const none = await t.post(`/api/invoices/${bare.id}/send`, {}, { token: own.token });
    expect(none.statusCode).toBe(422);
    expect(Object.keys(none.json().errors)).toEqual(['to']);
    expect((await t.get(`/api/invoices/${bare.id}`, { token: own.token })).json().data.status).toBe('draft');

    const bad = await t.post(`/api/invoices/${bare.id}/send`, { to: ['not-an-email'] }, { token: own.token });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['to.0']);
    expect((await t.post(`/api/invoices/${bare.id}/send`, { to: [] }, { token: own.token })).statusCode).toBe(422);
    expect((await t.post(`/api/invoices/${bare.id}/send`, { cc: ['a@b.test'] }, { token: own.token })).statusCode).toBe(
      422,
    );
    expect(await outboxCount(t)).toBe(mails);

    // With an explicit recipient a client without email is sent to.
    const explicit = await t.post(`/api/invoices/${bare.id}/send`, { to: ['owner@nomail.test'] }, { token: own.token });
    expect(explicit.statusCode, explicit.body).toBe(200);
    expect(explicit.json().data.status).toBe('sent');
  });

  it('answers 404 for another business’s invoice on pdf and send, and changes nothing', async () => {
    const theirs = await createInvoice(t, other);
    const mails = await outboxCount(t);
    expect((await t.get(`/api/invoices/${theirs.id}/pdf`, { token: own.token })).statusCode).toBe(404);
    expect((await t.post(`/api/invoices/${theirs.id}/send`, {}, { token: own.token })).statusCode).toBe(404);
    expect(
      (await t.post(`/api/invoices/${theirs.id}/send`, { to: ['x@y.test'] }, { token: own.token })).statusCode,
    ).toBe(404);
    expect((await t.get('/api/invoices/999999/pdf', { token: own.token })).statusCode).toBe(404);
    expect((await t.get('/api/invoices/abc/pdf', { token: own.token })).statusCode).toBe(404);
    expect(await outboxCount(t)).toBe(mails);
    const still = (await t.get(`/api/invoices/${theirs.id}`, { token: other.token })).json().data;
    expect(still).toMatchObject({ status: 'draft', invoice_number: null });
    expect((await activity(t, other, theirs.id)).map((entry) => entry.event)).toEqual(['invoice.created']);
  });

  it('lists only the business’s own outbox, newest first, paged', async () => {
    const theirs = await createInvoice(t, other);
    const theirSend = await t.post(`/api/invoices/${theirs.id}/send`, {}, { token: other.token });
    expect(theirSend.statusCode).toBe(200);
    await smtp.waitForMatch((candidate) => candidate.parsed.subject === theirSend.json().email.subject);

    const page = await t.get('/api/outbox?per_page=2', { token: own.token });
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.data).toHaveLength(2);
    expect(body.meta.per_page).toBe(2);
    expect(body.meta.total).toBeGreaterThanOrEqual(3);
    expect(body.data[0].id).toBeGreaterThan(body.data[1].id);
    const everything = (await t.get('/api/outbox?per_page=100', { token: own.token })).json().data as Json[];
    expect(everything).toHaveLength(body.meta.total);
    for (const mail of everything) expect(mail.to.join(',')).not.toContain('mallory');
    expect(everything.some((mail) => mail.subject.includes('Mallory Goods'))).toBe(false);
    const theirMail = (await t.get('/api/outbox', { token: other.token })).json();
    expect(theirMail.meta.total).toBe(1);
    expect(theirMail.data[0].subject).toContain('Mallory Goods');
    expect(theirMail.data[0].attachments).toEqual([
      {
        filename: expect.stringMatching(/^INV-\d{4}-0001\.pdf$/),
        content_type: 'application/pdf',
        size: expect.any(Number),
      },
    ]);
    expect(theirMail.data[0].attachments[0].size).toBeGreaterThan(1000);
    expect(theirMail.data[0]).toMatchObject({ status: 'delivered', attempts: 1, error: null });
    expect((await t.get('/api/outbox?per_page=1000', { token: own.token })).statusCode).toBe(422);
    expect((await t.get('/api/outbox')).statusCode).toBe(401);
  });
});

describe('invoice delivery without SMTP, and the public link', () => {
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

  it('keeps the email in the outbox with the body, the link and the attachment metadata', async () => {
    const invoice = await createInvoice(t, own);
    const response = await t.post(`/api/invoices/${invoice.id}/send`, {}, { token: own.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().email).toMatchObject({ transport: 'log', delivery: 'outbox' });
    expect(response.json().message).toBe(
      'Invoice kept in the outbox, not emailed to ann@acme.test, bob@acme.test: email is not set up. Set up email in Settings > Email delivery to send it to your client.',
    );
    const sent = response.json().data;
    const outbox = (await t.get('/api/outbox', { token: own.token })).json();
    expect(outbox.meta.total).toBe(1);
    const [mail] = outbox.data;
    expect(mail).toMatchObject({
      to: ['ann@acme.test', 'bob@acme.test'],
      subject: `Invoice ${sent.invoice_number} from Olive Bakery`,
      transport: 'log',
      status: 'outbox',
      error: null,
    });
    expect(mail.text).toContain(sent.public_url);
    expect(mail.attachments).toEqual([
      { filename: `${sent.invoice_number}.pdf`, content_type: 'application/pdf', size: expect.any(Number) },
    ]);
    const row = await t.database.db
      .selectFrom('outbox_emails')
      .selectAll()
      .where('id', '=', mail.id)
      .executeTakeFirstOrThrow();
    expect(row.business_id).toBeGreaterThan(0);
    expect(row.html_body).toContain(sent.public_url);
    expect((await t.get('/api/outbox', { token: other.token })).json().meta.total).toBe(0);

    // Account mail of the business (a password-reset link) is never listed.
    expect((await t.post('/api/forgot-password', { email: 'olive@example.com' })).statusCode).toBeLessThan(300);
    const resets = await t.database.db
      .selectFrom('outbox_emails')
      .selectAll()
      .where('subject', 'like', '%password%')
      .execute();
    expect(resets).toHaveLength(1);
    expect(resets[0]).toMatchObject({ business_id: row.business_id, category: 'system' });
    const listed = (await t.get('/api/outbox?per_page=100', { token: own.token })).json();
    expect(listed.meta.total).toBe(1);
    expect(JSON.stringify(listed)).not.toContain('reset-password');
  });

  it('prints the business logo from an upload or a data URL, and never reads outside the uploads or fetches', async () => {
    const invoice = await createInvoice(t, own);
    const user = await t.database.db
      .selectFrom('users')
      .select('business_id')
      .where('email', '=', 'olive@example.com')
      .executeTakeFirstOrThrow();
    mkdirSync(join(t.dataDir, 'uploads', 'logos'), { recursive: true });
    writeFileSync(join(t.dataDir, 'uploads', 'logos', 'olive.png'), tinyPng());
    writeFileSync(join(t.dataDir, 'secret.png'), tinyPng());
    const pdfWithLogo = async (logo: string | null) => {
      await t.database.db
        .updateTable('businesses')
        .set({ company_logo: logo })
        .where('id', '=', user.business_id)
        .execute();
      const response = await t.get(`/api/invoices/${invoice.id}/pdf`, { token: own.token });
      expect(response.statusCode).toBe(200);
      return response.rawPayload.toString('latin1').includes('/Subtype /Image');
    };
    try {
      expect(await pdfWithLogo('/storage/logos/olive.png')).toBe(true);
      expect(await pdfWithLogo(`${APP_URL}/storage/logos/olive.png`)).toBe(true);
      expect(await pdfWithLogo(`data:image/png;base64,${tinyPng().toString('base64')}`)).toBe(true);
      expect(await pdfWithLogo('/storage/../secret.png')).toBe(false);
      expect(await pdfWithLogo('/storage/%2e%2e/secret.png')).toBe(false);
      expect(await pdfWithLogo('https://elsewhere.example/storage/logos/olive.png')).toBe(false);
      expect(await pdfWithLogo('/storage/logos/missing.png')).toBe(false);
      expect(await pdfWithLogo('data:image/png;base64,bm90IGEgcG5n')).toBe(false);
    } finally {
      await t.database.db
        .updateTable('businesses')
        .set({ company_logo: null })
        .where('id', '=', user.business_id)
        .execute();
    }
  });

  it('the owner’s page, the public page and the PDF show the same From and Bill to blocks', async () => {
    const businessId = (
      await t.database.db
        .selectFrom('users')
        .select('business_id')
        .where('email', '=', 'olive@example.com')
        .executeTakeFirstOrThrow()
    ).business_id;
    await t.database.db
      .updateTable('businesses')
      .set({ address: '12 Baker St\nSpringfield, IL 62701', tax_id: 'US-12-3456' })
      .where('id', '=', businessId)
      .execute();
    const invoice = await createInvoice(t, own);
    await t.post(`/api/invoices/${invoice.id}/mark-sent`, {}, { token: own.token });
    const detail = (await t.get(`/api/invoices/${invoice.id}`, { token: own.token })).json().data;
    expect(detail.parties).toEqual({
      from: {
        name: 'Olive Bakery',
        lines: ['12 Baker St', 'Springfield, IL 62701', 'olive@example.com', '(415) 555-0100', 'Tax ID: US-12-3456'],
      },
      bill_to: {
        name: 'Acme Studio',
        lines: ['Attn: Ann Able', '100 Congress Ave', 'Suite 400', 'Austin, TX 78701', 'US', 'ap@acme.test'],
      },
    });
    const token = await publicToken(t, invoice.id);
    const shown = (await t.get(`/api/public/invoices/${token}`, { token: own.token })).json().data;
    expect(shown.parties).toEqual(detail.parties);
    const pdf = await t.get(`/api/invoices/${invoice.id}/pdf`, { token: own.token });
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    for (const line of [...detail.parties.from.lines, ...detail.parties.bill_to.lines]) expect(text).toContain(line);
  });

  it('shows a safe public view; the first view moves sent to viewed once', async () => {
    const invoice = await createInvoice(t, own);
    const sent = (await t.post(`/api/invoices/${invoice.id}/mark-sent`, {}, { token: own.token })).json().data;
    const token = await publicToken(t, invoice.id);

    const first = await t.get(`/api/public/invoices/${token}`, { ip: '10.1.0.1' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    const view = first.json().data;
    expect(view).toMatchObject({
      invoice_number: sent.invoice_number,
      status: 'viewed',
      issue_date: sent.issue_date,
      due_date: sent.due_date,
      business: { name: 'Olive Bakery', email: 'olive@example.com' },
      client: { name: 'Acme Studio', address_lines: ['100 Congress Ave', 'Suite 400', 'Austin, TX 78701', 'US'] },
      totals: { ...sent.totals, taxes: sent.totals.taxes.map(({ tax_rate_id: _omit, ...tax }: Json) => tax) },
      balance_due: sent.balance_due,
      amount_paid: 0,
      pdf_url: `/api/public/invoices/${token}/pdf`,
    });
    expect(view.lines.map((line: Json) => [line.description, line.total])).toEqual(
      sent.lines.map((line: Json) => [line.description, line.total]),
    );
    const keys = new Set(allKeys(view));
    for (const internal of [
      'id',
      'client_id',
      'product_id',
      'tax_rate_id',
      'tax_rate_ids',
      'payment_id',
      'invoice_id',
      'business_id',
      'goal_id',
      'public_token',
      'contacts',
    ]) {
      expect(keys.has(internal), internal).toBe(false);
    }

    const second = await t.get(`/api/public/invoices/${token}`, { ip: '10.1.0.2' });
    expect(second.json().data.status).toBe('viewed');
    const pdf = await t.get(`/api/public/invoices/${token}/pdf`, { ip: '10.1.0.2' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${sent.invoice_number}.pdf"`);
    expect((await pdfPages(pdf.rawPayload)).join(' ')).toContain(`Balance due ${formatCurrency(sent.balance_due)}`);

    const viewed = (await activity(t, own, invoice.id)).filter((entry) => entry.event === 'invoice.viewed');
    expect(viewed).toHaveLength(1);
    const detail = (await t.get(`/api/invoices/${invoice.id}`, { token: own.token })).json().data;
    expect(detail.status).toBe('viewed');
    expect(detail.viewed_at).toEqual(expect.any(String));
  });

  it('records one view when the link is opened several times at once', async () => {
    const invoice = await createInvoice(t, own);
    await t.post(`/api/invoices/${invoice.id}/mark-sent`, {}, { token: own.token });
    const token = await publicToken(t, invoice.id);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) => t.get(`/api/public/invoices/${token}`, { ip: `10.2.0.${index + 1}` })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await activity(t, own, invoice.id)).filter((entry) => entry.event === 'invoice.viewed')).toHaveLength(1);
  });

  it('sends a draft twice at once: one number, the second a send again', async () => {
    const invoice = await createInvoice(t, own);
    const [first, second] = await Promise.all([
      t.post(`/api/invoices/${invoice.id}/send`, {}, { token: own.token }),
      t.post(`/api/invoices/${invoice.id}/send`, {}, { token: own.token }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json().data.invoice_number).toBe(second.json().data.invoice_number);
    const sentEvents = (await activity(t, own, invoice.id)).filter((entry) => entry.event === 'invoice.sent');
    expect(sentEvents).toHaveLength(2);
    expect(sentEvents.filter((entry) => entry.data.again === true)).toHaveLength(1);
  });

  it('sends once per Idempotency-Key: a retry replays the answer and mails nothing again', async () => {
    const invoice = await createInvoice(t, own);
    const mails = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('outbox_emails')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('category', '=', 'invoice')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await mails();
    const headers = { 'idempotency-key': `send-${invoice.id}` };
    const first = await t.post(`/api/invoices/${invoice.id}/send`, {}, { token: own.token, headers });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotency-key']).toBe(`send-${invoice.id}`);
    const retry = await t.post(`/api/invoices/${invoice.id}/send`, {}, { token: own.token, headers });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await mails()).toBe(before + 1);
    expect((await activity(t, own, invoice.id)).filter((entry) => entry.event === 'invoice.sent')).toHaveLength(1);

    // The same key for another request is refused and sends nothing.
    const reused = await t.post(
      `/api/invoices/${invoice.id}/send`,
      { subject: 'Another one' },
      { token: own.token, headers },
    );
    expect(reused.statusCode).toBe(422);
    expect(Object.keys(reused.json().errors)).toEqual(['Idempotency-Key']);
    // Twins at once: one sends, the other waits its turn (409) or replays.
    const twinHeaders = { 'idempotency-key': `send-twin-${invoice.id}` };
    const twins = await Promise.all([
      t.post(`/api/invoices/${invoice.id}/send`, {}, { token: own.token, headers: twinHeaders }),
      t.post(`/api/invoices/${invoice.id}/send`, {}, { token: own.token, headers: twinHeaders }),
    ]);
    expect(twins.map((response) => response.statusCode).sort()).toEqual(expect.arrayContaining([200]));
    for (const response of twins) expect([200, 409]).toContain(response.statusCode);
    expect(await mails()).toBe(before + 2);
  });

  it('answers 409 while the same key is still running, and takes over a claim abandoned for over ten minutes', async () => {
    const invoice = await createInvoice(t, own);
    const business = await t.database.db
      .selectFrom('invoices')
      .select('business_id')
      .where('id', '=', invoice.id)
      .executeTakeFirstOrThrow();
    const key = `stuck-${invoice.id}`;
    const path = `/api/invoices/${invoice.id}/send`;
    const claim = (at: Date) =>
      insertIdempotencyKey(t.database.db, {
        businessId: business.business_id,
        key,
        method: 'POST',
        path,
        requestHash: requestHash('POST', path, {}),
        status: PENDING_STATUS,
        body: null,
        now: at,
      });
    await claim(new Date());
    const running = await t.post(path, {}, { token: own.token, headers: { 'idempotency-key': key } });
    expect(running.statusCode).toBe(409);
    expect(running.json().message).toBe(IDEMPOTENCY_MESSAGES.keyInProgress);
    await t.database.db.deleteFrom('idempotency_keys').where('key', '=', key).execute();
    await claim(new Date(Date.now() - PENDING_KEY_TIMEOUT_MS - 60_000));
    const takenOver = await t.post(path, {}, { token: own.token, headers: { 'idempotency-key': key } });
    expect(takenOver.statusCode, takenOver.body).toBe(200);
    const stored = await t.database.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    expect(Number(stored.response_status)).toBe(200);
  });

  it('releases the key of a refused send, so a corrected retry with the same key goes out', async () => {
    const invoice = await createInvoice(t, own);
    const headers = { 'idempotency-key': `fix-${invoice.id}` };
    const refused = await t.post(`/api/invoices/${invoice.id}/send`, { to: [] }, { token: own.token, headers });
    expect(refused.statusCode).toBe(422);
    expect(
      await t.database.db
        .selectFrom('idempotency_keys')
        .select('id')
        .where('key', '=', `fix-${invoice.id}`)
        .executeTakeFirst(),
    ).toBeUndefined();
    const retried = await t.post(`/api/invoices/${invoice.id}/send`, {}, { token: own.token, headers });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().email.to).toEqual(['ann@acme.test', 'bob@acme.test']);
  });

  it('the owner previewing with their token does not count as a view; the PDF link counts as one', async () => {
    const invoice = await createInvoice(t, own);
    await t.post(`/api/invoices/${invoice.id}/mark-sent`, {}, { token: own.token });
    const token = await publicToken(t, invoice.id);
    expect((await t.get(`/api/public/invoices/${token}`, { token: own.token })).json().data.status).toBe('sent');
    expect((await activity(t, own, invoice.id)).some((entry) => entry.event === 'invoice.viewed')).toBe(false);
    // Another business's token is not the owner.
    expect((await t.get(`/api/public/invoices/${token}/pdf`, { token: other.token })).statusCode).toBe(200);
    expect((await t.get(`/api/invoices/${invoice.id}`, { token: own.token })).json().data.status).toBe('viewed');
  });

  it('answers 404 for unknown, malformed and draft tokens, and serves each token only its own invoice', async () => {
    const draft = await createInvoice(t, own);
    const draftToken = await publicToken(t, draft.id);
    expect((await t.get(`/api/public/invoices/${draftToken}`)).statusCode).toBe(404);
    expect((await t.get(`/api/public/invoices/${draftToken}/pdf`)).statusCode).toBe(404);
    const unknown = 'A'.repeat(43);
    expect((await t.get(`/api/public/invoices/${unknown}`)).statusCode).toBe(404);
    expect((await t.get(`/api/public/invoices/${unknown}/pdf`)).statusCode).toBe(404);
    expect((await t.get('/api/public/invoices/short')).statusCode).toBe(404);
    expect((await t.get(`/api/public/invoices/${'x'.repeat(40)}%27%20or%201=1`)).statusCode).toBe(404);
    expect((await t.get('/api/public/invoices/')).statusCode).toBe(404);
    expect((await t.get(`/api/invoices/${draft.id}/pdf`)).statusCode).toBe(401);

    const theirs = await createInvoice(t, other);
    await t.post(`/api/invoices/${theirs.id}/mark-sent`, {}, { token: other.token });
    const theirToken = await publicToken(t, theirs.id);
    const theirView = (await t.get(`/api/public/invoices/${theirToken}`)).json().data;
    expect(theirView.business.name).toBe('Mallory Goods');
    expect(JSON.stringify(theirView)).not.toContain('Olive Bakery');
    expect(JSON.stringify(theirView)).not.toContain('olive@example.com');
  });

  it('lists payments on the public view without references or notes', async () => {
    const invoice = await createInvoice(t, own);
    await t.post(`/api/invoices/${invoice.id}/mark-sent`, {}, { token: own.token });
    const payment = await t.post(
      `/api/invoices/${invoice.id}/payments`,
      { amount: 50, payment_date: today(), method: 'card', reference: 'SECRET-REF', note: 'internal note' },
      { token: own.token },
    );
    expect(payment.statusCode, payment.body).toBe(201);
    const view = (await t.get(`/api/public/invoices/${await publicToken(t, invoice.id)}`)).json().data;
    expect(view.status).toBe('partial');
    expect(view.amount_paid).toBe(50);
    expect(view.payments).toEqual([{ payment_date: today(), method: 'card', amount: 50 }]);
    expect(JSON.stringify(view)).not.toContain('SECRET-REF');
    expect(JSON.stringify(view)).not.toContain('internal note');
  });

  it('keeps public tokens out of access logs', () => {
    const token = 'Abc_def-1234567890abcdefghijklmnopqrstuvwxyz1';
    expect(redactUrl(`/api/public/invoices/${token}/pdf?inline=1`)).toBe(
      '/api/public/invoices/[redacted]/pdf?inline=1',
    );
    expect(redactUrl(`/i/${token}`)).toBe('/i/[redacted]');
    expect(redactUrl('/invoices/12')).toBe('/invoices/12');
  });

  it('rate-limits the public endpoints per IP address', async () => {
    const unknown = 'B'.repeat(43);
    for (let index = 0; index < PUBLIC_INVOICE_RATE_LIMIT.max; index += 1) {
      expect((await t.get(`/api/public/invoices/${unknown}`, { ip: '10.9.9.9' })).statusCode).toBe(404);
    }
    expect((await t.get(`/api/public/invoices/${unknown}`, { ip: '10.9.9.9' })).statusCode).toBe(429);
    expect((await t.get(`/api/public/invoices/${unknown}`, { ip: '10.9.9.10' })).statusCode).toBe(404);
  });
});
