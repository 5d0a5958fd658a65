import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DYNAMIC_FIELDS,
  DYNAMIC_MESSAGES,
  aggregatesFor,
  choiceCodesMatching,
  describeDynamicDefinition,
  dynamicDefinitionSchema,
  dynamicValueRangeMessage,
  modesForField,
  scaledBounds,
  wholeComparison,
  type DynamicField,
} from '.';

const field = (source: keyof typeof DYNAMIC_FIELDS, key: string): DynamicField =>
  DYNAMIC_FIELDS[source].find((item) => item.key === key)!;
const errorsOf = (definition: unknown) => {
  const result = dynamicDefinitionSchema.safeParse(definition);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('fields of fixed values', () => {
  const status = field('invoices', 'status');

  it('are picked with equals or does not equal, from the labels people read', () => {
    expect(modesForField(status)).toEqual(['equals', 'notEquals']);
    expect(status.options).toContainEqual({ value: 'partial', label: 'Partially paid' });
    expect(field('payments', 'method').options).toContainEqual({ value: 'bank_transfer', label: 'Bank transfer' });
    expect(field('opportunities', 'stage_name').records).toBe('pipeline_stages');
    expect(modesForField(field('opportunities', 'stage_name'))).toEqual(['equals', 'notEquals']);
    expect(modesForField(field('invoices', 'client_name'))).toHaveLength(6);
  });

  it('match a code by its code or its label, case-insensitively; free-text modes too', () => {
    expect(choiceCodesMatching(status, 'equals', 'Partially paid')).toEqual({ codes: ['partial'], negate: false });
    expect(choiceCodesMatching(status, 'equals', 'PARTIAL')).toEqual({ codes: ['partial'], negate: false });
    expect(choiceCodesMatching(status, 'notEquals', 'partial')).toEqual({ codes: ['partial'], negate: true });
    expect(choiceCodesMatching(status, 'contains', 'paid').codes).toEqual(['partial', 'paid']);
    expect(choiceCodesMatching(status, 'notContains', 'paid')).toEqual({ codes: ['partial', 'paid'], negate: true });
    expect(choiceCodesMatching(status, 'startsWith', 'dr').codes).toEqual(['draft']);
    expect(choiceCodesMatching(status, 'endsWith', 'due').codes).toEqual(['overdue']);
    expect(choiceCodesMatching(status, 'equals', 'nothing').codes).toEqual([]);
  });

  it('need a value picked; a saved free-text filter on them still passes', () => {
    const on = (mode: string, value: string) =>
      errorsOf({
        source: 'invoices',
        columns: ['status'],
        filters: { conditions: [{ field: 'status', mode, value }] },
      });
    expect(on('equals', '')).toEqual({ 'filters.conditions.0.value': DYNAMIC_MESSAGES.valueChoice });
    expect(on('equals', 'partial')).toEqual({});
    expect(on('contains', '')).toEqual({});
    expect(on('startsWith', 'part')).toEqual({});
  });

  it('read as their labels in words', () => {
    const lines = describeDynamicDefinition({
      source: 'invoices',
      filters: {
        match: 'all',
        conditions: [
          { field: 'status', mode: 'equals', value: 'partial' },
          { field: 'status', mode: 'contains', value: 'part' },
        ],
      },
    });
    expect(lines).toContainEqual(['Filters (match all)', 'Status equals Partially paid; Status contains part']);
  });
});

describe('the figures of a field', () => {
  it('a text field is counted; a date has a count, a minimum and a maximum', () => {
    expect(aggregatesFor('text')).toEqual(['count']);
    expect(aggregatesFor('date')).toEqual(['count', 'min', 'max']);
    expect(aggregatesFor('money')).toEqual(['count', 'sum', 'avg', 'min', 'max']);
  });

  it('a sum or an average of a date is refused on the figure; a group needs one', () => {
    for (const fn of ['sum', 'avg'])
      expect(
        errorsOf({ source: 'invoices', group_by: { field: 'client_name', aggregates: [{ fn, field: 'due_date' }] } }),
      ).toEqual({ 'group_by.aggregates.0.fn': DYNAMIC_MESSAGES.aggregateInvalid });
    expect(
      errorsOf({
        source: 'invoices',
        group_by: { field: 'client_name', aggregates: [{ fn: 'max', field: 'due_date' }] },
      }),
    ).toEqual({});
    expect(errorsOf({ source: 'invoices', group_by: { field: 'client_name', aggregates: [] } })).toEqual({
      'group_by.aggregates': DYNAMIC_MESSAGES.figuresRequired,
    });
  });
});

describe('numbers on whole-number fields', () => {
  it('scales a number exactly, from its decimal form', () => {
    expect(scaledBounds(30.5, 0)).toEqual({ floor: 30, ceil: 31 });
    expect(scaledBounds(-30.5, 0)).toEqual({ floor: -31, ceil: -30 });
    expect(scaledBounds(30, 0)).toEqual({ floor: 30, ceil: 30 });
    expect(scaledBounds(1000.005, 2)).toEqual({ floor: 100000, ceil: 100001 });
    // 1000.01 * 100 is 100000.99999999999 in floating point; exactly 100001 here.
    expect(scaledBounds(1000.01, 2)).toEqual({ floor: 100001, ceil: 100001 });
    expect(scaledBounds(1e-7, 2)).toEqual({ floor: 0, ceil: 1 });
    expect(scaledBounds(-1e-7, 2)).toEqual({ floor: -1, ceil: 0 });
    expect(scaledBounds(1e12, 2)).toEqual({ floor: 1e14, ceil: 1e14 });
    expect(scaledBounds(0.1 + 0.2, 2)).toEqual({ floor: 30, ceil: 31 });
  });

  it('a decimal with two places scaled by 100 is its cents, whatever the float', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 99 }), (whole, cents) => {
        const sign = whole < 0 ? '-' : '';
        const value = Number(`${sign}${String(Math.abs(whole))}.${String(cents).padStart(2, '0')}`);
        const expected = whole < 0 ? whole * 100 - cents : whole * 100 + cents;
        expect(scaledBounds(value, 2)).toEqual({ floor: expected, ceil: expected });
      }),
    );
  });

  it('compares as a whole number means it', () => {
    expect(wholeComparison('gte', 30.5, 0)).toEqual({ op: '>=', value: 31 });
    expect(wholeComparison('gt', 30.5, 0)).toEqual({ op: '>', value: 30 });
    expect(wholeComparison('lt', 30.5, 0)).toEqual({ op: '<', value: 31 });
    expect(wholeComparison('lte', 30.5, 0)).toEqual({ op: '<=', value: 30 });
    expect(wholeComparison('equals', 30.5, 0)).toEqual({ always: false });
    expect(wholeComparison('notEquals', 30.5, 0)).toEqual({ always: true });
    expect(wholeComparison('equals', 30, 0)).toEqual({ op: '=', value: 30 });
    expect(wholeComparison('gt', 1000.005, 2)).toEqual({ op: '>', value: 100000 });
  });

  it('agrees with plain arithmetic on every whole number near the value', () => {
    const ops = {
      '=': (a: number, b: number) => a === b,
      '<>': (a: number, b: number) => a !== b,
      '<': (a: number, b: number) => a < b,
      '<=': (a: number, b: number) => a <= b,
      '>': (a: number, b: number) => a > b,
      '>=': (a: number, b: number) => a >= b,
    };
    const reference = {
      equals: ops['='],
      notEquals: ops['<>'],
      lt: ops['<'],
      lte: ops['<='],
      gt: ops['>'],
      gte: ops['>='],
    };
    fc.assert(
      fc.property(
        fc.integer({ min: -100_000, max: 100_000 }).map((n) => n / 1000),
        fc.constantFrom('equals', 'notEquals', 'lt', 'lte', 'gt', 'gte') as fc.Arbitrary<keyof typeof reference>,
        (value, mode) => {
          const compared = wholeComparison(mode, value, 0);
          for (let n = Math.floor(value) - 2; n <= Math.ceil(value) + 2; n += 1) {
            const got = 'always' in compared ? compared.always : ops[compared.op](n, compared.value);
            expect(got, `${n} ${mode} ${value}`).toBe(reference[mode](n, value));
          }
        },
      ),
    );
  });

  it('refuses a number beyond what the field holds, on the value', () => {
    const on = (source: string, key: string, value: unknown) =>
      errorsOf({ source, columns: [key], filters: { conditions: [{ field: key, mode: 'gt', value }] } });
    expect(on('clients', 'payment_terms_days', 2_147_483_647)).toEqual({});
    expect(on('clients', 'payment_terms_days', 2_147_483_648)).toEqual({
      'filters.conditions.0.value': dynamicValueRangeMessage(2_147_483_647),
    });
    expect(on('invoices', 'total', '1e308')).toEqual({
      'filters.conditions.0.value': 'Please enter a number from -10,000,000,000,000 to 10,000,000,000,000',
    });
    expect(on('invoices', 'total', ' ')).toEqual({ 'filters.conditions.0.value': DYNAMIC_MESSAGES.valueNumber });
  });
});
