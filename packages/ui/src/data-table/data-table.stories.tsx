import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { DataTable, type DataTableColumn, type DataTableSort } from './data-table';

interface Row {
  id: number;
  name: string;
  email: string;
  balance: string;
}

const ALL: Row[] = Array.from({ length: 42 }, (_, index) => ({
  id: index + 1,
  name: `Client ${String(index + 1).padStart(2, '0')}`,
  email: `client${index + 1}@example.com`,
  balance: `$${(index * 137.5).toFixed(2)}`,
}));

const columns: DataTableColumn<Row>[] = [
  { key: 'name', header: 'Name', sortable: true, render: (row) => row.name },
  { key: 'email', header: 'Email', render: (row) => row.email },
  { key: 'balance', header: 'Balance', sortable: true, align: 'right', render: (row) => row.balance },
];

function Interactive({ loading = false, empty = false }: { loading?: boolean; empty?: boolean }) {
  const [sort, setSort] = useState<DataTableSort>({ field: 'name', direction: 'asc' });
  const [page, setPage] = useState(1);
  const sorted = [...ALL].sort(
    (a, b) =>
      (sort.direction === 'asc' ? 1 : -1) * (sort.field === 'name' ? a.name.localeCompare(b.name) : a.id - b.id),
  );
  const rows = empty ? [] : sorted.slice((page - 1) * 10, page * 10);
  return (
    <DataTable
      label="Clients"
      columns={columns}
      rows={loading ? [] : rows}
      rowKey={(row) => row.id}
      sort={sort}
      onSortChange={setSort}
      page={page}
      lastPage={5}
      total={empty ? 0 : ALL.length}
      perPage={10}
      onPageChange={setPage}
      loading={loading}
    />
  );
}

const meta = {
  title: 'Data/DataTable',
  component: Interactive,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Interactive>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SortableAndPaged: Story = { args: {} };
export const Loading: Story = { args: { loading: true } };
