import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderPage, stubFetch } from '../test/render';
import { agingReport, invoiceRecords, taxReport } from '../test/fixtures';
import { ReportsPage } from './reports-page';

// jsdom draws no charts: the chart stands in as its accessible label.
vi.mock('@ledgerleaf/ui/chart', () => ({
  Chart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
  default: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

afterEach(() => vi.unstubAllGlobals());

const open = (
  route: string,
  roles?: Parameters<typeof renderPage>[1] extends infer O ? (O extends { roles?: infer R } ? R : never) : never,
) => renderPage(<ReportsPage />, { path: '/reports', route, ...(roles ? { roles } : {}) });

describe('ReportsPage', () => {
  it('lists every report with a link that opens it', async () => {
    stubFetch({});
    open('/reports');
    expect(screen.getByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Receivables aging' })).toHaveAttribute('href', '/reports?report=aging');
    expect(screen.getByRole('link', { name: 'Tax summary' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(11);
  });

  it('shows the aging report: skeleton, then the table with its totals row and the chart', async () => {
    const calls = stubFetch({ 'GET /api/reports/aging': json(200, agingReport()) });
    open('/reports?report=aging');
    expect(screen.getByLabelText('Loading the report')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Receivables aging' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[3]!).getByText('$395.50')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: /Receivables aging: Balance/ })).toBeInTheDocument();
    expect(screen.getByTestId('report-context')).toHaveTextContent('As of 11/24/26');
    expect(calls[0]!.query).toEqual({});
  });

  it('drills into a bucket: the invoices behind it, each linking to its invoice, and their export', async () => {
    const calls = stubFetch({
      'GET /api/reports/aging': json(200, agingReport()),
      'GET /api/reports/records/invoices': json(200, invoiceRecords()),
    });
    open('/reports?report=aging');
    await userEvent.click(await screen.findByRole('button', { name: 'Northwind Traders, 31-60: $200.00' }));
    const panel = await screen.findByRole('region', { name: 'Invoices behind the row' });
    expect(await within(panel).findByRole('link', { name: 'INV-2026-0007' })).toHaveAttribute('href', '/invoices/7');
    const records = calls.find((call) => call.path === '/api/reports/records/invoices');
    expect(records?.query).toMatchObject({ as_of: '2026-11-24', client_id: '1', bucket: '31_60' });
    expect(within(panel).getByRole('button', { name: 'Export these invoices as CSV' })).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Close the records' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Invoices behind the row' })).not.toBeInTheDocument(),
    );
  });

  it('prints the basis and asks for the chosen one', async () => {
    const calls = stubFetch({ 'GET /api/reports/tax_summary': json(200, taxReport()) });
    open('/reports?report=tax_summary&basis=cash');
    expect(await screen.findByTestId('report-context')).toHaveTextContent('Cash basis (by payment date)');
    expect(calls[0]!.query).toMatchObject({ basis: 'cash', preset: 'this_year' });
  });

  it('asks for both dates of a custom range before loading', async () => {
    const calls = stubFetch({ 'GET /api/reports/sales_by_client': json(200, taxReport()) });
    open('/reports?report=sales_by_client&preset=custom&from=2026-01-01');
    expect(await screen.findByText(/Pick both ends of the custom period/)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the empty state and the error state with Retry', async () => {
    stubFetch({ 'GET /api/reports/aging': json(200, agingReport({ rows: [] })) });
    const { unmount } = open('/reports?report=aging');
    // Aging is as of a date, not over a period (issue 27 item 14).
    expect(await screen.findByText('Nothing on this date')).toBeInTheDocument();
    expect(screen.getByText(/^No records as of .+\. Try another date\.$/)).toBeInTheDocument();
    expect(screen.queryByText(/Try another period/)).not.toBeInTheDocument();
    unmount();
    stubFetch({ 'GET /api/reports/sales_by_client': json(200, taxReport({ rows: [] })) });
    const period = open('/reports?report=sales_by_client');
    expect(await screen.findByText('Nothing in this period')).toBeInTheDocument();
    period.unmount();
    stubFetch({ 'GET /api/reports/aging': json(500, { message: 'Server error' }) });
    open('/reports?report=aging');
    expect(await screen.findByText('The report could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /retry/i })).toBeInTheDocument();
  });

  it('a read-only role (accountant) runs and exports reports', async () => {
    const calls = stubFetch({
      'GET /api/reports/aging': json(200, agingReport()),
      'GET /api/reports/aging/export.csv': new Response('Report,Receivables aging\r\n', {
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="aging.csv"' },
      }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    open('/reports?report=aging', [{ name: 'accountant' }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Export the report as CSV' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/reports/aging/export.csv')).toBe(true));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
  });
});
