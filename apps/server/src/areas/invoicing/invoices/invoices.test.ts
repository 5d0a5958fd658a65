import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVOICE_TEXT_MAX_LENGTH,
  LINE_DESCRIPTION_MAX_LENGTH,
  MAX_INVOICE_LINES,
  addCalendarDays,
  calculateInvoiceRequest,
  invoiceInputSchema,
  invoiceTotals,
  lineAmounts,
  utcCalendarDate,
  type InvoiceInput,
} from '@ledgerleaf/domain';
import { BODY_LIMIT_BYTES } from '../../../app';
import { createTestApp, type TestApp } from '../../../test/harness';
import { INVOICE_BODY_LIMIT_BYTES } from './invoices.routes';

let t: TestApp;
let token: string;
const ids = { tax: 0, tax2: 0, client: 0, product: 0, goal: 0 };
const today = () => utcCalendarDate(new Date());
const year = () => new Date().getUTCFullYear();

function invoiceBody(overrides: Partial<InvoiceInput> = {}): InvoiceInput {
  return {
    client_id: ids.client,
    issue_date: today(),
    due_date: addCalendarDays(today(), 30),
    lines: [
      {
        product_id: ids.product,
        description: 'Brand workshop',
        quantity: 2.5,
        unit: 'hour',
        unit_price: 120,
        discount_type: 'percent',
        discount_value: 10,
        tax_rate_ids: [ids.tax],
      },
      { description: 'Printed proofs', quantity: 3, unit_price: 19.99, tax_rate_ids: [ids.tax, ids.tax2] },
    ],
    discount_type: 'amount',
    discount_value: 15,
    notes: 'Thank you!',
    terms: 'Net 30',
    goal_id: ids.goal,
    ...overrides,
  };
}

async function create(body: unknown = invoiceBody(), send = false) {
  const response = await t.post('/api/invoices', { ...(body as object), ...(send ? { send: true } : {}) }, { token });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test reads response fields
}

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.register()).token;
  ids.tax = (await t.post('/api/tax-rates', { name: 'Sales tax', rate: 8.875 }, { token })).json().data.id;
  ids.tax2 = (
    await t.post('/api/tax-rates', { name: 'City tax', rate: 1.5, is_compound: true }, { token })
  ).json().data.id;
  ids.client = (
    await t.post(
      '/api/clients',
      {
        name: 'Acme Studio',
        email: 'ap@acme.test',
        payment_terms_days: 14,
        contacts: [{ name: 'Ann', email: 'ann@acme.test' }],
      },
      { token },
    )
  ).json().data.id;
  ids.product = (
    await t.post('/api/products', { name: 'Workshop', unit_price: 120, default_tax_rate_id: ids.tax }, { token })
  ).json().data.id;
  ids.goal = (
    await t.post(
      '/api/goals',
      { title: 'New van', target_amount: 30000, target_date: addCalendarDays(today(), 365) },
      { token },
    )
  ).json().data.id;
  expect(Object.values(ids).every((id) => id > 0)).toBe(true);
});
afterAll(async () => {
  await t.close();
});

describe('invoices', () => {
  it("refuses a goal_id that is not one of the business's goals (422 on goal_id), and accepts none", async () => {
    const other = await t.register({ email: 'goals-other@example.com', business_name: 'Other Goals' });
    const theirs = (
      await t.post(
        '/api/goals',
        { title: 'Their goal', target_amount: 100, target_date: addCalendarDays(today(), 30) },
        { token: other.token },
      )
    ).json().data.id as number;
    for (const goal_id of [theirs, 999999]) {
      const response = await t.post('/api/invoices', invoiceBody({ goal_id }), { token });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.goal_id).toEqual([
        'This goal does not exist (any more). Please choose another one',
      ]);
    }
    expect((await create(invoiceBody({ goal_id: null }))).goal_id).toBeNull();
  });

  it('creates a draft whose amounts equal the engine to the cent, and reads it back with goal_id and activity', async () => {
    const body = invoiceBody();
    const invoice = await create(body);
    expect(invoice.status).toBe('draft');
    expect(invoice.invoice_number).toBeNull();
    expect(invoice.public_url).toBeNull();
    expect(invoice.goal_id).toBe(ids.goal);
    const parsed = invoiceInputSchema.parse(body);
    const expected = calculateInvoiceRequest(parsed, {
      taxRates: [
        { id: ids.tax, name: 'Sales tax', rate: 8.875, is_compound: false },
        { id: ids.tax2, name: 'City tax', rate: 1.5, is_compound: true },
      ],
      prices_include_tax: false,
    });
    if (!expected.success) throw new Error('engine refused');
    const totals = invoiceTotals(expected.calculation);
    expect(invoice.totals).toEqual(totals.totals);
    // A draft owes nothing yet: its balance due is 0 until it is sent (the engine's figure is the total).
    expect(totals.balance_due).toBe(totals.totals.total);
    expect(invoice.balance_due).toBe(0);
    expect(invoice.lines.map((line: Record<string, unknown>) => line.total)).toEqual(
      expected.calculation.lines.map((line) => lineAmounts(line).total),
    );
    expect(invoice.lines[1].tax_rate_ids).toEqual([ids.tax, ids.tax2]);
    expect(invoice.lines[0].discount_value).toBe(10);
    expect(invoice.discount_value).toBe(15);

    const read = await t.get(`/api/invoices/${invoice.id}`, { token });
    expect(read.statusCode).toBe(200);
    const detail = read.json().data;
    expect(detail.goal_id).toBe(ids.goal);
    expect(detail.totals).toEqual(invoice.totals);
    expect(detail.activity.map((entry: { event: string }) => entry.event)).toEqual(['invoice.created']);
  });

  it('send: true issues at once with the next number; mark-sent issues a draft; a second mark-sent is refused', async () => {
    const sent = await create(invoiceBody(), true);
    expect(sent.status).toBe('sent');
    expect(sent.invoice_number).toMatch(new RegExp(`^INV-${year()}-\\d{4}$`));
    expect(sent.public_url).toMatch(/\/i\/[A-Za-z0-9_-]{43}$/);
    const draft = await create();
    const marked = await t.post(`/api/invoices/${draft.id}/mark-sent`, undefined, { token });
    expect(marked.statusCode).toBe(200);
    const number = marked.json().data.invoice_number as string;
    expect(Number(number.slice(-4))).toBe(Number((sent.invoice_number as string).slice(-4)) + 1);
    const again = await t.post(`/api/invoices/${draft.id}/mark-sent`, undefined, { token });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBeTruthy();
    const activity = await t.get(`/api/invoices/${draft.id}/activity`, { token });
    expect(activity.json().data.map((entry: { event: string }) => entry.event)).toEqual([
      'invoice.sent',
      'invoice.created',
    ]);
  });

  it('updates drafts and unpaid issued invoices with the engine; refuses void ones', async () => {
    const draft = await create();
    const updated = await t.put(
      `/api/invoices/${draft.id}`,
      invoiceBody({
        lines: [{ description: 'Only line', quantity: 1, unit_price: 100, tax_rate_ids: [ids.tax] }],
        discount_type: null,
        discount_value: null,
      }),
      { token },
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.totals.total).toBe(108.88);
    expect(updated.json().data.lines).toHaveLength(1);
    await t.post(`/api/invoices/${draft.id}/mark-sent`, undefined, { token });
    const issuedEdit = await t.put(
      `/api/invoices/${draft.id}`,
      invoiceBody({ due_date: addCalendarDays(today(), 60) }),
      { token },
    );
    expect(issuedEdit.statusCode).toBe(200);
    expect(issuedEdit.json().data.status).toBe('sent');
    const voided = await t.post(`/api/invoices/${draft.id}/void`, { reason: 'Wrong client' }, { token });
    expect(voided.statusCode).toBe(200);
    expect(voided.json().data.status).toBe('void');
    const editVoid = await t.put(`/api/invoices/${draft.id}`, invoiceBody(), { token });
    expect(editVoid.statusCode).toBe(409);
  });

  it('deletes drafts only; voids issued invoices only', async () => {
    const draft = await create();
    const voidDraft = await t.post(`/api/invoices/${draft.id}/void`, {}, { token });
    expect(voidDraft.statusCode).toBe(409);
    const deleted = await t.delete(`/api/invoices/${draft.id}`, { token });
    expect(deleted.statusCode).toBe(200);
    expect((await t.get(`/api/invoices/${draft.id}`, { token })).statusCode).toBe(404);
    const sent = await create(invoiceBody(), true);
    const deleteSent = await t.delete(`/api/invoices/${sent.id}`, { token });
    expect(deleteSent.statusCode).toBe(409);
    expect(deleteSent.json().message).toMatch(/Only drafts can be deleted/);
  });

  it('duplicates as a new draft dated today', async () => {
    const sent = await create(invoiceBody({ issue_date: '2025-01-10', due_date: '2025-01-20' }), true);
    const copy = await t.post(`/api/invoices/${sent.id}/duplicate`, undefined, { token });
    expect(copy.statusCode).toBe(201);
    const data = copy.json().data;
    expect(data.id).not.toBe(sent.id);
    expect(data.status).toBe('draft');
    expect(data.issue_date).toBe(today());
    expect(data.due_date).toBe(addCalendarDays(today(), 14));
    expect(data.totals).toEqual(sent.totals);
  });

  it('derives overdue at read time; lists with filters, search, sort and a summary of the filter', async () => {
    const late = await create(
      invoiceBody({ issue_date: '2025-02-01', due_date: '2025-02-15', notes: 'late one' }),
      true,
    );
    expect(late.status).toBe('overdue');
    const overdue = await t.get('/api/invoices?status=overdue', { token });
    expect(overdue.statusCode).toBe(200);
    const page = overdue.json();
    expect(page.data.map((row: { id: number }) => row.id)).toContain(late.id);
    expect(page.data.every((row: { status: string }) => row.status === 'overdue')).toBe(true);
    expect(page.summary.count).toBe(page.meta.total);
    const search = await t.get(`/api/invoices?search=${encodeURIComponent(late.invoice_number)}`, { token });
    expect(search.json().data.map((row: { id: number }) => row.id)).toEqual([late.id]);
    const byClient = await t.get('/api/invoices?search=acme&per_page=2&sort=total&direction=asc', { token });
    expect(byClient.json().data).toHaveLength(2);
    expect(byClient.json().meta.total).toBeGreaterThan(2);
    const drafts = await t.get('/api/invoices?status=draft', { token });
    expect(
      drafts
        .json()
        .data.every(
          (row: { status: string; invoice_number: string | null }) =>
            row.status === 'draft' && row.invoice_number === null,
        ),
    ).toBe(true);
    const range = await t.get('/api/invoices?date_from=2025-02-01&date_to=2025-02-01', { token });
    expect(range.json().data.map((row: { id: number }) => row.id)).toEqual([late.id]);
    expect(range.json().summary).toEqual({
      count: 1,
      total: late.totals.total,
      amount_paid: 0,
      balance_due: late.balance_due,
    });
    // The due date range (the dashboard's "Due This Week"): both ends included, with the status.
    const dueRange = await t.get('/api/invoices?status=unpaid&due_from=2025-02-15&due_to=2025-02-15', { token });
    expect(dueRange.json().data.map((row: { id: number }) => row.id)).toEqual([late.id]);
    expect(dueRange.json().summary).toMatchObject({ count: 1, balance_due: late.balance_due });
    const dueBefore = await t.get('/api/invoices?due_from=2025-02-16&due_to=2025-02-20', { token });
    expect(dueBefore.json().data.map((row: { id: number }) => row.id)).not.toContain(late.id);
    const reversed = await t.get('/api/invoices?due_from=2025-02-16&due_to=2025-02-15', { token });
    expect(reversed.statusCode).toBe(422);
    expect(Object.keys(reversed.json().errors)).toEqual(['due_to']);
    const bad = await t.get('/api/invoices?status=bogus&date_from=2025-13-01', { token });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['status', 'date_from']));
  });

  it('client balance outstanding comes from issued invoices; a client with invoices cannot be deleted', async () => {
    const clients = await t.get('/api/clients?sort=balance&direction=desc', { token });
    const acme = clients.json().data.find((row: { id: number }) => row.id === ids.client);
    const unpaid = await t.get('/api/invoices?status=unpaid&per_page=100', { token });
    expect(acme.balance_outstanding).toBe(unpaid.json().summary.balance_due);
    expect(acme.balance_outstanding).toBeGreaterThan(0);
    expect((await t.delete(`/api/clients/${ids.client}`, { token })).statusCode).toBe(409);
    expect((await t.delete(`/api/products/${ids.product}`, { token })).statusCode).toBe(409);
    expect((await t.delete(`/api/tax-rates/${ids.tax2}`, { token })).statusCode).toBe(409);
  });
});

describe('balances are what is owed now', () => {
  it('a draft and a void invoice owe nothing: list rows, summaries, the invoice, client list, detail and CSV agree', async () => {
    const owner = await t.register({ email: 'owed-now@example.com', business_name: 'Owed Now Studio' });
    const as = { token: owner.token };
    const clientId = (await t.post('/api/clients', { name: 'Owing Co', email: 'ap@owing.test' }, as)).json().data
      .id as number;
    const body = (amount: number) => ({
      client_id: clientId,
      issue_date: today(),
      due_date: addCalendarDays(today(), 30),
      lines: [{ description: 'Work', quantity: 1, unit_price: amount }],
    });
    const post = async (amount: number, send: boolean) =>
      (await t.post('/api/invoices', { ...body(amount), ...(send ? { send: true } : {}) }, as)).json().data as {
        id: number;
        balance_due: number;
      };
    const draft = await post(100, false);
    const sent = await post(250, true);
    const voided = await post(900, true);
    expect((await t.post(`/api/invoices/${voided.id}/void`, {}, as)).statusCode).toBe(200);

    expect(draft.balance_due).toBe(0);
    expect(sent.balance_due).toBe(250);
    expect((await t.get(`/api/invoices/${voided.id}`, as)).json().data.balance_due).toBe(0);

    const all = (await t.get('/api/invoices?status=all', as)).json();
    const rowBalance = (id: number) => all.data.find((row: { id: number }) => row.id === id).balance_due;
    expect([rowBalance(draft.id), rowBalance(sent.id), rowBalance(voided.id)]).toEqual([0, 250, 0]);
    expect(all.summary).toEqual({ count: 3, total: 350, amount_paid: 0, balance_due: 250 });
    // The same figures from the rows (a search) as from the per-status totals.
    expect((await t.get('/api/invoices?status=all&search=owing', as)).json().summary).toEqual(all.summary);
    expect((await t.get('/api/invoices?status=draft', as)).json().summary.balance_due).toBe(0);
    expect((await t.get('/api/invoices?status=void', as)).json().summary.balance_due).toBe(0);
    const sorted = (await t.get('/api/invoices?sort=balance_due&direction=desc', as)).json().data;
    expect(sorted[0].id).toBe(sent.id);

    const clients = (await t.get('/api/clients', as)).json().data;
    expect(clients.find((row: { id: number }) => row.id === clientId).balance_outstanding).toBe(250);
    expect((await t.get(`/api/clients/${clientId}`, as)).json().data.balance_outstanding).toBe(250);
    const csv = (await t.get('/api/clients/export.csv', as)).body;
    expect(csv).toMatch(/Owing Co.*,250\.00/);
  });
});

describe('invoice bad input answers 422 with field-keyed errors', () => {
  const cases: Array<[string, () => unknown, string]> = [
    [
      'negative quantity',
      () => invoiceBody({ lines: [{ description: 'x', quantity: -1, unit_price: 1 }] }),
      'lines.0.quantity',
    ],
    [
      'negative price',
      () => invoiceBody({ lines: [{ description: 'x', quantity: 1, unit_price: -5 }] }),
      'lines.0.unit_price',
    ],
    [
      'absurd price',
      () => invoiceBody({ lines: [{ description: 'x', quantity: 1, unit_price: 1_000_000_000 }] }),
      'lines.0.unit_price',
    ],
    [
      'absurd line total',
      () => invoiceBody({ lines: [{ description: 'x', quantity: 1000, unit_price: 999_999_999 }] }),
      'lines.0.unit_price',
    ],
    [
      'too many lines',
      () =>
        invoiceBody({ lines: Array.from({ length: 501 }, () => ({ description: 'x', quantity: 1, unit_price: 1 })) }),
      'lines',
    ],
    [
      'unknown tax id',
      () =>
        invoiceBody({
          discount_type: null,
          discount_value: null,
          lines: [{ description: 'x', quantity: 1, unit_price: 1, tax_rate_ids: [999999] }],
        }),
      'lines.0.tax_rate_ids',
    ],
    ['unknown client', () => invoiceBody({ client_id: 999999 }), 'client_id'],
    [
      'unknown product',
      () =>
        invoiceBody({
          discount_type: null,
          discount_value: null,
          lines: [{ product_id: 999999, description: 'x', quantity: 1, unit_price: 1 }],
        }),
      'lines.0.product_id',
    ],
    ['malformed date', () => invoiceBody({ issue_date: '2026-02-30' }), 'issue_date'],
    ['due before issue', () => invoiceBody({ issue_date: '2026-03-10', due_date: '2026-03-01' }), 'due_date'],
    [
      'not a number',
      () => ({ ...invoiceBody(), lines: [{ description: 'x', quantity: 'lots', unit_price: 1 }] }),
      'lines.0.quantity',
    ],
    ['send not boolean', () => ({ ...invoiceBody(), send: 'yes' }), 'send'],
  ];
  for (const [name, body, field] of cases) {
    it(name, async () => {
      const before = await t.database.db
        .selectFrom('invoices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const response = await t.post('/api/invoices', body(), { token });
      expect(response.statusCode, response.body).toBe(422);
      expect(Object.keys(response.json().errors)).toContain(field);
      const after = await t.database.db
        .selectFrom('invoices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });
  }

  it('PUT checks the same rules', async () => {
    const draft = await create();
    const response = await t.put(
      `/api/invoices/${draft.id}`,
      invoiceBody({ lines: [{ description: '', quantity: 1, unit_price: 1 }] }),
      { token },
    );
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toContain('lines.0.description');
  });

  it('void reason, list query and unknown fields are checked too', async () => {
    const sent = await create(invoiceBody(), true);
    const longReason = await t.post(`/api/invoices/${sent.id}/void`, { reason: 'x'.repeat(501) }, { token });
    expect(longReason.statusCode).toBe(422);
    expect(Object.keys(longReason.json().errors)).toEqual(['reason']);
    expect((await t.get(`/api/invoices/${sent.id}`, { token })).json().data.status).toBe('sent');
    const list = await t.get('/api/invoices?per_page=1000&sort=nope&date_from=2026-03-02&date_to=2026-03-01', {
      token,
    });
    expect(list.statusCode).toBe(422);
    expect(Object.keys(list.json().errors)).toEqual(expect.arrayContaining(['per_page', 'sort']));
    const unknown = await t.put(`/api/invoices/${sent.id}`, { ...invoiceBody(), status: 'paid' }, { token });
    expect(unknown.statusCode).toBe(422);
  });

  it('a non-numeric or missing id answers 404', async () => {
    expect((await t.get('/api/invoices/abc', { token })).statusCode).toBe(404);
    expect((await t.get('/api/invoices/0', { token })).statusCode).toBe(404);
  });
});

describe('where an invoice came from', () => {
  it('an invoice links back to the estimate it was converted from and the recurring invoice that produced it', async () => {
    const other = await t.register({ email: 'origins@example.com', business_name: 'Origins' });
    const otherToken = other.token;
    const client = (
      await t.post(
        '/api/clients',
        { name: 'Origin Client', email: 'ap@origin.test', contacts: [] },
        { token: otherToken },
      )
    ).json().data.id as number;
    const line = { description: 'Consulting', quantity: 2, unit_price: 150 };

    const estimate = await t.post(
      '/api/estimates',
      { client_id: client, issue_date: today(), expiry_date: addCalendarDays(today(), 30), lines: [line], send: true },
      { token: otherToken },
    );
    expect(estimate.statusCode, estimate.body).toBe(201);
    const {
      id: estimateId,
      estimate_number: estimateNumber,
      public_url: estimateUrl,
    } = estimate.json().data as { id: number; estimate_number: string; public_url: string };
    expect(
      (await t.post(`/api/public/estimates/${estimateUrl.split('/e/')[1]}/accept`, { name: 'Ann' })).statusCode,
    ).toBe(200);
    const converted = await t.post(`/api/estimates/${estimateId}/convert`, undefined, { token: otherToken });
    expect(converted.statusCode, converted.body).toBe(200);
    const fromEstimate = (await t.get(`/api/invoices/${converted.json().invoice_id}`, { token: otherToken })).json()
      .data;
    expect(fromEstimate).toMatchObject({
      estimate_id: estimateId,
      estimate_number: estimateNumber,
      recurring_invoice_id: null,
      recurring_period: null,
    });
    expect(estimateNumber).toMatch(/^EST-/);

    const config = await t.put(
      '/api/recurring-invoices/config',
      { send_time: '00:00', time_zone: 'UTC', default_auto_send: false, missed_runs: 'catch_up' },
      { token: otherToken },
    );
    expect(config.statusCode, config.body).toBe(200);
    const recurring = await t.post(
      '/api/recurring-invoices',
      {
        client_id: client,
        lines: [line],
        payment_terms_days: 15,
        auto_send: false,
        frequency: 'monthly',
        interval: 1,
        day_of_month: null,
        start_date: today(),
        end_type: 'never',
      },
      { token: otherToken },
    );
    expect(recurring.statusCode, recurring.body).toBe(201);
    const recurringId = recurring.json().data.id as number;
    expect((await t.post('/api/recurring-invoices/run-scheduler', undefined, { token: otherToken })).statusCode).toBe(
      200,
    );
    const produced = (
      await t.get(
        `/api/invoices?search=${encodeURIComponent('Origin Client')}&sort=created_at&direction=desc&per_page=1`,
        { token: otherToken },
      )
    ).json().data[0] as { id: number };
    const fromRecurring = (await t.get(`/api/invoices/${produced.id}`, { token: otherToken })).json().data;
    expect(fromRecurring).toMatchObject({
      recurring_invoice_id: recurringId,
      recurring_period: today(),
      estimate_id: null,
      estimate_number: null,
    });

    // An invoice made by hand comes from neither.
    expect(await create()).toMatchObject({
      estimate_id: null,
      estimate_number: null,
      recurring_invoice_id: null,
      recurring_period: null,
    });
  });
});

describe('the invoice list by client', () => {
  it("client_id lists that client's invoices only, with the summary of them; another business's client id lists nothing", async () => {
    const second = (await t.post('/api/clients', { name: 'Second Client', contacts: [] }, { token })).json().data
      .id as number;
    const mine = [
      await create(invoiceBody({ client_id: second }), true),
      await create(invoiceBody({ client_id: second })),
    ];
    const listed = await t.get(`/api/invoices?client_id=${second}&per_page=100`, { token });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(
      listed
        .json()
        .data.map((row: { id: number }) => row.id)
        .sort(),
    ).toEqual(mine.map((invoice) => invoice.id).sort());
    expect(listed.json().data.every((row: { client: { id: number } }) => row.client.id === second)).toBe(true);
    expect(listed.json().summary).toMatchObject({ count: 2, total: mine[0]!.totals.total + mine[1]!.totals.total });
    const all = (await t.get('/api/invoices?per_page=1', { token })).json();
    expect(all.meta.total).toBeGreaterThan(2);

    const other = await t.register({ email: 'by-client@example.com', business_name: 'By Client' });
    const theirClient = (
      await t.post('/api/clients', { name: 'Their Client', contacts: [] }, { token: other.token })
    ).json().data.id as number;
    const theirs = await t.post(
      '/api/invoices',
      {
        client_id: theirClient,
        issue_date: today(),
        due_date: today(),
        lines: [{ description: 'Theirs', quantity: 1, unit_price: 5 }],
      },
      { token: other.token },
    );
    expect(theirs.statusCode, theirs.body).toBe(201);
    // Another business's client: an empty page, never their invoices.
    const foreign = await t.get(`/api/invoices?client_id=${theirClient}`, { token });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json().data).toEqual([]);
    expect(foreign.json().summary).toMatchObject({ count: 0, total: 0 });
    // And the other business does not see ours through our client's id.
    expect((await t.get(`/api/invoices?client_id=${second}`, { token: other.token })).json().data).toEqual([]);
    expect((await t.get('/api/invoices?client_id=abc', { token })).statusCode).toBe(422);
  });
});

describe('numbering under concurrency', () => {
  it('20 concurrent mark-as-sent on 20 drafts get 20 consecutive numbers, no gap, no duplicate', async () => {
    const other = await t.register({ email: 'numbers@example.com', business_name: 'Numbers Inc' });
    const otherToken = other.token;
    const client = (
      await t.post('/api/clients', { name: 'Counter Client', contacts: [] }, { token: otherToken })
    ).json().data.id as number;
    const drafts: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const response = await t.post(
        '/api/invoices',
        {
          client_id: client,
          issue_date: today(),
          due_date: today(),
          lines: [{ description: `Job ${i}`, quantity: 1, unit_price: 10 + i }],
        },
        { token: otherToken },
      );
      drafts.push(response.json().data.id);
    }
    const responses = await Promise.all(
      drafts.map((id) => t.post(`/api/invoices/${id}/mark-sent`, undefined, { token: otherToken })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(drafts.map(() => 200));
    const numbers = responses.map((response) => response.json().data.invoice_number as string).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `INV-${year()}-${String(i + 1).padStart(4, '0')}`));
  });
});

describe('large invoices and inclusive pricing', () => {
  it('500 lines with two taxes each are stored and read back equal to the engine', async () => {
    const lines = Array.from({ length: 500 }, (_, i) => ({
      description: `Line ${i}`,
      quantity: 1.125 + i,
      unit_price: 3.33 + i,
      tax_rate_ids: [ids.tax, ids.tax2],
    }));
    const invoice = await create(invoiceBody({ lines, discount_type: 'percent', discount_value: 2.5 }));
    const parsed = invoiceInputSchema.parse(invoiceBody({ lines, discount_type: 'percent', discount_value: 2.5 }));
    const expected = calculateInvoiceRequest(parsed, {
      taxRates: [
        { id: ids.tax, name: 'Sales tax', rate: 8.875, is_compound: false },
        { id: ids.tax2, name: 'City tax', rate: 1.5, is_compound: true },
      ],
      prices_include_tax: false,
    });
    if (!expected.success) throw new Error('engine refused');
    const read = (await t.get(`/api/invoices/${invoice.id}`, { token })).json().data;
    expect(read.lines).toHaveLength(500);
    expect(read.totals).toEqual(invoiceTotals(expected.calculation).totals);
  });

  it('the largest valid invoice (500 lines of 2,000 three-byte characters, notes and terms) is accepted by POST and PUT; a bigger body is 413', async () => {
    // '€' is 3 bytes in UTF-8: the body is about 3 MB, over the app's 1 MB.
    const description = '€'.repeat(LINE_DESCRIPTION_MAX_LENGTH);
    const lines = Array.from({ length: MAX_INVOICE_LINES }, () => ({
      description,
      quantity: 1,
      unit: 'piece',
      unit_price: 1,
      tax_rate_ids: [ids.tax, ids.tax2],
    }));
    const largest = invoiceBody({
      lines,
      discount_type: null,
      discount_value: null,
      notes: '€'.repeat(INVOICE_TEXT_MAX_LENGTH),
      terms: '€'.repeat(INVOICE_TEXT_MAX_LENGTH),
    });
    const size = Buffer.byteLength(JSON.stringify(largest));
    expect(size).toBeGreaterThan(BODY_LIMIT_BYTES);
    expect(size).toBeLessThanOrEqual(INVOICE_BODY_LIMIT_BYTES);
    const created = await create(largest);
    expect(created.lines).toHaveLength(MAX_INVOICE_LINES);
    expect(created.lines[499].description).toBe(description);
    const updated = await t.put(`/api/invoices/${created.id}`, { ...largest, notes: 'Updated' }, { token });
    expect(updated.statusCode, updated.body.slice(0, 200)).toBe(200);
    expect(updated.json().data.notes).toBe('Updated');

    const before = await t.database.db
      .selectFrom('invoices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const absurd = { ...largest, notes: 'x'.repeat(INVOICE_BODY_LIMIT_BYTES) };
    for (const response of [
      await t.post('/api/invoices', absurd, { token }),
      await t.put(`/api/invoices/${created.id}`, absurd, { token }),
    ]) {
      expect(response.statusCode).toBe(413);
      expect(typeof response.json().message).toBe('string');
    }
    const after = await t.database.db
      .selectFrom('invoices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await t.get(`/api/invoices/${created.id}`, { token })).json().data.notes).toBe('Updated');
  });

  it('with prices including tax, drafts follow the setting and the totals equal the engine', async () => {
    const other = await t.register({ email: 'inclusive@example.com', business_name: 'Inclusive' });
    const otherToken = other.token;
    await t.put(
      '/api/settings/invoicing',
      { default_payment_terms_days: 30, prices_include_tax: true },
      { token: otherToken },
    );
    const rate = (await t.post('/api/tax-rates', { name: 'VAT', rate: 20 }, { token: otherToken })).json().data
      .id as number;
    const client = (await t.post('/api/clients', { name: 'Gross Ltd', contacts: [] }, { token: otherToken })).json()
      .data.id as number;
    const body = {
      client_id: client,
      issue_date: today(),
      due_date: today(),
      lines: [{ description: 'Gross item', quantity: 3, unit_price: 9.99, tax_rate_ids: [rate] }],
    };
    const response = await t.post('/api/invoices', body, { token: otherToken });
    expect(response.statusCode).toBe(201);
    const expected = calculateInvoiceRequest(invoiceInputSchema.parse(body), {
      taxRates: [{ id: rate, name: 'VAT', rate: 20, is_compound: false }],
      prices_include_tax: true,
    });
    if (!expected.success) throw new Error('engine refused');
    expect(response.json().data.totals).toEqual(invoiceTotals(expected.calculation).totals);
    expect(response.json().data.totals.total).toBe(29.97);
    expect(response.json().data.totals.prices_include_tax).toBe(true);
  });
});
