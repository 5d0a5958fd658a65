import fc from 'fast-check';
import { addCalendarDays, utcCalendarDate } from '@ledgerleaf/domain';
import type { JsonSchema } from './openapi-contract';

/*
 * fast-check arbitraries from the JSON schemas of the OpenAPI document (the subset zod writes: object,
 * array, string with length, pattern and format, number and integer with bounds, enum, const, anyOf,
 * type lists). "Valid" values follow the schema, with hints from field names where the schema cannot
 * say it (a `*_date` is a real date near today, an `*_id` often a real record's id), so many reach
 * the services instead of stopping at 422. Invalid values are valid ones with one thing broken.
 */

/** Real ids to use for a field named `name` (`client_id`, `tax_rate_ids`, `id`), or none. */
export type IdSource = (name: string) => { own: readonly number[]; foreign: readonly number[] };

const today = () => utcCalendarDate(new Date());
const SAFE = Number.MAX_SAFE_INTEGER;

/** Values that break most fields: wrong types, edges, injection and encoding oddities. */
export const NASTY_VALUES: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  -0.001,
  1e308,
  SAFE + 2,
  '',
  ' ',
  'null',
  'NaN',
  '9999-99-99',
  '2024-02-30',
  '0000-01-01',
  '1899-12-31',
  '2201-01-01',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ✓ ß',
  '../../etc/passwd',
  'x'.repeat(5000),
  [],
  [1, 2, 3],
  {},
  { nested: { deeper: [null] } },
];

/** Unknown keys to add, among them the names of Object.prototype's members (a map keyed by field names must not trip on them). */
const UNKNOWN_KEYS = ['unexpected_field', 'valueOf', 'constructor', '__proto__', 'toString', 'hasOwnProperty', ''];

function bounds(schema: JsonSchema, fallbackMin: number, fallbackMax: number): { min: number; max: number } {
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const exclusiveMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined;
  const min =
    typeof schema.minimum === 'number' ? schema.minimum : exclusiveMin !== undefined ? exclusiveMin : fallbackMin;
  const max =
    typeof schema.maximum === 'number' ? schema.maximum : exclusiveMax !== undefined ? exclusiveMax : fallbackMax;
  return { min: Math.max(min, -SAFE), max: Math.min(max, SAFE) };
}

function integerBetween(min: number, max: number): fc.Arbitrary<number> {
  const lo = Math.ceil(min);
  const hi = Math.floor(max);
  if (lo > hi) return fc.constant(lo);
  // Mostly small values (where records and rules live), sometimes anywhere in the range.
  const smallLo = Math.max(lo, -1000);
  const smallHi = Math.min(hi, Math.max(smallLo, 1000));
  return fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: smallLo, max: smallHi }) },
    { weight: 1, arbitrary: fc.bigInt({ min: BigInt(lo), max: BigInt(hi) }).map(Number) },
  );
}

function idArbitrary(name: string, ids: IdSource, fallback: fc.Arbitrary<number>): fc.Arbitrary<number> {
  const { own, foreign } = ids(name);
  const choices: Array<fc.WeightedArbitrary<number>> = [{ weight: 1, arbitrary: fallback }];
  if (own.length > 0) choices.push({ weight: 4, arbitrary: fc.constantFrom(...own) });
  if (foreign.length > 0) choices.push({ weight: 1, arbitrary: fc.constantFrom(...foreign) });
  return fc.oneof(...choices);
}

function stringArbitrary(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : 60;
  const clamp = (arbitrary: fc.Arbitrary<string>) => arbitrary.map((value) => value.slice(0, maxLength));
  if (schema.format === 'date-time')
    return fc.integer({ min: -400, max: 400 }).map((days) => new Date(Date.now() + days * 86_400_000).toISOString());
  if (schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$' || /(^|_)date$|_(from|to)$|_on$/.test(name))
    return fc.integer({ min: -400, max: 400 }).map((days) => addCalendarDays(today(), days));
  if (/email/.test(name) || schema.format === 'email')
    return fc
      .tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,12}$/), fc.constantFrom('example.com', 'mail.test', 'acme.co.uk'))
      .map(([local, domain]) => `${local}@${domain}`);
  if (typeof schema.pattern === 'string') return clamp(fc.stringMatching(new RegExp(schema.pattern)));
  const length = { minLength, maxLength: Math.max(minLength, Math.min(maxLength, minLength + 40)) };
  return fc.oneof(
    { weight: 4, arbitrary: fc.string(length) },
    { weight: 1, arbitrary: fc.string({ ...length, unit: 'grapheme' }) },
  );
}

/** A value the schema describes (with the field-name hints above). */
export function valueArbitrary(schema: JsonSchema, ids: IdSource, name = '', depth = 0): fc.Arbitrary<unknown> {
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (alternatives && alternatives.length > 0)
    return fc.oneof(...alternatives.map((alternative) => valueArbitrary(alternative, ids, name, depth)));
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...(schema.enum as unknown[]));
  if (Array.isArray(schema.type))
    return fc.oneof(...(schema.type as string[]).map((type) => valueArbitrary({ ...schema, type }, ids, name, depth)));
  switch (schema.type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = (schema.required ?? []) as string[];
      if (Object.keys(properties).length === 0) {
        const extra = schema.additionalProperties;
        if (extra && typeof extra === 'object' && depth < 3)
          return fc.dictionary(
            fc.string({ minLength: 1, maxLength: 12 }),
            valueArbitrary(extra as JsonSchema, ids, '', depth + 1),
            {
              maxKeys: 3,
            },
          );
        return fc.constant({});
      }
      return fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([key, property]) => [key, valueArbitrary(property, ids, key, depth + 1)]),
        ),
        { requiredKeys: required.filter((key) => key in properties) },
      );
    }
    case 'array': {
      const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const maxLength = Math.max(
        minLength,
        Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 4, minLength + 3),
      );
      const items = (schema.items ?? {}) as JsonSchema;
      // `tax_rate_ids` holds tax rate ids: its items are named like the field, without the plural.
      const itemName = name.endsWith('_ids') ? name.slice(0, -1) : name;
      return fc.array(valueArbitrary(items, ids, itemName, depth + 1), { minLength, maxLength });
    }
    case 'string':
      return stringArbitrary(schema, name);
    case 'integer': {
      const { min, max } = bounds(schema, -1_000_000, 1_000_000_000);
      const plain = integerBetween(min, max);
      return name === 'id' || /_id$/.test(name) ? idArbitrary(name, ids, plain) : plain;
    }
    case 'number': {
      const { min, max } = bounds(schema, -1_000_000, 1_000_000_000);
      const plain = fc.oneof(
        { weight: 4, arbitrary: integerBetween(min, Math.min(max, 100_000)) },
        { weight: 3, arbitrary: integerBetween(min * 100, Math.min(max, 100_000) * 100).map((cents) => cents / 100) },
        { weight: 1, arbitrary: fc.double({ min, max, noNaN: true, noDefaultInfinity: true }) },
      );
      return /(^|_)id$/.test(name) ? idArbitrary(name, ids, plain) : plain;
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Every path to a value inside `value` (`['lines', 0, 'quantity']`), the root included as `[]`. */
function pathsOf(value: unknown, at: Array<string | number> = [], found: Array<Array<string | number>> = []) {
  found.push(at);
  if (Array.isArray(value)) value.forEach((item, index) => pathsOf(item, [...at, index], found));
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) pathsOf(child, [...at, key], found);
  return found;
}

function setAt(value: unknown, path: Array<string | number>, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let cursor = copy;
  for (const key of path.slice(0, -1)) cursor = cursor[key] as Record<string | number, unknown>;
  cursor[path[path.length - 1]!] = replacement;
  return copy;
}

function removeAt(value: unknown, path: Array<string | number>): unknown {
  if (path.length === 0) return undefined;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let cursor = copy;
  for (const key of path.slice(0, -1)) cursor = cursor[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (Array.isArray(cursor)) cursor.splice(Number(last), 1);
  else delete cursor[last];
  return copy;
}

/**
 * A valid value with one thing broken: a value anywhere replaced by a nasty one or by random JSON,
 * a field removed, or an unknown field added.
 */
export function invalidArbitrary(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      valid,
      fc.nat(),
      fc.integer({ min: 0, max: 3 }),
      fc.constantFrom(...NASTY_VALUES),
      fc.jsonValue({ maxDepth: 3 }),
      fc.constantFrom(...UNKNOWN_KEYS),
    )
    .map(([value, pick, mutation, nasty, random, unknownKey]) => {
      const paths = pathsOf(value);
      const path = paths[pick % paths.length]!;
      switch (mutation) {
        case 0:
          return setAt(value, path, nasty);
        case 1:
          return setAt(value, path, random);
        case 2:
          return path.length > 0 ? removeAt(value, path) : nasty;
        default: {
          const objects = paths.filter((candidate) => {
            let cursor: unknown = value;
            for (const key of candidate) cursor = (cursor as Record<string | number, unknown>)[key];
            return cursor !== null && typeof cursor === 'object' && !Array.isArray(cursor);
          });
          if (objects.length === 0) return nasty;
          const target = objects[pick % objects.length]!;
          let cursor: unknown = value;
          for (const key of target) cursor = (cursor as Record<string | number, unknown>)[key];
          const extended = { ...(cursor as object) } as Record<string, unknown>;
          Object.defineProperty(extended, unknownKey, {
            value: nasty,
            enumerable: true,
            writable: true,
            configurable: true,
          });
          return setAt(value, target, extended);
        }
      }
    });
}
