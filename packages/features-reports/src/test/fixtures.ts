import type { DynamicResult, Report, ReportRecords, SavedDynamicReport } from '@ledgerleaf/domain';

/** A receivables aging report as the server answers it (two clients, a totals row that is their sum). */
export function agingReport(overrides: Partial<Report> = {}): Report {
  const buckets = ['current', '1_30', '31_60', '61_90', '91_120', 'over_120'] as const;
  const labels = ['Current', '1-30', '31-60', '61-90', '91-120', 'Over 120'];
  return {
    report: 'aging',
    title: 'Receivables aging',
    basis: null,
    basis_label: null,
    period: null,
    as_of: '2026-11-24',
    group: null,
    time_zone: 'America/New_York',
    currency: 'USD',
    columns: [
      { key: 'client', label: 'Client', kind: 'text', drill_params: null },
      { key: 'invoices', label: 'Open invoices', kind: 'count', drill_params: null },
      ...buckets.map((bucket, index) => ({
        key: `b_${bucket}`,
        label: labels[index]!,
        kind: 'money' as const,
        drill_params: { bucket },
      })),
      { key: 'balance', label: 'Balance', kind: 'money', drill_params: null },
    ],
    rows: [
      {
        key: '1',
        cells: {
          client: 'Northwind Traders',
          invoices: 2,
          b_current: 120,
          b_1_30: 0,
          b_31_60: 200,
          b_61_90: 0,
          b_91_120: 0,
          b_over_120: 0,
          balance: 320,
        },
        drill: { target: 'invoices', params: { as_of: '2026-11-24', client_id: '1' } },
      },
      {
        key: '2',
        cells: {
          client: 'Acme Corp',
          invoices: 1,
          b_current: 0,
          b_1_30: 75.5,
          b_31_60: 0,
          b_61_90: 0,
          b_91_120: 0,
          b_over_120: 0,
          balance: 75.5,
        },
        drill: { target: 'invoices', params: { as_of: '2026-11-24', client_id: '2' } },
      },
    ],
    totals: {
      client: 'Total',
      invoices: 3,
      b_current: 120,
      b_1_30: 75.5,
      b_31_60: 200,
      b_61_90: 0,
      b_91_120: 0,
      b_over_120: 0,
      balance: 395.5,
    },
    totals_drill: { target: 'invoices', params: { as_of: '2026-11-24' } },
    summary: [],
    chart: {
      type: 'bar',
      labels,
      series: [{ name: 'Balance', values: [120, 75.5, 200, 0, 0, 0] }],
      unit: 'money',
    },
    notes: ['Balances as they were at the end of 2026-11-24.'],
    ...overrides,
  };
}

/** A tax summary on the cash basis. */
export function taxReport(overrides: Partial<Report> = {}): Report {
  return {
    report: 'tax_summary',
    title: 'Tax summary',
    basis: 'cash',
    basis_label: 'Cash basis (by payment date)',
    period: { from: '2026-01-01', to: '2026-12-31', preset: 'this_year' },
    as_of: null,
    group: null,
    time_zone: 'America/New_York',
    currency: 'USD',
    columns: [
      { key: 'tax', label: 'Tax', kind: 'text', drill_params: null },
      { key: 'rate', label: 'Rate', kind: 'text', drill_params: null },
      { key: 'invoices', label: 'Invoices', kind: 'count', drill_params: null },
      { key: 'taxable', label: 'Taxable amount', kind: 'money', drill_params: null },
      { key: 'amount', label: 'Tax amount', kind: 'money', drill_params: null },
    ],
    rows: [
      {
        key: 'VAT|20000',
        cells: { tax: 'VAT', rate: '20 %', invoices: 1, taxable: 33.33, amount: 6.66 },
        drill: {
          target: 'payments',
          params: { from: '2026-01-01', to: '2026-12-31', tax_name: 'VAT', tax_rate: '20000' },
        },
      },
    ],
    totals: { tax: 'Total', rate: null, invoices: 1, taxable: 33.33, amount: 6.66 },
    totals_drill: { target: 'payments', params: { from: '2026-01-01', to: '2026-12-31' } },
    summary: [],
    chart: { type: 'pie', labels: ['VAT 20 %'], series: [{ name: 'Tax', values: [6.66] }], unit: 'money' },
    notes: ['Tax collected by payment date.'],
    ...overrides,
  };
}

/** The invoices behind an aging bucket. */
export function invoiceRecords(overrides: Partial<ReportRecords> = {}): ReportRecords {
  return {
    columns: [
      { key: 'number', label: 'Invoice', kind: 'text', drill_params: null },
      { key: 'client', label: 'Client', kind: 'text', drill_params: null },
      { key: 'issue_date', label: 'Issue date', kind: 'date', drill_params: null },
      { key: 'due_date', label: 'Due date', kind: 'date', drill_params: null },
      { key: 'status', label: 'Status', kind: 'text', drill_params: null },
      { key: 'total', label: 'Total', kind: 'money', drill_params: null },
      { key: 'balance', label: 'Balance then', kind: 'money', drill_params: null },
    ],
    data: [
      {
        id: 7,
        invoice_id: 7,
        cells: {
          number: 'INV-2026-0007',
          client: 'Northwind Traders',
          issue_date: '2026-09-15',
          due_date: '2026-10-15',
          status: 'Partially paid',
          total: 240,
          balance: 200,
        },
      },
    ],
    totals: { number: 'Total', total: 240, balance: 200 },
    meta: { current_page: 1, per_page: 25, total: 1, last_page: 1 },
    ...overrides,
  };
}

// ---------------------------------------------------------------- dynamic reports

/** Plain rows of invoices (invoice number, client, issue date, status) as the run route answers them. */
export function dynamicRows(overrides: Partial<DynamicResult> = {}): DynamicResult {
  return {
    columns: [
      { key: 'invoice_number', label: 'Invoice number', type: 'text' },
      { key: 'client_name', label: 'Client', type: 'text' },
      { key: 'status', label: 'Status', type: 'text' },
      { key: 'issue_date', label: 'Issue date', type: 'date' },
    ],
    rows: [
      { invoice_number: 'INV-0001', client_name: 'Northwind Traders', status: 'sent', issue_date: '2026-10-02' },
      { invoice_number: 'INV-0002', client_name: 'Southbank Ltd', status: 'paid', issue_date: '2026-11-05' },
    ],
    total: 2,
    ...overrides,
  };
}

/** The issue's example grouped by month: count and sum of the total. */
export function dynamicGroups(overrides: Partial<DynamicResult> = {}): DynamicResult {
  return {
    columns: [
      { key: 'group', label: 'Issue date (month)', type: 'text' },
      { key: 'a0', label: 'Count', type: 'number' },
      { key: 'a1', label: 'Sum of Total', type: 'money' },
    ],
    rows: [
      { group: '2026-10', a0: 2, a1: 3500.25 },
      { group: '2026-11', a0: 1, a1: 1200 },
    ],
    total: 2,
    ...overrides,
  };
}

export const northByMonthDefinition: SavedDynamicReport['definition'] = {
  source: 'invoices',
  columns: [],
  filters: {
    match: 'all',
    conditions: [
      { field: 'client_name', mode: 'contains', value: 'North' },
      { field: 'total', mode: 'gt', value: '1000' },
    ],
  },
  sort: null,
  group_by: {
    field: 'issue_date',
    date_part: 'month',
    aggregates: [
      { fn: 'count', field: null },
      { fn: 'sum', field: 'total' },
    ],
  },
  chart: 'bar',
};

export function savedReport(overrides: Partial<SavedDynamicReport> = {}): SavedDynamicReport {
  return {
    id: 5,
    name: 'North by month',
    definition: northByMonthDefinition,
    created_by: { id: 1, name: 'Olivia Owner' },
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    can_edit: true,
    ...overrides,
  };
}
