import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '@mantine/core';
import { SelectionBar } from './selection-bar';

const meta = {
  title: 'Data/SelectionBar',
  component: SelectionBar,
  args: {
    label: 'Selected invoices',
    summary: '2 invoices selected',
    onClear: () => undefined,
    children: (
      <>
        <Button size="xs" variant="default">
          Send
        </Button>
        <Button size="xs" variant="default">
          Download PDFs
        </Button>
      </>
    ),
  },
} satisfies Meta<typeof SelectionBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** On a phone the actions wrap under the count. */
export const Phone: Story = { globals: { viewport: { value: 'mobile1' } } };
