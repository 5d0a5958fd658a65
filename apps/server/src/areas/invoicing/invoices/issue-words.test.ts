import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ESTIMATE_MESSAGES,
  INVOICE_BULK_MESSAGES,
  INVOICE_MESSAGES,
  addCalendarDays,
  utcCalendarDate,
} from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../../test/harness';

/*
 * Issue 29 item 6: "send" means email, "issue" gives a number and makes the document owed. The new
 * names (`issue: true`, `/issue`, bulk `issue`) and the old ones kept for one release as deprecated
 * aliases (`send: true`, `/mark-sent`, bulk `mark_sent`) do the same; the document marks the old ones.
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- tests read response fields */

let t: TestApp;
let token: string;
let client = 0;
const today = () => utcCalendarDate(new Date());
const line = { description: 'Work', quantity: 1, unit_price: 100 };
const kinds = {
  invoices: { dateField: 'due_date', prefix: 'INV', messages: INVOICE_MESSAGES },
  estimates: { dateField: 'expiry_date', prefix: 'EST', messages: ESTIMATE_MESSAGES },
} as const;
type Kind = keyof typeof kinds;

const body = (kind: Kind, extra: Record<string, unknown> = {}) => ({
  client_id: client,
  issue_date: today(),
  [kinds[kind].dateField]: addCalendarDays(today(), 30),
  lines: [line],
  ...extra,
});

async function create(kind: Kind, extra: Record<string, unknown> = {}) {
  const response = await t.post(`/api/${kind}`, body(kind, extra), { token });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { data: any; message: string };
}

const serial = (number: string) => Number(number.slice(-4));

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.register({ email: 'issue-words@example.com', business_name: 'Words Studio' })).token;
  client = (await t.post('/api/clients', { name: 'Harbor Dental', email: 'ap@harbor.test' }, { token })).json().data
    .id as number;
});
afterAll(async () => {
  await t.close();
});

describe.each(['invoices', 'estimates'] as const)('issuing %s', (kind) => {
  const { prefix, messages } = kinds[kind];

  it('issue: true on a create issues it at once, like its deprecated alias send: true; false keeps a draft', async () => {
    const issued = await create(kind, { issue: true });
    expect(issued.data.status).toBe('sent');
    expect(issued.data[kind === 'invoices' ? 'invoice_number' : 'estimate_number']).toMatch(
      new RegExp(`^${prefix}-\\d{4}-\\d{4}$`),
    );
    expect(issued.message).toBe(messages.issued);
    const alias = await create(kind, { send: true });
    expect(alias.data.status).toBe('sent');
    expect(alias.message).toBe(messages.markedAsSent);
    const numberOf = (created: { data: any }) =>
      created.data[kind === 'invoices' ? 'invoice_number' : 'estimate_number'] as string;
    expect(serial(numberOf(alias))).toBe(serial(numberOf(issued)) + 1);
    // The same value under both names is accepted.
    expect((await create(kind, { issue: true, send: true })).data.status).toBe('sent');
    expect((await create(kind, { issue: false })).data.status).toBe('draft');
    expect((await create(kind, { issue: false, send: false })).data.status).toBe('draft');
  });

  it('send and issue given with different values answer 422 keyed issue, and nothing is created', async () => {
    const before = (await t.get(`/api/${kind}`, { token })).json().meta.total;
    for (const extra of [
      { issue: true, send: false },
      { issue: false, send: true },
    ]) {
      const response = await t.post(`/api/${kind}`, body(kind, extra), { token });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors).toEqual({ issue: [INVOICE_MESSAGES.issueConflict] });
    }
    const notBoolean = await t.post(`/api/${kind}`, body(kind, { issue: 'yes' }), { token });
    expect(notBoolean.statusCode).toBe(422);
    expect(notBoolean.json().errors.issue).toEqual([INVOICE_MESSAGES.issueInvalid]);
    expect((await t.get(`/api/${kind}`, { token })).json().meta.total).toBe(before);
  });

  it('POST /issue issues a draft without email, like its deprecated alias /mark-sent; a second issue is refused', async () => {
    const first = (await create(kind)).data;
    const second = (await create(kind)).data;
    const issued = await t.post(`/api/${kind}/${first.id}/issue`, undefined, { token });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().data.status).toBe('sent');
    expect(issued.json().message).toBe(messages.issued);
    const alias = await t.post(`/api/${kind}/${second.id}/mark-sent`, undefined, { token });
    expect(alias.statusCode, alias.body).toBe(200);
    expect(alias.json().data.status).toBe('sent');
    expect(alias.json().message).toBe(messages.markedAsSent);
    const key = kind === 'invoices' ? 'invoice_number' : 'estimate_number';
    expect(serial(alias.json().data[key])).toBe(serial(issued.json().data[key]) + 1);
    // Neither emailed the client.
    if (kind === 'invoices')
      expect((await t.get(`/api/invoices/${first.id}/emails`, { token })).json().data).toEqual([]);
    // Issued already: both names refuse it alike.
    for (const path of ['issue', 'mark-sent']) {
      const again = await t.post(`/api/${kind}/${first.id}/${path}`, undefined, { token });
      expect(again.statusCode).toBe(409);
    }
    expect((await t.post(`/api/${kind}/999999/issue`, undefined, { token })).statusCode).toBe(404);
  });
});

describe('bulk issue', () => {
  it('action issue issues the drafts without email, like its deprecated alias mark_sent', async () => {
    const drafts = await Promise.all([1, 2, 3].map(async () => (await create('invoices')).data.id as number));
    const issued = await t.post('/api/invoices/bulk', { action: 'issue', ids: drafts.slice(0, 2) }, { token });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().data.action).toBe('issue');
    expect(issued.json().data.done.map((row: { id: number }) => row.id)).toEqual(drafts.slice(0, 2));
    expect(issued.json().message).toBe(INVOICE_BULK_MESSAGES.done('issue', 2, 0));
    expect(issued.json().message).toBe('2 invoices marked as issued.');
    const alias = await t.post('/api/invoices/bulk', { action: 'mark_sent', ids: drafts.slice(1) }, { token });
    expect(alias.statusCode, alias.body).toBe(200);
    expect(alias.json().data.done.map((row: { id: number }) => row.id)).toEqual([drafts[2]]);
    expect(alias.json().data.skipped.map((row: { id: number }) => row.id)).toEqual([drafts[1]]);
    for (const id of drafts) {
      const invoice = (await t.get(`/api/invoices/${id}`, { token })).json().data;
      expect(invoice.status).toBe('sent');
    }
    const bad = await t.post('/api/invoices/bulk', { action: 'issued', ids: [drafts[0]] }, { token });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.action).toEqual([INVOICE_BULK_MESSAGES.actionInvalid]);
  });
});

describe('the OpenAPI document', () => {
  it('has the new operations and marks the old names deprecated, and only them', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const paths = document.paths as Record<string, Record<string, any>>;
    for (const kind of ['invoices', 'estimates']) {
      expect(paths[`/api/${kind}/{id}/issue`]!.post.deprecated).toBeUndefined();
      expect(paths[`/api/${kind}/{id}/mark-sent`]!.post.deprecated).toBe(true);
      const created = paths[`/api/${kind}`]!.post.requestBody.content['application/json'].schema.properties;
      expect(created.issue).toEqual({ type: 'boolean' });
      expect(created.send).toMatchObject({ type: 'boolean', deprecated: true });
    }
    expect(
      paths['/api/invoices/bulk']!.post.requestBody.content['application/json'].schema.properties.action.enum,
    ).toEqual(['send', 'issue', 'mark_sent', 'void']);
    const deprecated = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.deprecated === true)
        .map(([method]) => `${method} ${path}`),
    );
    expect(deprecated.sort()).toEqual(['post /api/estimates/{id}/mark-sent', 'post /api/invoices/{id}/mark-sent']);
  });
});
