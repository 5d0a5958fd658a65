import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DATE_PARTS,
  DYNAMIC_FIELDS,
  DYNAMIC_MESSAGES,
  DYNAMIC_SOURCES,
  NUMERIC_MODES,
  TEXT_MODES,
  DATE_MODES,
  addCalendarDays,
  aggregatesFor,
  dynamicValueRangeMessage,
  numberLimitOf,
  type Aggregate,
  type DatePart,
  type DynamicField,
  type DynamicSource,
} from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../test/harness';

/*
 * Dynamic reports, property-based (issue 28 item 3), on the database of the run (SQLite, or
 * PostgreSQL with TEST_DATABASE_URL; CI runs both): random definitions of every source (conditions
 * of every field and mode, with decimals on whole-number fields, values near the records' own,
 * labels and codes of fixed-value fields, "match all" or "any", sorts, group-bys with date parts and
 * every figure a field has) against one business with a bit of everything, each answer compared
 * with a reference computed in plain TypeScript from the source's unfiltered rows. Never a 500: a
 * definition the rules refuse (a sum of dates, a number beyond the field) is 422 on its field.
 * Seeded: DYNAMIC_SEED and DYNAMIC_RUNS choose another stream or more definitions.
 */

const SEED = Number(process.env.DYNAMIC_SEED ?? 28_003);
const RUNS = Number(process.env.DYNAMIC_RUNS ?? 150);
const TODAY = '2026-11-28';

let t: TestApp;
let token = '';
type Cell = string | number | null;
type Row = Record<string, Cell>;
/** Every source's rows, unfiltered, with every field: what the reference filters and groups. */
const baseline = new Map<DynamicSource, Row[]>();

const run = (body: unknown) => t.post('/api/dynamic-reports/run', body, { token });

async function created(path: string, body: unknown): Promise<{ id: number; [key: string]: unknown }> {
  const response = await t.post(path, body, { token });
  expect(response.statusCode, `${path}: ${response.body}`).toBeLessThan(300);
  return response.json().data;
}

/** A business with records of every source, nulls, decimals and every status it can easily reach. */
async function seed() {
  token = (await t.register({ email: 'dyn-prop@example.com', business_name: 'Dyn Prop' })).token;
  const terms = [0, 7, 30, 31, 45, 90];
  const cities = ['Auckland', 'north bay', null, 'Sydney', 'South_Town', '100% Town'];
  const clients: number[] = [];
  for (const [index, days] of terms.entries())
    clients.push(
      (
        await created('/api/clients', {
          name: ['Acme', 'Northwind', 'south co', 'Eastwood', 'Zeta 50%', 'acme two'][index],
          payment_terms_days: days,
          ...(cities[index] ? { billing_address: { city: cities[index] } } : {}),
          contacts: [],
        })
      ).id,
    );
  const service = await created('/api/products', { name: 'Consulting', type: 'service', unit_price: 120.5 });
  const product = await created('/api/products', { name: 'Widget', type: 'product', unit_price: 9.99, sku: 'W-1' });
  const plan: Array<{ client: number; back: number; lines: Array<[number, number, number | null]>; fate: string }> = [
    { client: 0, back: 0, lines: [[1, 100, null]], fate: 'draft' },
    { client: 1, back: 3, lines: [[1.5, 120.5, service.id]], fate: 'sent' },
    { client: 1, back: 40, lines: [[2, 9.99, product.id]], fate: 'partial' },
    { client: 2, back: 40, lines: [[0.333, 300, null]], fate: 'paid' },
    { client: 3, back: 100, lines: [[3, 1000.01, null]], fate: 'partial' },
    { client: 4, back: 200, lines: [[1, 30.5, null]], fate: 'void' },
    { client: 5, back: 365, lines: [[10, 0.01, product.id]], fate: 'paid' },
    { client: 0, back: 8, lines: [[1, 1000.05, null]], fate: 'sent' },
  ];
  const methods = ['cash', 'card', 'bank_transfer', 'check'];
  for (const [index, invoice] of plan.entries()) {
    const issue = addCalendarDays(TODAY, -invoice.back);
    const data = await created('/api/invoices', {
      client_id: clients[invoice.client],
      issue_date: issue,
      due_date: addCalendarDays(issue, 30),
      lines: invoice.lines.map(([quantity, unit_price, product_id]) => ({
        description: 'Work',
        quantity,
        unit_price,
        ...(product_id ? { product_id } : {}),
      })),
      send: invoice.fate !== 'draft',
    });
    const total = Number(data.balance_due);
    if (invoice.fate === 'partial' || invoice.fate === 'paid')
      await created(`/api/invoices/${data.id}/payments`, {
        amount: invoice.fate === 'paid' ? total : Math.round(total * 40) / 100,
        payment_date: addCalendarDays(issue, 5),
        method: methods[index % methods.length],
      });
    if (invoice.fate === 'void') {
      const voided = await t.post(`/api/invoices/${data.id}/void`, {}, { token });
      expect(voided.statusCode, voided.body).toBeLessThan(300);
    }
  }
  for (const [index, back] of [2, 50].entries())
    await created('/api/estimates', {
      client_id: clients[index],
      issue_date: addCalendarDays(TODAY, -back),
      expiry_date: addCalendarDays(TODAY, 30 - back),
      lines: [{ description: 'Quote', quantity: 1, unit_price: 250 + index }],
      send: index === 0,
    });
  for (const [index, frequency] of ['monthly', 'weekly'].entries())
    await created('/api/recurring-invoices', {
      client_id: clients[index],
      lines: [{ description: 'Plan', quantity: 1, unit_price: 49.5 }],
      frequency,
      start_date: addCalendarDays(TODAY, 3 + index),
    });
  for (const [index, amount] of [250, 12.34].entries())
    await created('/api/other-income/multiple-goals', {
      amount,
      income_date: addCalendarDays(TODAY, -index * 20),
      source: ['Grant', 'Interest'][index],
    });
  // CRM: the default stages, sources, lost reasons and activity types of a new business.
  const stages = (await t.get('/api/crm/pipeline-stages', { token })).json().data as Array<{
    id: number;
    type: string;
  }>;
  const sources = (await t.get('/api/crm/lead-sources', { token })).json().data as Array<{ id: number }>;
  const reasons = (await t.get('/api/crm/lost-reasons', { token })).json().data as Array<{ id: number }>;
  const types = (await t.get('/api/crm/activity-types', { token })).json().data as Array<{ id: number }>;
  for (const [index, status] of ['new', 'contacted', 'qualified', 'unqualified'].entries())
    await created('/api/crm/leads', {
      person_name: `Lead ${index}`,
      ...(index === 3 ? {} : { company_name: `Company ${index}` }),
      status,
      ...(index < 2 ? { source_id: sources[index]!.id } : {}),
      ...(index !== 1 ? { estimated_value: 1000 + index * 0.5 } : {}),
    });
  const lost = stages.find((stage) => stage.type === 'lost')!;
  const won = stages.find((stage) => stage.type === 'won')!;
  const open = stages.filter((stage) => stage.type === 'open');
  const deals: Array<[number, number, number | null]> = [
    [open[0]!.id, 0, null],
    [open[1]!.id, 50, sources[0]!.id],
    [open[open.length - 1]!.id, 51, sources[1]!.id],
    [won.id, 100, null],
    [lost.id, 10, sources[0]!.id],
  ];
  for (const [index, [stage, probability, source]] of deals.entries())
    await created('/api/crm/opportunities', {
      title: `Deal ${index}`,
      client_id: clients[index],
      amount: 500 * index + 0.25,
      stage_id: stage,
      probability,
      ...(source ? { source_id: source } : {}),
      ...(index === 2 ? {} : { expected_close_date: addCalendarDays(TODAY, index * 10) }),
      ...(stage === lost.id ? { lost_reason_id: reasons[0]!.id } : {}),
    });
  for (const [index, type] of types.slice(0, 3).entries())
    await created('/api/crm/activities', {
      type_id: type.id,
      subject: `Call ${index}`,
      due_at: new Date(Date.UTC(2026, 10, 20 + index * 3, 15)).toISOString(),
      client_id: clients[index],
      done: index === 1,
    });
  for (const source of DYNAMIC_SOURCES) {
    const response = await run({ source, columns: DYNAMIC_FIELDS[source].map((field) => field.key) });
    expect(response.statusCode, `${source}: ${response.body}`).toBe(200);
    const rows = response.json().rows as Row[];
    expect(rows.length, source).toBeGreaterThan(0);
    baseline.set(source, rows);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.advance(Date.parse(`${TODAY}T12:00:00Z`) - Date.now());
  await seed();
});
afterAll(async () => {
  await t.close();
});

// ---------------------------------------------------------------- the reference

interface Condition {
  field: string;
  mode: string;
  value: string | number;
}

const lower = (value: string) => value.toLowerCase();
const TEXT: Record<string, (value: string, needle: string) => boolean> = {
  startsWith: (v, n) => lower(v).startsWith(lower(n)),
  contains: (v, n) => lower(v).includes(lower(n)),
  endsWith: (v, n) => lower(v).endsWith(lower(n)),
  equals: (v, n) => lower(v) === lower(n),
};
const NEGATIVE: Record<string, string> = { notContains: 'contains', notEquals: 'equals' };

/** Whether a row's value (as the report shows it: a fixed-value field's label) meets a condition. */
function holds(field: DynamicField, shown: Cell, condition: Condition): boolean {
  const { mode, value } = condition;
  if (field.type === 'text') {
    const positive = NEGATIVE[mode] ?? mode;
    let hit: boolean;
    if (shown === null) hit = false;
    else if (field.options) {
      // A fixed value matches by its code or its label.
      const code = field.options.find((option) => option.label === shown)?.value ?? String(shown);
      hit = TEXT[positive]!(code, String(value)) || TEXT[positive]!(String(shown), String(value));
    } else hit = TEXT[positive]!(String(shown), String(value));
    return NEGATIVE[mode] ? !hit : hit;
  }
  if (field.type === 'date') {
    const date = String(value);
    if (mode === 'dateIsNot') return shown === null || shown !== date;
    if (shown === null) return false;
    return mode === 'dateIs' ? shown === date : mode === 'dateBefore' ? shown < date : shown > date;
  }
  const number = Number(value);
  if (mode === 'notEquals') return shown === null || Number(shown) !== number;
  if (shown === null) return false;
  const v = Number(shown);
  switch (mode) {
    case 'equals':
      return v === number;
    case 'lt':
      return v < number;
    case 'lte':
      return v <= number;
    case 'gt':
      return v > number;
    default:
      return v >= number;
  }
}

function partOf(date: string, part: DatePart): string {
  switch (part) {
    case 'day':
      return date;
    case 'month':
      return date.slice(0, 7);
    case 'year':
      return date.slice(0, 4);
    case 'quarter':
      return `${date.slice(0, 4)}-Q${String(Math.ceil(Number(date.slice(5, 7)) / 3))}`;
    case 'week': {
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
      return addCalendarDays(date, -((weekday + 6) % 7));
    }
  }
}

const cents = (value: Cell) => Math.round(Number(value) * 100);

/** A figure of a group's rows, as the report answers it (money in dollars, averages of money to the cent). */
function figure(field: DynamicField | undefined, fn: Aggregate, rows: Row[]): Cell {
  if (!field) return rows.length;
  const values = rows.map((row) => row[field.key] ?? null).filter((value): value is string | number => value !== null);
  if (fn === 'count') return values.length;
  if (values.length === 0) return null;
  if (fn === 'min' || fn === 'max') {
    const sorted =
      field.type === 'date' ? [...values].map(String).sort() : [...values].map(Number).sort((a, b) => a - b);
    return fn === 'min' ? sorted[0]! : sorted[sorted.length - 1]!;
  }
  if (field.type === 'money') {
    const sum = values.reduce<number>((total, value) => total + cents(value), 0);
    return (fn === 'sum' ? sum : Math.round(sum / values.length)) / 100;
  }
  const sum = values.reduce<number>((total, value) => total + Number(value), 0);
  return fn === 'sum' ? sum : sum / values.length;
}

const sameNumber = (a: Cell, b: Cell) =>
  typeof a === 'number' && typeof b === 'number' ? Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b)) : a === b;

// ---------------------------------------------------------------- definitions

const fieldsOf = (source: DynamicSource) => DYNAMIC_FIELDS[source];

/** A value for a condition on `field`: mostly near the records' own, with decimals on whole numbers. */
function valueArb(source: DynamicSource, field: DynamicField): fc.Arbitrary<string | number> {
  const seen = baseline
    .get(source)!
    .map((row) => row[field.key])
    .filter((value): value is string | number => value !== null && value !== undefined);
  const pick = <T>(values: T[], fallback: T) =>
    values.length > 0 ? fc.constantFrom(...values) : fc.constant(fallback);
  if (field.type === 'date')
    return fc
      .tuple(pick(seen.map(String), TODAY), fc.constantFrom(-1, 0, 0, 1))
      .map(([date, shift]) => addCalendarDays(date, shift));
  if (field.type === 'text') {
    const shown = pick(seen.map(String), 'x');
    const pieces = shown.chain((text) =>
      fc.tuple(fc.nat({ max: text.length }), fc.nat({ max: text.length }), fc.boolean()).map(([a, b, upper]) => {
        const piece = text.slice(Math.min(a, b), Math.max(a, b) + 1);
        return upper ? piece.toUpperCase() : piece;
      }),
    );
    const codes = field.options ? [fc.constantFrom(...field.options.map((option) => option.value))] : [];
    return fc.oneof(shown, pieces, ...codes, fc.constantFrom('', '%', '_', 'zz', 'Partially paid', 'paid'));
  }
  const limit = numberLimitOf(field);
  const near = fc
    .tuple(pick(seen.map(Number), 0), fc.constantFrom(0, 0, 0.5, -0.5, 0.25, 1, -1, 0.005, -0.005, 0.001))
    .map(([value, delta]) => Math.round((value + delta) * 1000) / 1000);
  const wide = fc.double({ min: -limit, max: limit, noNaN: true, noDefaultInfinity: true });
  return fc
    .tuple(fc.oneof({ weight: 5, arbitrary: near }, { weight: 1, arbitrary: wide }), fc.boolean())
    .map(([value, asText]) => (asText ? String(value) : value));
}

function conditionArb(source: DynamicSource): fc.Arbitrary<Condition> {
  return fc.constantFrom(...fieldsOf(source)).chain((field) => {
    const modes: readonly string[] =
      field.type === 'text' ? TEXT_MODES : field.type === 'date' ? DATE_MODES : NUMERIC_MODES;
    return fc
      .record({ mode: fc.constantFrom(...modes), value: valueArb(source, field) })
      .map(({ mode, value }) => ({ field: field.key, mode, value }))
      .filter(
        // A picker's equals needs a value (422 otherwise: another property checks that).
        (condition) =>
          !(field.options ?? field.records) ||
          String(condition.value).trim() !== '' ||
          !['equals', 'notEquals'].includes(condition.mode),
      );
  });
}

function groupArb(source: DynamicSource) {
  const fields = fieldsOf(source);
  const aggregate = fc.oneof(
    fc.constant({ fn: 'count' as Aggregate, field: null as string | null }),
    fc
      .constantFrom(...fields)
      .chain((field) => fc.constantFrom(...aggregatesFor(field.type)).map((fn) => ({ fn, field: field.key }))),
  );
  return fc.constantFrom(...fields).chain((field) =>
    fc.record({
      field: fc.constant(field.key),
      date_part: field.type === 'date' ? fc.option(fc.constantFrom(...DATE_PARTS), { nil: null }) : fc.constant(null),
      aggregates: fc.array(aggregate, { minLength: 1, maxLength: 3 }),
    }),
  );
}

const definitionArb = fc.constantFrom(...DYNAMIC_SOURCES).chain((source) =>
  fc.record({
    source: fc.constant(source),
    columns: fc.subarray(
      fieldsOf(source).map((field) => field.key),
      { minLength: 1 },
    ),
    filters: fc.record({
      match: fc.constantFrom('all' as const, 'any' as const),
      conditions: fc.array(conditionArb(source), { maxLength: 3 }),
    }),
    sort: fc.option(
      fc.record({
        field: fc.constantFrom(...fieldsOf(source).map((field) => field.key)),
        direction: fc.constantFrom('asc' as const, 'desc' as const),
      }),
      { nil: null },
    ),
    group_by: fc.option(groupArb(source), { nil: null, freq: 3 }),
  }),
);

type Definition = typeof definitionArb extends fc.Arbitrary<infer T> ? T : never;

/** What the report should answer for a definition, from the baseline rows. */
function reference(definition: Definition): { rows: Row[]; total: number } {
  const fields = new Map(fieldsOf(definition.source).map((field) => [field.key, field]));
  const { match, conditions } = definition.filters;
  const kept = baseline.get(definition.source)!.filter((row) => {
    if (conditions.length === 0) return true;
    const results = conditions.map((condition) =>
      holds(fields.get(condition.field)!, row[condition.field] ?? null, condition),
    );
    return match === 'all' ? results.every(Boolean) : results.some(Boolean);
  });
  if (!definition.group_by)
    return {
      rows: kept.map((row) => Object.fromEntries(definition.columns.map((key) => [key, row[key] ?? null]))),
      total: kept.length,
    };
  const group = definition.group_by;
  const groupField = fields.get(group.field)!;
  const groups = new Map<string, { key: Cell; rows: Row[] }>();
  for (const row of kept) {
    const value = row[group.field] ?? null;
    const key = value !== null && group.date_part ? partOf(String(value), group.date_part) : value;
    const id = JSON.stringify(key);
    const entry = groups.get(id) ?? { key, rows: [] };
    entry.rows.push(row);
    groups.set(id, entry);
  }
  void groupField;
  return {
    rows: [...groups.values()].map(({ key, rows }) => ({
      group: key,
      ...Object.fromEntries(
        group.aggregates.map((aggregate, index) => [
          `a${String(index)}`,
          figure(aggregate.field ? fields.get(aggregate.field) : undefined, aggregate.fn, rows),
        ]),
      ),
    })),
    total: groups.size,
  };
}

const byJson = (rows: Row[]) => rows.map((row) => JSON.stringify(row)).sort();

/** Rows equal as multisets, numbers to within float noise (sums and averages of decimals). */
function expectSameRows(actual: Row[], expected: Row[], label: string) {
  expect(actual.length, label).toBe(expected.length);
  const key = (row: Row) =>
    JSON.stringify(
      Object.entries(row).map(([name, value]) => [name, typeof value === 'number' ? Math.round(value * 1000) : value]),
    );
  const a = [...actual].sort((x, y) => key(x).localeCompare(key(y)));
  const e = [...expected].sort((x, y) => key(x).localeCompare(key(y)));
  a.forEach((row, index) => {
    const want = e[index]!;
    for (const name of Object.keys(want))
      expect(
        sameNumber(row[name] ?? null, want[name] ?? null),
        `${label}\n${name}: ${JSON.stringify(row)} vs ${JSON.stringify(want)}`,
      ).toBe(true);
  });
  void byJson;
}

// ---------------------------------------------------------------- the properties

describe(`dynamic reports against a plain TypeScript reference (seed ${String(SEED)})`, () => {
  it('every source has rows of its own to filter', () => {
    expect([...baseline.keys()].sort()).toEqual([...DYNAMIC_SOURCES].sort());
  });

  it('answers every valid definition as the reference does, on this database', { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(definitionArb, async (definition) => {
        const response = await run(definition);
        const label = JSON.stringify(definition);
        expect(response.statusCode, `${label}\n${response.body}`).toBe(200);
        const answer = response.json() as { rows: Row[]; total: number };
        const expected = reference(definition);
        expect(answer.total, label).toBe(expected.total);
        expectSameRows(answer.rows, expected.rows, label);
        // A sort by a number, money or date field orders the rows (nulls aside: where they go differs by database).
        const sortField =
          definition.sort && !definition.group_by
            ? fieldsOf(definition.source).find((field) => field.key === definition.sort!.field)
            : undefined;
        if (sortField && sortField.type !== 'text' && definition.columns.includes(sortField.key)) {
          const values = answer.rows.map((row) => row[sortField.key] ?? null).filter((value) => value !== null);
          const ordered = [...values].sort((a, b) =>
            sortField.type === 'date' ? String(a).localeCompare(String(b)) : Number(a) - Number(b),
          );
          if (definition.sort!.direction === 'desc') ordered.reverse();
          expect(values, label).toEqual(ordered);
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });

  it('refuses what has no meaning with 422 on its field, never 500', { timeout: 120_000 }, async () => {
    const dates = DYNAMIC_SOURCES.flatMap((source) =>
      fieldsOf(source)
        .filter((field) => field.type === 'date')
        .map((field) => ({ source, field })),
    );
    const numbers = DYNAMIC_SOURCES.flatMap((source) =>
      fieldsOf(source)
        .filter((field) => field.type === 'number' || field.type === 'money')
        .map((field) => ({ source, field })),
    );
    const refused = fc.oneof(
      fc
        .tuple(fc.constantFrom(...dates), fc.constantFrom('sum' as const, 'avg' as const))
        .map(([{ source, field }, fn]) => ({
          body: { source, group_by: { field: field.key, aggregates: [{ fn: 'count' }, { fn, field: field.key }] } },
          key: 'group_by.aggregates.1.fn',
          message: DYNAMIC_MESSAGES.aggregateInvalid,
        })),
      fc
        .tuple(
          fc.constantFrom(...numbers),
          fc.constantFrom(...NUMERIC_MODES),
          fc.double({ min: 1, max: 1e308, noNaN: true }),
          fc.boolean(),
          fc.boolean(),
        )
        .filter(([{ field }, , excess]) => excess + numberLimitOf(field) > numberLimitOf(field))
        .map(([{ source, field }, mode, excess, negative, asText]) => {
          const value = (numberLimitOf(field) + excess) * (negative ? -1 : 1);
          return {
            body: {
              source,
              columns: [field.key],
              filters: { conditions: [{ field: field.key, mode, value: asText ? String(value) : value }] },
            },
            key: 'filters.conditions.0.value',
            message: dynamicValueRangeMessage(numberLimitOf(field)),
          };
        }),
    );
    await fc.assert(
      fc.asyncProperty(refused, async ({ body, key, message }) => {
        const response = await run(body);
        expect(response.statusCode, `${JSON.stringify(body)}\n${response.body}`).toBe(422);
        expect(response.json().errors[key], JSON.stringify(body)).toEqual([message]);
      }),
      { seed: SEED, numRuns: Math.max(20, Math.round(RUNS / 4)), endOnFailure: true },
    );
  });
});
