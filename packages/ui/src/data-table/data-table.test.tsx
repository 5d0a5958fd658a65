import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithUi } from '../test-utils';
import { DataTable, type DataTableColumn } from './data-table';

interface Row {
  id: number;
  name: string;
}

const columns: DataTableColumn<Row>[] = [
  { key: 'name', header: 'Name', sortable: true, render: (row) => row.name },
  { key: 'id', header: 'Id', render: (row) => String(row.id) },
];

describe('DataTable', () => {
  it('renders rows and marks the sorted column with aria-sort', () => {
    renderWithUi(
      <DataTable
        label="People"
        columns={columns}
        rows={[{ id: 1, name: 'Ada' }]}
        rowKey={(r) => r.id}
        sort={{ field: 'name', direction: 'asc' }}
        onSortChange={() => {}}
      />,
    );
    const table = screen.getByRole('table', { name: 'People' });
    expect(within(table).getByText('Ada')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('flips the direction on a second click and starts ascending on a new column', async () => {
    const onSortChange = vi.fn();
    const { rerender } = renderWithUi(
      <DataTable
        label="People"
        columns={columns}
        rows={[]}
        rowKey={(r) => r.id}
        sort={{ field: 'name', direction: 'asc' }}
        onSortChange={onSortChange}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'name', direction: 'desc' });
    rerender(
      <DataTable
        label="People"
        columns={columns}
        rows={[]}
        rowKey={(r) => r.id}
        sort={{ field: 'other', direction: 'desc' }}
        onSortChange={onSortChange}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'name', direction: 'asc' });
  });

  it('shows skeleton rows while the first page loads', () => {
    renderWithUi(<DataTable label="People" columns={columns} rows={[]} rowKey={(r) => r.id} loading />);
    expect(screen.getAllByTestId('table-skeleton-row')).toHaveLength(5);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('shows the details of the rows renderExpanded answers for, across every column', () => {
    renderWithUi(
      <DataTable
        label="People"
        columns={columns}
        rows={[
          { id: 1, name: 'Ada' },
          { id: 2, name: 'Grace' },
        ]}
        rowKey={(r) => r.id}
        renderExpanded={(row) => (row.id === 2 ? <p>Details of {row.name}</p> : null)}
      />,
    );
    const table = screen.getByRole('table', { name: 'People' });
    // Header, two rows and one details row.
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    const details = within(table).getByText('Details of Grace').closest('td')!;
    expect(details).toHaveAttribute('colspan', '2');
    expect(details.closest('tr')!.previousElementSibling).toHaveTextContent('Grace');
  });

  it('shows the range and pages', async () => {
    const onPageChange = vi.fn();
    renderWithUi(
      <DataTable
        label="People"
        columns={columns}
        rows={[{ id: 1, name: 'Ada' }]}
        rowKey={(r) => r.id}
        page={2}
        lastPage={3}
        total={55}
        perPage={25}
        onPageChange={onPageChange}
      />,
    );
    expect(screen.getByText('Showing 26-50 of 55')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });

  it('draws its rows again only when they, the columns or the sort change, not when the page renders again', async () => {
    const render = vi.fn((row: Row) => row.name);
    const counted: DataTableColumn<Row>[] = [{ key: 'name', header: 'Name', sortable: true, render }];
    const rows = [
      { id: 1, name: 'Acme' },
      { id: 2, name: 'Globex' },
    ];
    // What a page passes inline: a new key function, handler and sort object on every render.
    const table = (sortDirection: 'asc' | 'desc', shown: Row[]) => (
      <DataTable
        label="Clients"
        columns={counted}
        rows={shown}
        rowKey={(row) => row.id}
        sort={{ field: 'name', direction: sortDirection }}
        onSortChange={() => undefined}
      />
    );
    const view = renderWithUi(table('asc', rows));
    expect(await screen.findByText('Globex')).toBeInTheDocument();
    const drawn = render.mock.calls.length;
    view.rerender(table('asc', rows));
    expect(render.mock.calls.length).toBe(drawn);
    view.rerender(table('desc', rows));
    expect(render.mock.calls.length).toBe(drawn + 2);
    view.rerender(table('desc', [...rows, { id: 3, name: 'Initech' }]));
    expect(await screen.findByText('Initech')).toBeInTheDocument();
  });

  it('a handler passed inline is the latest one when clicked', async () => {
    const user = userEvent.setup();
    const first = vi.fn();
    const second = vi.fn();
    const table = (onSortChange: () => void) => (
      <DataTable
        label="Clients"
        columns={columns}
        rows={[{ id: 1, name: 'Acme' }]}
        rowKey={(row) => row.id}
        onSortChange={onSortChange}
      />
    );
    const view = renderWithUi(table(first));
    view.rerender(table(second));
    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith({ field: 'name', direction: 'asc' });
  });
});
