import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays, utcCalendarDate } from '@ledgerleaf/domain';
import { BODY_LIMIT_BYTES } from '../../../app';
import { INVOICE_BODY_LIMIT_BYTES } from './invoices.routes';
import { createTestApp, type TestApp } from '../../../test/harness';

/**
 * The bad-input sweep of areas/invoicing/clients/catalog-bad-input.test.ts over the invoicing writes: malformed JSON 400,
 * a wrong content type 415, a body over the route's limit 413, wrong types and missing fields 422
 * keyed by field; every one leaves the database exactly as it was.
 */
let t: TestApp;
let token: string;
const ids = { client: 0, tax: 0, draft: 0, sent: 0 };
const today = utcCalendarDate(new Date());

const validInvoice = () => ({
  client_id: ids.client,
  issue_date: today,
  due_date: addCalendarDays(today, 30),
  lines: [{ description: 'Design', quantity: 2, unit_price: 100, tax_rate_ids: [ids.tax] }],
});

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.register()).token;
  ids.client = (
    await t.post('/api/clients', { name: 'Sweep client', email: 'ap@sweep.test' }, { token })
  ).json().data.id;
  ids.tax = (await t.post('/api/tax-rates', { name: 'Sweep rate', rate: 5 }, { token })).json().data.id;
  ids.draft = (await t.post('/api/invoices', validInvoice(), { token })).json().data.id;
  ids.sent = (await t.post('/api/invoices', { ...validInvoice(), send: true }, { token })).json().data.id;
  expect(Object.values(ids).every((id) => id > 0)).toBe(true);
});
afterAll(async () => {
  await t.close();
});

/** Every table an invoicing write touches, rows in a stable order (PostgreSQL may move an updated row). */
const TABLES = [
  'businesses',
  'invoices',
  'invoice_lines',
  'invoice_line_taxes',
  'invoice_status_totals',
  'payments',
  'idempotency_keys',
  'document_counters',
  'activity_log',
  'notifications',
  'outbox_emails',
  'goals',
] as const;

async function snapshot(): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const table of TABLES) {
    const rows = await t.database.db.selectFrom(table).selectAll().execute();
    tables[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return tables;
}

type Case = [payload: unknown, fields: string[]];

interface Write {
  name: string;
  method: 'POST' | 'PUT';
  url: () => string;
  /** The route's body limit. */
  limit: number;
  /** Bodies refused with 422 and the field keys the answer must name (none for routes without a body); built once the fixtures exist. */
  invalid: () => Case[];
}

const invoiceTypeErrors: Case = [
  { client_id: 'abc', issue_date: 20260101, due_date: true, lines: {}, notes: 5, goal_id: 'x', currency: 'EUR' },
  ['client_id', 'issue_date', 'due_date', 'lines', 'notes', 'goal_id', 'currency'],
];
const lineTypeErrors = (): Case => [
  { ...validInvoice(), lines: [{ description: 5, quantity: '2', unit_price: null, tax_rate_ids: '1' }] },
  ['lines.0.description', 'lines.0.quantity', 'lines.0.unit_price', 'lines.0.tax_rate_ids'],
];
const payment = { amount: 10, payment_date: today, method: 'cash' };

const writes: Write[] = [
  {
    name: 'create invoice',
    method: 'POST',
    url: () => '/api/invoices',
    limit: INVOICE_BODY_LIMIT_BYTES,
    invalid: () => [
      [{}, ['client_id', 'issue_date', 'due_date', 'lines']],
      [null, ['client_id', 'issue_date', 'due_date', 'lines']],
      [[], ['_']],
      invoiceTypeErrors,
      lineTypeErrors(),
      [{ ...validInvoice(), send: 'yes' }, ['send']],
      [{ ...validInvoice(), status: 'paid' }, ['status']],
      // Found out by the service, in its transaction: rolled back.
      [{ ...validInvoice(), client_id: 999_999 }, ['client_id']],
      [
        {
          ...validInvoice(),
          send: true,
          lines: [{ description: 'x', quantity: 1, unit_price: 1, tax_rate_ids: [999_999] }],
        },
        ['lines.0.tax_rate_ids'],
      ],
    ],
  },
  {
    name: 'update invoice',
    method: 'PUT',
    url: () => `/api/invoices/${ids.draft}`,
    limit: INVOICE_BODY_LIMIT_BYTES,
    invalid: () => [
      [{}, ['client_id', 'issue_date', 'due_date', 'lines']],
      [[], ['_']],
      invoiceTypeErrors,
      lineTypeErrors(),
      [{ ...validInvoice(), send: true }, ['send']],
      [{ ...validInvoice(), goal_id: 999_999 }, ['goal_id']],
    ],
  },
  {
    name: 'record payment',
    method: 'POST',
    url: () => `/api/invoices/${ids.sent}/payments`,
    limit: BODY_LIMIT_BYTES,
    invalid: () => [
      [{}, ['amount', 'payment_date', 'method']],
      [[], ['_']],
      [
        { amount: '10', payment_date: 20261122, method: 'bitcoin', reference: 5, note: [] },
        ['amount', 'payment_date', 'method', 'reference', 'note'],
      ],
      [{ ...payment, amount: 0 }, ['amount']],
      [{ ...payment, invoice_id: ids.draft }, ['invoice_id']],
      // More than the balance: the service's check, after the row lock, rolled back.
      [{ ...payment, amount: 1_000_000 }, ['amount']],
    ],
  },
  {
    name: 'send',
    method: 'POST',
    url: () => `/api/invoices/${ids.draft}/send`,
    limit: BODY_LIMIT_BYTES,
    invalid: () => [
      [[], ['_']],
      [{ to: 'ann@sweep.test' }, ['to']],
      [{ to: ['not an address'] }, ['to.0']],
      [{ to: [], subject: 5, message: {} }, ['to', 'subject', 'message']],
      [{ cc: ['ann@sweep.test'] }, ['cc']],
    ],
  },
  {
    name: 'void',
    method: 'POST',
    url: () => `/api/invoices/${ids.sent}/void`,
    limit: BODY_LIMIT_BYTES,
    invalid: () => [
      [[], ['_']],
      [{ reason: 5 }, ['reason']],
      [{ reason: 'x'.repeat(501) }, ['reason']],
      [{ status: 'void' }, ['status']],
    ],
  },
  {
    name: 'mark sent',
    method: 'POST',
    url: () => `/api/invoices/${ids.draft}/mark-sent`,
    limit: BODY_LIMIT_BYTES,
    invalid: () => [],
  },
  {
    name: 'duplicate',
    method: 'POST',
    url: () => `/api/invoices/${ids.sent}/duplicate`,
    limit: BODY_LIMIT_BYTES,
    invalid: () => [],
  },
];

/** A JSON object of exactly `bytes` bytes. */
function bodyOfSize(bytes: number): string {
  const shell = '{"notes":""}';
  return `{"notes":"${'x'.repeat(bytes - shell.length)}"}`;
}

async function send(write: Write, payload: string, contentType = 'application/json') {
  return t.app.inject({
    method: write.method,
    url: write.url(),
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
}

async function expectRefused(
  write: Write,
  label: string,
  response: Awaited<ReturnType<typeof send>>,
  status: number,
  before: Record<string, string[]>,
) {
  expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBe(status);
  const body = response.json();
  expect(typeof body.message, label).toBe('string');
  expect(response.body, label).not.toMatch(/at .+\.(ts|js):\d+/);
  expect(await snapshot(), `${write.name}: ${label} changed the database`).toEqual(before);
  return body as { message: string; errors?: Record<string, string[]> };
}

describe('invoicing bad input is refused and changes nothing', () => {
  for (const write of writes) {
    it(`${write.method} ${write.name}`, async () => {
      const before = await snapshot();
      expect(before.invoices, 'the fixtures are in the snapshot').toHaveLength(2);

      for (const payload of ['{"a":', '{bad json}', "{'client_id':1}", '{"client_id":1,}', '\u0000']) {
        await expectRefused(write, `malformed ${JSON.stringify(payload)}`, await send(write, payload), 400, before);
      }

      for (const contentType of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
      ]) {
        await expectRefused(
          write,
          contentType,
          await send(write, JSON.stringify(validInvoice()), contentType),
          415,
          before,
        );
      }

      // One byte over this route's limit is 413; a body at the limit is parsed and checked (422).
      await expectRefused(
        write,
        'one byte over the limit',
        await send(write, bodyOfSize(write.limit + 1)),
        413,
        before,
      );
      const invalid = write.invalid();
      if (invalid.length > 0)
        await expectRefused(write, 'at the limit', await send(write, bodyOfSize(write.limit)), 422, before);

      for (const [payload, fields] of invalid) {
        const label = `422 ${JSON.stringify(payload).slice(0, 80)}`;
        const body = await expectRefused(write, label, await send(write, JSON.stringify(payload)), 422, before);
        expect(Object.keys(body.errors ?? {}).sort(), label).toEqual([...fields].sort());
        for (const messages of Object.values(body.errors ?? {}))
          expect(
            messages.every((message) => typeof message === 'string' && message.length > 0),
            label,
          ).toBe(true);
      }
    });
  }

  it('the fixtures are untouched: the draft is a draft, the sent invoice has no payment', async () => {
    const draft = (await t.get(`/api/invoices/${ids.draft}`, { token })).json().data;
    const sent = (await t.get(`/api/invoices/${ids.sent}`, { token })).json().data;
    expect(draft).toMatchObject({ status: 'draft', invoice_number: null });
    expect(sent).toMatchObject({ status: 'sent', amount_paid: 0, payments: [] });
  });
});
