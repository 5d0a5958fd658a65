import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../test/render';
import { agingReport, taxReport } from '../test/fixtures';
import { ReportTable } from './report-table';
import { chartOption } from './chart-option';

describe('ReportTable', () => {
  it('prints every row and the totals row, money formatted and numbers right-aligned', () => {
    renderPage(<ReportTable report={agingReport()} onDrill={() => undefined} />);
    const table = screen.getByRole('table', { name: 'Receivables aging' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Client', 'Open invoices', 'Current', '1-30', '31-60', '61-90', '91-120', 'Over 120', 'Balance']);
    expect(within(table).getAllByText('$75.50')).toHaveLength(3);
    expect(within(table).getByText('Total')).toBeInTheDocument();
  });

  it('drills from a row, a bucket cell (its parameters added) and the totals row', async () => {
    const onDrill = vi.fn();
    renderPage(<ReportTable report={agingReport()} onDrill={onDrill} />);
    await userEvent.click(screen.getByRole('button', { name: 'Acme Corp: the records behind it' }));
    expect(onDrill).toHaveBeenLastCalledWith(
      { target: 'invoices', params: { as_of: '2026-11-24', client_id: '2' } },
      expect.any(String),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Acme Corp, 1-30: $75.50' }));
    expect(onDrill).toHaveBeenLastCalledWith(
      { target: 'invoices', params: { as_of: '2026-11-24', client_id: '2', bucket: '1_30' } },
      expect.any(String),
    );
    // An empty bucket has nothing behind it.
    expect(screen.queryByRole('button', { name: 'Acme Corp, Current: $0.00' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Total: every record behind the report' }));
    expect(onDrill).toHaveBeenLastCalledWith(
      { target: 'invoices', params: { as_of: '2026-11-24' } },
      expect.any(String),
    );
  });

  it('links rows whose records are another page (estimates, goals) to that page', () => {
    const report = taxReport({
      rows: [
        {
          key: 'g',
          cells: { tax: 'Rent reserve', rate: null, invoices: 0, taxable: 0, amount: 0 },
          drill: { target: 'goal', params: { id: '4' } },
        },
      ],
    });
    renderPage(<ReportTable report={report} onDrill={() => undefined} />);
    expect(screen.getByRole('link', { name: /Rent reserve/ })).toHaveAttribute('href', '/goals/4');
  });
});

describe('chartOption', () => {
  it('draws bars, lines and pies from a report chart', () => {
    const bar = chartOption(agingReport().chart!) as { series: Array<{ type: string; data: number[] }> };
    expect(bar.series[0]).toMatchObject({ type: 'bar', data: [120, 75.5, 200, 0, 0, 0] });
    const pie = chartOption(taxReport().chart!) as { series: Array<{ type: string; data: unknown[] }> };
    expect(pie.series[0]).toMatchObject({ type: 'pie', data: [{ name: 'VAT 20 %', value: 6.66 }] });
  });
});
