import {
  AGING_BUCKETS,
  AGING_BUCKET_LABELS,
  DATE_PRESETS,
  ESTIMATE_STATUSES,
  GOAL_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  RECURRING_FREQUENCY_LABELS,
  REPORTS,
  REPORT_BASIS_LABELS,
  addCalendarDays,
  agingBucketDueRange,
  deriveEstimateStatus,
  fromCents,
  monthsOf,
  presetRange,
  startOfZonedDay,
  upcomingRunDates,
  zonedToday,
  type DatePreset,
  type EstimateStatus,
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
import {
  activeRecurringFigures,
  agingFigures,
  crmPipelineFigures,
  estimatesSentFigures,
  goalAllocationsByMonth,
  goalFigures,
  incomeByMonthFigures,
  leadAnalyticsFigures,
  paymentsReceivedFigures,
  salesByClientFigures,
  salesByProductFigures,
  stageReachFigures,
  taxAccrualFigures,
  taxCashFigures,
  toDbTime,
  type Db,
  type SalesFigures,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../lib/context';
import { businessTimeZone } from '../../lib/business-clock';
import { scheduleOfRow } from '../invoicing';

/*
 * The standard reports (issue 16). Each is made of the database's figures (packages/db
 * queries/reports/reports.ts, in cents) and answered in the one report shape of domain `reportSchema`:
 * money cells in decimal dollars, a totals row that is the sum of the rows (added in cents, so it
 * equals the sum of the rows exactly), the basis where cash and accrual differ, and the drill-down
 * of every row. Dates are the business's (its time zone's "today" for presets and "as of").
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

interface ColumnSpec {
  key: string;
  label: string;
  kind: ReportColumnKind;
  /** Totals: `sum` of the rows (money and counts), a fixed value, or nothing. */
  total?: 'sum' | ReportCell;
  drill_params?: Record<string, string>;
}

interface RowSpec {
  key: string;
  /** Money in cents, quantities in thousandths; the shape converts them. */
  cells: Record<string, ReportCell>;
  drill: ReportDrill | null;
}

interface ReportParts {
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

function shape(report: ReportKind, ctx: ReportContext, parts: ReportParts): Report {
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

const money = (key: string, label: string, extra: Partial<ColumnSpec> = {}): ColumnSpec => ({
  key,
  label,
  kind: 'money',
  total: 'sum',
  ...extra,
});
const count = (key: string, label: string): ColumnSpec => ({ key, label, kind: 'count', total: 'sum' });
const text = (key: string, label: string): ColumnSpec => ({ key, label, kind: 'text' });
const percent = (part: number, whole: number): number | null =>
  whole === 0 ? null : Math.round((part / whole) * 1000) / 10;
const dollars = (cents: number) => fromCents(cents);

/** The last day of a month (`yyyy-MM`). */
function monthEnd(month: string): string {
  const year = Number(month.slice(0, 4));
  const next = Number(month.slice(5, 7)) + 1;
  const first = next > 12 ? `${String(year + 1)}-01-01` : `${String(year)}-${String(next).padStart(2, '0')}-01`;
  return addCalendarDays(first, -1);
}

// ---------------------------------------------------------------- the reports

export async function buildReport(ctx: ReportContext, report: ReportKind, query: ReportQuery): Promise<Report> {
  switch (report) {
    case 'aging':
      return aging(ctx, query);
    case 'sales_by_client':
    case 'sales_by_product':
      return sales(ctx, report, query);
    case 'tax_summary':
      return taxSummary(ctx, query);
    case 'income_statement':
      return incomeStatement(ctx, query);
    case 'payments_received':
      return paymentsReceived(ctx, query);
    case 'estimate_conversion':
      return estimateConversion(ctx, query);
    case 'recurring_revenue':
      return recurringRevenue(ctx);
    case 'crm_funnel':
      return crmFunnel(ctx);
    case 'lead_sources':
      return leadSources(ctx, query);
    case 'goals':
      return goals(ctx, query);
  }
}

async function aging(ctx: ReportContext, query: ReportQuery): Promise<Report> {
  const asOf = query.as_of ?? ctx.today;
  const bound = (bucket: (typeof AGING_BUCKETS)[number]) => agingBucketDueRange(bucket, asOf).from ?? '';
  const figures = await agingFigures(ctx.db, {
    businessId: ctx.businessId,
    asOf,
    cutoff: dayCutoff(asOf, ctx.timeZone),
    bounds: [bound('1_30'), bound('31_60'), bound('61_90'), bound('91_120')],
  });
  const columns: ColumnSpec[] = [
    text('client', 'Client'),
    count('invoices', 'Open invoices'),
    ...AGING_BUCKETS.map((bucket) => money(`b_${bucket}`, AGING_BUCKET_LABELS[bucket], { drill_params: { bucket } })),
    money('balance', 'Balance'),
  ];
  const bucketKeys = AGING_BUCKETS.map((bucket) => `b_${bucket}`);
  const rows = figures.map((figure) => {
    const cells: Record<string, ReportCell> = { client: figure.client_name, invoices: figure.invoices };
    let balance = 0;
    for (const [i, key] of bucketKeys.entries()) {
      cells[key] = figure.buckets[i]!;
      balance += figure.buckets[i]!;
    }
    cells.balance = balance;
    return {
      key: String(figure.client_id),
      cells,
      drill: { target: 'invoices' as const, params: { as_of: asOf, client_id: String(figure.client_id) } },
    };
  });
  const bucketTotals = AGING_BUCKETS.map((_, i) => figures.reduce((sum, figure) => sum + figure.buckets[i]!, 0));
  return shape('aging', ctx, {
    columns,
    rows,
    exactCells: true,
    asOf,
    totalsDrill: { target: 'invoices', params: { as_of: asOf } },
    chart: {
      type: 'bar',
      labels: AGING_BUCKETS.map((bucket) => AGING_BUCKET_LABELS[bucket]),
      series: [{ name: 'Balance', values: bucketTotals.map(dollars) }],
      unit: 'money',
    },
    notes: [
      `Balances as they were at the end of ${asOf}: invoices issued by then and not void then, less the payments dated on or before it.`,
      'Current is not yet due; the other columns are days past the due date.',
    ],
  });
}

function salesColumns(first: ColumnSpec): ColumnSpec[] {
  return [
    first,
    count('invoices', 'Invoices'),
    { key: 'quantity', label: 'Quantity', kind: 'quantity', total: 'sum' },
    money('net', 'Net'),
    money('tax', 'Tax'),
    money('total', 'Total'),
    money('paid', 'Paid'),
    money('balance', 'Balance'),
  ];
}

function salesCells(first: string, figure: SalesFigures, nameKey: string): Record<string, ReportCell> {
  return {
    [nameKey]: first,
    invoices: figure.invoices,
    quantity: figure.quantity_thousandths,
    net: figure.net_cents,
    tax: figure.tax_cents,
    total: figure.total_cents,
    paid: figure.paid_cents,
    balance: figure.balance_cents,
  };
}

async function sales(ctx: ReportContext, report: 'sales_by_client' | 'sales_by_product', query: ReportQuery) {
  const period = resolvePeriod(query, ctx.today);
  const params = { businessId: ctx.businessId, from: period.from, to: period.to };
  const byClient = report === 'sales_by_client';
  const figures = byClient ? await salesByClientFigures(ctx.db, params) : await salesByProductFigures(ctx.db, params);
  const nameKey = byClient ? 'client' : 'product';
  const rows = figures.map((figure): RowSpec => {
    const key = figure.key === null ? 'none' : String(figure.key);
    return {
      key,
      cells: salesCells(figure.key === null ? 'Lines without a product' : figure.name, figure, nameKey),
      drill: {
        target: 'invoices' as const,
        params: byClient
          ? { from: period.from, to: period.to, client_id: key }
          : { from: period.from, to: period.to, product_id: key },
      },
    };
  });
  const top = figures.slice(0, 10);
  return shape(report, ctx, {
    columns: salesColumns(text(nameKey, byClient ? 'Client' : 'Product or service')),
    rows,
    exactCells: true,
    period,
    basis: 'accrual',
    totalsDrill: { target: 'invoices', params: { from: period.from, to: period.to } },
    chart:
      top.length > 0
        ? {
            type: 'bar',
            labels: top.map((figure) => (figure.key === null ? 'No product' : figure.name)),
            series: [{ name: 'Total', values: top.map((figure) => dollars(figure.total_cents)) }],
            unit: 'money',
          }
        : null,
    notes: [
      'Invoices issued in the period (by issue date); drafts and void invoices are not sales.',
      'Net is the total less tax, after discounts. Balance is what is owed now.',
      ...(byClient
        ? []
        : ['A line’s paid amount is its share of what its invoice was paid, split by line total to the cent.']),
    ],
  });
}

async function taxSummary(ctx: ReportContext, query: ReportQuery): Promise<Report> {
  const period = resolvePeriod(query, ctx.today);
  const basis = query.basis ?? 'accrual';
  const params = { businessId: ctx.businessId, from: period.from, to: period.to };
  const figures = basis === 'cash' ? await taxCashFigures(ctx.db, params) : await taxAccrualFigures(ctx.db, params);
  const rateText = (thousandths: number) => `${String(thousandths / 1000)} %`;
  return shape('tax_summary', ctx, {
    columns: [
      text('tax', 'Tax'),
      text('rate', 'Rate'),
      count('invoices', 'Invoices'),
      money('taxable', 'Taxable amount'),
      money('amount', 'Tax amount'),
    ],
    rows: figures.map((figure) => ({
      key: `${figure.name}|${String(figure.rate_thousandths)}`,
      cells: {
        tax: figure.name,
        rate: rateText(figure.rate_thousandths),
        invoices: figure.invoices,
        taxable: figure.taxable_cents,
        amount: figure.tax_cents,
      },
      drill: {
        target: basis === 'cash' ? ('payments' as const) : ('invoices' as const),
        params: { from: period.from, to: period.to, tax_name: figure.name, tax_rate: String(figure.rate_thousandths) },
      },
    })),
    period,
    basis,
    totalsDrill: { target: basis === 'cash' ? 'payments' : 'invoices', params: { from: period.from, to: period.to } },
    chart:
      figures.length > 0
        ? {
            type: 'pie',
            labels: figures.map((figure) => `${figure.name} ${rateText(figure.rate_thousandths)}`),
            series: [{ name: 'Tax', values: figures.map((figure) => dollars(figure.tax_cents)) }],
            unit: 'money',
          }
        : null,
    notes: [
      basis === 'cash'
        ? 'Tax collected: each payment dated in the period carries its proportional share of its invoice’s taxes (a partial payment its part).'
        : 'Tax charged on invoices issued in the period; drafts and void invoices are not counted.',
      'A line with two taxes counts its taxable amount under each.',
    ],
  });
}

async function incomeStatement(ctx: ReportContext, query: ReportQuery): Promise<Report> {
  const period = resolvePeriod(query, ctx.today);
  const basis = query.basis ?? 'cash';
  const figures = await incomeByMonthFigures(ctx.db, {
    businessId: ctx.businessId,
    from: period.from,
    to: period.to,
  });
  const byMonth = new Map(figures.map((figure) => [figure.month, figure]));
  const months = monthsOf(period.from, period.to);
  const rows = months.map((month) => {
    const figure = byMonth.get(month) ?? { month, invoiced_cents: 0, collected_cents: 0, other_income_cents: 0 };
    const from = month + '-01' < period.from ? period.from : `${month}-01`;
    const lastDay = monthEnd(month);
    const to = lastDay > period.to ? period.to : lastDay;
    const revenue = (basis === 'cash' ? figure.collected_cents : figure.invoiced_cents) + figure.other_income_cents;
    return {
      key: month,
      cells: {
        month,
        invoiced: figure.invoiced_cents,
        collected: figure.collected_cents,
        other: figure.other_income_cents,
        revenue,
      },
      drill: { target: basis === 'cash' ? ('payments' as const) : ('invoices' as const), params: { from, to } },
    };
  });
  return shape('income_statement', ctx, {
    columns: [
      text('month', 'Month'),
      money('invoiced', 'Invoiced'),
      money('collected', 'Collected'),
      money('other', 'Other income'),
      money('revenue', basis === 'cash' ? 'Money received' : 'Revenue'),
    ],
    rows,
    period,
    basis,
    totalsDrill: { target: basis === 'cash' ? 'payments' : 'invoices', params: { from: period.from, to: period.to } },
    chart: {
      type: 'line',
      labels: months,
      series: [
        { name: 'Invoiced', values: rows.map((row) => dollars(row.cells.invoiced)) },
        { name: 'Collected', values: rows.map((row) => dollars(row.cells.collected)) },
        { name: 'Other income', values: rows.map((row) => dollars(row.cells.other)) },
      ],
      unit: 'money',
    },
    notes: [
      'Invoiced: invoices issued in the month (drafts and void invoices excluded). Collected: payments by payment date. Other income by its date.',
      basis === 'cash'
        ? 'Money received (cash basis) is collected plus other income: the dashboard’s revenue.'
        : 'Revenue (accrual basis) is invoiced plus other income.',
    ],
  });
}

async function paymentsReceived(ctx: ReportContext, query: ReportQuery): Promise<Report> {
  const period = resolvePeriod(query, ctx.today);
  const group = query.group ?? 'date';
  const figures = await paymentsReceivedFigures(ctx.db, {
    businessId: ctx.businessId,
    from: period.from,
    to: period.to,
    group,
  });
  const label = (name: string) =>
    group === 'method' ? ((PAYMENT_METHOD_LABELS as Record<string, string>)[name] ?? name) : name;
  const drillParams = (key: string): Record<string, string> =>
    group === 'date'
      ? { from: key, to: key }
      : group === 'method'
        ? { from: period.from, to: period.to, method: key }
        : { from: period.from, to: period.to, client_id: key };
  return shape('payments_received', ctx, {
    columns: [
      {
        key: 'name',
        label: group === 'date' ? 'Date' : group === 'method' ? 'Method' : 'Client',
        kind: group === 'date' ? 'date' : 'text',
      },
      count('payments', 'Payments'),
      money('amount', 'Amount'),
    ],
    rows: figures.map((figure) => ({
      key: figure.key,
      cells: { name: label(figure.name), payments: figure.count, amount: figure.amount_cents },
      drill: { target: 'payments' as const, params: drillParams(figure.key) },
    })),
    period,
    group,
    totalsDrill: { target: 'payments', params: { from: period.from, to: period.to } },
    chart:
      figures.length > 0
        ? {
            type: group === 'date' ? 'bar' : 'pie',
            labels: figures.slice(0, group === 'date' ? 400 : 12).map((figure) => label(figure.name)),
            series: [
              {
                name: 'Amount',
                values: figures.slice(0, group === 'date' ? 400 : 12).map((figure) => dollars(figure.amount_cents)),
              },
            ],
            unit: 'money',
          }
        : null,
    notes: ['Payments by their payment date, on every invoice (also those voided after the payment).'],
  });
}

const ESTIMATE_OUTCOMES = ['converted', 'accepted', 'declined', 'expired', 'open'] as const;
const ESTIMATE_OUTCOME_LABELS: Record<(typeof ESTIMATE_OUTCOMES)[number], string> = {
  converted: 'Converted to invoice',
  accepted: 'Accepted (not converted yet)',
  declined: 'Declined',
  expired: 'Expired',
  open: 'Awaiting an answer',
};

async function estimateConversion(ctx: ReportContext, query: ReportQuery): Promise<Report> {
  const period = resolvePeriod(query, ctx.today);
  const estimates = await estimatesSentFigures(ctx.db, {
    businessId: ctx.businessId,
    since: toDbTime(startOfZonedDay(period.from, ctx.timeZone)),
    before: dayCutoff(period.to, ctx.timeZone),
  });
  const tally = Object.fromEntries(ESTIMATE_OUTCOMES.map((outcome) => [outcome, { count: 0, cents: 0 }])) as Record<
    (typeof ESTIMATE_OUTCOMES)[number],
    { count: number; cents: number }
  >;
  let acceptedDays = 0;
  let acceptedWithDate = 0;
  for (const estimate of estimates) {
    const status = (ESTIMATE_STATUSES as readonly string[]).includes(estimate.status)
      ? deriveEstimateStatus(estimate.status as EstimateStatus, estimate.expiry_date, ctx.today)
      : 'sent';
    const outcome =
      status === 'converted' || estimate.invoice_id !== null
        ? 'converted'
        : status === 'accepted'
          ? 'accepted'
          : status === 'declined'
            ? 'declined'
            : status === 'expired'
              ? 'expired'
              : 'open';
    tally[outcome].count += 1;
    tally[outcome].cents += estimate.total_cents;
    if ((outcome === 'converted' || outcome === 'accepted') && estimate.accepted_at) {
      acceptedDays += (Date.parse(estimate.accepted_at) - Date.parse(estimate.sent_at)) / 86_400_000;
      acceptedWithDate += 1;
    }
  }
  const sent = estimates.length;
  const sentCents = estimates.reduce((sum, estimate) => sum + estimate.total_cents, 0);
  const won = tally.converted.count + tally.accepted.count;
  const wonCents = tally.converted.cents + tally.accepted.cents;
  const statusFilter: Record<(typeof ESTIMATE_OUTCOMES)[number], string> = {
    converted: 'converted',
    accepted: 'accepted',
    declined: 'declined',
    expired: 'expired',
    open: 'open',
  };
  return shape('estimate_conversion', ctx, {
    columns: [
      text('outcome', 'Outcome'),
      count('estimates', 'Estimates'),
      money('value', 'Value'),
      { key: 'share', label: 'Share of sent', kind: 'percent', total: sent === 0 ? null : 100 },
    ],
    rows: ESTIMATE_OUTCOMES.map((outcome) => ({
      key: outcome,
      cells: {
        outcome: ESTIMATE_OUTCOME_LABELS[outcome],
        estimates: tally[outcome].count,
        value: tally[outcome].cents,
        share: percent(tally[outcome].count, sent),
      },
      drill: { target: 'estimates' as const, params: { status: statusFilter[outcome] } },
    })),
    period,
    totalsDrill: { target: 'estimates', params: {} },
    summary: [
      { label: 'Sent', value: sent, kind: 'count' },
      { label: 'Conversion rate by count', value: percent(won, sent), kind: 'percent' },
      { label: 'Conversion rate by value', value: percent(wonCents, sentCents), kind: 'percent' },
      {
        label: 'Average days from sent to accepted',
        value: acceptedWithDate === 0 ? null : Math.round((acceptedDays / acceptedWithDate) * 10) / 10,
        kind: 'days',
      },
    ],
    chart:
      sent > 0
        ? {
            type: 'pie',
            labels: ESTIMATE_OUTCOMES.map((outcome) => ESTIMATE_OUTCOME_LABELS[outcome]),
            series: [{ name: 'Estimates', values: ESTIMATE_OUTCOMES.map((outcome) => tally[outcome].count) }],
            unit: 'count',
          }
        : null,
    notes: [
      'Estimates sent in the period (by the day they were sent, in the business’s time zone) and what became of them; accepted and converted count as won.',
    ],
  });
}

/** Runs per year of one recurring invoice's schedule. */
const RUNS_PER_YEAR = { daily: 365, weekly: 52, monthly: 12, yearly: 1 } as const;

/** A recurring invoice's amount per month: its total times its runs per year over 12, to the cent (half up). */
export function monthlyAmountCents(
  totalCents: number,
  frequency: keyof typeof RUNS_PER_YEAR,
  interval: number,
): number {
  return Math.round((totalCents * RUNS_PER_YEAR[frequency]) / (12 * Math.max(1, interval)));
}

async function recurringRevenue(ctx: ReportContext): Promise<Report> {
  const rows = await activeRecurringFigures(ctx.db, { businessId: ctx.businessId });
  const groups = new Map<
    string,
    { client_id: number; client: string; frequency: string; count: number; monthly: number; perRun: number }
  >();
  const firstMonth = ctx.today.slice(0, 7);
  const months = monthsOf(`${firstMonth}-01`, addCalendarDays(`${firstMonth}-01`, 366)).slice(0, 12);
  const projected = new Map(months.map((month) => [month, 0]));
  for (const row of rows) {
    const frequency = row.frequency as keyof typeof RUNS_PER_YEAR;
    const schedule = scheduleOfRow(row);
    const total = Number(row.total_cents);
    const key = `${String(row.client_id)}|${frequency}`;
    const group = groups.get(key) ?? {
      client_id: row.client_id,
      client: row.client_name,
      frequency,
      count: 0,
      monthly: 0,
      perRun: 0,
    };
    group.count += 1;
    group.monthly += monthlyAmountCents(total, frequency, Number(row.interval_count));
    group.perRun += total;
    groups.set(key, group);
    const dates = upcomingRunDates(schedule, {
      fromIndex: Number(row.next_index),
      generated: Number(row.generated_count),
      count: 400,
    });
    for (const date of dates) {
      if (date < ctx.today) continue;
      const month = date.slice(0, 7);
      if (projected.has(month)) projected.set(month, projected.get(month)! + total);
    }
  }
  const projection = months.map((month) => projected.get(month)!);
  return shape('recurring_revenue', ctx, {
    columns: [
      text('client', 'Client'),
      text('frequency', 'Frequency'),
      count('recurring', 'Recurring invoices'),
      money('per_run', 'Amount per run'),
      money('monthly', 'Monthly amount'),
    ],
    rows: [...groups.values()].map((group) => ({
      key: `${String(group.client_id)}-${group.frequency}`,
      cells: {
        client: group.client,
        frequency: RECURRING_FREQUENCY_LABELS[group.frequency as keyof typeof RUNS_PER_YEAR] ?? group.frequency,
        recurring: group.count,
        per_run: group.perRun,
        monthly: group.monthly,
      },
      drill: { target: 'recurring' as const, params: { status: 'active' } },
    })),
    totalsDrill: { target: 'recurring', params: { status: 'active' } },
    summary: [
      {
        label: 'Monthly recurring revenue',
        value: dollars([...groups.values()].reduce((s, g) => s + g.monthly, 0)),
        kind: 'money',
      },
      { label: 'Next 12 months projected', value: dollars(projection.reduce((s, c) => s + c, 0)), kind: 'money' },
    ],
    chart: {
      type: 'bar',
      labels: months,
      series: [{ name: 'Projected', values: projection.map(dollars) }],
      unit: 'money',
    },
    notes: [
      'Active recurring invoices; a monthly amount is the amount per run times the runs in a year, over 12 (weekly: 52 runs, daily: 365).',
      'The projection adds the runs each schedule still has in each of the next 12 months (end dates and counts respected).',
    ],
  });
}

async function crmFunnel(ctx: ReportContext): Promise<Report> {
  const [stages, { byStage: reach, opportunities: everStaged }] = await Promise.all([
    crmPipelineFigures(ctx.db, { businessId: ctx.businessId }),
    stageReachFigures(ctx.db, { businessId: ctx.businessId }),
  ]);
  const open = stages.filter((stage) => stage.type === 'open');
  const ordered = [...open, ...stages.filter((stage) => stage.type !== 'open')];
  return shape('crm_funnel', ctx, {
    columns: [
      text('stage', 'Stage'),
      count('opportunities', 'Opportunities'),
      money('value', 'Value'),
      money('weighted', 'Weighted value'),
      // An opportunity reaches several stages: the total is how many opportunities ever entered
      // the pipeline (each counted once), not the sum of the stages.
      { ...count('reached', 'Ever reached'), total: everStaged },
      { key: 'conversion', label: 'Went on to the next stage', kind: 'percent' },
    ],
    rows: ordered.map((stage) => {
      const index = open.indexOf(stage);
      const next = index >= 0 ? (open[index + 1] ?? stages.find((s) => s.type === 'won')) : undefined;
      const reached = reach.get(stage.stage_id) ?? 0;
      return {
        key: String(stage.stage_id),
        cells: {
          stage: stage.name,
          opportunities: stage.count,
          value: stage.amount_cents,
          weighted: stage.weighted_cents,
          reached,
          conversion: next ? percent(reach.get(next.stage_id) ?? 0, reached) : null,
        },
        drill: { target: 'opportunities' as const, params: { stage_id: String(stage.stage_id) } },
      };
    }),
    totalsDrill: { target: 'opportunities', params: {} },
    chart: {
      type: 'bar',
      labels: ordered.map((stage) => stage.name),
      series: [
        { name: 'Value', values: ordered.map((stage) => dollars(stage.amount_cents)) },
        { name: 'Weighted value', values: ordered.map((stage) => dollars(stage.weighted_cents)) },
      ],
      unit: 'money',
    },
    notes: [
      'Opportunities as they stand now (the pipeline board’s figures); weighted value is the value times the probability, per card, half up.',
      'Stage-to-stage conversion: of the opportunities that ever entered a stage, how many entered the next one (the last open stage: won).',
      'Ever reached, in the totals row: the opportunities that ever entered the pipeline, each counted once (one opportunity reaches several stages).',
    ],
  });
}

async function leadSources(ctx: ReportContext, query: ReportQuery): Promise<Report> {
  const period = resolvePeriod(query, ctx.today);
  const figures = await leadAnalyticsFigures(ctx.db, {
    businessId: ctx.businessId,
    since: startOfZonedDay(period.from, ctx.timeZone),
    before: startOfZonedDay(addCalendarDays(period.to, 1), ctx.timeZone),
  });
  return shape('lead_sources', ctx, {
    columns: [
      text('source', 'Lead source'),
      count('leads', 'Leads'),
      count('converted', 'Converted'),
      count('won', 'Won opportunities'),
      money('won_value', 'Won value'),
      money('invoiced', 'Invoiced'),
      money('paid', 'Paid'),
    ],
    rows: figures.by_source.map((source) => ({
      key: source.source_id === null ? 'none' : String(source.source_id),
      cells: {
        source: source.name ?? 'No source',
        leads: source.leads,
        converted: source.converted,
        won: source.won_count,
        won_value: source.won_cents,
        invoiced: source.invoiced_cents,
        paid: source.paid_cents,
      },
      drill: {
        target: 'leads' as const,
        params: { source_id: source.source_id === null ? 'none' : String(source.source_id) },
      },
    })),
    period,
    totalsDrill: { target: 'leads', params: {} },
    chart: {
      type: 'bar',
      labels: figures.by_source.map((source) => source.name ?? 'No source'),
      series: [
        { name: 'Won value', values: figures.by_source.map((source) => dollars(source.won_cents)) },
        { name: 'Paid', values: figures.by_source.map((source) => dollars(source.paid_cents)) },
      ],
      unit: 'money',
    },
    notes: [
      'Leads created in the period by source; won opportunities closed in the period, and the issued, non-void invoices made from them (the CRM’s lead analytics).',
    ],
  });
}

async function goals(ctx: ReportContext, query: ReportQuery): Promise<Report> {
  const period = resolvePeriod(query, ctx.today);
  const params = { businessId: ctx.businessId, from: period.from, to: period.to };
  const [figures, byMonth] = await Promise.all([goalFigures(ctx.db, params), goalAllocationsByMonth(ctx.db, params)]);
  const months = monthsOf(period.from, period.to);
  const chartGoals = figures.filter((goal) => goal.allocations > 0).slice(0, 8);
  return shape('goals', ctx, {
    columns: [
      text('goal', 'Goal'),
      text('status', 'Status'),
      money('target', 'Target'),
      money('current', 'Current'),
      { key: 'progress', label: 'Progress', kind: 'percent' },
      money('from_payments', 'Allocated from payments'),
      money('from_income', 'Allocated from other income'),
      count('allocations', 'Allocations'),
    ],
    rows: figures.map((goal) => ({
      key: String(goal.id),
      cells: {
        goal: goal.title,
        status: (GOAL_STATUS_LABELS as Record<string, string>)[goal.status] ?? goal.status,
        target: goal.target_cents,
        current: goal.current_cents,
        progress: goal.target_cents > 0 ? Math.floor((goal.current_cents / goal.target_cents) * 1000) / 10 : null,
        from_payments: goal.from_payments_cents,
        from_income: goal.from_income_cents,
        allocations: goal.allocations,
      },
      drill: { target: 'goal' as const, params: { id: String(goal.id) } },
    })),
    period,
    chart:
      chartGoals.length > 0
        ? {
            type: 'line',
            labels: months,
            series: chartGoals.map((goal) => {
              let running = 0;
              return {
                name: goal.title,
                values: months.map((month) => {
                  running += byMonth.find((row) => row.goal_id === goal.id && row.month === month)?.cents ?? 0;
                  return dollars(running);
                }),
              };
            }),
            unit: 'money',
          }
        : null,
    notes: [
      'Target and current are the goals as they are now; allocations are those dated in the period, from payments and from other income. The chart adds them up month by month.',
    ],
  });
}

export const REPORT_PRESETS = DATE_PRESETS;
