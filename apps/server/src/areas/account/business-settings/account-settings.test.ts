import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listOutboxEmails, listReminderSteps } from '@ledgerleaf/db';
import {
  ACCOUNT_MESSAGES,
  DEFAULT_EMAIL_TEMPLATES,
  NUMBERING_MESSAGES,
  addCalendarDays,
  utcCalendarDate,
} from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../../test/harness';
import { pdfPages } from '../../../test/pdf-text';
import { tinyPng } from '../../../test/png';
import { upload } from '../../../test/members';
import { renderEmail } from '../email-templates/email-templates.service';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response fields
type Json = Record<string, any>;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const details = {
  address: '12 Market Street\nSan Francisco, CA 94105',
  tax_id: 'US-94-1234567',
  default_invoice_notes: 'Thank you for your business.',
  default_invoice_terms: 'Net 30',
  date_format: 'dd/mm/yyyy',
  first_day_of_week: 1,
};

async function sendableInvoice(token: string, clientName = 'Acme Studio'): Promise<Json> {
  const client = (await t.post('/api/clients', { name: clientName, email: 'ap@acme.test' }, { token })).json().data
    .id as number;
  const today = utcCalendarDate(new Date());
  const response = await t.post(
    '/api/invoices',
    {
      client_id: client,
      issue_date: today,
      due_date: addCalendarDays(today, 30),
      lines: [{ description: 'Workshop', quantity: 1, unit_price: 100 }],
    },
    { token },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Json;
}

describe('business details', () => {
  it('default to mm/dd/yy and Sunday, are saved, and print on the invoice PDF with the logo', async () => {
    const { token } = await t.register();
    expect((await t.get('/api/settings/business', { token })).json().data).toEqual({
      name: 'Olive Bakery',
      email: 'olive@example.com',
      phone: '(415) 555-0100',
      company_logo: null,
      address: null,
      tax_id: null,
      default_invoice_notes: null,
      default_invoice_terms: null,
      date_format: 'mm/dd/yy',
      first_day_of_week: 0,
    });
    const saved = await t.put('/api/settings/business', details, { token });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: ACCOUNT_MESSAGES.businessSaved, data: details });
    expect((await t.get('/api/settings/business', { token })).json().data).toMatchObject(details);

    await upload(t, '/api/settings/business/logo', token, { name: 'logo.png', type: 'image/png', bytes: tinyPng() });
    const invoice = await sendableInvoice(token);
    const pdf = await t.get(`/api/invoices/${invoice.id}/pdf`, { token });
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfPages(pdf.rawPayload)).join(' ');
    expect(text).toContain('12 Market Street');
    expect(text).toContain('San Francisco, CA 94105');
    expect(text).toContain('Tax ID: US-94-1234567');
    expect(pdf.rawPayload.toString('latin1')).toContain('/Subtype /Image');
  });

  it('print on the estimate PDF too (invoices and estimates share one document core)', async () => {
    const { token } = await t.register();
    expect((await t.put('/api/settings/business', details, { token })).statusCode).toBe(200);
    const client = (await t.post('/api/clients', { name: 'Acme Studio' }, { token })).json().data.id as number;
    const today = utcCalendarDate(new Date());
    const estimate = await t.post(
      '/api/estimates',
      {
        client_id: client,
        issue_date: today,
        expiry_date: addCalendarDays(today, 30),
        lines: [{ description: 'Workshop', quantity: 1, unit_price: 100 }],
      },
      { token },
    );
    expect(estimate.statusCode, estimate.body).toBe(201);
    const pdf = await t.get(`/api/estimates/${estimate.json().data.id}/pdf`, { token });
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfPages(pdf.rawPayload)).join(' ');
    expect(text).toContain('ESTIMATE');
    expect(text).toContain('12 Market Street');
    expect(text).toContain('Tax ID: US-94-1234567');
  });

  it('date format dd.mm.yyyy: the signed-in user carries it, and the PDF, the emails and the public page use it', async () => {
    const { token } = await t.register();
    expect((await t.get('/api/user', { token })).json().preferences).toEqual({
      date_format: 'mm/dd/yy',
      first_day_of_week: 0,
    });
    expect(
      (
        await t.put(
          '/api/settings/business',
          { ...details, date_format: 'dd.mm.yyyy', first_day_of_week: 1 },
          { token },
        )
      ).statusCode,
    ).toBe(200);
    const preferences = { date_format: 'dd.mm.yyyy', first_day_of_week: 1 };
    expect((await t.get('/api/user', { token })).json().preferences).toEqual(preferences);
    const login = await t.post('/web-login', { email: 'olive@example.com', password: 'correct horse battery' });
    expect(login.json().user.preferences).toEqual(preferences);

    const dmy = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
    const invoice = await sendableInvoice(token);
    const pdf = (await pdfPages((await t.get(`/api/invoices/${invoice.id}/pdf`, { token })).rawPayload)).join(' ');
    expect(pdf).toContain(`Issue date ${dmy(invoice.issue_date)}`);
    expect(pdf).toContain(`Due date ${dmy(invoice.due_date)}`);

    // The template (no message) and the layout (a message) both date the business's way.
    const sent = await t.post(`/api/invoices/${invoice.id}/send`, {}, { token });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.post(`/api/invoices/${invoice.id}/send`, { message: 'Here it is.' }, { token });
    const mails = await listOutboxEmails(t.database.db, { to: 'ap@acme.test' });
    expect(mails).toHaveLength(2);
    for (const mail of mails) expect(mail.text_body).toContain(`Due date: ${dmy(invoice.due_date)}`);

    const paid = await t.post(
      `/api/invoices/${invoice.id}/payments`,
      { amount: 40, payment_date: invoice.issue_date, method: 'bank_transfer', send_receipt: true },
      { token },
    );
    expect(paid.statusCode, paid.body).toBe(201);
    const receipt = await t.database.db
      .selectFrom('outbox_emails')
      .selectAll()
      .where('category', '=', 'receipt')
      .executeTakeFirstOrThrow();
    expect(receipt.text_body).toContain(dmy(invoice.issue_date));

    const publicToken = String(sent.json().data.public_url).split('/i/')[1];
    expect((await t.get(`/api/public/invoices/${publicToken}`)).json().data.business.date_format).toBe('dd.mm.yyyy');
  });

  it('refuses bad input field by field and changes nothing', async () => {
    const { token } = await t.register();
    const response = await t.put(
      '/api/settings/business',
      { ...details, address: 'x'.repeat(501), tax_id: 'y'.repeat(65), date_format: 'yy', first_day_of_week: 3 },
      { token },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      address: [ACCOUNT_MESSAGES.addressTooLong],
      tax_id: [ACCOUNT_MESSAGES.taxIdTooLong],
      date_format: [ACCOUNT_MESSAGES.dateFormatInvalid],
      first_day_of_week: [ACCOUNT_MESSAGES.firstDayInvalid],
    });
    expect((await t.get('/api/settings/business', { token })).json().data.address).toBeNull();
  });
});

describe('invoice numbering', () => {
  it('answers the pattern and the next number, saves a new pattern that the next invoice uses', async () => {
    const { token } = await t.register();
    const year = new Date().getUTCFullYear();
    const before = (await t.get('/api/settings/numbering', { token })).json();
    expect(before).toEqual({
      data: { prefix: 'INV', include_year: true, separator: '-', padding: 4, yearly_reset: true },
      counter: { last_counter: null, last_year: null },
      next_number: `INV-${year}-0001`,
    });

    const saved = await t.put(
      '/api/settings/numbering',
      { prefix: 'OB', include_year: false, separator: '/', padding: 3, yearly_reset: false },
      { token },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ next_number: 'OB/001', message: ACCOUNT_MESSAGES.numberingSaved });

    const invoice = await sendableInvoice(token);
    const sent = await t.post(`/api/invoices/${invoice.id}/send`, {}, { token });
    expect(sent.json().data.invoice_number).toBe('OB/001');
    expect((await t.get('/api/settings/numbering', { token })).json()).toMatchObject({
      counter: { last_counter: 1 },
      next_number: 'OB/002',
    });

    const bad = await t.put(
      '/api/settings/numbering',
      { prefix: 'bad prefix!', include_year: false, separator: '-', padding: 0, yearly_reset: true },
      { token },
    );
    expect(bad.json().errors).toMatchObject({
      prefix: [NUMBERING_MESSAGES.prefixInvalid],
      padding: [NUMBERING_MESSAGES.paddingInvalid],
    });
  });
});

describe('email templates', () => {
  it('lists the six emails with defaults, saves and resets one, and refuses unknown placeholders', async () => {
    const { token } = await t.register();
    const list = (await t.get('/api/email-templates', { token })).json().data as Json[];
    expect(list.map((template) => template.key)).toEqual([
      'invoice',
      'estimate',
      'payment_receipt',
      'reminder',
      'password_reset',
      'activity_reminder',
    ]);
    expect(list[0]).toMatchObject({
      ...DEFAULT_EMAIL_TEMPLATES.invoice,
      is_default: true,
      placeholders: expect.arrayContaining(['client_name', 'link']),
    });

    const saved = await t.put(
      '/api/email-templates/invoice',
      { subject: 'Bill {{invoice_number}}', body: 'Hi {{client_name}}, pay {{amount}} by {{due_date}}: {{link}}' },
      { token },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: ACCOUNT_MESSAGES.templateSaved,
      data: { subject: 'Bill {{invoice_number}}', is_default: false },
    });

    const unknown = await t.put(
      '/api/email-templates/invoice',
      { subject: 'Hi {{password}}', body: 'x {{estimate_number}}' },
      { token },
    );
    expect(unknown.json().errors).toEqual({
      subject: [ACCOUNT_MESSAGES.unknownPlaceholder('password')],
      body: [ACCOUNT_MESSAGES.unknownPlaceholder('estimate_number')],
    });
    const twoLines = await t.put('/api/email-templates/invoice', { subject: 'a\nBcc: x@y.z', body: 'x' }, { token });
    expect(twoLines.json().errors).toEqual({ subject: [ACCOUNT_MESSAGES.subjectOneLine] });
    expect((await t.put('/api/email-templates/nope', { subject: 'a', body: 'b' }, { token })).statusCode).toBe(404);

    const reset = await t.delete('/api/email-templates/invoice', { token });
    expect(reset.json()).toMatchObject({
      message: ACCOUNT_MESSAGES.templateReset,
      data: { ...DEFAULT_EMAIL_TEMPLATES.invoice, is_default: true },
    });
  });

  it('the invoice email uses the template with the client name escaped in the HTML', async () => {
    const { token } = await t.register();
    await t.put(
      '/api/email-templates/invoice',
      {
        subject: 'Bill {{invoice_number}} for {{client_name}}',
        body: 'Dear {{client_name}},\n\nPlease pay {{balance_due}} by {{due_date}}.\n\n{{link}}',
      },
      { token },
    );
    const invoice = await sendableInvoice(token, '<b>Evil</b> & Co');
    const sent = await t.post(`/api/invoices/${invoice.id}/send`, {}, { token });
    expect(sent.statusCode, sent.body).toBe(200);
    const [mail] = await listOutboxEmails(t.database.db, { to: 'ap@acme.test' });
    expect(mail!.subject).toBe(`Bill ${sent.json().data.invoice_number} for <b>Evil</b> & Co`);
    expect(mail!.text_body).toContain('Dear <b>Evil</b> & Co,');
    expect(mail!.text_body).toContain('Please pay $100.00 by');
    expect(mail!.html_body).toContain('Dear &lt;b&gt;Evil&lt;/b&gt; &amp; Co,');
    expect(mail!.html_body).not.toContain('<b>Evil');
    expect(mail!.html_body).toContain(`<a href="${sent.json().data.public_url}">`);
  });

  it('the password reset email and renderEmail use the business template', async () => {
    const { token, user } = await t.register();
    await t.put(
      '/api/email-templates/password_reset',
      { subject: 'Your reset link, {{user_name}}', body: 'Go to {{link}} within {{expires_minutes}} minutes.' },
      { token },
    );
    await t.post('/api/forgot-password', { email: 'olive@example.com' });
    const [mail] = await listOutboxEmails(t.database.db, { to: 'olive@example.com' });
    expect(mail!.subject).toBe('Your reset link, Olive Owner');
    expect(mail!.text_body).toMatch(
      /^Go to http:\/\/localhost:3000\/reset-password\/[A-Za-z0-9_-]{43} within 60 minutes\.\n$/,
    );

    const businessId = (await t.get('/api/profile', { token })).json().data.business_id as number;
    expect(user.id).toBeGreaterThan(0);
    const reminder = await renderEmail(t.database.db, businessId, 'reminder', {
      client_name: 'A<script>',
      invoice_number: 'INV-1',
      balance_due: '$5.00',
      due_date: '01/02/26',
      link: 'https://x.test/i/abc',
      business_name: 'Olive Bakery',
    });
    expect(reminder.subject).toBe(
      DEFAULT_EMAIL_TEMPLATES.reminder.subject
        .replace('{{invoice_number}}', 'INV-1')
        .replace('{{due_date}}', '01/02/26'),
    );
    expect(reminder.text).toContain('Hello A<script>,');
    expect(reminder.html).toContain('Hello A&lt;script&gt;,');
  });
});

describe('invoice reminders', () => {
  it('answers the default schedule, saves one that listReminderSteps returns, refuses duplicates and out-of-range days', async () => {
    const { token } = await t.register();
    expect((await t.get('/api/settings/invoice-reminders', { token })).json().data).toEqual([
      { offset_days: -3, enabled: false },
      { offset_days: 0, enabled: false },
      { offset_days: 7, enabled: false },
      { offset_days: 14, enabled: false },
    ]);
    const steps = [
      { offset_days: 14, enabled: true },
      { offset_days: -3, enabled: true },
      { offset_days: 0, enabled: false },
    ];
    const saved = await t.put('/api/settings/invoice-reminders', { steps }, { token });
    expect(saved.json()).toEqual({ data: [steps[1], steps[2], steps[0]], message: ACCOUNT_MESSAGES.remindersSaved });
    const businessId = (await t.get('/api/profile', { token })).json().data.business_id as number;
    expect(await listReminderSteps(t.database.db, { businessId })).toEqual([steps[1], steps[2], steps[0]]);

    const bad = await t.put(
      '/api/settings/invoice-reminders',
      {
        steps: [
          { offset_days: 3, enabled: true },
          { offset_days: 3, enabled: false },
          { offset_days: 400, enabled: true },
        ],
      },
      { token },
    );
    expect(bad.json().errors).toEqual({
      'steps.1.offset_days': [ACCOUNT_MESSAGES.reminderDuplicate],
      'steps.2.offset_days': [ACCOUNT_MESSAGES.reminderOffsetInvalid],
    });
    expect((await t.get('/api/settings/invoice-reminders', { token })).json().data).toHaveLength(3);

    const other = await t.register({ email: 'mallory@example.com', business_name: 'Mallory Goods' });
    expect(
      (await t.get('/api/settings/invoice-reminders', { token: other.token }))
        .json()
        .data.every((step: Json) => !step.enabled),
    ).toBe(true);
  });
});
