import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type AddressInfo } from 'node:net';
import { addCalendarDays, EMAIL_DELIVERY_MESSAGES, utcCalendarDate } from '@ledgerleaf/domain';
import { findBusinessEmailSettings } from '@ledgerleaf/db';
import { createTestApp, TEST_APP_KEY, type TestApp } from '../../../test/harness';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { addMember } from '../../../test/members';
import { decryptSecret } from '../../../lib/crypto';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response fields
type Json = Record<string, any>;

const URL = '/api/settings/email-delivery';
const today = () => utcCalendarDate(new Date());

async function downPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function issueDraft(t: TestApp, token: string): Promise<number> {
  const client = (await t.post('/api/clients', { name: 'Acme', email: 'ap@acme.test' }, { token })).json().data
    .id as number;
  const created = await t.post(
    '/api/invoices',
    {
      client_id: client,
      issue_date: today(),
      due_date: addCalendarDays(today(), 30),
      lines: [{ description: 'Work', quantity: 1, unit_price: 100 }],
    },
    { token },
  );
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data.id as number;
}

const settings = (port: number, overrides: Json = {}) => ({
  host: '127.0.0.1',
  port,
  security: 'none',
  username: 'bakery',
  password: 'right password',
  from_address: 'billing@olive.example',
  ...overrides,
});

describe('Settings > Email delivery (a business sends through its own mail server)', () => {
  let t: TestApp;
  let owner: { token: string };
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startTestSmtpServer({ auth: { user: 'bakery', pass: 'right password' } });
    t = await createTestApp({ build: { mailRetryDelaysMs: [5, 5] } });
    owner = await t.register({ email: 'olive@example.com', business_name: 'Olive Bakery' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  afterEach(async () => {
    await t.app.deps.mailer.flush();
  });

  it('without settings email is kept in the outbox, and every place says so', async () => {
    expect((await t.get(URL, { token: owner.token })).json().data).toEqual({ source: 'none', settings: null });
    const invoiceId = await issueDraft(t, owner.token);
    const sent = await t.post(`/api/invoices/${invoiceId}/send`, {}, { token: owner.token });
    expect(sent.json().email).toMatchObject({ transport: 'log', delivery: 'outbox' });
    expect(sent.json().message).toContain('kept in the outbox');
    const [activity] = (await t.get(`/api/invoices/${invoiceId}/activity`, { token: owner.token })).json().data;
    expect(activity).toMatchObject({ event: 'invoice.sent', data: { via: 'email', kept_in_outbox: true } });
    const [notification] = (await t.get('/api/notifications', { token: owner.token })).json().notifications;
    expect(notification.data).toMatchObject({
      title: 'Invoice kept in the outbox',
      message: expect.stringContaining('was not emailed: email is not set up'),
    });
    const [email] = (await t.get(`/api/invoices/${invoiceId}/emails`, { token: owner.token })).json().data;
    expect(email).toMatchObject({ status: 'outbox', transport: 'log' });
    // The test button has nothing to test.
    const test = await t.post(`${URL}/test`, {}, { token: owner.token });
    expect(test.statusCode).toBe(422);
    expect(test.json().message).toBe(EMAIL_DELIVERY_MESSAGES.notConfigured);
  });

  it('only an owner reads or changes it; bad input is a 422', async () => {
    const admin = await addMember(t, owner.token, 'ada@example.com', 'admin');
    expect((await t.get(URL, { token: admin.token })).statusCode).toBe(403);
    expect((await t.put(URL, settings(smtp.port), { token: admin.token })).statusCode).toBe(403);
    expect((await t.post(`${URL}/test`, {}, { token: admin.token })).statusCode).toBe(403);
    expect((await t.get(URL)).statusCode).toBe(401);
    for (const [body, field] of [
      [settings(smtp.port, { host: '' }), 'host'],
      [settings(smtp.port, { host: 'smtp example' }), 'host'],
      [settings(0), 'port'],
      [settings(70000), 'port'],
      [settings(smtp.port, { security: 'ssl' }), 'security'],
      [settings(smtp.port, { from_address: 'nobody' }), 'from_address'],
      [settings(smtp.port, { username: null }), 'username'],
      [{ ...settings(smtp.port), extra: 1 }, null],
    ] as const) {
      const response = await t.put(URL, body, { token: owner.token });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      if (field) expect(Object.keys(response.json().errors)).toContain(field);
    }
  });

  it('saves the server with the password encrypted at rest and never answered', async () => {
    const saved = await t.put(URL, settings(smtp.port), { token: owner.token });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: EMAIL_DELIVERY_MESSAGES.saved,
      data: {
        source: 'business',
        settings: {
          host: '127.0.0.1',
          port: smtp.port,
          security: 'none',
          username: 'bakery',
          password_set: true,
          from_address: 'billing@olive.example',
        },
      },
    });
    const read = await t.get(URL, { token: owner.token });
    expect(read.body).not.toContain('right password');
    expect(read.json().data.settings).not.toHaveProperty('password');
    const business = await t.database.db
      .selectFrom('businesses')
      .select('id')
      .where('name', '=', 'Olive Bakery')
      .executeTakeFirstOrThrow();
    const row = await findBusinessEmailSettings(t.database.db, { businessId: business.id });
    expect(row?.password_encrypted).not.toContain('right password');
    expect(decryptSecret(TEST_APP_KEY, 'smtp-password', row!.password_encrypted!)).toBe('right password');
    // Saving without a password keeps the stored one.
    const kept = await t.put(URL, settings(smtp.port, { password: undefined }), { token: owner.token });
    expect(kept.json().data.settings.password_set).toBe(true);
  });

  it('"Send a test email" reports what the mail server said', async () => {
    const test = await t.post(`${URL}/test`, {}, { token: owner.token });
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json()).toEqual({
      data: { delivery: 'delivered', to: 'olive@example.com', error: null },
      message: EMAIL_DELIVERY_MESSAGES.testDelivered('olive@example.com'),
    });
    const mail = await smtp.waitForMatch(
      (candidate) => candidate.parsed.subject === EMAIL_DELIVERY_MESSAGES.testSubject,
    );
    expect(mail.parsed.from).toMatchObject({ address: 'billing@olive.example' });
    expect(mail.envelopeTo).toEqual(['olive@example.com']);
  });

  it('sends an invoice through it: delivered, on the answer and the Emails card', async () => {
    const invoiceId = await issueDraft(t, owner.token);
    const sent = await t.post(`/api/invoices/${invoiceId}/send`, {}, { token: owner.token });
    expect(sent.json().email).toMatchObject({ transport: 'smtp', delivery: 'delivered', error: null });
    expect(sent.json().message).toBe('Invoice sent to ap@acme.test.');
    const [activity] = (await t.get(`/api/invoices/${invoiceId}/activity`, { token: owner.token })).json().data;
    expect(activity.data).not.toHaveProperty('kept_in_outbox');
    const [email] = (await t.get(`/api/invoices/${invoiceId}/emails`, { token: owner.token })).json().data;
    expect(email).toMatchObject({ status: 'delivered', transport: 'smtp', attempts: 1 });
  });

  it('a refused login: the test says why; an invoice is not delivered, on its timeline and in a notification', async () => {
    await t.put(URL, settings(smtp.port, { password: 'wrong password' }), { token: owner.token });
    const test = await t.post(`${URL}/test`, {}, { token: owner.token });
    expect(test.json().data).toMatchObject({ delivery: 'failed', error: expect.stringMatching(/Invalid login: 535/) });
    expect(test.json().message).toMatch(/^The mail server refused the test email: Invalid login: 535/);

    const invoiceId = await issueDraft(t, owner.token);
    const sent = await t.post(`/api/invoices/${invoiceId}/send`, {}, { token: owner.token });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().email).toMatchObject({ delivery: 'failed', error: expect.stringMatching(/Invalid login: 535/) });
    expect(sent.json().message).toMatch(/^Invoice not delivered to ap@acme\.test: Invalid login: 535/);
    await t.app.deps.mailer.flush();
    const [email] = (await t.get(`/api/invoices/${invoiceId}/emails`, { token: owner.token })).json().data;
    // A refused login is not retried: the same password would be refused again.
    expect(email).toMatchObject({ status: 'failed', attempts: 1, error: expect.stringMatching(/535/) });
    const activity = (await t.get(`/api/invoices/${invoiceId}/activity`, { token: owner.token })).json().data;
    expect(activity[0]).toMatchObject({
      event: 'invoice.email_failed',
      data: { email_id: email.id, reason: email.error, attempts: 1, to: ['ap@acme.test'] },
    });
    const [notification] = (await t.get('/api/notifications', { token: owner.token })).json().notifications;
    expect(notification.data).toMatchObject({ title: 'Email not delivered', invoice_id: invoiceId });
  });

  it('a server that is down: tried three times, then given up with the reason', async () => {
    await t.put(URL, settings(await downPort()), { token: owner.token });
    const test = await t.post(`${URL}/test`, {}, { token: owner.token });
    expect(test.json().data).toMatchObject({ delivery: 'failed', error: expect.stringMatching(/ECONNREFUSED/) });
    const invoiceId = await issueDraft(t, owner.token);
    const sent = await t.post(`/api/invoices/${invoiceId}/send`, {}, { token: owner.token });
    expect(sent.json().email).toMatchObject({ delivery: 'failed', error: expect.stringMatching(/ECONNREFUSED/) });
    const [email] = (await t.get(`/api/invoices/${invoiceId}/emails`, { token: owner.token })).json().data;
    expect(email).toMatchObject({ status: 'failed', attempts: 3 });
  });

  it('removing it keeps email in the outbox again', async () => {
    const removed = await t.delete(URL, { token: owner.token });
    expect(removed.json()).toEqual({
      data: { source: 'none', settings: null },
      message: EMAIL_DELIVERY_MESSAGES.removed,
    });
  });
});

describe('SMTP_URL wins over a business’s settings', () => {
  it('reports the source as the environment and sends through SMTP_URL', async () => {
    const environment = await startTestSmtpServer();
    const own = await startTestSmtpServer();
    const t = await createTestApp({ env: { SMTP_URL: environment.url } });
    try {
      const owner = await t.register({ email: 'olive@example.com', business_name: 'Olive Bakery' });
      const saved = await t.put(URL, settings(own.port, { username: null, password: null }), { token: owner.token });
      expect(saved.json().data).toMatchObject({ source: 'environment', settings: { host: '127.0.0.1' } });
      const test = await t.post(`${URL}/test`, { to: 'me@example.com' }, { token: owner.token });
      expect(test.json().data).toMatchObject({ delivery: 'delivered', to: 'me@example.com' });
      expect(environment.received).toHaveLength(1);
      expect(own.received).toHaveLength(0);
    } finally {
      await t.close();
      await environment.close();
      await own.close();
    }
  });
});
