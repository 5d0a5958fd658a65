import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVOICE_TEXT_MAX_LENGTH,
  LINE_DESCRIPTION_MAX_LENGTH,
  MAX_INVOICE_LINES,
  addCalendarDays,
  utcCalendarDate,
} from '@ledgerleaf/domain';
import { BODY_LIMIT_BYTES } from '../../../app';
import { createTestApp, type TestApp } from '../../../test/harness';
import { INVOICE_BODY_LIMIT_BYTES } from '../invoices/invoices.routes';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { pdfPages } from '../../../test/pdf-text';

/* eslint-disable @typescript-eslint/no-explicit-any -- tests read response fields */

let t: TestApp;
let smtp: TestSmtpServer;
let token: string;
let otherToken: string;
const ids = { tax: 0, client: 0, otherClient: 0 };
const today = () => utcCalendarDate(new Date());
const year = () => new Date().getUTCFullYear();

const estimateBody = (overrides: Record<string, unknown> = {}) => ({
  client_id: ids.client,
  issue_date: today(),
  expiry_date: addCalendarDays(today(), 30),
  lines: [
    { description: 'Kitchen remodel design', quantity: 10, unit: 'hour', unit_price: 95, tax_rate_ids: [ids.tax] },
    { description: 'Site visit', quantity: 1, unit_price: 150, discount_type: 'percent', discount_value: 10 },
  ],
  discount_type: 'amount',
  discount_value: 50,
  notes: 'Valid for 30 days',
  terms: '50% upfront',
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}, send = false) {
  const response = await t.post(
    '/api/estimates',
    { ...estimateBody(overrides), ...(send ? { send: true } : {}) },
    { token },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

function tokenOf(estimate: { public_url: string | null }): string {
  const token = estimate.public_url?.split('/e/')[1];
  if (!token) throw new Error('no public url');
  return token;
}

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Ledgerleaf <mail@ledgerleaf.test>' } });
  token = (await t.register()).token;
  otherToken = (await t.register({ email: 'other@example.com', business_name: 'Other Co' })).token;
  ids.tax = (await t.post('/api/tax-rates', { name: 'Sales tax', rate: 8.875 }, { token })).json().data.id;
  ids.client = (
    await t.post('/api/clients', { name: 'Acme Homes', email: 'ap@acme.test', payment_terms_days: 14 }, { token })
  ).json().data.id;
  ids.otherClient = (
    await t.post('/api/clients', { name: 'Their client', email: 'their@client.test' }, { token: otherToken })
  ).json().data.id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('estimates', () => {
  it('creates a draft computed by the engine, then issues it with a gap-free EST number', async () => {
    const draft = await create();
    expect(draft).toMatchObject({
      status: 'draft',
      estimate_number: null,
      public_url: null,
      expiry_date: addCalendarDays(today(), 30),
    });
    // 10 x 95 = 950 + 8.875% tax; 150 - 10% = 135; minus 50 spread over both lines.
    expect(draft.totals.subtotal).toBe(1100);
    expect(draft.totals.total).toBeGreaterThan(1000);
    const first = await t.post(`/api/estimates/${draft.id}/mark-sent`, undefined, { token });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.estimate_number).toBe(`EST-${year()}-0001`);
    const second = await create({}, true);
    expect(second.estimate_number).toBe(`EST-${year()}-0002`);
    expect(second.status).toBe('sent');
    // Invoices keep their own counter.
    const invoice = await t.post(
      '/api/invoices',
      {
        client_id: ids.client,
        issue_date: today(),
        due_date: today(),
        lines: [{ description: 'x', quantity: 1, unit_price: 1 }],
        send: true,
      },
      { token },
    );
    expect(invoice.json().data.invoice_number).toBe(`INV-${year()}-0001`);
    const again = await t.post(`/api/estimates/${draft.id}/mark-sent`, undefined, { token });
    expect(again.statusCode).toBe(409);
  });

  it('numbers estimates issued in parallel without gaps or duplicates', async () => {
    const drafts = await Promise.all([1, 2, 3, 4, 5].map(() => create()));
    const issued = await Promise.all(
      drafts.map((draft) => t.post(`/api/estimates/${draft.id}/mark-sent`, undefined, { token })),
    );
    expect(issued.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const counters = issued
      .map((response) => Number(String(response.json().data.estimate_number).slice(-4)))
      .sort((a, b) => a - b);
    expect(new Set(counters).size).toBe(5);
    expect(counters[4]! - counters[0]!).toBe(4);
  });

  it('validates with the invoice rules, keyed by the estimate’s own fields', async () => {
    const response = await t.post(
      '/api/estimates',
      estimateBody({ expiry_date: addCalendarDays(today(), -1), lines: [] }),
      { token },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.expiry_date).toEqual(['The expiry date cannot be before the estimate date']);
    expect(response.json().errors.lines).toEqual(['Please add at least one line']);
    const foreign = await t.post('/api/estimates', estimateBody({ client_id: ids.otherClient }), { token });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.client_id).toBeDefined();
  });

  it('emails the estimate with its PDF and public link; the client views, accepts with their name, and the business is notified', async () => {
    const draft = await create();
    const sent = await t.post(`/api/estimates/${draft.id}/send`, {}, { token });
    expect(sent.statusCode, sent.body).toBe(200);
    const body = sent.json();
    expect(body.data.status).toBe('sent');
    const mail = await smtp.waitForMatch((candidate) => candidate.parsed.subject === body.email.subject);
    expect(mail.parsed.subject).toBe(`Estimate ${body.data.estimate_number} from Olive Bakery`);
    expect(mail.parsed.text).toContain(body.data.public_url);
    // Filed in the business's outbox as an estimate, not as an invoice.
    const filed = await t.get(`/api/outbox/${body.email.id}`, { token });
    expect(filed.statusCode, filed.body).toBe(200);
    expect(filed.json().data).toMatchObject({ category: 'estimate', subject: body.email.subject });
    const attachment = mail.parsed.attachments[0];
    expect(attachment?.mimeType).toBe('application/pdf');
    const pdfText = (await pdfPages(Buffer.from(attachment?.content as ArrayBuffer))).join('\n');
    expect(pdfText).toContain('ESTIMATE');
    expect(pdfText).toContain(body.data.estimate_number);
    // Dates in the business's format: mm/dd/yy by default (SPEC.md section 9).
    const mdy = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(2, 4)}`;
    expect(pdfText).toContain(`Expiry date ${mdy(body.data.expiry_date)}`);
    expect(mail.parsed.text).toContain(mdy(body.data.expiry_date));

    const publicToken = tokenOf(body.data);
    const page = await t.get(`/api/public/estimates/${publicToken}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({
      status: 'viewed',
      can_respond: true,
      estimate_number: body.data.estimate_number,
      business: { date_format: 'mm/dd/yy' },
    });
    expect(JSON.stringify(page.json())).not.toContain('"id"');

    const missingName = await t.post(`/api/public/estimates/${publicToken}/accept`, { name: ' ' });
    expect(missingName.statusCode).toBe(422);
    expect(missingName.json().errors.name).toEqual(['Please enter your name to accept']);
    const noCsrf = await t.post(`/api/public/estimates/${publicToken}/accept`, { name: 'Ann Client' }, { csrf: false });
    expect(noCsrf.statusCode).toBe(419);
    const accepted = await t.post(`/api/public/estimates/${publicToken}/accept`, { name: 'Ann Client' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({ status: 'accepted', accepted_by: 'Ann Client', can_respond: false });
    const twice = await t.post(`/api/public/estimates/${publicToken}/decline`, {});
    expect(twice.statusCode).toBe(409);

    const detail = (await t.get(`/api/estimates/${draft.id}`, { token })).json().data;
    expect(detail.status).toBe('accepted');
    expect(detail.activity.map((entry: { event: string }) => entry.event)).toEqual(
      expect.arrayContaining(['estimate.created', 'estimate.sent', 'estimate.viewed', 'estimate.accepted']),
    );
    const notifications = await t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('type', '=', 'Estimate')
      .execute();
    expect(notifications.some((row) => JSON.parse(row.data).title === 'Estimate accepted')).toBe(true);
  });

  it('a client declines with an optional reason', async () => {
    const estimate = await create({}, true);
    const declined = await t.post(`/api/public/estimates/${tokenOf(estimate)}/decline`, { reason: 'Over budget' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().data.status).toBe('declined');
    const detail = (await t.get(`/api/estimates/${estimate.id}`, { token })).json().data;
    expect(detail).toMatchObject({ status: 'declined', decline_reason: 'Over budget' });
    const convert = await t.post(`/api/estimates/${estimate.id}/convert`, undefined, { token });
    expect(convert.statusCode).toBe(409);
  });

  it('the owner previewing with their token does not count as a view; anyone else (or a bad token) does', async () => {
    const estimate = await create({}, true);
    const publicToken = tokenOf(estimate);
    const preview = await t.get(`/api/public/estimates/${publicToken}`, { token });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data.status).toBe('sent');
    expect((await t.get(`/api/public/estimates/${publicToken}/pdf`, { token })).statusCode).toBe(200);
    expect((await t.get(`/api/estimates/${estimate.id}`, { token })).json().data.viewed_at).toBeNull();
    // Another business's token is not the owner; a token that is not valid is nobody, not a 401.
    expect((await t.get(`/api/public/estimates/${publicToken}`, { token: 'not-a-valid-token' })).statusCode).toBe(200);
    const read = (await t.get(`/api/estimates/${estimate.id}`, { token })).json().data;
    expect(read.status).toBe('viewed');
    expect(read.activity.filter((entry: any) => entry.event === 'estimate.viewed')).toHaveLength(1);
    expect((await t.get(`/api/public/estimates/${publicToken}`, { token: otherToken })).json().data.status).toBe(
      'viewed',
    );
  });

  it('converts once into a draft invoice with the same lines and totals, linked both ways', async () => {
    const estimate = await create({}, true);
    await t.post(`/api/public/estimates/${tokenOf(estimate)}/accept`, { name: 'Ann' });
    const [first, second] = await Promise.all([
      t.post(`/api/estimates/${estimate.id}/convert`, undefined, { token }),
      t.post(`/api/estimates/${estimate.id}/convert`, undefined, { token }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const ok = first.statusCode === 200 ? first.json() : second.json();
    expect(ok.data.status).toBe('converted');
    expect(ok.data.invoice_id).toBe(ok.invoice_id);
    const invoice = (await t.get(`/api/invoices/${ok.invoice_id}`, { token })).json().data;
    expect(invoice.status).toBe('draft');
    expect(invoice.totals).toEqual(estimate.totals);
    expect(invoice.lines.map((line: any) => [line.description, line.quantity, line.unit_price, line.total])).toEqual(
      estimate.lines.map((line: any) => [line.description, line.quantity, line.unit_price, line.total]),
    );
    expect(invoice.due_date).toBe(addCalendarDays(today(), 14));
    const row = await t.database.db
      .selectFrom('invoices')
      .select('estimate_id')
      .where('id', '=', ok.invoice_id)
      .executeTakeFirstOrThrow();
    expect(row.estimate_id).toBe(estimate.id);
    const count = await t.database.db
      .selectFrom('invoices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('estimate_id', '=', estimate.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('lists with status filter, search, sort and pages; past expiry reads as expired', async () => {
    const old = await create(
      { issue_date: addCalendarDays(today(), -40), expiry_date: addCalendarDays(today(), -10) },
      true,
    );
    const expired = await t.get('/api/estimates?status=expired', { token });
    expect(expired.statusCode).toBe(200);
    expect(expired.json().data.map((row: any) => row.id)).toContain(old.id);
    expect(expired.json().data.every((row: any) => row.status === 'expired')).toBe(true);
    const accept = await t.post(`/api/public/estimates/${tokenOf(old)}/accept`, { name: 'Late' });
    expect(accept.statusCode).toBe(409);
    expect(accept.json().message).toBe('This estimate has expired. Please ask for a new one.');
    const search = await t.get(`/api/estimates?search=${encodeURIComponent(old.estimate_number)}`, { token });
    expect(search.json().data.map((row: any) => row.id)).toEqual([old.id]);
    const paged = await t.get('/api/estimates?per_page=2&page=1&sort=total&direction=asc', { token });
    expect(paged.json().meta).toMatchObject({ per_page: 2, page: 1 });
    expect(paged.json().data).toHaveLength(2);
    const bad = await t.get('/api/estimates?status=nope', { token });
    expect(bad.statusCode).toBe(422);
  });

  it('filters by issue-date range; a backwards range answers 422 as the invoice list does', async () => {
    const dated = await create({ issue_date: '2025-02-03', expiry_date: '2025-03-05' });
    const range = await t.get('/api/estimates?date_from=2025-02-03&date_to=2025-02-03', { token });
    expect(range.statusCode, range.body).toBe(200);
    expect(range.json().data.map((row: any) => row.id)).toEqual([dated.id]);
    const backwards = await t.get('/api/estimates?date_from=2025-02-04&date_to=2025-02-03', { token });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual({ date_to: ['The start date must be on or before the end date'] });
    const invoices = await t.get('/api/invoices?date_from=2025-02-04&date_to=2025-02-03', { token });
    expect(invoices.statusCode).toBe(422);
    expect(invoices.json().errors).toEqual(backwards.json().errors);
    expect((await t.delete(`/api/estimates/${dated.id}`, { token })).statusCode).toBe(200);
  });

  it('the largest valid estimate (500 lines of 2,000 three-byte characters, notes and terms) is accepted by POST and PUT; a bigger body is 413', async () => {
    // '€' is 3 bytes in UTF-8: the body is about 3 MB, over the app's 1 MB; the invoice routes' limit applies.
    const description = '€'.repeat(LINE_DESCRIPTION_MAX_LENGTH);
    const lines = Array.from({ length: MAX_INVOICE_LINES }, () => ({
      description,
      quantity: 1,
      unit: 'piece',
      unit_price: 1,
      tax_rate_ids: [ids.tax],
    }));
    const largest = estimateBody({
      lines,
      discount_type: null,
      discount_value: null,
      notes: '€'.repeat(INVOICE_TEXT_MAX_LENGTH),
      terms: '€'.repeat(INVOICE_TEXT_MAX_LENGTH),
    });
    const size = Buffer.byteLength(JSON.stringify(largest));
    expect(size).toBeGreaterThan(BODY_LIMIT_BYTES);
    expect(size).toBeLessThanOrEqual(INVOICE_BODY_LIMIT_BYTES);
    const created = await t.post('/api/estimates', largest, { token });
    expect(created.statusCode, created.body.slice(0, 200)).toBe(201);
    const estimate = created.json().data;
    expect(estimate.lines).toHaveLength(MAX_INVOICE_LINES);
    expect(estimate.lines[499].description).toBe(description);
    const updated = await t.put(`/api/estimates/${estimate.id}`, { ...largest, notes: 'Updated' }, { token });
    expect(updated.statusCode, updated.body.slice(0, 200)).toBe(200);
    expect(updated.json().data.notes).toBe('Updated');

    const before = await t.database.db
      .selectFrom('estimates')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const absurd = { ...largest, notes: 'x'.repeat(INVOICE_BODY_LIMIT_BYTES) };
    for (const response of [
      await t.post('/api/estimates', absurd, { token }),
      await t.put(`/api/estimates/${estimate.id}`, absurd, { token }),
    ]) {
      expect(response.statusCode).toBe(413);
      expect(typeof response.json().message).toBe('string');
    }
    const after = await t.database.db
      .selectFrom('estimates')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await t.get(`/api/estimates/${estimate.id}`, { token })).json().data.notes).toBe('Updated');
    expect((await t.delete(`/api/estimates/${estimate.id}`, { token })).statusCode).toBe(200);
  });

  it('edits and deletes drafts only', async () => {
    const draft = await create();
    const edited = await t.put(`/api/estimates/${draft.id}`, estimateBody({ notes: 'Edited' }), { token });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.notes).toBe('Edited');
    const sent = await create({}, true);
    expect((await t.delete(`/api/estimates/${sent.id}`, { token })).statusCode).toBe(409);
    expect((await t.delete(`/api/estimates/${draft.id}`, { token })).statusCode).toBe(200);
    expect((await t.get(`/api/estimates/${draft.id}`, { token })).statusCode).toBe(404);
  });

  it('another business’s ids answer 404 and change nothing', async () => {
    const estimate = await create({}, true);
    const before = await t.database.db
      .selectFrom('estimates')
      .selectAll()
      .where('id', '=', estimate.id)
      .executeTakeFirstOrThrow();
    for (const response of [
      await t.get(`/api/estimates/${estimate.id}`, { token: otherToken }),
      await t.put(`/api/estimates/${estimate.id}`, estimateBody({ client_id: ids.otherClient }), { token: otherToken }),
      await t.delete(`/api/estimates/${estimate.id}`, { token: otherToken }),
      await t.post(`/api/estimates/${estimate.id}/convert`, undefined, { token: otherToken }),
      await t.post(`/api/estimates/${estimate.id}/send`, {}, { token: otherToken }),
      await t.post(`/api/estimates/${estimate.id}/mark-sent`, undefined, { token: otherToken }),
      await t.get(`/api/estimates/${estimate.id}/pdf`, { token: otherToken }),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    const after = await t.database.db
      .selectFrom('estimates')
      .selectAll()
      .where('id', '=', estimate.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect((await t.get('/api/estimates', { token: otherToken })).json().data).toEqual([]);
    expect((await t.get('/api/public/estimates/not-a-token-at-all-xxxxxxxxxxxxxxxxxxxx')).statusCode).toBe(404);
  });

  it('the scheduler stores expired on open estimates past expiry, once, in the timeline', async () => {
    const old = await create(
      { issue_date: addCalendarDays(today(), -40), expiry_date: addCalendarDays(today(), -2) },
      true,
    );
    const first = await t.app.scheduler.runNow({ only: ['expire'] });
    expect(first.expired).toBeGreaterThanOrEqual(1);
    const second = await t.app.scheduler.runNow({ only: ['expire'] });
    expect(second.expired).toBe(0);
    const detail = (await t.get(`/api/estimates/${old.id}`, { token })).json().data;
    expect(detail.status).toBe('expired');
    expect(detail.activity.filter((entry: any) => entry.event === 'estimate.expired')).toHaveLength(1);
  });
});
