import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge, Button, Group } from '@mantine/core';
import { MemoryRouter } from 'react-router';
import { ListScaffold, SearchField, StatusTabs, type ListPage } from './list-scaffold';
import type { LoadState } from './record-loader';

interface Row {
  id: number;
  number: string;
  client: string;
  status: string;
}

const rows: Row[] = [
  { id: 1, number: 'INV-2026-0001', client: 'Acme Corp', status: 'Paid' },
  { id: 2, number: 'INV-2026-0002', client: 'Birch Studio', status: 'Sent' },
  { id: 3, number: 'INV-2026-0003', client: 'Cedar & Co', status: 'Overdue' },
];

const page = (data: Row[]): ListPage<Row> => ({
  data,
  meta: { page: 1, last_page: data.length ? 2 : 1, total: data.length ? 28 : 0, per_page: 25 },
});

const state = (patch: Partial<LoadState<ListPage<Row>>>): LoadState<ListPage<Row>> => ({
  data: undefined,
  loading: false,
  fetching: false,
  error: null,
  retry: () => undefined,
  ...patch,
});

function Example({ value, filtered = false }: { value: LoadState<ListPage<Row>>; filtered?: boolean }) {
  return (
    <ListScaffold<Row>
      filters={
        <>
          <StatusTabs
            label="Invoice status"
            value="all"
            onChange={() => undefined}
            tabs={[
              { value: 'all', label: 'All' },
              { value: 'draft', label: 'Draft' },
              { value: 'sent', label: 'Sent' },
              { value: 'paid', label: 'Paid' },
            ]}
          />
          <Group>
            <SearchField
              label="Search invoices"
              placeholder="Search by number or client"
              value={filtered ? 'zebra' : ''}
              onChange={() => undefined}
              onClear={() => undefined}
              style={{ flex: '1 1 240px', maxWidth: 380 }}
            />
          </Group>
        </>
      }
      state={value}
      errorTitle="Invoices could not be loaded"
      filtered={filtered}
      empty={{
        title: 'No invoices yet',
        message: 'Create your first invoice: pick a client, add what you did, and send it.',
        action: <Button>Create your first invoice</Button>,
      }}
      noMatch={{ title: 'No matching invoices', message: 'Nothing matches "zebra".' }}
      table={{
        label: 'Invoices',
        columns: [
          { key: 'number', header: 'Number', sortable: true, render: (row) => <a href={`#${row.id}`}>{row.number}</a> },
          { key: 'client', header: 'Client', sortable: true, render: (row) => row.client },
          { key: 'status', header: 'Status', render: (row) => <Badge variant="light">{row.status}</Badge> },
        ],
        rowKey: (row) => row.id,
        sort: { field: 'number', direction: 'desc' },
        page: 1,
      }}
      rowLinks
    />
  );
}

const meta = {
  title: 'Lists/ListScaffold',
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

export const Loaded: Story = { args: { value: state({ data: page(rows) }) } };
export const Loading: Story = { args: { value: state({ loading: true, fetching: true }) } };
export const NothingYet: Story = { args: { value: state({ data: page([]) }) } };
export const NothingMatches: Story = { args: { value: state({ data: page([]) }), filtered: true } };
export const CouldNotLoad: Story = {
  args: { value: state({ error: 'Please check your connection and try again.' }) },
};
