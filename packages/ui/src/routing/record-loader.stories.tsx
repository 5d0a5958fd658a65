import type { Meta, StoryObj } from '@storybook/react-vite';
import { Card, Text, Title } from '@mantine/core';
import { MemoryRouter } from 'react-router';
import { RecordLoader, RecordNotFound, type LoadState } from './record-loader';

interface Invoice {
  number: string;
  client: string;
}

function Example({ value, invalid = false }: { value: LoadState<Invoice>; invalid?: boolean }) {
  return (
    <RecordLoader
      state={value}
      invalid={invalid}
      notFound={<RecordNotFound title="Invoice not found" backTo="/invoices/all" backLabel="Back to invoices" />}
      errorTitle="The invoice could not be loaded"
    >
      {(invoice) => (
        <Card withBorder padding="lg">
          <Title order={1}>Invoice {invoice.number}</Title>
          <Text c="dimmed">{invoice.client}</Text>
        </Card>
      )}
    </RecordLoader>
  );
}

const state = (patch: Partial<LoadState<Invoice>>): LoadState<Invoice> => ({
  data: undefined,
  loading: false,
  error: null,
  notFound: false,
  retry: () => undefined,
  ...patch,
});

const meta = {
  title: 'Records/RecordLoader',
  component: Example,
  parameters: { layout: 'padded' },
  decorators: [
    (Story) => (
      <MemoryRouter>
        <Story />
      </MemoryRouter>
    ),
  ],
} satisfies Meta<typeof Example>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = { args: { value: state({ data: { number: 'INV-2026-0007', client: 'Acme Corp' } }) } };
export const Loading: Story = { args: { value: state({ loading: true }) } };
export const NotFound: Story = { args: { value: state({ notFound: true, error: 'Not found.' }) } };
export const CouldNotLoad: Story = {
  args: { value: state({ error: 'Please check your connection and try again.' }) },
};
