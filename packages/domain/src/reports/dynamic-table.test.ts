import { describe, expect, it } from 'vitest';
import { describeDynamicDefinition, dynamicReportTable, type DynamicResult } from '.';

describe('dynamicReportTable', () => {
  const grouped: DynamicResult = {
    columns: [
      { key: 'group', label: 'Issue date (month)', type: 'text' },
      { key: 'a0', label: 'Count', type: 'number' },
      { key: 'a1', label: 'Sum of Total', type: 'money' },
      { key: 'a2', label: 'Average of Total', type: 'money' },
    ],
    rows: [
      { group: '2026-01', a0: 2, a1: 0.1, a2: 0.05 },
      { group: '2026-02', a0: 1, a1: 0.2, a2: 0.2 },
    ],
    total: 2,
  };
  const definition = {
    chart: 'bar' as const,
    group_by: {
      field: 'issue_date',
      date_part: 'month' as const,
      aggregates: [
        { fn: 'count' as const },
        { fn: 'sum' as const, field: 'total' },
        { fn: 'avg' as const, field: 'total' },
      ],
    },
  };

  it('adds up counts and sums in cents, never averages, and charts the money', () => {
    const table = dynamicReportTable(grouped, definition, 'North');
    expect(table.columns.map((column) => column.kind)).toEqual(['text', 'count', 'money', 'money']);
    // 0.1 + 0.2 in cents is 0.3 exactly.
    expect(table.totals).toEqual({ group: 'Total', a0: 3, a1: 0.3, a2: null });
    expect(table.chart).toEqual({
      type: 'bar',
      labels: ['2026-01', '2026-02'],
      series: [
        { name: 'Sum of Total', values: [0.1, 0.2] },
        { name: 'Average of Total', values: [0.05, 0.2] },
      ],
      unit: 'money',
    });
    expect(table.notes).toEqual([]);
  });

  it('a pie shows one series; a table has no chart; rows left out are said', () => {
    expect(dynamicReportTable(grouped, { ...definition, chart: 'pie' }, 'x').chart?.series).toHaveLength(1);
    expect(dynamicReportTable(grouped, { ...definition, chart: 'table' }, 'x').chart).toBeNull();
    expect(dynamicReportTable({ ...grouped, total: 1500 }, definition, 'x').notes[0]).toBe(
      'The first 2 of 1,500 groups; the totals are of these.',
    );
  });

  it('plain rows: money and numbers add up, text does not', () => {
    const table = dynamicReportTable(
      {
        columns: [
          { key: 'client_name', label: 'Client', type: 'text' },
          { key: 'issue_date', label: 'Issue date', type: 'date' },
          { key: 'total', label: 'Total', type: 'money' },
        ],
        rows: [
          { client_name: 'A', issue_date: '2026-01-02', total: 10.01 },
          { client_name: 'B', issue_date: '2026-01-03', total: null },
        ],
        total: 2,
      },
      { chart: 'table', group_by: null },
      'Plain',
    );
    expect(table.columns.map((column) => column.kind)).toEqual(['text', 'date', 'money']);
    expect(table.totals).toEqual({ client_name: 'Total', issue_date: null, total: 10.01 });
  });
});

describe('describeDynamicDefinition', () => {
  it('says the source, the filters, the grouping and the sort in words', () => {
    expect(
      describeDynamicDefinition({
        source: 'invoices',
        filters: {
          match: 'any',
          conditions: [
            { field: 'client_name', mode: 'contains', value: 'North' },
            { field: 'issue_date', mode: 'dateBefore', value: '2026-01-01' },
          ],
        },
        group_by: { field: 'client_name', aggregates: [{ fn: 'max', field: 'total' }] },
        sort: { field: 'client_name', direction: 'desc' },
      }),
    ).toEqual([
      ['Data source', 'Invoices'],
      ['Filters (match any)', 'Client contains North; Issue date is before 2026-01-01'],
      ['Grouped by', 'Client: Maximum of Total'],
      ['Sorted by', 'Client descending'],
    ]);
  });
});
