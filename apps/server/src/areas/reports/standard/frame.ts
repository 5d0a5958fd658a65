import {
  REPORTS,
  REPORT_BASIS_LABELS,
  addCalendarDays,
  fromCents,
  presetRange,
  startOfZonedDay,
  zonedToday,
  type DatePreset,
  type PaymentsGroup,
  type Report,
  type ReportBasis,
  type ReportCell,
  type ReportChart,
  type ReportColumn,
  type ReportColumnKind,
  type ReportDrill,
  type ReportKind,
  type ReportQuery,
} from '@ledgerleaf/domain';
import { toDbTime, type Db } from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../../lib/context';
import { businessTimeZone } from '../../../lib/business-clock';

/*
 * The frame every standard report shares: the report context (database, business, its time zone and
 * "today"), periods and day cut-offs, the column helpers and `shape`, which turns a report's
 * columns and rows (in cents) into the one report shape of domain `reportSchema`.
 */

export interface ReportContext {
  db: Db;
  businessId: number;
  timeZone: string;
  today: string;
}

export async function reportContext(deps: Deps, auth: AuthContext): Promise<ReportContext> {
  const timeZone = await businessTimeZone(deps.db, auth.businessId);
  return { db: deps.db, businessId: auth.businessId, timeZone, today: zonedToday(deps.clock(), timeZone) };
}

/** The first instant after the business day `date` (what "on or before that day" means for timestamps). */
export function dayCutoff(date: string, timeZone: string): string {
  return toDbTime(startOfZonedDay(addCalendarDays(date, 1), timeZone));
}

/** The period a query asks for: explicit dates win, then the preset, else this year. */
export function resolvePeriod(
  query: ReportQuery,
  today: string,
): { from: string; to: string; preset: DatePreset | null } {
  if (query.from && query.to) return { from: query.from, to: query.to, preset: query.preset ?? 'custom' };
  const preset = query.preset && query.preset !== 'custom' ? query.preset : 'this_year';
  const range = presetRange(preset, today);
  return {
    from: query.from ?? range.from,
    to: query.to ?? range.to,
    preset: query.from || query.to ? 'custom' : preset,
  };
}

// ---------------------------------------------------------------- the report shape

export interface ColumnSpec {
  key: string;
  label: string;
  kind: ReportColumnKind;
  /** Totals: `sum` of the rows (money and counts), a fixed value, or nothing. */
  total?: 'sum' | ReportCell;
  drill_params?: Record<string, string>;
}

export interface RowSpec {
  key: string;
  /** Money in cents, quantities in thousandths; the shape converts them. */
  cells: Record<string, ReportCell>;
  drill: ReportDrill | null;
}

export interface ReportParts {
  columns: ColumnSpec[];
  rows: RowSpec[];
  summary?: Report['summary'];
  chart?: ReportChart | null;
  notes?: string[];
  basis?: ReportBasis | null;
  period?: Report['period'];
  asOf?: string | null;
  group?: PaymentsGroup | null;
  totalsDrill?: ReportDrill | null;
  /** Every row's cells have exactly the columns' keys and belong to this answer (converted in place). */
  exactCells?: boolean;
}

const shown = (kind: ReportColumnKind, value: ReportCell): ReportCell => {
  if (typeof value !== 'number') return value;
  if (kind === 'money') return fromCents(value);
  if (kind === 'quantity') return value / 1000;
  return value;
};

export function shape(report: ReportKind, ctx: ReportContext, parts: ReportParts): Report {
  const totals: Record<string, ReportCell> = {};
  for (const [index, column] of parts.columns.entries()) {
    if (column.total === 'sum') {
      let sum = 0;
      for (const row of parts.rows) {
        const value = row.cells[column.key];
        if (typeof value === 'number') sum += value;
      }
      totals[column.key] = shown(column.kind, sum);
    } else if (column.total !== undefined) totals[column.key] = shown(column.kind, column.total);
    else totals[column.key] = index === 0 ? 'Total' : null;
  }
  const basis = parts.basis ?? null;
  const converted = parts.columns.filter((column) => column.kind === 'money' || column.kind === 'quantity');
  return {
    report,
    title: REPORTS[report].title,
    basis,
    basis_label: basis ? REPORT_BASIS_LABELS[basis] : null,
    period: parts.period ?? null,
    as_of: parts.asOf ?? null,
    group: parts.group ?? null,
    time_zone: ctx.timeZone,
    currency: 'USD',
    columns: parts.columns.map((column): ReportColumn => ({
      key: column.key,
      label: column.label,
      kind: column.kind,
      drill_params: column.drill_params ?? null,
    })),
    // A plain loop per row (tens of thousands of rows: no intermediate arrays). Rows whose cells are
    // exactly the columns (`exactCells`, made for this answer as `{ key, cells, drill }`) are
    // converted in place and answered as they are: the totals above were added up first, in cents.
    rows: parts.exactCells
      ? parts.rows.map((row) => {
          for (const column of converted) row.cells[column.key] = shown(column.kind, row.cells[column.key] ?? null);
          return row;
        })
      : parts.rows.map((row) => {
          const cells: Record<string, ReportCell> = {};
          for (const column of parts.columns) cells[column.key] = shown(column.kind, row.cells[column.key] ?? null);
          return { key: row.key, cells, drill: row.drill };
        }),
    totals,
    totals_drill: parts.totalsDrill ?? null,
    summary: parts.summary ?? [],
    chart: parts.chart ?? null,
    notes: parts.notes ?? [],
  };
}

export const money = (key: string, label: string, extra: Partial<ColumnSpec> = {}): ColumnSpec => ({
  key,
  label,
  kind: 'money',
  total: 'sum',
  ...extra,
});
export const count = (key: string, label: string): ColumnSpec => ({ key, label, kind: 'count', total: 'sum' });
export const text = (key: string, label: string): ColumnSpec => ({ key, label, kind: 'text' });
export const percent = (part: number, whole: number): number | null =>
  whole === 0 ? null : Math.round((part / whole) * 1000) / 10;
export const dollars = (cents: number) => fromCents(cents);

/** The last day of a month (`yyyy-MM`). */
export function monthEnd(month: string): string {
  const year = Number(month.slice(0, 4));
  const next = Number(month.slice(5, 7)) + 1;
  const first = next > 12 ? `${String(year + 1)}-01-01` : `${String(year)}-${String(next).padStart(2, '0')}-01`;
  return addCalendarDays(first, -1);
}
