import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '@mantine/core';
import { PageHeader } from './page-header';

const meta = {
  title: 'Layout/PageHeader',
  component: PageHeader,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof PageHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithActions: Story = {
  args: {
    title: 'Invoices',
    description: 'Create, send and track your invoices.',
    actions: (
      <>
        <Button variant="default">Export</Button>
        <Button>New Invoice</Button>
      </>
    ),
  },
};

export const TitleOnly: Story = { args: { title: 'Dashboard' } };
