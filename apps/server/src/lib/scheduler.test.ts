import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVOICE_TEXT_MAX_LENGTH,
  LINE_DESCRIPTION_MAX_LENGTH,
  MAX_INVOICE_LINES,
  addCalendarDays,
  utcCalendarDate,
} from '@ledgerleaf/domain';
import { createDatabase, enqueueScheduledEmail, migrateToLatest } from '@ledgerleaf/db';
import { BODY_LIMIT_BYTES, buildApp } from '../app';
import { INVOICE_BODY_LIMIT_BYTES } from '../areas/invoicing/errors';
import { addMember } from '../test/members';
import { loadConfig } from '../env';
import { createTestApp, TEST_APP_KEY, TEST_PASSWORD_PARAMS, type TestApp } from '../test/harness';
import { startTestSmtpServer, type TestSmtpServer } from '../test/smtp';

/* eslint-disable @typescript-eslint/no-explicit-any -- tests read response fields */

const run = promisify(execFile);
const today = () => utcCalendarDate(new Date());
const postgresUrl = process.env.TEST_DATABASE_URL;

let t: TestApp;
let smtp: TestSmtpServer;
let token: string;
let otherToken: string;
const ids = { client: 0, tax: 0, otherClient: 0 };

const recurringBody = (overrides: Record<string, unknown> = {}) => ({
  client_id: ids.client,
  lines: [{ description: 'Monthly bookkeeping', quantity: 1, unit_price: 400, tax_rate_ids: [ids.tax] }],
  notes: 'Thank you',
  payment_terms_days: 15,
  auto_send: true,
  frequency: 'monthly',
  interval: 1,
  day_of_month: null,
  start_date: today(),
  end_type: 'never',
  ...overrides,
});

async function createRecurring(overrides: Record<string, unknown> = {}) {
  const response = await t.post('/api/recurring-invoices', recurringBody(overrides), { token });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function invoicesOf(recurringId: number) {
  return t.database.db
    .selectFrom('invoices')
    .selectAll()
    .where('recurring_invoice_id', '=', recurringId)
    .orderBy('recurring_period')
    .execute();
}

async function businessOf(email: string): Promise<number> {
  return (
    await t.database.db.selectFrom('users').select('business_id').where('email', '=', email).executeTakeFirstOrThrow()
  ).business_id;
}

/** Sets the test clock to `iso` for `body`, then back. */
async function at<T>(iso: string, body: () => Promise<T>): Promise<T> {
  const shift = Date.parse(iso) - t.clock().getTime();
  t.clock.advance(shift);
  try {
    return await body();
  } finally {
    t.clock.advance(-shift);
  }
}

async function mailsOf(recurringId: number) {
  const emails = await t.database.db
    .selectFrom('scheduled_emails')
    .selectAll()
    .where('kind', '=', 'recurring')
    .where('dedupe_key', 'like', `${recurringId}:%`)
    .execute();
  return emails;
}

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Ledgerleaf <mail@ledgerleaf.test>' } });
  token = (await t.register()).token;
  otherToken = (await t.register({ email: 'other@example.com', business_name: 'Other Co' })).token;
  ids.tax = (await t.post('/api/tax-rates', { name: 'Sales tax', rate: 8.875 }, { token })).json().data.id;
  ids.client = (await t.post('/api/clients', { name: 'Acme Homes', email: 'ap@acme.test' }, { token })).json().data.id;
  ids.otherClient = (
    await t.post('/api/clients', { name: 'Theirs', email: 'their@client.test' }, { token: otherToken })
  ).json().data.id;
  // Due at midnight UTC: whatever the time of the test, today's period is due.
  const config = await t.put(
    '/api/recurring-invoices/config',
    { send_time: '00:00', time_zone: 'UTC', default_auto_send: false, missed_runs: 'catch_up' },
    { token },
  );
  expect(config.statusCode, config.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('recurring invoices API', () => {
  it('creates a template with a schedule, previews the next five dates, and validates like invoices', async () => {
    const created = await createRecurring({
      day_of_month: 'last',
      start_date: '2031-01-15',
      end_type: 'after_count',
      end_count: 3,
    });
    expect(created).toMatchObject({
      status: 'active',
      next_run_date: '2031-01-31',
      remaining_count: 3,
      generated_count: 0,
      day_of_month: 'last',
    });
    expect(created.upcoming).toEqual(['2031-01-31', '2031-02-28', '2031-03-31']);
    expect(created.totals.total).toBe(435.5);
    const bad = await t.post(
      '/api/recurring-invoices',
      recurringBody({ lines: [], frequency: 'hourly', end_type: 'on_date', end_date: null }),
      { token },
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      lines: ['Please add at least one line'],
      frequency: ['Please choose how often it repeats'],
    });
    const foreign = await t.post('/api/recurring-invoices', recurringBody({ client_id: ids.otherClient }), { token });
    expect(foreign.statusCode).toBe(422);
    const list = (await t.get('/api/recurring-invoices', { token })).json();
    expect(list.data.find((row: any) => row.id === created.id)).toMatchObject({
      next_run_date: '2031-01-31',
      remaining_count: 3,
      status: 'active',
    });
  });

  it('pauses, resumes and skips the next run', async () => {
    const created = await createRecurring({ start_date: '2031-05-10', auto_send: false });
    const skipped = await t.post(`/api/recurring-invoices/${created.id}/skip`, undefined, { token });
    expect(skipped.json()).toMatchObject({
      message: 'The run of 2031-05-10 will be skipped.',
      data: { next_run_date: '2031-06-10' },
    });
    const paused = await t.post(`/api/recurring-invoices/${created.id}/pause`, undefined, { token });
    expect(paused.json().data.status).toBe('paused');
    expect((await t.post(`/api/recurring-invoices/${created.id}/skip`, undefined, { token })).statusCode).toBe(409);
    const resumed = await t.post(`/api/recurring-invoices/${created.id}/resume`, undefined, { token });
    expect(resumed.json().data).toMatchObject({ status: 'active', next_run_date: '2031-06-10' });
  });

  it('another business’s ids answer 404 and change nothing', async () => {
    const created = await createRecurring({ start_date: '2031-05-10' });
    for (const response of [
      await t.get(`/api/recurring-invoices/${created.id}`, { token: otherToken }),
      await t.put(`/api/recurring-invoices/${created.id}`, recurringBody({ client_id: ids.otherClient }), {
        token: otherToken,
      }),
      await t.post(`/api/recurring-invoices/${created.id}/pause`, undefined, { token: otherToken }),
      await t.post(`/api/recurring-invoices/${created.id}/skip`, undefined, { token: otherToken }),
      await t.delete(`/api/recurring-invoices/${created.id}`, { token: otherToken }),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    expect((await t.get(`/api/recurring-invoices/${created.id}`, { token })).json().data).toMatchObject({
      status: 'active',
      next_run_date: '2031-05-10',
    });
  });

  it('the largest valid template (500 lines of 2,000 three-byte characters, notes and terms) is accepted by POST and PUT; a bigger body is 413', async () => {
    // '€' is 3 bytes in UTF-8: the body is about 3 MB, over the app's 1 MB; the invoice routes' limit applies.
    const description = '€'.repeat(LINE_DESCRIPTION_MAX_LENGTH);
    const lines = Array.from({ length: MAX_INVOICE_LINES }, () => ({
      description,
      quantity: 1,
      unit: 'piece',
      unit_price: 1,
      tax_rate_ids: [ids.tax],
    }));
    const largest = recurringBody({
      lines,
      start_date: '2031-05-10',
      auto_send: false,
      notes: '€'.repeat(INVOICE_TEXT_MAX_LENGTH),
      terms: '€'.repeat(INVOICE_TEXT_MAX_LENGTH),
    });
    const size = Buffer.byteLength(JSON.stringify(largest));
    expect(size).toBeGreaterThan(BODY_LIMIT_BYTES);
    expect(size).toBeLessThanOrEqual(INVOICE_BODY_LIMIT_BYTES);
    const created = await t.post('/api/recurring-invoices', largest, { token });
    expect(created.statusCode, created.body.slice(0, 200)).toBe(201);
    const recurring = created.json().data;
    expect(recurring.lines).toHaveLength(MAX_INVOICE_LINES);
    expect(recurring.lines[499].description).toBe(description);
    const updated = await t.put(`/api/recurring-invoices/${recurring.id}`, { ...largest, notes: 'Updated' }, { token });
    expect(updated.statusCode, updated.body.slice(0, 200)).toBe(200);
    expect(updated.json().data.notes).toBe('Updated');

    const before = await t.database.db
      .selectFrom('recurring_invoices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const absurd = { ...largest, notes: 'x'.repeat(INVOICE_BODY_LIMIT_BYTES) };
    for (const response of [
      await t.post('/api/recurring-invoices', absurd, { token }),
      await t.put(`/api/recurring-invoices/${recurring.id}`, absurd, { token }),
    ]) {
      expect(response.statusCode).toBe(413);
      expect(typeof response.json().message).toBe('string');
    }
    const after = await t.database.db
      .selectFrom('recurring_invoices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await t.get(`/api/recurring-invoices/${recurring.id}`, { token })).json().data.notes).toBe('Updated');
    // Out of the way of the scheduler's tests below.
    expect((await t.delete(`/api/recurring-invoices/${recurring.id}`, { token })).statusCode).toBe(200);
  });
});

describe('the scheduler', () => {
  it('turns a due period into one numbered invoice, emails it once, advances the schedule; a second run does nothing', async () => {
    const created = await createRecurring();
    const first = await t.app.scheduler.runNow({ only: ['recurring', 'emails'] });
    expect(first.invoices_created).toBeGreaterThanOrEqual(1);
    const second = await t.app.scheduler.runNow({ only: ['recurring', 'emails'] });
    expect(second.invoices_created).toBe(0);
    const invoices = await invoicesOf(created.id);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      recurring_period: today(),
      status: 'sent',
      issue_date: today(),
      due_date: addCalendarDays(today(), 15),
    });
    expect(invoices[0]?.invoice_number).toMatch(/^INV-\d{4}-\d{4}$/);
    const detail = (await t.get(`/api/recurring-invoices/${created.id}`, { token })).json().data;
    expect(detail.generated_count).toBe(1);
    expect(detail.next_run_date > today()).toBe(true);
    expect(detail.invoices.map((invoice: any) => invoice.period)).toEqual([today()]);
    const mails = await mailsOf(created.id);
    expect(mails.map((mail) => mail.status)).toEqual(['sent']);
    await smtp.waitForMatch(
      (mail) => mail.parsed.subject === `Invoice ${invoices[0]?.invoice_number} from Olive Bakery`,
    );
    await t.app.deps.mailer.flush();
    expect(
      smtp.received.filter(
        (mail) => mail.parsed.subject === `Invoice ${invoices[0]?.invoice_number} from Olive Bakery`,
      ),
    ).toHaveLength(1);
    const notifications = await t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('type', '=', 'RecurringInvoice')
      .execute();
    expect(notifications.some((row) => JSON.parse(row.data).title === 'Recurring invoice created')).toBe(true);
  });

  it('catches up missed periods (one invoice each), and stops at the count', async () => {
    const created = await createRecurring({
      frequency: 'weekly',
      start_date: addCalendarDays(today(), -21),
      end_type: 'after_count',
      end_count: 3,
      auto_send: false,
    });
    await t.app.scheduler.runNow({ only: ['recurring'] });
    await t.app.scheduler.runNow({ only: ['recurring'] });
    const invoices = await invoicesOf(created.id);
    expect(invoices.map((invoice) => invoice.recurring_period)).toEqual([
      addCalendarDays(today(), -21),
      addCalendarDays(today(), -14),
      addCalendarDays(today(), -7),
    ]);
    const detail = (await t.get(`/api/recurring-invoices/${created.id}`, { token })).json().data;
    expect(detail).toMatchObject({ status: 'finished', next_run_date: null, remaining_count: 0, generated_count: 3 });
  });

  it('the skip policy runs only the latest missed period and records the others as skipped', async () => {
    await t.put(
      '/api/recurring-invoices/config',
      { send_time: '00:00', time_zone: 'UTC', default_auto_send: false, missed_runs: 'skip' },
      { token },
    );
    try {
      const created = await createRecurring({
        frequency: 'weekly',
        start_date: addCalendarDays(today(), -21),
        auto_send: false,
      });
      await t.app.scheduler.runNow({ only: ['recurring'] });
      expect((await invoicesOf(created.id)).map((invoice) => invoice.recurring_period)).toEqual([today()]);
      const skipped = await t.database.db
        .selectFrom('activity_log')
        .selectAll()
        .where('subject_type', '=', 'recurring_invoice')
        .where('subject_id', '=', created.id)
        .where('event', '=', 'recurring.skipped')
        .execute();
      expect(JSON.parse(skipped[0]?.data ?? '{}').periods).toEqual(
        [-21, -14, -7].map((days) => addCalendarDays(today(), days)),
      );
    } finally {
      await t.put(
        '/api/recurring-invoices/config',
        { send_time: '00:00', time_zone: 'UTC', default_auto_send: false, missed_runs: 'catch_up' },
        { token },
      );
    }
  });

  it('a failing template (a tax rate gone) is reported once on the recurring invoice and notified', async () => {
    const tax = (await t.post('/api/tax-rates', { name: 'Temp tax', rate: 5 }, { token })).json().data.id;
    const created = await createRecurring({
      auto_send: false,
      lines: [{ description: 'Support', quantity: 1, unit_price: 50, tax_rate_ids: [tax] }],
    });
    await t.database.db.deleteFrom('tax_rates').where('id', '=', tax).execute();
    const first = await t.app.scheduler.runNow({ only: ['recurring'] });
    expect(first.failures).toBe(1);
    await t.app.scheduler.runNow({ only: ['recurring'] });
    expect(await invoicesOf(created.id)).toHaveLength(0);
    expect((await t.get(`/api/recurring-invoices/${created.id}`, { token })).json().data.last_error).toMatch(
      /tax rate/i,
    );
    const notes = (
      await t.database.db.selectFrom('notifications').selectAll().where('type', '=', 'RecurringInvoice').execute()
    ).filter((row) => JSON.parse(row.data).recurring_invoice_id === created.id);
    expect(notes.map((row) => JSON.parse(row.data).title)).toEqual(['Recurring invoice failed']);
    await t.delete(`/api/recurring-invoices/${created.id}`, { token });
  });

  it('a crash after the insert rolls the period back; the retry makes exactly one invoice and one email', async () => {
    const created = await createRecurring();
    const crashed = await t.app.scheduler.runNow({
      only: ['recurring', 'emails'],
      hooks: {
        afterInvoiceInsert: (recurringId) => {
          if (recurringId === created.id) throw new Error('simulated crash after insert');
        },
      },
    });
    expect(crashed.failures).toBeGreaterThanOrEqual(1);
    expect(await invoicesOf(created.id)).toHaveLength(0);
    expect((await t.get(`/api/recurring-invoices/${created.id}`, { token })).json().data.last_error).toContain(
      'simulated crash',
    );
    const failures = await t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('type', '=', 'RecurringInvoice')
      .execute();
    expect(
      failures.filter(
        (row) =>
          JSON.parse(row.data).title === 'Recurring invoice failed' &&
          JSON.parse(row.data).recurring_invoice_id === created.id,
      ).length,
    ).toBeGreaterThanOrEqual(1);
    await t.app.scheduler.runNow({ only: ['recurring', 'emails'] });
    await t.app.scheduler.runNow({ only: ['recurring', 'emails'] });
    const invoices = await invoicesOf(created.id);
    expect(invoices).toHaveLength(1);
    expect((await mailsOf(created.id)).map((mail) => [mail.status, mail.attempts])).toEqual([['sent', 1]]);
  });

  it('a crash between commit and email: the email is retried once its lease ran out, and sent once', async () => {
    const created = await createRecurring();
    await t.app.scheduler.runNow({
      only: ['recurring', 'emails'],
      hooks: {
        beforeEmail: () => {
          throw new Error('simulated crash before send');
        },
      },
    });
    expect(await invoicesOf(created.id)).toHaveLength(1);
    const [failed] = await mailsOf(created.id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, error: 'simulated crash before send' });
    // A sender that died mid-send leaves the row claimed: nobody takes it before the lease ends.
    await t.database.db
      .updateTable('scheduled_emails')
      .set({ status: 'sending', claimed_until: new Date(Date.now() + 60_000).toISOString() })
      .where('id', '=', failed?.id ?? 0)
      .execute();
    await t.app.scheduler.runNow({ only: ['emails'] });
    expect((await mailsOf(created.id))[0]?.status).toBe('sending');
    t.clock.advance(2 * 60_000);
    await t.app.scheduler.runNow({ only: ['emails'] });
    await t.app.scheduler.runNow({ only: ['emails'] });
    const [sent] = await mailsOf(created.id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    const invoice = (await invoicesOf(created.id))[0];
    await smtp.waitForMatch((mail) => mail.parsed.subject === `Invoice ${invoice?.invoice_number} from Olive Bakery`);
    await t.app.deps.mailer.flush();
    expect(
      smtp.received.filter((mail) => mail.parsed.subject === `Invoice ${invoice?.invoice_number} from Olive Bakery`),
    ).toHaveLength(1);
  });

  it('the unique (recurring invoice, period) refuses a second invoice even if the schedule were not advanced', async () => {
    const created = await createRecurring({ auto_send: false });
    await t.app.scheduler.runNow({ only: ['recurring'] });
    // Rewind the schedule as a buggy or stale scheduler would see it.
    await t.database.db
      .updateTable('recurring_invoices')
      .set({ next_index: 0, next_run_date: today(), generated_count: 0 })
      .where('id', '=', created.id)
      .execute();
    const again = await t.app.scheduler.runNow({ only: ['recurring'] });
    expect(again.invoices_created).toBe(0);
    expect(await invoicesOf(created.id)).toHaveLength(1);
  });

  it('two schedulers at once (two app instances on PostgreSQL connections, or the same app twice) make one invoice per period', async () => {
    const rows = [] as number[];
    for (let index = 0; index < 5; index += 1)
      rows.push((await createRecurring({ frequency: 'daily', start_date: addCalendarDays(today(), -3) })).id);
    let second: Awaited<ReturnType<typeof buildApp>> | undefined;
    if (postgresUrl) {
      const dataDir = mkdtempSync(join(tmpdir(), 'ledgerleaf-second-'));
      const config = loadConfig(
        {
          DATA_DIR: dataDir,
          WEB_DIST_DIR: join(dataDir, 'no-web'),
          APP_URL: 'http://localhost:3000',
          SMTP_URL: smtp.url,
        },
        dataDir,
      );
      second = await buildApp({
        config: { ...config, appKey: TEST_APP_KEY },
        database: createDatabase({ url: postgresUrl, searchPath: t.database.schema, poolSize: 4 }),
        logger: false,
        passwordHashing: TEST_PASSWORD_PARAMS,
      });
    }
    const other = second ?? t.app;
    const results = await Promise.all([
      t.app.scheduler.runNow({ only: ['recurring', 'emails'] }),
      other === t.app
        ? (await import('./scheduler')).runScheduler(t.app.deps, t.app.scheduler.jobs, {
            only: ['recurring', 'emails'],
          })
        : other.scheduler.runNow({ only: ['recurring', 'emails'] }),
    ]);
    await second?.close();
    expect(results[0].invoices_created + results[1].invoices_created).toBe(rows.length * 4);
    for (const id of rows) {
      const invoices = await invoicesOf(id);
      expect(invoices.map((invoice) => invoice.recurring_period)).toEqual(
        [-3, -2, -1, 0].map((days) => addCalendarDays(today(), days)),
      );
      const mails = await mailsOf(id);
      expect(mails).toHaveLength(4);
      expect(mails.every((mail) => mail.status === 'sent' && mail.attempts === 1)).toBe(true);
    }
  });

  it('moves past-due invoices to overdue once, in the activity log', async () => {
    const response = await t.post(
      '/api/invoices',
      {
        client_id: ids.client,
        issue_date: addCalendarDays(today(), -40),
        due_date: addCalendarDays(today(), -10),
        lines: [{ description: 'Old work', quantity: 1, unit_price: 100 }],
        send: true,
      },
      { token },
    );
    const invoice = response.json().data;
    // Issued before it fell due: stored as sent (the read side already derives overdue).
    await t.database.db.updateTable('invoices').set({ status: 'sent' }).where('id', '=', invoice.id).execute();
    expect((await t.get(`/api/invoices/${invoice.id}`, { token })).json().data.status).toBe('overdue');
    const first = await t.app.scheduler.runNow({ only: ['overdue'] });
    expect(first.overdue).toBeGreaterThanOrEqual(1);
    expect((await t.app.scheduler.runNow({ only: ['overdue'] })).overdue).toBe(0);
    const row = await t.database.db
      .selectFrom('invoices')
      .select('status')
      .where('id', '=', invoice.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('overdue');
    const detail = (await t.get(`/api/invoices/${invoice.id}`, { token })).json().data;
    expect(detail.activity.filter((entry: any) => entry.event === 'invoice.overdue')).toHaveLength(1);
  });

  it('sends each configured reminder once per invoice and step', async () => {
    const response = await t.post(
      '/api/invoices',
      {
        client_id: ids.client,
        issue_date: addCalendarDays(today(), -20),
        due_date: addCalendarDays(today(), -1),
        lines: [{ description: 'Late work', quantity: 1, unit_price: 80 }],
        send: true,
      },
      { token },
    );
    const invoice = response.json().data;
    await t.database.db.deleteFrom('invoice_reminder_steps').execute();
    const business = await t.database.db
      .selectFrom('invoices')
      .select('business_id')
      .where('id', '=', invoice.id)
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('invoice_reminder_steps')
      .values([
        {
          business_id: business.business_id,
          offset_days: 1,
          enabled: true,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        } as any,
      ])
      .execute();
    const first = await t.app.scheduler.runNow({ only: ['reminders', 'emails'] });
    expect(first.reminders).toBeGreaterThanOrEqual(1);
    await t.app.scheduler.runNow({ only: ['reminders', 'emails'] });
    const reminders = await t.database.db
      .selectFrom('scheduled_emails')
      .selectAll()
      .where('kind', '=', 'reminder')
      .where('invoice_id', '=', invoice.id)
      .execute();
    expect(reminders.map((row) => [row.dedupe_key, row.status])).toEqual([[`${invoice.id}:1`, 'sent']]);
    const detail = (await t.get(`/api/invoices/${invoice.id}`, { token })).json().data;
    expect(detail.activity.filter((entry: any) => entry.event === 'invoice.reminder_sent')).toHaveLength(1);
    // The business's "reminder" template (the default here), dates as mm/dd/yy.
    const due = addCalendarDays(today(), -1);
    const subject = `Reminder: invoice ${invoice.invoice_number} is due on ${due.slice(5, 7)}/${due.slice(8, 10)}/${due.slice(2, 4)}`;
    const mail = await smtp.waitForMatch((candidate) => candidate.parsed.subject === subject);
    expect(mail.parsed.text).toContain('$80.00');
  });

  it('is off until started; start runs passes in the background, and stop (app close) ends them', async () => {
    expect(t.app.scheduler.running).toBe(false);
    const created = await createRecurring({ auto_send: false });
    t.app.scheduler.start(60_000);
    expect(t.app.scheduler.running).toBe(true);
    // The first pass starts at once, in the background.
    await expect.poll(async () => (await invoicesOf(created.id)).length, { timeout: 10_000 }).toBe(1);
    await t.app.scheduler.stop();
    expect(t.app.scheduler.running).toBe(false);
  });

  it('SCHEDULER=0 turns the background scheduler off; the interval is configurable', () => {
    expect(loadConfig({}).scheduler).toEqual({ enabled: true, intervalMs: 60_000 });
    expect(loadConfig({ SCHEDULER: '0' }).scheduler.enabled).toBe(false);
    expect(loadConfig({ SCHEDULER: 'off', SCHEDULER_INTERVAL_MS: '5000' }).scheduler).toEqual({
      enabled: false,
      intervalMs: 5000,
    });
    expect(() => loadConfig({ SCHEDULER_INTERVAL_MS: '10' })).toThrow(/SCHEDULER_INTERVAL_MS must be at least 1000/);
    expect(() => loadConfig({ SCHEDULER: 'maybe' })).toThrow(/SCHEDULER/);
  });

  it('“Run now” does the caller’s business only and counts only its work; the background pass does every business', async () => {
    const [mine, theirs] = [await businessOf('olive@example.com'), await businessOf('other@example.com')];
    await t.put(
      '/api/recurring-invoices/config',
      { send_time: '00:00', time_zone: 'UTC', default_auto_send: true, missed_runs: 'catch_up' },
      { token: otherToken },
    );
    const theirLines = [{ description: 'Their retainer', quantity: 1, unit_price: 10 }];
    const theirRecurring = (
      await t.post('/api/recurring-invoices', recurringBody({ client_id: ids.otherClient, lines: theirLines }), {
        token: otherToken,
      })
    ).json().data;
    const theirLate = (
      await t.post(
        '/api/invoices',
        {
          client_id: ids.otherClient,
          issue_date: addCalendarDays(today(), -40),
          due_date: addCalendarDays(today(), -10),
          lines: theirLines,
          send: true,
        },
        { token: otherToken },
      )
    ).json().data;
    await t.database.db.updateTable('invoices').set({ status: 'sent' }).where('id', '=', theirLate.id).execute();
    const theirEstimate = (
      await t.post(
        '/api/estimates',
        {
          client_id: ids.otherClient,
          issue_date: addCalendarDays(today(), -40),
          expiry_date: addCalendarDays(today(), -2),
          lines: theirLines,
          send: true,
        },
        { token: otherToken },
      )
    ).json().data;
    await enqueueScheduledEmail(t.database.db, {
      businessId: theirs,
      kind: 'reminder',
      dedupeKey: `${theirLate.id}:99`,
      invoiceId: theirLate.id,
      data: { offset_days: 99 },
      now: new Date(),
    });
    // Mine: a due recurring invoice and a past-due one.
    const myRecurring = await createRecurring({ auto_send: false });
    const myLate = (
      await t.post(
        '/api/invoices',
        {
          client_id: ids.client,
          issue_date: addCalendarDays(today(), -30),
          due_date: addCalendarDays(today(), -3),
          lines: theirLines,
          send: true,
        },
        { token },
      )
    ).json().data;
    await t.database.db.updateTable('invoices').set({ status: 'sent' }).where('id', '=', myLate.id).execute();
    const countOf = async (businessId: number, event: string) =>
      Number(
        (
          await t.database.db
            .selectFrom('activity_log')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('business_id', '=', businessId)
            .where('event', '=', event)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = {
      created: await countOf(mine, 'recurring.run'),
      overdue: await countOf(mine, 'invoice.overdue'),
      expired: await countOf(mine, 'estimate.expired'),
      reminders: await countOf(mine, 'invoice.reminder_sent'),
    };

    const response = await t.post('/api/recurring-invoices/run-scheduler', undefined, { token });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(await invoicesOf(myRecurring.id)).toHaveLength(1);
    expect(
      (
        await t.database.db
          .selectFrom('invoices')
          .select('status')
          .where('id', '=', myLate.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('overdue');
    // Its counts are its own work.
    expect(data.invoices_created).toBe((await countOf(mine, 'recurring.run')) - before.created);
    expect(data.overdue).toBe((await countOf(mine, 'invoice.overdue')) - before.overdue);
    expect(data.expired).toBe((await countOf(mine, 'estimate.expired')) - before.expired);
    expect(data.reminders).toBe((await countOf(mine, 'invoice.reminder_sent')) - before.reminders);
    // The other business: untouched.
    expect(await invoicesOf(theirRecurring.id)).toHaveLength(0);
    expect(
      (
        await t.database.db
          .selectFrom('invoices')
          .select('status')
          .where('id', '=', theirLate.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('sent');
    expect(
      (
        await t.database.db
          .selectFrom('estimates')
          .select('status')
          .where('id', '=', theirEstimate.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('sent');
    expect(
      (
        await t.database.db.selectFrom('scheduled_emails').select('status').where('business_id', '=', theirs).execute()
      ).map((row) => row.status),
    ).toEqual(['pending']);

    // The background pass (and the CLI) does every business.
    const all = await t.app.scheduler.runNow();
    expect(all.invoices_created).toBeGreaterThanOrEqual(1);
    expect(await invoicesOf(theirRecurring.id)).toHaveLength(1);
    expect(
      (
        await t.database.db
          .selectFrom('invoices')
          .select('status')
          .where('id', '=', theirLate.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('overdue');
    expect(
      (
        await t.database.db
          .selectFrom('estimates')
          .select('status')
          .where('id', '=', theirEstimate.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('expired');
    expect(
      (
        await t.database.db.selectFrom('scheduled_emails').select('status').where('business_id', '=', theirs).execute()
      ).every((row) => row.status === 'sent'),
    ).toBe(true);
  });

  it('“Run now” is for roles that may write: a member may, an accountant (read-only) may not', async () => {
    const member = await addMember(t, token, 'member@example.com', 'member');
    const accountant = await addMember(t, token, 'accountant@example.com', 'accountant');
    const allowed = await t.post('/api/recurring-invoices/run-scheduler', undefined, { token: member.token });
    expect(allowed.statusCode, allowed.body).toBe(200);
    // What it created, or why nothing was, and when the next run is (recurring-issue-now.test.ts has the wording).
    expect(allowed.json().message).toMatch(/^(The scheduler created \d+ invoices?\.|No invoice was due)/);
    expect(
      (await t.post('/api/recurring-invoices/run-scheduler', undefined, { token: accountant.token })).statusCode,
    ).toBe(403);
  });

  it('with auto-send off the invoice is issued (numbered), not emailed, and its timeline and notification say so', async () => {
    const created = await createRecurring({ auto_send: false });
    await t.app.scheduler.runNow({ only: ['recurring', 'emails'], businessId: await businessOf('olive@example.com') });
    const [invoice] = await invoicesOf(created.id);
    expect(invoice).toMatchObject({ status: 'sent', recurring_period: today() });
    expect(invoice?.invoice_number).toMatch(/^INV-/);
    expect(await mailsOf(created.id)).toEqual([]);
    const detail = (await t.get(`/api/invoices/${invoice?.id}`, { token })).json().data;
    const issued = detail.activity.filter((entry: any) => entry.event === 'invoice.sent');
    expect(issued).toHaveLength(1);
    expect(issued[0].data).toMatchObject({
      via: 'manual',
      auto_send: false,
      recurring_invoice_id: created.id,
      period: today(),
    });
    const notes = (await t.database.db.selectFrom('notifications').selectAll().execute()).map((row) => ({
      type: row.type,
      data: JSON.parse(row.data),
    }));
    expect(
      notes.find((note) => note.type === 'RecurringInvoice' && note.data.invoice_id === invoice?.id)?.data.message,
    ).toContain('It was not emailed: send it from the invoice.');
    // Not an "Invoice ... was marked as issued" notification: nobody marked it.
    expect(notes.filter((note) => note.type === 'Invoice' && note.data.invoice_id === invoice?.id)).toEqual([]);
  });

  it('its emails are the business’s templates: a customised invoice subject and reminder subject', async () => {
    const own = (await t.register({ email: 'templates@example.com', business_name: 'Template Co' })).token;
    const businessId = await businessOf('templates@example.com');
    const client = (
      await t.post('/api/clients', { name: 'Tess Client', email: 'tess@client.test' }, { token: own })
    ).json().data.id;
    await t.put(
      '/api/recurring-invoices/config',
      { send_time: '00:00', time_zone: 'UTC', default_auto_send: true, missed_runs: 'catch_up' },
      { token: own },
    );
    const saved = await t.put(
      '/api/email-templates/invoice',
      {
        subject: 'Your {{business_name}} bill {{invoice_number}}',
        body: 'Hi {{client_name}}, {{amount}} is due on {{due_date}}: {{link}}',
      },
      { token: own },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    await t.put(
      '/api/email-templates/reminder',
      {
        subject: 'Nudge from {{business_name}}: {{invoice_number}}',
        body: 'Hi {{client_name}}, {{balance_due}} is still open.',
      },
      { token: own },
    );
    const lines = [{ description: 'Care plan', quantity: 1, unit_price: 25 }];
    const recurring = (
      await t.post(
        '/api/recurring-invoices',
        { client_id: client, lines, frequency: 'monthly', start_date: today() },
        { token: own },
      )
    ).json().data;
    await t.app.scheduler.runNow({ only: ['recurring', 'emails'], businessId });
    const [invoice] = await invoicesOf(recurring.id);
    const mail = await smtp.waitForMatch(
      (candidate) => candidate.parsed.subject === `Your Template Co bill ${invoice?.invoice_number}`,
    );
    expect(mail.parsed.text).toContain('Hi Tess Client, $25.00 is due on');
    const timeline = (await t.get(`/api/invoices/${invoice?.id}`, { token: own })).json().data.activity;
    expect(
      timeline.find((entry: any) => entry.event === 'invoice.sent' && entry.data.via === 'email').data,
    ).toMatchObject({ scheduled: true });
    expect(timeline.some((entry: any) => entry.data.again)).toBe(false);

    const late = (
      await t.post(
        '/api/invoices',
        {
          client_id: client,
          issue_date: addCalendarDays(today(), -20),
          due_date: addCalendarDays(today(), -1),
          lines,
          send: true,
        },
        { token: own },
      )
    ).json().data;
    await t.database.db
      .insertInto('invoice_reminder_steps')
      .values([
        {
          business_id: businessId,
          offset_days: 1,
          enabled: true,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        } as any,
      ])
      .execute();
    await t.app.scheduler.runNow({ only: ['reminders', 'emails'], businessId });
    const reminder = await smtp.waitForMatch(
      (candidate) => candidate.parsed.subject === `Nudge from Template Co: ${late.invoice_number}`,
    );
    expect(reminder.parsed.text).toContain('Hi Tess Client, $25.00 is still open.');
  });

  it('past due and expired are decided on the business’s date in its time zone, around midnight', async () => {
    const own = (await t.register({ email: 'zones@example.com', business_name: 'Zone Co' })).token;
    const businessId = await businessOf('zones@example.com');
    const client = (
      await t.post('/api/clients', { name: 'Zed Client', email: 'zed@client.test' }, { token: own })
    ).json().data.id;
    const lines = [{ description: 'Work', quantity: 1, unit_price: 10 }];
    const pass = () => t.app.scheduler.runNow({ only: ['overdue', 'expire'], businessId });
    /** An issued invoice due on `date` and a sent estimate expiring on `date`, both still stored as sent. */
    const documentsDue = async (date: string) => {
      const invoice = (
        await t.post(
          '/api/invoices',
          { client_id: client, issue_date: addCalendarDays(date, -30), due_date: date, lines, send: true },
          { token: own },
        )
      ).json().data;
      const estimate = (
        await t.post(
          '/api/estimates',
          { client_id: client, issue_date: addCalendarDays(date, -30), expiry_date: date, lines, send: true },
          { token: own },
        )
      ).json().data;
      await t.database.db.updateTable('invoices').set({ status: 'sent' }).where('id', '=', invoice.id).execute();
      await t.database.db.updateTable('estimates').set({ status: 'sent' }).where('id', '=', estimate.id).execute();
      return { invoice, estimate };
    };
    const statuses = async (documents: { invoice: { id: number }; estimate: { id: number } }) => [
      (
        await t.database.db
          .selectFrom('invoices')
          .select('status')
          .where('id', '=', documents.invoice.id)
          .executeTakeFirstOrThrow()
      ).status,
      (
        await t.database.db
          .selectFrom('estimates')
          .select('status')
          .where('id', '=', documents.estimate.id)
          .executeTakeFirstOrThrow()
      ).status,
    ];

    // New York (UTC-5 in January): at 04:30Z on Jan 16 it is still Jan 15 there.
    await t.put(
      '/api/recurring-invoices/config',
      { send_time: '09:00', time_zone: 'America/New_York', default_auto_send: false, missed_runs: 'catch_up' },
      { token: own },
    );
    const west = await documentsDue('2027-01-15');
    expect(await at('2027-01-16T04:30:00Z', pass)).toMatchObject({ overdue: 0, expired: 0 });
    expect(await statuses(west)).toEqual(['sent', 'sent']);
    expect(await at('2027-01-16T05:00:00Z', pass)).toMatchObject({ overdue: 1, expired: 1 });
    expect(await statuses(west)).toEqual(['overdue', 'expired']);

    // Auckland (UTC+13 in January): at 11:30Z on Jan 20 it is already Jan 21 there.
    await t.put(
      '/api/recurring-invoices/config',
      { send_time: '09:00', time_zone: 'Pacific/Auckland', default_auto_send: false, missed_runs: 'catch_up' },
      { token: own },
    );
    const east = await documentsDue('2027-01-20');
    expect(await at('2027-01-20T10:30:00Z', pass)).toMatchObject({ overdue: 0, expired: 0 });
    expect(await statuses(east)).toEqual(['sent', 'sent']);
    expect(await at('2027-01-20T11:30:00Z', pass)).toMatchObject({ overdue: 1, expired: 1 });
    expect(await statuses(east)).toEqual(['overdue', 'expired']);
  });
});

describe('a mail server that refuses', () => {
  it('leaves the period’s email pending with the reason, to be retried (the invoice stays single)', async () => {
    const closed = await createTestApp({
      env: { SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'Ledgerleaf <mail@ledgerleaf.test>' },
    });
    try {
      const owner = (await closed.register()).token;
      const client = (
        await closed.post('/api/clients', { name: 'Acme', email: 'ap@acme.test' }, { token: owner })
      ).json().data.id;
      await closed.put(
        '/api/recurring-invoices/config',
        { send_time: '00:00', time_zone: 'UTC', default_auto_send: true, missed_runs: 'catch_up' },
        { token: owner },
      );
      const created = await closed.post(
        '/api/recurring-invoices',
        {
          client_id: client,
          lines: [{ description: 'Work', quantity: 1, unit_price: 10 }],
          frequency: 'monthly',
          start_date: today(),
        },
        { token: owner },
      );
      expect(created.statusCode, created.body).toBe(201);
      const result = await closed.app.scheduler.runNow({ only: ['recurring', 'emails'] });
      expect(result).toMatchObject({ invoices_created: 1, emails_sent: 0, failures: 1 });
      const [email] = await closed.database.db.selectFrom('scheduled_emails').selectAll().execute();
      expect(email).toMatchObject({ status: 'pending', attempts: 1 });
      expect(email?.error).toContain('refused');
      // The failure's notification names the recurring invoice, so it opens it.
      const failed = (await closed.database.db.selectFrom('notifications').selectAll().execute())
        .map((row) => JSON.parse(row.data))
        .find((data) => data.title === 'Recurring invoice email failed');
      expect(failed).toMatchObject({ recurring_invoice_id: created.json().data.id, invoice_id: email?.invoice_id });
      await closed.app.scheduler.runNow({ only: ['recurring'] });
      expect(
        await closed.database.db
          .selectFrom('invoices')
          .select('id')
          .where('recurring_invoice_id', '=', created.json().data.id)
          .execute(),
      ).toHaveLength(1);
    } finally {
      await closed.close();
    }
  });
});

describe.skipIf(Boolean(postgresUrl))('two scheduler processes on one SQLite file', () => {
  it('make exactly one invoice per period', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ledgerleaf-procs-'));
    try {
      const env = {
        DATA_DIR: dataDir,
        WEB_DIST_DIR: join(dataDir, 'no-web'),
        APP_URL: 'http://localhost:3000',
        APP_KEY: TEST_APP_KEY,
        LOG_LEVEL: 'error',
      };
      const config = loadConfig(env, dataDir);
      const database = createDatabase({ sqlitePath: config.sqlitePath });
      await migrateToLatest(database.db);
      const app = await buildApp({
        config: { ...config, appKey: TEST_APP_KEY },
        database,
        logger: false,
        passwordHashing: TEST_PASSWORD_PARAMS,
      });
      const csrf =
        (await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' })).cookies.find(
          (cookie) => cookie.name === 'XSRF-TOKEN',
        )?.value ?? '';
      const register = await app.inject({
        method: 'POST',
        url: '/api/register',
        headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${csrf}`, 'x-xsrf-token': csrf },
        payload: {
          name: 'A',
          business_name: 'B',
          email: 'p@example.com',
          phone: '4155550100',
          password: 'correct horse battery',
          password_confirmation: 'correct horse battery',
        },
      });
      const owner = register.json().token as string;
      const headers = { authorization: `Bearer ${owner}`, 'content-type': 'application/json' };
      const client = (
        await app.inject({
          method: 'POST',
          url: '/api/clients',
          headers,
          payload: { name: 'C', email: 'c@example.com' },
        })
      ).json().data.id;
      await app.inject({
        method: 'PUT',
        url: '/api/recurring-invoices/config',
        headers,
        payload: { send_time: '00:00', time_zone: 'UTC', default_auto_send: false, missed_runs: 'catch_up' },
      });
      for (let index = 0; index < 20; index += 1) {
        const created = await app.inject({
          method: 'POST',
          url: '/api/recurring-invoices',
          headers,
          payload: {
            client_id: client,
            lines: [{ description: 'Work', quantity: 1, unit_price: 10 }],
            frequency: 'daily',
            start_date: addCalendarDays(today(), -2),
            auto_send: true,
          },
        });
        expect(created.statusCode, created.body).toBe(201);
      }
      await app.close();
      const cli = resolve(__dirname, '../cli.ts');
      const runOnce = () =>
        run(process.execPath, ['--import', 'tsx', cli, 'scheduler', 'run'], {
          cwd: resolve(__dirname, '../..'),
          env: { ...process.env, ...env, SCHEDULER: '0' },
        });
      const outputs = await Promise.all([runOnce(), runOnce()]);
      const results = outputs.map(
        (output) =>
          JSON.parse(output.stdout.trim().split('\n').pop() ?? '{}') as {
            invoices_created: number;
            emails_sent: number;
          },
      );
      expect(results[0]!.invoices_created + results[1]!.invoices_created).toBe(60);
      expect(results[0]!.emails_sent + results[1]!.emails_sent).toBe(60);
      const check = createDatabase({ sqlitePath: config.sqlitePath });
      const perPeriod = await check.db
        .selectFrom('invoices')
        .select(['recurring_invoice_id', 'recurring_period'])
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .groupBy(['recurring_invoice_id', 'recurring_period'])
        .execute();
      expect(perPeriod).toHaveLength(60);
      expect(perPeriod.every((row) => Number(row.n) === 1)).toBe(true);
      const emails = await check.db.selectFrom('scheduled_emails').selectAll().execute();
      expect(emails.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
      const outbox = await check.db
        .selectFrom('outbox_emails')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('category', '=', 'invoice')
        .executeTakeFirstOrThrow();
      expect(Number(outbox.n)).toBe(60);
      await check.destroy();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
