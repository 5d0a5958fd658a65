import {
  DYNAMIC_FIELDS,
  dynamicDefinitionSchema,
  dynamicDefinitionShape,
  modesForField,
  toFieldErrors,
  type DynamicDefinition,
  type DynamicField,
  type DynamicSource,
  type FieldErrors,
} from '@ledgerleaf/domain';

/*
 * The builder's state: a dynamic report definition (the domain's shape, defaults filled in), kept in
 * the URL as `?def=` (base64url JSON) so a report can be bookmarked before it is saved.
 */

export type Definition = DynamicDefinition;
export type Condition = Definition['filters']['conditions'][number];
export type GroupBy = NonNullable<Definition['group_by']>;

/** A new report of a source: its first four fields as columns, nothing else. */
export function newDefinition(source: DynamicSource = 'invoices'): Definition {
  return {
    source,
    columns: DYNAMIC_FIELDS[source].slice(0, 4).map((field) => field.key),
    filters: { match: 'all', conditions: [] },
    sort: null,
    group_by: null,
    chart: 'table',
  };
}

export function fieldsOf(source: DynamicSource): readonly DynamicField[] {
  return DYNAMIC_FIELDS[source];
}

export function fieldOf(source: DynamicSource, key: string | null | undefined): DynamicField | undefined {
  return DYNAMIC_FIELDS[source].find((field) => field.key === key);
}

/** A new condition on a field: its first match mode (a picker's "equals" for a field of fixed values) and no value. */
export function newCondition(source: DynamicSource, key?: string): Condition {
  const field = fieldOf(source, key) ?? DYNAMIC_FIELDS[source][0]!;
  return { field: field.key, mode: modesForField(field)[0]!, value: '' };
}

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(value: string): string {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/** A definition with every optional part spelled out (null), so two that ask the same compare equal. */
export function normalizeDefinition(input: unknown): Definition | null {
  const parsed = dynamicDefinitionShape.safeParse(input);
  if (!parsed.success) return null;
  const definition = parsed.data;
  return {
    source: definition.source,
    columns: definition.columns,
    filters: {
      match: definition.filters.match,
      conditions: definition.filters.conditions.map((condition) => ({
        field: condition.field,
        mode: condition.mode,
        value: condition.value,
      })),
    },
    sort: definition.sort ? { field: definition.sort.field, direction: definition.sort.direction } : null,
    group_by: definition.group_by
      ? {
          field: definition.group_by.field,
          date_part: definition.group_by.date_part ?? null,
          aggregates: definition.group_by.aggregates.map((aggregate) => ({
            fn: aggregate.fn,
            field: aggregate.field ?? null,
          })),
        }
      : null,
    chart: definition.chart,
  };
}

/** The definition as the URL's `def` value. */
export function encodeDefinition(definition: Definition): string {
  return toBase64Url(JSON.stringify(definition));
}

/** The URL's `def` value as a definition (its shape only; the whitelist is checked by `checkDefinition`), or null. */
export function decodeDefinition(value: string): Definition | null {
  if (!value) return null;
  try {
    return normalizeDefinition(JSON.parse(fromBase64Url(value)));
  } catch {
    return null;
  }
}

/** What the server would refuse, keyed as its 422 answer (`filters.conditions.0.value`); null when it runs. */
export function checkDefinition(definition: Definition): FieldErrors | null {
  const result = dynamicDefinitionSchema.safeParse(definition);
  return result.success ? null : toFieldErrors(result.error);
}

/** Whether two definitions ask the same (what the URL holds against what is saved). */
export function sameDefinition(a: Definition, b: Definition): boolean {
  return JSON.stringify(normalizeDefinition(a)) === JSON.stringify(normalizeDefinition(b));
}
