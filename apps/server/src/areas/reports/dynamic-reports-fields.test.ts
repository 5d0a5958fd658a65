import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { DYNAMIC_FIELDS, DYNAMIC_MESSAGES, DYNAMIC_SOURCES, addCalendarDays } from '@ledgerleaf/domain';
import { insertSavedDynamicReport } from '@ledgerleaf/db';
import { createTestApp, type TestApp } from '../../test/harness';

/*
 * Dynamic reports, field by field (issues 27 and 28): a field of fixed values (a status, a method)
 * matches the labels people read as well as its codes, and shows its labels; a date has a count, a
 * minimum and a maximum only (a sum of dates is 422, not a year number on SQLite and a 500 on
 * PostgreSQL); a decimal in a number filter on a whole-number field compares as what it means
 * (`payment terms >= 30.5` is `>= 31`), on both databases; a number beyond the field is 422 on it;
 * reports saved before the pickers (free-text filters on such fields) still open, run and export;
 * the pickers of the business's own records have their names.
 */

const TODAY = '2026-11-28';
let t: TestApp;
let token: string;
let otherToken: string;
let userId: number;
let businessId: number;
/** Invoice number -> status code, as created. */
const invoices = new Map<string, string>();
const terms = [0, 30, 31, 45];
const probabilities = [10, 50, 51, 100];

const run = (body: unknown, as = token) => t.post('/api/dynamic-reports/run', body, { token: as });

beforeAll(async () => {
  t = await createTestApp();
  t.clock.advance(Date.parse(`${TODAY}T12:00:00Z`) - Date.now());
  const registered = await t.register({ email: 'fields@example.com', business_name: 'Fields' });
  token = registered.token;
  userId = registered.user.id;
  otherToken = (await t.register({ email: 'fields-other@example.com', business_name: 'Other' })).token;
  const user = await t.database.db
    .selectFrom('users')
    .select('business_id')
    .where('id', '=', userId)
    .executeTakeFirst();
  businessId = Number(user!.business_id);

  const clients: number[] = [];
  for (const [index, days] of terms.entries())
    clients.push(
      (
        await t.post('/api/clients', { name: `Client ${index}`, payment_terms_days: days, contacts: [] }, { token })
      ).json().data.id,
    );
  // Two partly paid (not yet due), one paid, one sent, one draft.
  const plan: Array<[string, number, string]> = [
    ['partial', 1000, '2026-11-10'],
    ['partial', 400, '2026-11-15'],
    ['paid', 250, '2025-12-30'],
    ['sent', 1000.01, '2026-11-01'],
    ['draft', 99, '2026-11-20'],
  ];
  for (const [index, [status, price, issue]] of plan.entries()) {
    const created = await t.post(
      '/api/invoices',
      {
        client_id: clients[index % clients.length],
        issue_date: issue,
        due_date: addCalendarDays(issue, 30),
        lines: [{ description: 'Work', quantity: 1, unit_price: price }],
        send: status !== 'draft',
      },
      { token },
    );
    expect(created.statusCode, created.body).toBe(201);
    const data = created.json().data;
    if (status === 'partial' || status === 'paid') {
      const paid = await t.post(
        `/api/invoices/${data.id}/payments`,
        { amount: status === 'paid' ? price : price / 2, payment_date: issue, method: 'bank_transfer' },
        { token },
      );
      expect(paid.statusCode, paid.body).toBe(201);
    }
    invoices.set(data.invoice_number ?? `draft-${index}`, status);
  }
  const stages = (await t.get('/api/crm/pipeline-stages', { token })).json().data as Array<{
    id: number;
    type: string;
  }>;
  const open = stages.find((stage) => stage.type === 'open')!;
  for (const [index, probability] of probabilities.entries()) {
    const created = await t.post(
      '/api/crm/opportunities',
      { title: `Deal ${index}`, client_id: clients[index], amount: 100, stage_id: open.id, probability },
      { token },
    );
    expect(created.statusCode, created.body).toBe(201);
  }
});
afterAll(async () => {
  await t.close();
});

const statusesOf = async (conditions: unknown[]) => {
  const response = await run({ source: 'invoices', columns: ['status'], filters: { match: 'all', conditions } });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().rows as Array<{ status: string }>).map((row) => row.status).sort();
};

describe('a field of fixed values matches and shows the labels people read', () => {
  it('“Status equals Partially paid” finds the partly paid invoices, as does the code', async () => {
    expect(await statusesOf([{ field: 'status', mode: 'equals', value: 'Partially paid' }])).toEqual([
      'Partially paid',
      'Partially paid',
    ]);
    expect(await statusesOf([{ field: 'status', mode: 'equals', value: 'partial' }])).toEqual([
      'Partially paid',
      'Partially paid',
    ]);
    expect(await statusesOf([{ field: 'status', mode: 'notEquals', value: 'partial' }])).toEqual([
      'Draft',
      'Paid',
      'Sent',
    ]);
  });

  it('a free-text filter saved before the pickers still runs: by code or label, case-insensitively', async () => {
    expect(await statusesOf([{ field: 'status', mode: 'contains', value: 'PART' }])).toEqual([
      'Partially paid',
      'Partially paid',
    ]);
    // "paid" is in the labels Paid and Partially paid.
    expect(await statusesOf([{ field: 'status', mode: 'contains', value: 'paid' }])).toEqual([
      'Paid',
      'Partially paid',
      'Partially paid',
    ]);
    expect(await statusesOf([{ field: 'status', mode: 'notContains', value: 'paid' }])).toEqual(['Draft', 'Sent']);
    expect(await statusesOf([{ field: 'status', mode: 'startsWith', value: 'dr' }])).toEqual(['Draft']);
    expect(await statusesOf([{ field: 'status', mode: 'equals', value: 'nothing like it' }])).toEqual([]);
  });

  it('groups and sorts by the label, and a picker’s value is required', async () => {
    const grouped = await run({ source: 'invoices', group_by: { field: 'status', aggregates: [{ fn: 'count' }] } });
    expect(grouped.statusCode, grouped.body).toBe(200);
    expect(grouped.json().rows).toEqual([
      { group: 'Draft', a0: 1 },
      { group: 'Paid', a0: 1 },
      { group: 'Partially paid', a0: 2 },
      { group: 'Sent', a0: 1 },
    ]);
    const payments = await run({ source: 'payments', columns: ['method'] });
    expect(payments.json().rows).toContainEqual({ method: 'Bank transfer' });
    const empty = await run({
      source: 'invoices',
      columns: ['status'],
      filters: { conditions: [{ field: 'status', mode: 'equals', value: ' ' }] },
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors['filters.conditions.0.value']).toEqual([DYNAMIC_MESSAGES.valueChoice]);
  });

  it('the exports say the filter in words with the label', async () => {
    const csv = await t.post(
      '/api/dynamic-reports/export.csv',
      {
        source: 'invoices',
        columns: ['invoice_number', 'status'],
        filters: { conditions: [{ field: 'status', mode: 'equals', value: 'partial' }] },
      },
      { token },
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('Filters (match all),Status equals Partially paid');
    expect(csv.body.match(/,Partially paid\r\n/g)).toHaveLength(2);
  });
});

describe('dates have a count, a minimum and a maximum, never a sum or an average', () => {
  it('a sum or an average of a date is 422 on the figure, on every source', async () => {
    for (const source of DYNAMIC_SOURCES)
      for (const field of DYNAMIC_FIELDS[source].filter((item) => item.type === 'date'))
        for (const fn of ['sum', 'avg']) {
          const response = await run({
            source,
            group_by: { field: field.key, aggregates: [{ fn, field: field.key }] },
          });
          expect(response.statusCode, `${source} ${fn} of ${field.key}: ${response.body}`).toBe(422);
          expect(response.json().errors['group_by.aggregates.0.fn']).toEqual([DYNAMIC_MESSAGES.aggregateInvalid]);
        }
  });

  it('the minimum and maximum of a date are dates', async () => {
    const response = await run({
      source: 'invoices',
      group_by: {
        field: 'client_name',
        aggregates: [
          { fn: 'count', field: 'issue_date' },
          { fn: 'min', field: 'issue_date' },
          { fn: 'max', field: 'issue_date' },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.columns.slice(1)).toEqual([
      { key: 'a0', label: 'Count of Issue date', type: 'number' },
      { key: 'a1', label: 'Minimum of Issue date', type: 'date' },
      { key: 'a2', label: 'Maximum of Issue date', type: 'date' },
    ]);
    expect(body.rows).toContainEqual({ group: 'Client 0', a0: 2, a1: '2026-11-10', a2: '2026-11-20' });
  });
});

describe('numbers on whole-number fields compare as they mean, on both databases', () => {
  const clientsWith = async (mode: string, value: number | string) => {
    const response = await run({
      source: 'clients',
      columns: ['payment_terms_days'],
      filters: { conditions: [{ field: 'payment_terms_days', mode, value }] },
    });
    expect(response.statusCode, `${mode} ${String(value)}: ${response.body}`).toBe(200);
    return (response.json().rows as Array<{ payment_terms_days: number }>)
      .map((row) => row.payment_terms_days)
      .sort((a, b) => a - b);
  };

  it('payment terms against 30.5 (and its string) in every numeric mode', async () => {
    const reference: Record<string, (days: number, value: number) => boolean> = {
      equals: () => false,
      notEquals: () => true,
      lt: (days, value) => days < value,
      lte: (days, value) => days <= value,
      gt: (days, value) => days > value,
      gte: (days, value) => days >= value,
    };
    for (const value of [30.5, '30.5', -0.5, 30.999])
      for (const [mode, keep] of Object.entries(reference))
        expect(await clientsWith(mode, value), `${mode} ${String(value)}`).toEqual(
          terms.filter((days) => keep(days, Number(value))),
        );
    expect(await clientsWith('gte', 31)).toEqual([31, 45]);
  });

  it('probability greater than 50.5', async () => {
    const response = await run({
      source: 'opportunities',
      columns: ['probability'],
      filters: { conditions: [{ field: 'probability', mode: 'gt', value: 50.5 }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(
      response
        .json()
        .rows.map((row: { probability: number }) => row.probability)
        .sort(),
    ).toEqual([100, 51]);
  });

  it('money to the fraction of a cent: total greater than 1000.005 is 1000.01 and up', async () => {
    const totals = async (mode: string, value: number) => {
      const response = await run({
        source: 'invoices',
        columns: ['total'],
        filters: { conditions: [{ field: 'total', mode, value }] },
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().rows as Array<{ total: number }>).map((row) => row.total).sort((a, b) => a - b);
    };
    expect(await totals('gt', 1000.005)).toEqual([1000.01]);
    expect(await totals('gte', 1000.005)).toEqual([1000.01]);
    expect(await totals('lte', 1000.005)).toEqual([99, 250, 400, 1000]);
    expect(await totals('equals', 1000.005)).toEqual([]);
    expect(await totals('equals', 1000.01)).toEqual([1000.01]);
  });

  it('a number beyond what the field holds is 422 on the value, never a 500', async () => {
    const cases: Array<[string, string, number | string, string]> = [
      ['invoices', 'total', 1e308, 'Please enter a number from -10,000,000,000,000 to 10,000,000,000,000'],
      ['invoices', 'total', '-1e14', 'Please enter a number from -10,000,000,000,000 to 10,000,000,000,000'],
      ['clients', 'payment_terms_days', 3e9, 'Please enter a number from -2,147,483,647 to 2,147,483,647'],
      ['opportunities', 'probability', '1e10', 'Please enter a number from -2,147,483,647 to 2,147,483,647'],
      ['invoice_lines', 'quantity', 1e300, 'Please enter a number from -10,000,000,000,000 to 10,000,000,000,000'],
    ];
    for (const [source, field, value, message] of cases) {
      const response = await run({
        source,
        columns: [field],
        filters: { conditions: [{ field, mode: 'gt', value }] },
      });
      expect(response.statusCode, `${field} ${String(value)}: ${response.body}`).toBe(422);
      expect(response.json().errors['filters.conditions.0.value']).toEqual([message]);
    }
    for (const value of ['Infinity', 'NaN', '1e999', ''])
      expect(
        (
          await run({
            source: 'clients',
            columns: ['name'],
            filters: { conditions: [{ field: 'payment_terms_days', mode: 'gt', value }] },
          })
        ).json().errors['filters.conditions.0.value'],
        value,
      ).toEqual([DYNAMIC_MESSAGES.valueNumber]);
  });
});

describe('reports saved before the pickers and the date rules', () => {
  const save = (definition: unknown) =>
    insertSavedDynamicReport(t.database.db, {
      businessId,
      userId,
      name: 'Saved long ago',
      definition: JSON.stringify(definition),
      now: new Date(),
    });

  it('a free-text filter on a status still opens, runs and exports', async () => {
    const definition = {
      source: 'invoices',
      columns: ['invoice_number', 'status'],
      filters: { match: 'all', conditions: [{ field: 'status', mode: 'contains', value: 'partial' }] },
      sort: null,
      group_by: null,
      chart: 'table',
    };
    const id = await save(definition);
    const opened = await t.get(`/api/dynamic-reports/${id}`, { token });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data.definition.filters.conditions).toEqual(definition.filters.conditions);
    const csv = await t.get(`/api/dynamic-reports/${id}/export.csv`, { token });
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = parse(csv.body, { relax_column_count: true }) as string[][];
    expect(rows.filter((row) => row[1] === 'Partially paid')).toHaveLength(2);
    // Saved over as it is (the builder sends it back unchanged): still valid.
    const saved = await t.put(`/api/dynamic-reports/${id}`, { name: 'Saved long ago', definition }, { token });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('a saved sum of dates opens (to be fixed in the builder) and its export is 422 on the figure', async () => {
    const id = await save({
      source: 'invoices',
      columns: [],
      filters: { match: 'all', conditions: [] },
      group_by: { field: 'client_name', aggregates: [{ fn: 'sum', field: 'issue_date' }] },
      chart: 'table',
    });
    expect((await t.get(`/api/dynamic-reports/${id}`, { token })).statusCode).toBe(200);
    for (const format of ['csv', 'xlsx', 'pdf']) {
      const response = await t.get(`/api/dynamic-reports/${id}/export.${format}`, { token });
      expect(response.statusCode, `${format}: ${response.body}`).toBe(422);
      expect(response.json().errors['group_by.aggregates.0.fn']).toEqual([DYNAMIC_MESSAGES.aggregateInvalid]);
    }
  });
});

describe('what the contract fuzz found once it could build definitions that run', () => {
  it('a group-by without a figure is 422 on its figures (it was a query that did not parse)', async () => {
    const response = await run({
      source: 'leads',
      group_by: { field: 'created_at', date_part: 'month', aggregates: [] },
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors['group_by.aggregates']).toEqual([DYNAMIC_MESSAGES.figuresRequired]);
  });

  it('a saved report named as Excel refuses a sheet (History, an apostrophe last) exports as XLSX', async () => {
    for (const name of ['History', "Q3 'draft'", "'"]) {
      const created = await t.post(
        '/api/dynamic-reports',
        { name, definition: { source: 'clients', columns: ['name'] } },
        { token },
      );
      expect(created.statusCode, created.body).toBe(201);
      const xlsx = await t.get(`/api/dynamic-reports/${created.json().data.id}/export.xlsx`, { token });
      expect(xlsx.statusCode, `${name}: ${xlsx.body.slice(0, 200)}`).toBe(200);
    }
  });
});

describe('the pickers of the business’s own records', () => {
  it('lists the stages, sources, lost reasons and activity types by name, the business’s only', async () => {
    await t.post('/api/crm/lead-sources', { name: 'Trade fair' }, { token });
    const response = await t.get('/api/dynamic-reports/choices', { token });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    const stages = (await t.get('/api/crm/pipeline-stages', { token })).json().data as Array<{ name: string }>;
    expect(data.pipeline_stages).toEqual(stages.map((stage) => stage.name));
    expect(data.lead_sources).toContain('Trade fair');
    expect(data.lost_reasons.length).toBeGreaterThan(0);
    expect(data.activity_types.length).toBeGreaterThan(0);
    const theirs = (await t.get('/api/dynamic-reports/choices', { token: otherToken })).json().data;
    expect(theirs.lead_sources).not.toContain('Trade fair');
  });

  it('a picked stage name filters the opportunities', async () => {
    const stage = (
      (await t.get('/api/dynamic-reports/choices', { token })).json().data.pipeline_stages as string[]
    )[0]!;
    const response = await run({
      source: 'opportunities',
      columns: ['title', 'stage_name'],
      filters: { conditions: [{ field: 'stage_name', mode: 'equals', value: stage }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().total).toBe(probabilities.length);
  });
});

describe('the OpenAPI document names each source’s fields', () => {
  it('the run body is one of the sources’ definitions, with their field keys, modes and values', async () => {
    const document = (await t.get('/api/openapi.json')).json();
    const schema = document.paths['/api/dynamic-reports/run'].post.requestBody.content['application/json'].schema;
    expect(schema.anyOf).toHaveLength(DYNAMIC_SOURCES.length);
    const invoices = schema.anyOf.find(
      (variant: { properties: { source: { const: string } } }) => variant.properties.source.const === 'invoices',
    );
    expect(invoices.properties.columns.items.enum).toEqual(DYNAMIC_FIELDS.invoices.map((field) => field.key));
    const status = invoices.properties.filters.properties.conditions.items.anyOf.find(
      (condition: { properties: { field: { const: string } } }) => condition.properties.field.const === 'status',
    );
    expect(status.properties.mode.enum).toEqual(['equals', 'notEquals']);
    expect(status.properties.value.enum).toContain('partial');
  });
});
