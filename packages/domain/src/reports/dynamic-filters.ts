/** Dynamic reports' filters: match modes by field, choice matching and exact whole-unit numeric comparison. */
import type { DynamicField, DynamicFieldType } from './dynamic-fields';

export const TEXT_MODES = ['startsWith', 'contains', 'notContains', 'endsWith', 'equals', 'notEquals'] as const;
export const NUMERIC_MODES = ['equals', 'notEquals', 'lt', 'lte', 'gt', 'gte'] as const;
export const DATE_MODES = ['dateIs', 'dateIsNot', 'dateBefore', 'dateAfter'] as const;
export const MATCH_MODES = [...new Set([...TEXT_MODES, ...NUMERIC_MODES, ...DATE_MODES])] as [string, ...string[]];
export type MatchMode = (typeof TEXT_MODES)[number] | (typeof NUMERIC_MODES)[number] | (typeof DATE_MODES)[number];

/** The match modes a field type takes (SPEC.md section 9). */
export function modesFor(type: DynamicFieldType): readonly MatchMode[] {
  return type === 'text' ? TEXT_MODES : type === 'date' ? DATE_MODES : NUMERIC_MODES;
}

/** The text modes a picker offers: one of the values, or any but it. */
export const CHOICE_MODES = ['equals', 'notEquals'] as const satisfies readonly MatchMode[];

/** Whether a filter on this field picks one of its values (a fixed set, or the business's records). */
export function isChoiceField(field: DynamicField): boolean {
  return Boolean(field.options ?? field.records);
}

/**
 * The match modes the builder offers for a field: a picker's (equals, does not equal) for a field
 * of fixed values or records, else its type's. The server also takes the other text modes on such
 * a field, so a report saved with a free-text filter on it (before the pickers) still runs.
 */
export function modesForField(field: DynamicField): readonly MatchMode[] {
  return isChoiceField(field) ? CHOICE_MODES : modesFor(field.type);
}

const textMatch: Record<'startsWith' | 'contains' | 'endsWith' | 'equals', (value: string, needle: string) => boolean> =
  {
    startsWith: (value, needle) => value.startsWith(needle),
    contains: (value, needle) => value.includes(needle),
    endsWith: (value, needle) => value.endsWith(needle),
    equals: (value, needle) => value === needle,
  };

/**
 * A text condition on a fixed-value field as the set of codes it matches: a code matches when the
 * mode holds for its code or its label, case-insensitively ("equals Partially paid" and "equals
 * partial" are the same filter; a saved "contains part" still finds the partly paid). A negative
 * mode (does not contain, does not equal) is every value but those: `negate`.
 */
export function choiceCodesMatching(
  field: DynamicField,
  mode: MatchMode,
  value: string,
): { codes: string[]; negate: boolean } {
  const needle = value.toLowerCase();
  const negate = mode === 'notContains' || mode === 'notEquals';
  const positive = mode === 'notContains' ? 'contains' : mode === 'notEquals' ? 'equals' : mode;
  const test = textMatch[positive as keyof typeof textMatch] ?? textMatch.equals;
  const codes = (field.options ?? [])
    .filter((option) => test(option.value.toLowerCase(), needle) || test(option.label.toLowerCase(), needle))
    .map((option) => option.value);
  return { codes, negate };
}

/** The largest number (either side of zero) a filter compares a field with: what its column holds. */
export function numberLimitOf(field: DynamicField): number {
  return field.integer ? 2_147_483_647 : 10_000_000_000_000;
}

/** `value` times 10^`scale` rounded down and up, exactly (from its shortest decimal form, never by float arithmetic). */
export function scaledBounds(value: number, scale: number): { floor: number; ceil: number } {
  const [mantissa = '0', exponent = '0'] = Math.abs(value).toString().split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const digits = BigInt(`${whole}${fraction}`);
  const shift = Number(exponent) - fraction.length + scale;
  let floor: bigint;
  let exact: boolean;
  if (shift >= 0) {
    floor = digits * 10n ** BigInt(shift);
    exact = true;
  } else {
    const divisor = 10n ** BigInt(-shift);
    floor = digits / divisor;
    exact = digits % divisor === 0n;
  }
  const ceil = exact ? floor : floor + 1n;
  // `|| 0`: never a negative zero.
  return value < 0
    ? { floor: -Number(ceil) || 0, ceil: -Number(floor) || 0 }
    : { floor: Number(floor), ceil: Number(ceil) };
}

export type WholeComparison = { op: '=' | '<>' | '<' | '<=' | '>' | '>='; value: number } | { always: boolean };

const NUMERIC_OPS = { equals: '=', notEquals: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' } as const;

/**
 * A number filter on a field stored in whole units (a whole number; money as cents: `scale` 2) as
 * the whole-unit comparison that means the same: "payment terms at least 30.5" is `>= 31`, "greater
 * than 30.5" `> 30`, "less than 30.5" `< 31`, "at most 30.5" `<= 30`, "total greater than 1000.005"
 * `> 100000` cents; "equals 30.5" matches nothing and "does not equal 30.5" everything. So the
 * database always compares whole numbers with whole numbers, and the answer is the exact one.
 */
export function wholeComparison(mode: MatchMode, value: number, scale: number): WholeComparison {
  const { floor, ceil } = scaledBounds(value, scale);
  const exact = floor === ceil;
  switch (mode) {
    case 'equals':
      return exact ? { op: '=', value: floor } : { always: false };
    case 'notEquals':
      return exact ? { op: '<>', value: floor } : { always: true };
    case 'gt':
      return { op: '>', value: floor };
    case 'gte':
      return { op: '>=', value: ceil };
    case 'lt':
      return { op: '<', value: ceil };
    case 'lte':
      return { op: '<=', value: floor };
    default:
      return { op: NUMERIC_OPS[mode as keyof typeof NUMERIC_OPS] ?? '=', value: floor };
  }
}
