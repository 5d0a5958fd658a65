import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { screenStory } from '@ledgerleaf/storybook-harness';
import { agingReport, taxReport } from '../test/fixtures';
import { ReportTable } from '../shared/report-table';

const meta = {
  title: 'Reports/Report table',
  component: ReportTable,
  args: { onDrill: fn() },
} satisfies Meta<typeof ReportTable>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Receivables aging: every bucket cell with money in it drills into its invoices. */
export const Aging: Story = { args: { report: agingReport() } };
/** Tax summary (cash basis): rows drill into the payments that collected the tax. */
export const TaxSummary: Story = { args: { report: taxReport() } };
/** No rows: only the totals row of zeros. */
export const Empty: Story = {
  args: { report: agingReport({ rows: [], totals: { client: 'Total', invoices: 0, balance: 0 } }) },
};
/** Inside the app (router and store), as the reports page renders it. */
export const InPage: Story = {
  args: { report: agingReport() },
  ...screenStory(<ReportTable report={agingReport()} onDrill={() => undefined} />, { path: '/reports', api: {} }),
};
