/** A dynamic report's labels, its result as a standard report table, and its definition in words. */
import { DYNAMIC_FIELDS, choiceLabel, type DynamicSource } from './dynamic-fields';
import { CHOICE_MODES, type MatchMode } from './dynamic-filters';
import type { Aggregate, DatePart, DynamicDefinition, DynamicDefinitionInput, DynamicResult } from './dynamic';

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
