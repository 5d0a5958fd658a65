import { z } from 'zod';
import { isoDateSchema } from '../common';
import { LEAD_STATUS_LABELS } from '../crm/leads';
import { ESTIMATE_STATUS_LABELS } from '../estimates/estimates';
import { RECURRING_STATUS_LABELS } from '../estimates/recurring';
import type { RecurringFrequency } from '../estimates/schedule';
import { PAYMENT_METHOD_LABELS } from '../invoicing/payments';
import { INVOICE_STATUS_LABELS } from '../invoicing/status';

/*
 * Dynamic reports (issue 16): a report built without SQL. A definition names a data source, the
 * columns, filters (SPEC.md section 9's match modes by field type, "match all" or "match any",
 * several conditions on one field), a sort, a group-by (dates by day, week, month, quarter or year)
 * with aggregates, and a chart. Fields come only from the whitelist below: the server compiles the
 * definition through it (never a field name or SQL text from the request), scoped to the business.
 */

export const DYNAMIC_SOURCES = [
  'invoices',
  'invoice_lines',
  'payments',
  'clients',
  'products',
  'estimates',
  'recurring_invoices',
  'other_income',
  'leads',
  'opportunities',
  'activities',
] as const;
export type DynamicSource = (typeof DYNAMIC_SOURCES)[number];

export const DYNAMIC_FIELD_TYPES = ['text', 'number', 'money', 'date'] as const;
export type DynamicFieldType = (typeof DYNAMIC_FIELD_TYPES)[number];

/** One of a fixed-value field's values: the code the records store and the label people read. */
export interface DynamicChoice {
  value: string;
  label: string;
}

/** The business's own records a field names (CRM configuration), listed by `GET /api/dynamic-reports/choices`. */
export const DYNAMIC_RECORD_KINDS = ['pipeline_stages', 'lead_sources', 'lost_reasons', 'activity_types'] as const;
export type DynamicRecordKind = (typeof DYNAMIC_RECORD_KINDS)[number];

export interface DynamicField {
  key: string;
  label: string;
  type: DynamicFieldType;
  /**
   * A field with a fixed set of values (a status, a method, a type): the codes it stores with their
   * labels. A filter picks one of them (equals, does not equal) and the rows show the label.
   */
  options?: readonly DynamicChoice[];
  /** A field naming one of the business's own records (a stage, a source): a filter picks one by name. */
  records?: DynamicRecordKind;
  /** A number stored whole (days, percent): a decimal in a filter is compared as what it means for whole numbers. */
  integer?: boolean;
}

const f = (key: string, label: string, type: DynamicFieldType, extra: Partial<DynamicField> = {}): DynamicField => ({
  key,
  label,
  type,
  ...extra,
});
const choices = (labels: Record<string, string>): readonly DynamicChoice[] =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));
const fixed = (labels: Record<string, string>) => ({ options: choices(labels) });

const FREQUENCY_LABELS: Record<RecurringFrequency, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  yearly: 'Yearly',
};
const PRODUCT_TYPE_LABELS = { service: 'Service', product: 'Product' } as const;

/**
 * Every source's fields, its own and its obvious joins' (an invoice's client name, a line's product).
 * A `date` field is a plain date; the ones that are stored as instants (a lead's or activity's
 * created, due and done times) are that instant's date in the business's time zone, for columns,
 * filters and group-by alike, so no report shifts a day.
 */
export const DYNAMIC_FIELDS: Record<DynamicSource, readonly DynamicField[]> = {
  invoices: [
    f('invoice_number', 'Invoice number', 'text'),
    f('client_name', 'Client', 'text'),
    f('status', 'Status', 'text', fixed(INVOICE_STATUS_LABELS)),
    f('issue_date', 'Issue date', 'date'),
    f('due_date', 'Due date', 'date'),
    f('subtotal', 'Subtotal', 'money'),
    f('tax', 'Tax', 'money'),
    f('total', 'Total', 'money'),
    f('paid', 'Paid', 'money'),
    f('balance', 'Balance', 'money'),
  ],
  invoice_lines: [
    f('invoice_number', 'Invoice number', 'text'),
    f('client_name', 'Client', 'text'),
    f('issue_date', 'Issue date', 'date'),
    f('product_name', 'Product', 'text'),
    f('description', 'Description', 'text'),
    f('quantity', 'Quantity', 'number'),
    f('unit_price', 'Unit price', 'money'),
    f('tax', 'Tax', 'money'),
    f('total', 'Total', 'money'),
  ],
  payments: [
    f('payment_date', 'Payment date', 'date'),
    f('invoice_number', 'Invoice number', 'text'),
    f('client_name', 'Client', 'text'),
    f('method', 'Method', 'text', fixed(PAYMENT_METHOD_LABELS)),
    f('reference', 'Reference', 'text'),
    f('amount', 'Amount', 'money'),
  ],
  clients: [
    f('name', 'Name', 'text'),
    f('email', 'Email', 'text'),
    f('city', 'City', 'text'),
    f('country', 'Country', 'text'),
    f('payment_terms_days', 'Payment terms (days)', 'number', { integer: true }),
  ],
  products: [
    f('name', 'Name', 'text'),
    f('type', 'Type', 'text', fixed(PRODUCT_TYPE_LABELS)),
    f('sku', 'SKU', 'text'),
    f('unit', 'Unit', 'text'),
    f('unit_price', 'Unit price', 'money'),
  ],
  estimates: [
    f('estimate_number', 'Estimate number', 'text'),
    f('client_name', 'Client', 'text'),
    f('status', 'Status', 'text', fixed(ESTIMATE_STATUS_LABELS)),
    f('issue_date', 'Issue date', 'date'),
    f('expiry_date', 'Expiry date', 'date'),
    f('total', 'Total', 'money'),
  ],
  recurring_invoices: [
    f('client_name', 'Client', 'text'),
    f('status', 'Status', 'text', fixed(RECURRING_STATUS_LABELS)),
    f('frequency', 'Frequency', 'text', fixed(FREQUENCY_LABELS)),
    f('start_date', 'Start date', 'date'),
    f('next_run_date', 'Next run', 'date'),
    f('total', 'Amount per run', 'money'),
  ],
  other_income: [
    f('income_date', 'Date', 'date'),
    f('source', 'Source', 'text'),
    f('reference_number', 'Reference', 'text'),
    f('amount', 'Amount', 'money'),
  ],
  leads: [
    f('person_name', 'Person', 'text'),
    f('company_name', 'Company', 'text'),
    f('email', 'Email', 'text'),
    f('status', 'Status', 'text', fixed(LEAD_STATUS_LABELS)),
    f('source_name', 'Source', 'text', { records: 'lead_sources' }),
    f('estimated_value', 'Estimated value', 'money'),
    f('created_at', 'Created', 'date'),
  ],
  opportunities: [
    f('title', 'Title', 'text'),
    f('client_name', 'Client', 'text'),
    f('stage_name', 'Stage', 'text', { records: 'pipeline_stages' }),
    f('source_name', 'Source', 'text', { records: 'lead_sources' }),
    f('lost_reason_name', 'Lost reason', 'text', { records: 'lost_reasons' }),
    f('expected_close_date', 'Expected close', 'date'),
    f('amount', 'Amount', 'money'),
    f('probability', 'Probability', 'number', { integer: true }),
    f('created_at', 'Created', 'date'),
    f('closed_at', 'Closed', 'date'),
  ],
  activities: [
    f('subject', 'Subject', 'text'),
    f('type_name', 'Type', 'text', { records: 'activity_types' }),
    f('client_name', 'Client', 'text'),
    f('due_at', 'Due', 'date'),
    f('done_at', 'Done', 'date'),
    f('created_at', 'Created', 'date'),
  ],
};

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

/** The label of a fixed-value field's code (the code itself when it is not one of them). */
export function choiceLabel(field: DynamicField | undefined, value: string): string {
  return field?.options?.find((option) => option.value === value)?.label ?? value;
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

export const DATE_PARTS = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type DatePart = (typeof DATE_PARTS)[number];
export const AGGREGATES = ['count', 'sum', 'avg', 'min', 'max'] as const;
export type Aggregate = (typeof AGGREGATES)[number];

/**
 * The figures a field of this type has: a text field is counted; a date has a count, its earliest
 * and its latest (a sum or an average of dates means nothing); numbers and money have them all.
 */
export function aggregatesFor(type: DynamicFieldType): readonly Aggregate[] {
  return type === 'text' ? ['count'] : type === 'date' ? ['count', 'min', 'max'] : AGGREGATES;
}
export const DYNAMIC_CHARTS = ['table', 'bar', 'line', 'pie'] as const;

export const DYNAMIC_MESSAGES = {
  sourceInvalid: 'Please choose a data source',
  fieldUnknown: 'This field is not one of the data source’s fields',
  modeInvalid: 'This match mode does not fit the field’s type',
  valueNumber: 'Please enter a number',
  valueDate: 'Please enter a date',
  valueText: 'Please enter up to 200 characters',
  valueChoice: 'Please choose a value',
  columnsRequired: 'Please choose at least one column',
  aggregateInvalid: 'Sum and average need a number or money field; minimum and maximum a number, money or date field',
  datePartInvalid: 'Only a date field is grouped by day, week, month, quarter or year',
  figuresRequired: 'Please add at least one figure',
  nameRequired: 'Please name the report',
  nameTooLong: 'Please use up to 120 characters',
  saved: 'Report saved',
  renamed: 'Report renamed',
  duplicated: 'Report duplicated',
  deleted: 'Report deleted',
  notOwner: 'Only the person who saved this report, or a role that may change the business’s data, may change it.',
} as const;

/** A number beyond what the field holds. */
export const dynamicValueRangeMessage = (limit: number) =>
  `Please enter a number from -${limit.toLocaleString('en-US')} to ${limit.toLocaleString('en-US')}`;

const conditionSchema = z.object({
  field: z.string().max(100),
  mode: z.enum(MATCH_MODES, { error: DYNAMIC_MESSAGES.modeInvalid }),
  value: z.union([z.string().max(200, DYNAMIC_MESSAGES.valueText), z.number()]),
});

/** A definition's shape without the whitelist checks: what a saved report answers with. */
export const dynamicDefinitionShape = z.object({
  source: z.enum(DYNAMIC_SOURCES, { error: DYNAMIC_MESSAGES.sourceInvalid }),
  columns: z.array(z.string().max(100)).max(30).default([]),
  filters: z
    .object({
      match: z.enum(['all', 'any']).default('all'),
      conditions: z.array(conditionSchema).max(30).default([]),
    })
    .default({ match: 'all', conditions: [] }),
  sort: z.object({ field: z.string().max(100), direction: z.enum(['asc', 'desc']).default('asc') }).nullish(),
  group_by: z
    .object({
      field: z.string().max(100),
      date_part: z.enum(DATE_PARTS).nullish(),
      aggregates: z
        .array(z.object({ fn: z.enum(AGGREGATES), field: z.string().max(100).nullish() }))
        .max(10)
        .default([{ fn: 'count' }]),
    })
    .nullish(),
  chart: z.enum(DYNAMIC_CHARTS).default('table'),
});

type JsonSchema = Record<string, unknown>;
const enumOf = (values: readonly string[]): JsonSchema => ({ type: 'string', enum: [...values] });
const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });

/** A condition's value as a field of this kind takes it (what the builder sends). */
function valueSchemaOf(field: DynamicField): JsonSchema {
  if (field.options) return enumOf(field.options.map((option) => option.value));
  if (field.type === 'text') return { type: 'string', maxLength: 200, ...(field.records ? { minLength: 1 } : {}) };
  if (field.type === 'date') return { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' };
  const limit = numberLimitOf(field);
  return { type: 'number', minimum: -limit, maximum: limit };
}

/**
 * The definitions of one source as JSON Schema, for the OpenAPI document (the zod schema's checks of
 * fields against the source are refinements JSON Schema cannot say otherwise): its field keys, each
 * condition's modes and value by the field's kind, the group-by's date part only on a date, and
 * which figures a field has. So a client (and the contract fuzz) can build definitions that run.
 */
function definitionVariant(source: DynamicSource): JsonSchema {
  const fields = DYNAMIC_FIELDS[source];
  const keys = (keep: (field: DynamicField) => boolean = () => true) =>
    enumOf(fields.filter(keep).map((field) => field.key));
  const dates = fields.filter((field) => field.type === 'date');
  const others = fields.filter((field) => field.type !== 'date');
  const aggregateOf = (fns: readonly Aggregate[], keep: (field: DynamicField) => boolean, optional = false) => ({
    type: 'object',
    properties: { fn: enumOf(fns), field: optional ? nullable(keys(keep)) : keys(keep) },
    required: optional ? ['fn'] : ['fn', 'field'],
    additionalProperties: false,
  });
  const groupOf = (group: readonly DynamicField[], parts: readonly DatePart[] | null) => ({
    type: 'object',
    properties: {
      field: enumOf(group.map((field) => field.key)),
      date_part: parts ? nullable(enumOf(parts)) : { type: 'null' },
      aggregates: {
        type: 'array',
        minItems: 1,
        maxItems: 10,
        items: {
          anyOf: [
            aggregateOf(['count'], () => true, true),
            // Only the figures some field of the source has (activities have no sum).
            ...(
              [
                ['sum', 'avg'],
                ['min', 'max'],
              ] as const
            )
              .filter(([fn]) => fields.some((field) => aggregatesFor(field.type).includes(fn)))
              .map((fns) => aggregateOf(fns, (field) => aggregatesFor(field.type).includes(fns[0]))),
          ],
        },
      },
    },
    required: ['field', 'aggregates'],
    additionalProperties: false,
  });
  return {
    type: 'object',
    properties: {
      source: { type: 'string', const: source },
      columns: { type: 'array', items: keys(), minItems: 1, maxItems: 30 },
      filters: {
        type: 'object',
        properties: {
          match: enumOf(['all', 'any']),
          conditions: {
            type: 'array',
            maxItems: 30,
            items: {
              anyOf: fields.map((field) => ({
                type: 'object',
                properties: {
                  field: { type: 'string', const: field.key },
                  mode: enumOf(modesForField(field)),
                  value: valueSchemaOf(field),
                },
                required: ['field', 'mode', 'value'],
                additionalProperties: false,
              })),
            },
          },
        },
        additionalProperties: false,
      },
      sort: nullable({
        type: 'object',
        properties: { field: keys(), direction: enumOf(['asc', 'desc']) },
        required: ['field'],
        additionalProperties: false,
      }),
      group_by: nullable({
        anyOf: [
          ...(dates.length > 0 ? [groupOf(dates, DATE_PARTS)] : []),
          ...(others.length > 0 ? [groupOf(others, null)] : []),
        ],
      }),
      chart: enumOf(DYNAMIC_CHARTS),
    },
    required: ['source', 'columns'],
    additionalProperties: false,
  };
}

export const dynamicDefinitionSchema = dynamicDefinitionShape
  .superRefine((definition, ctx) => {
    const fields = new Map(DYNAMIC_FIELDS[definition.source].map((field) => [field.key, field]));
    const unknown = (path: (string | number)[]) =>
      ctx.addIssue({ code: 'custom', message: DYNAMIC_MESSAGES.fieldUnknown, path });
    if (definition.columns.length === 0 && !definition.group_by)
      ctx.addIssue({ code: 'custom', message: DYNAMIC_MESSAGES.columnsRequired, path: ['columns'] });
    definition.columns.forEach((key, index) => {
      if (!fields.has(key)) unknown(['columns', index]);
    });
    definition.filters.conditions.forEach((condition, index) => {
      const field = fields.get(condition.field);
      if (!field) return unknown(['filters', 'conditions', index, 'field']);
      if (!modesFor(field.type).includes(condition.mode as MatchMode))
        return ctx.addIssue({
          code: 'custom',
          message: DYNAMIC_MESSAGES.modeInvalid,
          path: ['filters', 'conditions', index, 'mode'],
        });
      const path = ['filters', 'conditions', index, 'value'];
      if (field.type === 'date') {
        if (typeof condition.value !== 'string' || !isoDateSchema.safeParse(condition.value).success)
          ctx.addIssue({ code: 'custom', message: DYNAMIC_MESSAGES.valueDate, path });
      } else if (field.type === 'text') {
        if (typeof condition.value !== 'string')
          ctx.addIssue({ code: 'custom', message: DYNAMIC_MESSAGES.valueText, path });
        // A picker's value: one is chosen (a free-text mode of a report saved before the pickers takes any text).
        else if (isChoiceField(field) && CHOICE_MODES.includes(condition.mode as 'equals') && !condition.value.trim())
          ctx.addIssue({ code: 'custom', message: DYNAMIC_MESSAGES.valueChoice, path });
      } else {
        const value = typeof condition.value === 'string' ? condition.value.trim() : condition.value;
        const number = value === '' ? Number.NaN : Number(value);
        if (!Number.isFinite(number)) ctx.addIssue({ code: 'custom', message: DYNAMIC_MESSAGES.valueNumber, path });
        else if (Math.abs(number) > numberLimitOf(field))
          ctx.addIssue({ code: 'custom', message: dynamicValueRangeMessage(numberLimitOf(field)), path });
      }
    });
    if (definition.sort && !fields.has(definition.sort.field)) unknown(['sort', 'field']);
    if (definition.group_by) {
      const group = fields.get(definition.group_by.field);
      if (!group) unknown(['group_by', 'field']);
      else if (definition.group_by.date_part && group.type !== 'date')
        ctx.addIssue({ code: 'custom', message: DYNAMIC_MESSAGES.datePartInvalid, path: ['group_by', 'date_part'] });
      // Here, not in the shape: a report saved with none before this rule still opens (to be given one).
      if (definition.group_by.aggregates.length === 0)
        ctx.addIssue({ code: 'custom', message: DYNAMIC_MESSAGES.figuresRequired, path: ['group_by', 'aggregates'] });
      definition.group_by.aggregates.forEach((aggregate, index) => {
        if (aggregate.fn === 'count' && !aggregate.field) return;
        const field = aggregate.field ? fields.get(aggregate.field) : undefined;
        if (!field) return unknown(['group_by', 'aggregates', index, 'field']);
        if (!aggregatesFor(field.type).includes(aggregate.fn))
          ctx.addIssue({
            code: 'custom',
            message: DYNAMIC_MESSAGES.aggregateInvalid,
            path: ['group_by', 'aggregates', index, 'fn'],
          });
      });
    }
  })
  .meta({ anyOf: DYNAMIC_SOURCES.map(definitionVariant) });
export type DynamicDefinition = z.infer<typeof dynamicDefinitionSchema>;
export type DynamicDefinitionInput = z.input<typeof dynamicDefinitionSchema>;

export const dynamicResultSchema = z.object({
  columns: z.array(z.object({ key: z.string(), label: z.string(), type: z.enum(DYNAMIC_FIELD_TYPES) })),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  /** Rows shown are at most 1,000; the count of every matching row (or group). */
  total: z.number(),
});
export type DynamicResult = z.infer<typeof dynamicResultSchema>;

/** `GET /api/dynamic-reports/choices`: the names of the business's records each kind of picker offers. */
export const dynamicChoicesResponseSchema = z.object({
  data: z.object(
    Object.fromEntries(DYNAMIC_RECORD_KINDS.map((kind) => [kind, z.array(z.string())])) as Record<
      DynamicRecordKind,
      z.ZodArray<z.ZodString>
    >,
  ),
});
export type DynamicRecordChoices = z.infer<typeof dynamicChoicesResponseSchema>['data'];

export const DYNAMIC_ROW_LIMIT = 1000;

/** Export files hold more rows than the screen: CSV and XLSX up to this many, PDF up to `DYNAMIC_PDF_ROW_LIMIT`. */
export const DYNAMIC_EXPORT_ROW_LIMIT = 100_000;
export const DYNAMIC_PDF_ROW_LIMIT = 2_000;

// ---------------------------------------------------------------- saved reports

const reportNameSchema = z
  .string({ error: DYNAMIC_MESSAGES.nameRequired })
  .trim()
  .min(1, DYNAMIC_MESSAGES.nameRequired)
  .max(120, DYNAMIC_MESSAGES.nameTooLong);

/** `POST /api/dynamic-reports` and `PUT /api/dynamic-reports/:id`: a name and a definition the run route would take. */
export const savedDynamicReportInputSchema = z.object({
  name: reportNameSchema,
  definition: dynamicDefinitionSchema,
});
export type SavedDynamicReportInput = z.input<typeof savedDynamicReportInputSchema>;

/** `PATCH /api/dynamic-reports/:id` (rename) and the optional body of `POST …/:id/duplicate`. */
export const dynamicReportRenameSchema = z.object({ name: reportNameSchema });
export const dynamicReportDuplicateSchema = z.object({ name: reportNameSchema.optional() }).default({});

export const savedDynamicReportSchema = z.object({
  id: z.number(),
  name: z.string(),
  definition: dynamicDefinitionShape,
  /** Who saved it first (null once that person has left the business's team). */
  created_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Whether the caller may change (save over, rename, delete) it: a role that may write, or the person who saved it. */
  can_edit: z.boolean(),
});
export type SavedDynamicReport = z.infer<typeof savedDynamicReportSchema>;

export const savedDynamicReportResponseSchema = z.object({
  data: savedDynamicReportSchema,
  message: z.string().optional(),
});
export const savedDynamicReportListSchema = z.object({ data: z.array(savedDynamicReportSchema) });

// ---------------------------------------------------------------- a result as a report table

const SOURCE_LABELS: Record<DynamicSource, string> = {
  invoices: 'Invoices',
  invoice_lines: 'Invoice lines',
  payments: 'Payments',
  clients: 'Clients',
  products: 'Products and services',
  estimates: 'Estimates',
  recurring_invoices: 'Recurring invoices',
  other_income: 'Other income',
  leads: 'Leads',
  opportunities: 'Opportunities',
  activities: 'Activities',
};
export { SOURCE_LABELS as DYNAMIC_SOURCE_LABELS };

export const MATCH_MODE_LABELS: Record<MatchMode, string> = {
  startsWith: 'starts with',
  contains: 'contains',
  notContains: 'does not contain',
  endsWith: 'ends with',
  equals: 'equals',
  notEquals: 'does not equal',
  lt: 'less than',
  lte: 'at most',
  gt: 'greater than',
  gte: 'at least',
  dateIs: 'is on',
  dateIsNot: 'is not on',
  dateBefore: 'is before',
  dateAfter: 'is after',
};

export const AGGREGATE_LABELS: Record<Aggregate, string> = {
  count: 'Count',
  sum: 'Sum',
  avg: 'Average',
  min: 'Minimum',
  max: 'Maximum',
};

export const DATE_PART_LABELS: Record<DatePart, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  quarter: 'Quarter',
  year: 'Year',
};

/** A dynamic table's notes: when only the first rows are shown (or exported), that the totals are of these. */
export function dynamicTableNotes(shown: number, total: number, grouped: boolean): string[] {
  return total > shown
    ? [
        `The first ${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${grouped ? 'groups' : 'rows'}; the totals are of these.`,
      ]
    : [];
}

/**
 * A dynamic table's columns with their kind, and its totals row added up row by row (what
 * `dynamicReportTable` prints, and what a streamed export adds up as the rows go by): money in
 * cents, numbers rounded to thousandths at the end; groups add only counts and sums, never
 * averages, minimums or maximums; the first column reads "Total" when it adds nothing.
 */
export function dynamicTableTotals(
  resultColumns: DynamicResult['columns'],
  definition: Pick<DynamicDefinition, 'group_by'>,
): {
  columns: Array<{
    key: string;
    label: string;
    kind: 'text' | 'money' | 'count' | 'quantity' | 'date';
    drill_params: null;
    fn: string | undefined;
  }>;
  add: (cells: Record<string, string | number | null>) => void;
  totals: () => Record<string, string | number | null>;
} {
  const grouped = Boolean(definition.group_by);
  const aggregates = definition.group_by?.aggregates ?? [];
  const columns = resultColumns.map((column, index) => {
    const fn = grouped && index > 0 ? aggregates[index - 1]?.fn : undefined;
    const kind =
      fn === 'count'
        ? ('count' as const)
        : column.type === 'money'
          ? ('money' as const)
          : column.type === 'number'
            ? ('quantity' as const)
            : column.type === 'date'
              ? ('date' as const)
              : ('text' as const);
    return { key: column.key, label: column.label, kind, drill_params: null, fn };
  });
  const adding = columns.filter((column, index) =>
    grouped
      ? index > 0 && (column.fn === 'count' || column.fn === 'sum')
      : column.kind === 'money' || column.kind === 'quantity',
  );
  const sums = new Map<string, number>(adding.map((column) => [column.key, 0]));
  return {
    columns,
    add(cells) {
      for (const column of adding) {
        const value = cells[column.key];
        if (typeof value !== 'number') continue;
        sums.set(column.key, sums.get(column.key)! + (column.kind === 'money' ? Math.round(value * 100) : value));
      }
    },
    totals() {
      const totals: Record<string, string | number | null> = {};
      for (const column of columns) {
        const sum = sums.get(column.key);
        totals[column.key] =
          sum === undefined ? null : column.kind === 'money' ? sum / 100 : Math.round(sum * 1000) / 1000;
      }
      const first = columns[0];
      if (first && totals[first.key] === null) totals[first.key] = 'Total';
      return totals;
    },
  };
}

/**
 * A dynamic report's result in the standard reports' shape, so the same table, chart and exporters
 * print it: columns with their kind (a count aggregate counts, money is money, numbers are
 * quantities, a grouped date part is text), rows without drill-down, a totals row of what adds up
 * (money and numbers of plain rows; counts and sums of groups, in cents for money; never an average,
 * a minimum or a maximum), the chart the definition asks for, and a note when rows were left out.
 */
export function dynamicReportTable(
  result: DynamicResult,
  definition: Pick<DynamicDefinition, 'chart' | 'group_by'>,
  title: string,
): {
  title: string;
  columns: Array<{
    key: string;
    label: string;
    kind: 'text' | 'money' | 'count' | 'quantity' | 'date';
    drill_params: null;
  }>;
  rows: Array<{ key: string; cells: Record<string, string | number | null>; drill: null }>;
  totals: Record<string, string | number | null>;
  totals_drill: null;
  chart: {
    type: 'bar' | 'line' | 'pie';
    labels: string[];
    series: Array<{ name: string; values: number[] }>;
    unit: 'money' | 'count';
  } | null;
  notes: string[];
} {
  const grouped = Boolean(definition.group_by);
  const table = dynamicTableTotals(result.columns, definition);
  const columns = table.columns;
  const rows = result.rows.map((cells, index) => ({ key: String(index), cells, drill: null }));
  for (const row of rows) table.add(row.cells);
  const totals = table.totals();
  const first = columns[0];
  let chart: ReturnType<typeof dynamicReportTable>['chart'] = null;
  if (definition.chart !== 'table' && first && rows.length > 0) {
    const numeric = columns.slice(1).filter((column) => column.kind !== 'text' && column.kind !== 'date');
    const money = numeric.filter((column) => column.kind === 'money');
    const plotted = money.length > 0 ? money : numeric;
    const series = (definition.chart === 'pie' ? plotted.slice(0, 1) : plotted).map((column) => ({
      name: column.label,
      values: rows.map((row) => {
        const value = row.cells[column.key];
        return typeof value === 'number' ? value : 0;
      }),
    }));
    if (series.length > 0)
      chart = {
        type: definition.chart,
        labels: rows.map((row) => {
          const value = row.cells[first.key];
          return value === null || value === undefined ? '(none)' : String(value);
        }),
        series,
        unit: money.length > 0 ? 'money' : 'count',
      };
  }
  const notes = dynamicTableNotes(rows.length, result.total, grouped);
  return {
    title,
    columns: columns.map(({ fn: _fn, ...column }) => column),
    rows,
    totals,
    totals_drill: null,
    chart,
    notes,
  };
}

/** A definition in words, line by line (the exports print it under the title; the screen under the builder). */
export function describeDynamicDefinition(definition: DynamicDefinitionInput): Array<[string, string]> {
  const fields = new Map(DYNAMIC_FIELDS[definition.source].map((field) => [field.key, field]));
  const label = (key: string | null | undefined) => (key ? (fields.get(key)?.label ?? key) : '');
  const lines: Array<[string, string]> = [['Data source', SOURCE_LABELS[definition.source]]];
  const conditions = definition.filters?.conditions ?? [];
  if (conditions.length > 0)
    lines.push([
      definition.filters?.match === 'any' ? 'Filters (match any)' : 'Filters (match all)',
      conditions
        .map((condition) => {
          const field = fields.get(condition.field);
          // A picked value reads as its label ("Status equals Partially paid").
          const value =
            field?.options && CHOICE_MODES.includes(condition.mode as 'equals')
              ? choiceLabel(field, String(condition.value))
              : String(condition.value);
          return `${label(condition.field)} ${MATCH_MODE_LABELS[condition.mode as MatchMode] ?? condition.mode} ${value}`;
        })
        .join('; '),
    ]);
  if (definition.group_by)
    lines.push([
      'Grouped by',
      `${label(definition.group_by.field)}${definition.group_by.date_part ? ` (${DATE_PART_LABELS[definition.group_by.date_part].toLowerCase()})` : ''}: ${(
        definition.group_by.aggregates ?? [{ fn: 'count' as const }]
      )
        .map(
          (aggregate) => `${AGGREGATE_LABELS[aggregate.fn]}${aggregate.field ? ` of ${label(aggregate.field)}` : ''}`,
        )
        .join(', ')}`,
    ]);
  if (definition.sort)
    lines.push([
      'Sorted by',
      `${label(definition.sort.field)} ${definition.sort.direction === 'desc' ? 'descending' : 'ascending'}`,
    ]);
  return lines;
}
