import type { Report, ReportRecords } from '@ledgerleaf/domain';

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
