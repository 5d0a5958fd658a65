import type { Meta, StoryObj } from '@storybook/react-vite';
import { SimpleGrid } from '@mantine/core';
import { SummaryCard } from './summary-card';

const meta = {
  title: 'Dashboard/SummaryCard',
  component: SummaryCard,
  parameters: { layout: 'padded' },
  args: { title: 'Outstanding', value: '$12,480.00', icon: 'cash', caption: '7 invoices' },
} satisfies Meta<typeof SummaryCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Loading: Story = { args: { loading: true } };

/** The 'Due this week' card with its help tooltip. */
export const WithHelp: Story = {
  args: {
    title: 'Due this week',
    value: '$3,200.00',
    icon: 'clock',
    color: 'warning',
    caption: '3 invoices · 7 days including today',
    help: 'Shows invoices due within the next 7 days (including today).',
  },
};

export const PositiveTrend: Story = {
  args: {
    title: 'Monthly Revenue',
    value: '$8,940.00',
    icon: 'chart',
    color: 'success',
    trend: { value: 12.5, label: 'from last month' },
  },
};

export const NegativeTrend: Story = {
  args: { ...PositiveTrend.args, trend: { value: -8.3, label: 'from last month' } },
};

/** Last month was 0: no percent change, 'New'. */
export const NewTrend: Story = {
  args: {
    ...PositiveTrend.args,
    trend: { value: null, label: 'from last month', newHelp: 'No revenue last month, so there is no percent change.' },
  },
};

/** Every colour and icon. */
export const AllColours: Story = {
  render: () => (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
      <SummaryCard title="Outstanding" value="$12,480.00" icon="cash" color="primary" />
      <SummaryCard title="Clients" value="42" icon="user" color="success" />
      <SummaryCard title="Due this week" value="$3,200.00" icon="clock" color="warning" />
      <SummaryCard title="Overdue" value="$900.00" icon="chart" color="danger" />
    </SimpleGrid>
  ),
};
