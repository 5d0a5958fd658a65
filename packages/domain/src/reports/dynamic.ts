import { z } from 'zod';
import { isoDateSchema } from '../common';
import {
  DYNAMIC_FIELDS,
  DYNAMIC_FIELD_TYPES,
  DYNAMIC_RECORD_KINDS,
  DYNAMIC_SOURCES,
  type DynamicField,
  type DynamicFieldType,
  type DynamicRecordKind,
  type DynamicSource,
} from './dynamic-fields';
import {
  CHOICE_MODES,
  MATCH_MODES,
  isChoiceField,
  modesFor,
  modesForField,
  numberLimitOf,
  type MatchMode,
} from './dynamic-filters';

/*
 * Dynamic reports (issue 16): a report built without SQL. A definition names a data source, the
 * columns, filters (SPEC.md section 9's match modes by field type, "match all" or "match any",
 * several conditions on one field), a sort, a group-by (dates by day, week, month, quarter or year)
 * with aggregates, and a chart. Fields come only from the whitelist (dynamic-fields.ts): the server compiles the
 * definition through it (never a field name or SQL text from the request), scoped to the business.
 */

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
