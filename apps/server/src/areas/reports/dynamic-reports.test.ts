import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATE_MODES,
  DYNAMIC_MESSAGES,
  DYNAMIC_SOURCES,
  DYNAMIC_FIELDS,
  NUMERIC_MODES,
  TEXT_MODES,
  addCalendarDays,
  utcCalendarDate,
} from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { addMember } from '../../test/members';

/*
 * Dynamic reports: every match mode against a reference computed in plain TypeScript over the raw
 * rows, "match any", several conditions on one field, group-by with aggregates and date parts,
 * 422 for malformed definitions, isolation and roles.
 */
let t: TestApp;
let owner: string;
let other: string;
let accountant: string;
const today = utcCalendarDate(new Date());
interface Row {
  number: string;
  client: string;
  total: number;
  issue: string;
}
let rows: Row[] = [];

beforeAll(async () => {
  t = await createTestApp();
  owner = (await t.register({ email: 'dyn@example.com', business_name: 'Dyn' })).token;
  other = (await t.register({ email: 'other@example.com', business_name: 'Other' })).token;
  accountant = (await addMember(t, owner, 'dynacc@example.com', 'accountant')).token;
  const clients: Record<string, number> = {};
  for (const name of ['North Star', 'Northwind 100%', 'South_Co', 'Eastnorth'])
    clients[name] = (await t.post('/api/clients', { name, contacts: [] }, { token: owner })).json().data.id;
  const plan: Array<[string, number, number]> = [
    ['North Star', 1500, 0],
    ['North Star', 200, 40],
    ['Northwind 100%', 999.99, 95],
    ['South_Co', 1000, 120],
    ['Eastnorth', 2500.5, 200],
    ['Eastnorth', 10, 400],
  ];
  for (const [client, price, back] of plan) {
    const created = await t.post(
      '/api/invoices',
      {
        client_id: clients[client],
        issue_date: addCalendarDays(today, -back),
        due_date: addCalendarDays(today, -back + 30),
        lines: [{ description: 'Work', quantity: 1, unit_price: price }],
        send: true,
      },
      { token: owner },
    );
    const data = created.json().data;
    rows.push({ number: data.invoice_number, client, total: Math.round(price * 100), issue: data.issue_date });
  }
  // The other business has a "North" invoice of its own that must never show.
  const theirs = (await t.post('/api/clients', { name: 'North Other', contacts: [] }, { token: other })).json().data.id;
  await t.post(
    '/api/invoices',
    {
      client_id: theirs,
      issue_date: today,
      due_date: today,
      lines: [{ description: 'X', quantity: 1, unit_price: 5000 }],
      send: true,
    },
    { token: other },
  );
  rows = rows.sort((a, b) => a.number.localeCompare(b.number));
});
afterAll(async () => {
  await t.close();
});

const run = (body: unknown, token = owner) => t.post('/api/dynamic-reports/run', body, { token });
const numbers = async (conditions: unknown[], match: 'all' | 'any' = 'all') => {
  const response = await run({ source: 'invoices', columns: ['invoice_number'], filters: { match, conditions } });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().rows as Array<{ invoice_number: string }>).map((row) => row.invoice_number).sort();
};
const expected = (keep: (row: Row) => boolean) =>
  rows
    .filter(keep)
    .map((row) => row.number)
    .sort();

const TEXT_REFERENCE: Record<(typeof TEXT_MODES)[number], (value: string, needle: string) => boolean> = {
  startsWith: (v, n) => v.toLowerCase().startsWith(n.toLowerCase()),
  contains: (v, n) => v.toLowerCase().includes(n.toLowerCase()),
  notContains: (v, n) => !v.toLowerCase().includes(n.toLowerCase()),
  endsWith: (v, n) => v.toLowerCase().endsWith(n.toLowerCase()),
  equals: (v, n) => v.toLowerCase() === n.toLowerCase(),
  notEquals: (v, n) => v.toLowerCase() !== n.toLowerCase(),
};
const NUMBER_REFERENCE: Record<(typeof NUMERIC_MODES)[number], (v: number, n: number) => boolean> = {
  equals: (v, n) => v === n,
  notEquals: (v, n) => v !== n,
  lt: (v, n) => v < n,
  lte: (v, n) => v <= n,
  gt: (v, n) => v > n,
  gte: (v, n) => v >= n,
};
const DATE_REFERENCE: Record<(typeof DATE_MODES)[number], (v: string, n: string) => boolean> = {
  dateIs: (v, n) => v === n,
  dateIsNot: (v, n) => v !== n,
  dateBefore: (v, n) => v < n,
  dateAfter: (v, n) => v > n,
};

describe('dynamic reports: every match mode against a plain TypeScript reference', () => {
  it('text modes (case-insensitive; % and _ are literal)', async () => {
    for (const needle of ['north', 'NORTH', 'star', '100%', '_', 'south_co', 'x'])
      for (const mode of TEXT_MODES)
        expect(await numbers([{ field: 'client_name', mode, value: needle }]), `${mode} ${needle}`).toEqual(
          expected((row) => TEXT_REFERENCE[mode](row.client, needle)),
        );
  });

  it('numeric modes on money (dollars in, cents compared)', async () => {
    for (const value of [1000, 999.99, '2500.50', 0])
      for (const mode of NUMERIC_MODES)
        expect(await numbers([{ field: 'total', mode, value }]), `${mode} ${value}`).toEqual(
          expected((row) => NUMBER_REFERENCE[mode](row.total, Math.round(Number(value) * 100))),
        );
  });

  it('date modes', async () => {
    for (const value of [rows[2]!.issue, today, addCalendarDays(today, -100)])
      for (const mode of DATE_MODES)
        expect(await numbers([{ field: 'issue_date', mode, value }]), `${mode} ${value}`).toEqual(
          expected((row) => DATE_REFERENCE[mode](row.issue, value)),
        );
  });

  it('match all and match any, several conditions on one field', async () => {
    const range = [
      { field: 'total', mode: 'gte', value: 200 },
      { field: 'total', mode: 'lt', value: 1500 },
    ];
    expect(await numbers(range)).toEqual(expected((row) => row.total >= 20000 && row.total < 150000));
    expect(await numbers(range, 'any')).toEqual(expected((row) => row.total >= 20000 || row.total < 150000));
    const either = [
      { field: 'client_name', mode: 'startsWith', value: 'south' },
      { field: 'client_name', mode: 'endsWith', value: 'north' },
    ];
    expect(await numbers(either, 'any')).toEqual(
      expected((row) => row.client.toLowerCase().startsWith('south') || row.client.toLowerCase().endsWith('north')),
    );
  });

  it('the issue’s example: client contains "North", total gt 1000, grouped by month with count and sum', async () => {
    const response = await run({
      source: 'invoices',
      filters: {
        match: 'all',
        conditions: [
          { field: 'client_name', mode: 'contains', value: 'North' },
          { field: 'total', mode: 'gt', value: 1000 },
        ],
      },
      group_by: {
        field: 'issue_date',
        date_part: 'month',
        aggregates: [{ fn: 'count' }, { fn: 'sum', field: 'total' }],
      },
      chart: 'bar',
    });
    expect(response.statusCode, response.body).toBe(200);
    const matching = rows.filter((row) => row.client.toLowerCase().includes('north') && row.total > 100000);
    const months = new Map<string, { n: number; sum: number }>();
    for (const row of matching) {
      const month = row.issue.slice(0, 7);
      const entry = months.get(month) ?? { n: 0, sum: 0 };
      entry.n += 1;
      entry.sum += row.total;
      months.set(month, entry);
    }
    expect(response.json().rows).toEqual(
      [...months.entries()].sort().map(([month, entry]) => ({ group: month, a0: entry.n, a1: entry.sum / 100 })),
    );
    expect(response.json().columns.map((column: { label: string }) => column.label)).toEqual([
      'Issue date (month)',
      'Count',
      'Sum of Total',
    ]);
  });

  it('groups dates by day, week (Monday), quarter and year with avg, min and max', async () => {
    const monday = (date: string) => {
      const day = new Date(`${date}T00:00:00Z`).getUTCDay();
      return addCalendarDays(date, -((day + 6) % 7));
    };
    const parts = {
      day: (d: string) => d,
      week: monday,
      quarter: (d: string) => `${d.slice(0, 4)}-Q${String(Math.floor((Number(d.slice(5, 7)) + 2) / 3))}`,
      year: (d: string) => d.slice(0, 4),
    };
    for (const [part, key] of Object.entries(parts)) {
      const response = await run({
        source: 'invoices',
        group_by: {
          field: 'issue_date',
          date_part: part,
          aggregates: [
            { fn: 'avg', field: 'total' },
            { fn: 'min', field: 'total' },
            { fn: 'max', field: 'total' },
          ],
        },
      });
      expect(response.statusCode, `${part}: ${response.body}`).toBe(200);
      const groups = new Map<string, number[]>();
      for (const row of rows) groups.set(key(row.issue), [...(groups.get(key(row.issue)) ?? []), row.total]);
      expect(response.json().rows, part).toEqual(
        [...groups.entries()].sort().map(([group, totals]) => ({
          group,
          a0: Math.round(totals.reduce((s, v) => s + v, 0) / totals.length) / 100,
          a1: Math.min(...totals) / 100,
          a2: Math.max(...totals) / 100,
        })),
      );
    }
  });

  it('sorts and answers every source with each of its fields', async () => {
    const sorted = await run({
      source: 'invoices',
      columns: ['invoice_number', 'total'],
      sort: { field: 'total', direction: 'desc' },
    });
    expect(sorted.json().rows.map((row: { total: number }) => row.total)).toEqual(
      [...rows].sort((a, b) => b.total - a.total).map((row) => row.total / 100),
    );
    for (const source of DYNAMIC_SOURCES) {
      const response = await run({ source, columns: DYNAMIC_FIELDS[source].map((field) => field.key) });
      expect(response.statusCode, `${source}: ${response.body}`).toBe(200);
    }
  });
});

describe('dynamic reports: malformed definitions, isolation, roles', () => {
  it('answers 422 on the field, never 500', async () => {
    const cases: Array<[unknown, string, string?]> = [
      [{ source: 'users', columns: ['email'] }, 'source', DYNAMIC_MESSAGES.sourceInvalid],
      [{ source: 'invoices', columns: ['password_hash'] }, 'columns.0', DYNAMIC_MESSAGES.fieldUnknown],
      [
        { source: 'invoices', columns: ['total); drop table invoices; --'] },
        'columns.0',
        DYNAMIC_MESSAGES.fieldUnknown,
      ],
      [{ source: 'invoices', columns: [] }, 'columns', DYNAMIC_MESSAGES.columnsRequired],
      [
        {
          source: 'invoices',
          columns: ['total'],
          filters: { conditions: [{ field: 'total', mode: 'contains', value: '1' }] },
        },
        'filters.conditions.0.mode',
        DYNAMIC_MESSAGES.modeInvalid,
      ],
      [
        {
          source: 'invoices',
          columns: ['total'],
          filters: { conditions: [{ field: 'issue_date', mode: 'gt', value: '2026-01-01' }] },
        },
        'filters.conditions.0.mode',
        DYNAMIC_MESSAGES.modeInvalid,
      ],
      [
        {
          source: 'invoices',
          columns: ['total'],
          filters: { conditions: [{ field: 'total', mode: 'gt', value: 'lots' }] },
        },
        'filters.conditions.0.value',
        DYNAMIC_MESSAGES.valueNumber,
      ],
      [
        {
          source: 'invoices',
          columns: ['total'],
          filters: { conditions: [{ field: 'issue_date', mode: 'dateIs', value: '2026-02-30' }] },
        },
        'filters.conditions.0.value',
        DYNAMIC_MESSAGES.valueDate,
      ],
      [
        {
          source: 'invoices',
          columns: ['total'],
          filters: { conditions: [{ field: 'nope', mode: 'equals', value: 1 }] },
        },
        'filters.conditions.0.field',
        DYNAMIC_MESSAGES.fieldUnknown,
      ],
      [
        {
          source: 'invoices',
          columns: ['total'],
          filters: { conditions: [{ field: 'total', mode: 'like', value: 1 }] },
        },
        'filters.conditions.0.mode',
      ],
      [
        { source: 'invoices', columns: ['total'], sort: { field: 'id; --' } },
        'sort.field',
        DYNAMIC_MESSAGES.fieldUnknown,
      ],
      [
        { source: 'invoices', group_by: { field: 'total', date_part: 'month' } },
        'group_by.date_part',
        DYNAMIC_MESSAGES.datePartInvalid,
      ],
      [
        { source: 'invoices', group_by: { field: 'status', aggregates: [{ fn: 'sum', field: 'client_name' }] } },
        'group_by.aggregates.0.fn',
        DYNAMIC_MESSAGES.aggregateInvalid,
      ],
      [{ source: 'payments', columns: ['client_name'], filters: { match: 'some' } }, 'filters.match'],
    ];
    for (const [body, field, message] of cases) {
      const response = await run(body);
      expect(response.statusCode, `${JSON.stringify(body)}: ${response.body}`).toBe(422);
      const errors = response.json().errors as Record<string, string[]>;
      expect(Object.keys(errors), JSON.stringify(body)).toContain(field);
      if (message) expect(errors[field]).toContain(message);
    }
  });

  it('sees only the caller’s business, and read-only roles may run reports', async () => {
    const mine = await numbers([{ field: 'client_name', mode: 'contains', value: 'north' }]);
    expect(mine).toHaveLength(rows.filter((row) => row.client.toLowerCase().includes('north')).length);
    const theirs = await run(
      {
        source: 'invoices',
        columns: ['client_name'],
        filters: { conditions: [{ field: 'client_name', mode: 'contains', value: 'north' }] },
      },
      other,
    );
    expect(theirs.json().rows).toEqual([{ client_name: 'North Other' }]);
    const read = await run({ source: 'invoices', columns: ['invoice_number'] }, accountant);
    expect(read.statusCode).toBe(200);
    expect(read.json().total).toBe(rows.length);
  });
});
