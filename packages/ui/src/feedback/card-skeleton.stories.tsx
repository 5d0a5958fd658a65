import type { Meta, StoryObj } from '@storybook/react-vite';
import { SimpleGrid } from '@mantine/core';
import { CardSkeleton } from './card-skeleton';

const meta = {
  title: 'Feedback/CardSkeleton',
  component: CardSkeleton,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof CardSkeleton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const KpiCards: Story = {
  render: (args) => (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
      {[1, 2, 3, 4].map((key) => (
        <CardSkeleton key={key} {...args} />
      ))}
    </SimpleGrid>
  ),
};

export const Chart: Story = { args: { withChart: true, lines: 1 } };
