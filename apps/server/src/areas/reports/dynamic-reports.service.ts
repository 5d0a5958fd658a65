import {
  DYNAMIC_FIELDS,
  DYNAMIC_ROW_LIMIT,
  choiceCodesMatching,
  fromCents,
  wholeComparison,
  type DynamicDefinition,
  type DynamicResult,
  type MatchMode,
} from '@ledgerleaf/domain';
import { runDynamicQuery, type CompiledCondition } from '@ledgerleaf/db';
import type { ReportContext } from './reports.service';

/*
 * Dynamic reports (issue 16): a definition the domain has checked against its whitelist
 * (`dynamicDefinitionSchema`: unknown fields, modes of the wrong type, values that do not parse or
 * are beyond what the field holds, sums of dates are 422 before this runs) compiled into the db's
 * query: a fixed-value field's condition as the codes it matches (by code or label), a number on a
 * whole-number column (money in cents, days, percent) as the whole-number comparison it means,
 * other numbers as they are, the business's scope always. The answer's money is dollars again, and
 * a fixed-value field reads as its labels.
 */

const NUMERIC_OPS = { equals: '=', notEquals: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' } as const;

const AGGREGATE_LABELS = { count: 'Count', sum: 'Sum', avg: 'Average', min: 'Minimum', max: 'Maximum' } as const;

export async function runDynamicReport(
  ctx: ReportContext,
  definition: DynamicDefinition,
  limit: number = DYNAMIC_ROW_LIMIT,
): Promise<DynamicResult> {
  const fields = new Map(DYNAMIC_FIELDS[definition.source].map((field) => [field.key, field]));
  const typeOf = (key: string) => fields.get(key)!.type;
  const conditions: CompiledCondition[] = definition.filters.conditions.map((condition) => {
    const field = fields.get(condition.field)!;
    const mode = condition.mode as MatchMode;
    if (field.options) {
      const { codes, negate } = choiceCodesMatching(field, mode, String(condition.value));
      return { field: field.key, kind: 'in', values: codes, negate };
    }
    if (field.type === 'text' || field.type === 'date')
      return { field: field.key, kind: field.type, mode, value: String(condition.value) };
    const value = Number(typeof condition.value === 'string' ? condition.value.trim() : condition.value);
    if (field.type === 'money' || field.integer) {
      const compared = wholeComparison(mode, value, field.type === 'money' ? 2 : 0);
      return 'always' in compared
        ? { field: field.key, kind: 'always', value: compared.always }
        : { field: field.key, kind: 'number', op: compared.op, value: compared.value };
    }
    return { field: field.key, kind: 'number', op: NUMERIC_OPS[mode as keyof typeof NUMERIC_OPS] ?? '=', value };
  });
  const labels = Object.fromEntries(
    DYNAMIC_FIELDS[definition.source]
      .filter((field) => field.options)
      .map((field) => [field.key, Object.fromEntries(field.options!.map((option) => [option.value, option.label]))]),
  );
  const group = definition.group_by
    ? {
        field: definition.group_by.field,
        datePart: definition.group_by.date_part ?? null,
        aggregates: definition.group_by.aggregates.map((aggregate) => ({
          fn: aggregate.fn,
          field: aggregate.field ?? null,
        })),
      }
    : null;
  const result = await runDynamicQuery(ctx.db, {
    businessId: ctx.businessId,
    timeZone: ctx.timeZone,
    source: definition.source,
    columns: definition.columns,
    match: definition.filters.match,
    conditions,
    labels,
    sort: definition.sort ?? null,
    group,
    limit,
  });
  const money = (value: string | number | null) =>
    // An average may fall between cents: rounded to the cent, half up.
    typeof value === 'number' ? fromCents(Math.round(value)) : value;
  if (group) {
    const groupField = fields.get(group.field)!;
    const columns: DynamicResult['columns'] = [
      {
        key: 'group',
        label: `${groupField.label}${group.datePart ? ` (${group.datePart})` : ''}`,
        type: group.datePart ? 'text' : groupField.type,
      },
      ...group.aggregates.map((aggregate, index) => {
        const field = aggregate.field ? fields.get(aggregate.field) : undefined;
        const type: DynamicResult['columns'][number]['type'] =
          aggregate.fn === 'count' ? 'number' : (field?.type ?? 'number');
        return {
          key: `a${String(index)}`,
          label: `${AGGREGATE_LABELS[aggregate.fn]}${field ? ` of ${field.label}` : ''}`,
          type,
        };
      }),
    ];
    return {
      columns,
      rows: result.rows.map((row) =>
        Object.fromEntries(
          columns.map((column) => {
            const value = row[column.key] ?? null;
            return [
              column.key,
              column.type === 'money'
                ? money(value)
                : column.key === 'group' && groupField.type === 'money'
                  ? money(value)
                  : value,
            ];
          }),
        ),
      ),
      total: result.total,
    };
  }
  const columns = definition.columns.map((key) => ({ key, label: fields.get(key)!.label, type: typeOf(key) }));
  return {
    columns,
    rows: result.rows.map((row) =>
      Object.fromEntries(
        columns.map((column) => [
          column.key,
          column.type === 'money' ? money(row[column.key] ?? null) : (row[column.key] ?? null),
        ]),
      ),
    ),
    total: result.total,
  };
}
