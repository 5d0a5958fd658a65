import type { Meta, StoryObj } from '@storybook/react-vite';
import { ok, pending, screenStory, serverError, type StoryApi } from '@ledgerleaf/storybook-harness';
import { agingReport, invoiceRecords, taxReport } from '../test/fixtures';
import { ReportsPage } from '../reports/reports-page';

const meta = {
  title: 'Reports/Screens',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const page = (route: string, api: StoryApi = {}) => screenStory(<ReportsPage />, { path: '/reports', route, api });

export const List: Story = page('/reports');
export const AgingLoaded: Story = page('/reports?report=aging', { 'GET /api/reports/aging': ok(agingReport()) });
export const AgingLoading: Story = page('/reports?report=aging', { 'GET /api/reports/aging': pending });
export const AgingError: Story = page('/reports?report=aging', { 'GET /api/reports/aging': serverError });
export const AgingEmpty: Story = page('/reports?report=aging', {
  'GET /api/reports/aging': ok(agingReport({ rows: [] })),
});
export const AgingDrilledIntoBucket: Story = page(
  '/reports?report=aging&drill=invoices&d_as_of=2026-11-24&d_client_id=1&d_bucket=31_60&drill_label=Northwind%20Traders%2C%2031-60',
  {
    'GET /api/reports/aging': ok(agingReport()),
    'GET /api/reports/records/invoices': ok(invoiceRecords()),
  },
);
export const TaxCashBasis: Story = page('/reports?report=tax_summary&basis=cash', {
  'GET /api/reports/tax_summary': ok(taxReport()),
});
export const CustomRangeIncomplete: Story = page('/reports?report=sales_by_client&preset=custom&from=2026-01-01');
