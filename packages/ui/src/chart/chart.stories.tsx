import type { Meta, StoryObj } from '@storybook/react-vite';
import { Chart } from './chart';

const meta = {
  title: 'UI/Chart',
  component: Chart,
  args: { label: 'Revenue per month', height: 280 },
} satisfies Meta<typeof Chart>;

export default meta;
type Story = StoryObj<typeof meta>;

const months = ['Sep', 'Oct', 'Nov'];

export const StackedBars: Story = {
  args: {
    option: {
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0 },
      xAxis: { type: 'category', data: months },
      yAxis: { type: 'value' },
      series: [
        { name: 'Payments', type: 'bar', stack: 'revenue', data: [3800, 4700, 4400] },
        { name: 'Other income', type: 'bar', stack: 'revenue', data: [0, 250, 100] },
      ],
    },
  },
};

export const Lines: Story = {
  args: {
    label: 'Invoiced and collected per month',
    option: {
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: months },
      yAxis: { type: 'value' },
      series: [
        { name: 'Invoiced', type: 'line', data: [4200, 5100, 3900] },
        { name: 'Collected', type: 'line', data: [3800, 4700, 4400] },
      ],
    },
  },
};

export const Pie: Story = {
  args: {
    label: 'Tax by rate',
    option: {
      tooltip: { trigger: 'item' },
      series: [
        {
          type: 'pie',
          data: [
            { name: 'VAT 20%', value: 1200 },
            { name: 'Reduced 5%', value: 150 },
          ],
        },
      ],
    },
  },
};
