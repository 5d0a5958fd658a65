import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutboxEmails } from '@ledgerleaf/db';
import { utcCalendarDate } from '@ledgerleaf/domain';
import { loggerOptions, redactUrl } from './app';
import { createTestApp, type TestApp } from './test/harness';

/*
 * Every secret that travels in a path (password resets, invitations, public invoice and estimate
 * links, calendar feeds) stays out of the access log at LOG_LEVEL=info: requests carrying each kind,
 * as the API route, as the web page the emailed link opens and in odd spellings, then a grep of
 * everything logged for each token.
 */

let t: TestApp;
const lines: string[] = [];
const secrets: Record<string, string> = {};

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  t = await createTestApp({ build: { logger: { ...(loggerOptions('info') as Record<string, unknown>), stream } } });
  const { token } = await t.register();

  const feed = await t.put('/api/calendar/feed', { kinds: ['invoice_due', 'activity'] }, { token });
  secrets.feed = /\/feeds\/([A-Za-z0-9_-]+)\.ics$/.exec(feed.json().data.url as string)![1]!;

  await t.post('/api/team/invitations', { email: 'mate@example.com', role: 'member' }, { token });
  const [invitation] = await listOutboxEmails(t.database.db, { to: 'mate@example.com' });
  secrets.invitation = /\/invitations\/([A-Za-z0-9_-]+)/.exec(invitation!.text_body)![1]!;

  await t.post('/api/forgot-password', { email: 'olive@example.com' });
  const [reset] = await listOutboxEmails(t.database.db, { to: 'olive@example.com' });
  secrets.reset = /\/reset-password\/([^\s?"<]+)/.exec(reset!.text_body)![1]!;

  const client = (await t.post('/api/clients', { name: 'Acme', email: 'ap@acme.test' }, { token })).json().data;
  const today = utcCalendarDate(new Date());
  const work = [{ description: 'Work', quantity: 1, unit_price: 100 }];
  const invoice = await t.post(
    '/api/invoices',
    { client_id: client.id, issue_date: today, due_date: today, lines: work, send: true },
    { token },
  );
  secrets.invoice = /\/i\/([A-Za-z0-9_-]+)$/.exec(invoice.json().data.public_url as string)![1]!;
  const estimate = await t.post(
    '/api/estimates',
    { client_id: client.id, issue_date: today, expiry_date: today, lines: work, send: true },
    { token },
  );
  expect(estimate.statusCode, estimate.body).toBe(201);
  secrets.estimate = /\/e\/([A-Za-z0-9_-]+)$/.exec(estimate.json().data.public_url as string)![1]!;
});
afterAll(async () => {
  await t.close();
});

describe('the access log at LOG_LEVEL=info', () => {
  it('holds none of the secrets that travel in paths', async () => {
    const { feed, invitation, reset, invoice, estimate } = secrets as Record<string, string>;
    for (const secret of [feed, invitation, reset, invoice, estimate]) expect(secret?.length).toBeGreaterThan(15);
    lines.length = 0;
    const requests: Array<[string, string]> = [
      // The calendar feed, with and without .ics, in another case, with a query string.
      ['GET', `/api/calendar/feeds/${feed}.ics`],
      ['GET', `/api/calendar/feeds/${feed}`],
      ['GET', `/API/Calendar/Feeds/${feed}.ics`],
      ['GET', `/api/calendar/feeds/${feed}.ics?x=1`],
      ['HEAD', `/api/calendar/feeds/${feed}.ics`],
      // Invitations: the API, the page the email links to, its accept.
      ['GET', `/api/invitations/${invitation}`],
      ['GET', `/invitations/${invitation}`],
      ['POST', `/api/invitations/${invitation}/accept`],
      ['GET', `//api//invitations/${invitation}`],
      // Password reset: the page the email links to.
      ['GET', `/reset-password/${reset}`],
      ['GET', `/api/thing?token=${reset}`],
      // Public invoice and estimate links: the pages and the API.
      ['GET', `/i/${invoice}`],
      ['GET', `/api/public/invoices/${invoice}`],
      ['GET', `/api/public/invoices/${invoice}/pdf?inline=1`],
      ['GET', `/e/${estimate}`],
      ['GET', `/api/public/estimates/${estimate}`],
      ['GET', `/api/public/estimates/${estimate}/pdf`],
    ];
    for (const [method, url] of requests) {
      const response = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { accept: 'application/json' },
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
    }
    // The feed answered (the route matched), and the log saw every request.
    expect((await t.app.inject({ method: 'GET', url: `/api/calendar/feeds/${feed}.ics` })).statusCode).toBe(200);
    const log = lines.join('');
    const incoming = lines.filter((line) => line.includes('"incoming request"'));
    expect(incoming.length).toBeGreaterThanOrEqual(requests.length);
    for (const [name, secret] of Object.entries(secrets)) expect(log.includes(secret), name).toBe(false);
    // What is logged still says which route it was.
    expect(log).toContain('/api/calendar/feeds/[redacted]');
    expect(log).toContain('/api/invitations/[redacted]/accept');
    expect(log).toContain('/api/public/invoices/[redacted]/pdf?inline=1');
  });

  it('redactUrl keeps ids and ordinary paths', () => {
    expect(redactUrl('/api/team/invitations/12')).toBe('/api/team/invitations/12');
    expect(redactUrl('/invoices/12')).toBe('/invoices/12');
    expect(redactUrl('/estimates/7/edit')).toBe('/estimates/7/edit');
    expect(redactUrl('/api/calendar/feed')).toBe('/api/calendar/feed');
    expect(redactUrl('/api/calendar/feeds/abc.ics')).toBe('/api/calendar/feeds/[redacted]');
    expect(redactUrl('/invitations/abc?x=1')).toBe('/invitations/[redacted]?x=1');
  });
});
