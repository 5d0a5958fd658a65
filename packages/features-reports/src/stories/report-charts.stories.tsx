import type { Meta, StoryObj } from '@storybook/react-vite';
import { agingReport, taxReport } from '../test/fixtures';
import { ReportChart } from '../shared/report-chart';

const meta = {
  title: 'Reports/Charts',
  component: ReportChart,
} satisfies Meta<typeof ReportChart>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Bar: Story = { args: { chart: agingReport().chart!, title: 'Receivables aging' } };
export const Pie: Story = { args: { chart: taxReport().chart!, title: 'Tax summary' } };
export const Line: Story = {
  args: {
    title: 'Income statement',
    chart: {
      type: 'line',
      labels: ['2026-09', '2026-10', '2026-11'],
      series: [
        { name: 'Invoiced', values: [4200, 5100, 3900] },
        { name: 'Collected', values: [3800, 4700, 4400] },
        { name: 'Other income', values: [0, 250, 100] },
      ],
      unit: 'money',
    },
  },
};
export const StackedBar: Story = {
  args: {
    title: 'CRM funnel',
    chart: {
      type: 'stacked_bar',
      labels: ['Qualified', 'Proposal', 'Won'],
      series: [
        { name: 'Value', values: [12000, 8000, 5000] },
        { name: 'Weighted value', values: [3600, 4800, 5000] },
      ],
      unit: 'money',
    },
  },
};
