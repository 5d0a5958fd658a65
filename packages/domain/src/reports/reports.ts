import { z } from 'zod';
import { idSchema, isoDateSchema } from '../common';
import { MAX_PER_PAGE } from '../limits';
import { addCalendarDays } from '../invoicing/due-date';

/**
 * Standard reports (issue 16): what each one is, the date ranges they take and the one shape every
 * report answers in (columns, rows, a totals row, a chart, the basis), which the table, the chart
 * and every export (CSV, XLSX, PDF) print without knowing which report it is.
 */
export const REPORT_KINDS = [
  'aging',
  'sales_by_client',
  'sales_by_product',
  'tax_summary',
  'income_statement',
  'payments_received',
  'estimate_conversion',
  'recurring_revenue',
  'crm_funnel',
  'lead_sources',
  'goals',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const reportKindSchema = z.enum(REPORT_KINDS);

export interface ReportInfo {
  title: string;
  description: string;
  /** Takes an "as of" date (aging) instead of a range. */
  asOf?: boolean;
  /** Takes no date at all (recurring revenue: what is active now and the next 12 months; the pipeline as it stands). */
  noRange?: boolean;
  /** Cash and accrual differ: the toggle is offered. */
  bases?: readonly ReportBasis[];
  /** Group options (payments received). */
  groups?: readonly PaymentsGroup[];
}

export const REPORT_BASES = ['accrual', 'cash'] as const;
export type ReportBasis = (typeof REPORT_BASES)[number];
export const REPORT_BASIS_LABELS: Record<ReportBasis, string> = {
  accrual: 'Accrual basis (by invoice issue date)',
  cash: 'Cash basis (by payment date)',
};

export const PAYMENTS_GROUPS = ['date', 'method', 'client'] as const;
export type PaymentsGroup = (typeof PAYMENTS_GROUPS)[number];
export const PAYMENTS_GROUP_LABELS: Record<PaymentsGroup, string> = {
  date: 'Date',
  method: 'Method',
  client: 'Client',
};

export const REPORTS: Record<ReportKind, ReportInfo> = {
  aging: {
    title: 'Receivables aging',
    description: 'Open balances by client as they were on a date, by how many days past due.',
    asOf: true,
  },
  sales_by_client: {
    title: 'Sales by client',
    description: 'Invoices issued in the period by client: count, quantity, net, tax, total, paid and balance.',
  },
  sales_by_product: {
    title: 'Sales by product or service',
    description: 'Invoice lines issued in the period by product or service.',
  },
  tax_summary: {
    title: 'Tax summary',
    description: 'Per tax rate, the taxable amount and the tax, by issue date or by payment date.',
    bases: REPORT_BASES,
  },
  income_statement: {
    title: 'Income statement',
    description: 'Invoiced, collected and other income by month.',
    bases: REPORT_BASES,
  },
  payments_received: {
    title: 'Payments received',
    description: 'Payments by date, method or client.',
    groups: PAYMENTS_GROUPS,
  },
  estimate_conversion: {
    title: 'Estimate conversion',
    description: 'Estimates sent in the period and what became of them.',
  },
  recurring_revenue: {
    title: 'Recurring revenue',
    description: 'Active recurring invoices as a monthly amount, and the next 12 months projected.',
    noRange: true,
  },
  crm_funnel: {
    title: 'CRM funnel',
    description: 'Opportunities by stage: count, value, weighted value and stage-to-stage conversion.',
    noRange: true,
  },
  lead_sources: {
    title: 'Lead sources',
    description: 'Per lead source: leads, won value, invoiced and paid.',
  },
  goals: {
    title: 'Goals',
    description: 'Each goal’s progress and what was allocated to it in the period, from payments and other income.',
  },
};

export const AGING_BUCKETS = ['current', '1_30', '31_60', '61_90', '91_120', 'over_120'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const AGING_BUCKET_LABELS: Record<AgingBucket, string> = {
  current: 'Current',
  '1_30': '1-30',
  '31_60': '31-60',
  '61_90': '61-90',
  '91_120': '91-120',
  over_120: 'Over 120',
};
export const agingBucketSchema = z.enum(AGING_BUCKETS);

/**
 * The due dates of a bucket as of a date, both ends included (null: open). Current is "not yet
 * due" (due on or after the date); 1-30 is due 1 to 30 days before it, and so on.
 */
export function agingBucketDueRange(bucket: AgingBucket, asOf: string): { from: string | null; to: string | null } {
  const back = (days: number) => addCalendarDays(asOf, -days);
  switch (bucket) {
    case 'current':
      return { from: asOf, to: null };
    case '1_30':
      return { from: back(30), to: back(1) };
    case '31_60':
      return { from: back(60), to: back(31) };
    case '61_90':
      return { from: back(90), to: back(61) };
    case '91_120':
      return { from: back(120), to: back(91) };
    case 'over_120':
      return { from: null, to: back(121) };
  }
}

/** The bucket of an invoice due on `dueDate`, as of `asOf` (both `yyyy-MM-dd`). */
export function agingBucketOf(dueDate: string, asOf: string): AgingBucket {
  for (const bucket of AGING_BUCKETS) {
    const { from, to } = agingBucketDueRange(bucket, asOf);
    if ((from === null || dueDate >= from) && (to === null || dueDate <= to)) return bucket;
  }
  return 'over_120';
}

// ---------------------------------------------------------------- date ranges

export const DATE_PRESETS = [
  'this_month',
  'last_month',
  'this_quarter',
  'last_quarter',
  'this_year',
  'last_year',
  'custom',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
export const DATE_PRESET_LABELS: Record<DatePreset, string> = {
  this_month: 'This month',
  last_month: 'Last month',
  this_quarter: 'This quarter',
  last_quarter: 'Last quarter',
  this_year: 'This year',
  last_year: 'Last year',
  custom: 'Custom',
};

const pad = (n: number) => String(n).padStart(2, '0');
function monthStart(year: number, month: number): string {
  // month may be out of 1..12: normalise.
  const y = year + Math.floor((month - 1) / 12);
  const m = ((((month - 1) % 12) + 12) % 12) + 1;
  return `${String(y)}-${pad(m)}-01`;
}

/**
 * A preset as dates (both ends included) for a business whose today is `today` (its time zone's
 * date): this month is the 1st to the last day of today's month, and so on.
 */
export function presetRange(preset: Exclude<DatePreset, 'custom'>, today: string): { from: string; to: string } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const quarterFirst = month - ((month - 1) % 3);
  const span = (startYear: number, startMonth: number, months: number) => ({
    from: monthStart(startYear, startMonth),
    to: addCalendarDays(monthStart(startYear, startMonth + months), -1),
  });
  switch (preset) {
    case 'this_month':
      return span(year, month, 1);
    case 'last_month':
      return span(year, month - 1, 1);
    case 'this_quarter':
      return span(year, quarterFirst, 3);
    case 'last_quarter':
      return span(year, quarterFirst - 3, 3);
    case 'this_year':
      return span(year, 1, 12);
    case 'last_year':
      return span(year - 1, 1, 12);
  }
}

/** The months (`yyyy-MM`) a range touches, in order. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (let guard = 0; guard < 1200; guard += 1) {
    const key = `${String(year)}-${pad(month)}`;
    months.push(key);
    if (key >= last) break;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

export const REPORT_MESSAGES = {
  dateRangeInvalid: 'The end date must be on or after the start date',
  rangeTooLong: 'Please choose a range of at most 10 years',
  customNeedsDates: 'Please choose both dates of a custom range',
  unknownReport: 'No such report',
  basisInvalid: 'Please choose cash or accrual',
  groupInvalid: 'Please choose date, method or client',
  presetInvalid: 'Please choose a date range',
  bucketInvalid: 'Please choose an aging bucket',
  recordsInvalid: 'Please choose invoices or payments',
} as const;

/** `GET /api/reports/{report}` and its export: the range (a preset or from..to), as-of, basis, grouping. */
export const reportQuerySchema = z
  .object({
    preset: z.enum(DATE_PRESETS, { error: REPORT_MESSAGES.presetInvalid }).optional(),
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    as_of: isoDateSchema.optional(),
    basis: z.enum(REPORT_BASES, { error: REPORT_MESSAGES.basisInvalid }).optional(),
    group: z.enum(PAYMENTS_GROUPS, { error: REPORT_MESSAGES.groupInvalid }).optional(),
  })
  .superRefine((query, ctx) => {
    if (query.from && query.to && query.from > query.to)
      ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.dateRangeInvalid, path: ['to'] });
    else if (query.from && query.to && Number(query.to.slice(0, 4)) - Number(query.from.slice(0, 4)) > 10)
      ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.rangeTooLong, path: ['to'] });
    if (query.preset === 'custom' && (!query.from || !query.to))
      ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.customNeedsDates, path: [query.from ? 'to' : 'from'] });
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;
export type ReportQueryInput = z.input<typeof reportQuerySchema>;

export const REPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
// ---------------------------------------------------------------- the shape of every report

export const REPORT_COLUMN_KINDS = ['text', 'money', 'count', 'quantity', 'percent', 'days', 'date'] as const;
export type ReportColumnKind = (typeof REPORT_COLUMN_KINDS)[number];

export const reportColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(REPORT_COLUMN_KINDS),
  /** A cell of this column drills into the row's records with these parameters added (an aging bucket). */
  drill_params: z.record(z.string(), z.string()).nullable(),
});
export type ReportColumn = z.infer<typeof reportColumnSchema>;

/** Money cells are decimal dollars (like the rest of the API); counts and quantities numbers; percent 0-100. */
export const reportCellSchema = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.infer<typeof reportCellSchema>;

/** Where a row's records are: the report's own record lists (invoices, payments) or a page of the app with filters. */
export const REPORT_DRILL_TARGETS = [
  'invoices',
  'payments',
  'invoice_list',
  'estimates',
  'recurring',
  'opportunities',
  'leads',
  'goal',
  'income',
] as const;
export type ReportDrillTarget = (typeof REPORT_DRILL_TARGETS)[number];
export const reportDrillSchema = z.object({
  target: z.enum(REPORT_DRILL_TARGETS),
  params: z.record(z.string(), z.string()),
});
export type ReportDrill = z.infer<typeof reportDrillSchema>;

export const reportRowSchema = z.object({
  key: z.string(),
  cells: z.record(z.string(), reportCellSchema),
  /** The records behind the row; null when a row has none (an empty bucket). */
  drill: reportDrillSchema.nullable(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportChartSchema = z.object({
  type: z.enum(['bar', 'stacked_bar', 'line', 'pie']),
  labels: z.array(z.string()),
  series: z.array(z.object({ name: z.string(), values: z.array(z.number()) })),
  /** How the values read: money (dollars), count or percent. */
  unit: z.enum(['money', 'count', 'percent']),
});
export type ReportChart = z.infer<typeof reportChartSchema>;

export const reportSchema = z.object({
  report: reportKindSchema,
  title: z.string(),
  /** Null where cash and accrual do not differ. */
  basis: z.enum(REPORT_BASES).nullable(),
  /** The basis as printed on the screen and in every export ("Accrual basis (by invoice issue date)"). */
  basis_label: z.string().nullable(),
  period: z.object({ from: z.string(), to: z.string(), preset: z.enum(DATE_PRESETS).nullable() }).nullable(),
  as_of: z.string().nullable(),
  group: z.enum(PAYMENTS_GROUPS).nullable(),
  time_zone: z.string(),
  currency: z.string(),
  columns: z.array(reportColumnSchema),
  rows: z.array(reportRowSchema),
  /** The sum of the rows (ratios recomputed from the sums). */
  totals: z.record(z.string(), reportCellSchema),
  /** The records behind the totals row. */
  totals_drill: reportDrillSchema.nullable(),
  /** Figures that are not a sum of rows (rates, averages), printed above the table. */
  summary: z.array(z.object({ label: z.string(), value: reportCellSchema, kind: z.enum(REPORT_COLUMN_KINDS) })),
  chart: reportChartSchema.nullable(),
  /** How the figures are made (what is included), printed under the table and in exports. */
  notes: z.array(z.string()),
});
export type Report = z.infer<typeof reportSchema>;

export const reportListSchema = z.object({
  data: z.array(
    z.object({
      report: reportKindSchema,
      title: z.string(),
      description: z.string(),
      as_of: z.boolean(),
      range: z.boolean(),
      bases: z.array(z.enum(REPORT_BASES)),
      groups: z.array(z.enum(PAYMENTS_GROUPS)),
    }),
  ),
});
export type ReportList = z.infer<typeof reportListSchema>;

// ---------------------------------------------------------------- the records behind a row

export const REPORT_RECORD_KINDS = ['invoices', 'payments'] as const;
export type ReportRecordKind = (typeof REPORT_RECORD_KINDS)[number];

/**
 * `GET /api/reports/records/invoices|payments`: the records behind a row. Invoices: issued in
 * from..to (sales), or open on `as_of` in a bucket (aging), optionally one client. Payments: paid
 * in from..to, optionally one client or method.
 */
export const reportRecordsQuerySchema = z
  .object({
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    as_of: isoDateSchema.optional(),
    bucket: agingBucketSchema.optional(),
    client_id: idSchema.optional(),
    method: z.string().trim().max(50).optional(),
    /** Invoices with a line of this product (`none`: lines without one). */
    product_id: z.union([z.literal('none'), idSchema]).optional(),
    /** Invoices (or, with payments, payments of invoices) carrying this tax. */
    tax_name: z.string().trim().min(1).max(100).optional(),
    tax_rate: z.coerce.number().int().min(0).max(1_000_000).optional(),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(25),
  })
  .superRefine((query, ctx) => {
    if (query.from && query.to && query.from > query.to)
      ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.dateRangeInvalid, path: ['to'] });
    if (query.bucket && !query.as_of)
      ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.bucketInvalid, path: ['as_of'] });
  });
export type ReportRecordsQuery = z.infer<typeof reportRecordsQuerySchema>;
export type ReportRecordsQueryInput = z.input<typeof reportRecordsQuerySchema>;

export const reportRecordsSchema = z.object({
  columns: z.array(reportColumnSchema),
  data: z.array(z.object({ id: z.number(), invoice_id: z.number(), cells: z.record(z.string(), reportCellSchema) })),
  totals: z.record(z.string(), reportCellSchema),
  meta: z.object({ current_page: z.number(), per_page: z.number(), total: z.number(), last_page: z.number() }),
});
export type ReportRecords = z.infer<typeof reportRecordsSchema>;
