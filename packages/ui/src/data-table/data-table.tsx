import { Fragment, memo, useCallback, useDeferredValue, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Group, Pagination, Skeleton, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';

export type SortDirection = 'asc' | 'desc';

export interface DataTableSort {
  field: string;
  direction: SortDirection;
}

export interface DataTableColumn<T> {
  /** Identifies the column; for a sortable column it is also the sort field sent to the server. */
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  sortable?: boolean;
  align?: 'left' | 'right' | 'center';
  /** CSS width of the column. */
  width?: number | string;
  /** Shows the column only from this breakpoint up, so narrow screens keep the columns that matter. */
  visibleFrom?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
}

export interface DataTableProps<T> {
  /** Accessible name of the table. */
  label: string;
  columns: DataTableColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  sort?: DataTableSort;
  /** Called with the column's key; the first click sorts ascending, the next flips the direction. */
  onSortChange?: (sort: DataTableSort) => void;
  page?: number;
  lastPage?: number;
  total?: number;
  perPage?: number;
  onPageChange?: (page: number) => void;
  /** Skeleton rows while the first page loads; dimmed rows while a later page loads. */
  loading?: boolean;
  /** Number of skeleton rows. @default 5 */
  skeletonRows?: number;
  /** Minimum width before the table scrolls sideways (narrow screens). @default 320 */
  minWidth?: number;
  /**
   * Details under a row, across every column, when this returns something (null or undefined:
   * none). The caller keeps which rows are open and the button that toggles them.
   */
  renderExpanded?: (row: T) => ReactNode;
}

function nextSort(current: DataTableSort | undefined, field: string): DataTableSort {
  if (current?.field === field) return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { field, direction: 'asc' };
}

function SortIcon({ direction }: { direction: SortDirection | null }) {
  if (direction === 'asc') return <IconArrowUp size={14} aria-hidden />;
  if (direction === 'desc') return <IconArrowDown size={14} aria-hidden />;
  return <IconArrowsSort size={14} aria-hidden style={{ opacity: 0.5 }} />;
}

/**
 * A server-driven table: the caller owns the rows, the sort and the page and asks the server for
 * them; this draws sortable headers (`aria-sort`), skeleton rows and the pager with its range.
 *
 * New rows draw in a transition: they usually arrive through a store update, which React renders in
 * one go, and 25 rows of a list were a task of 60 ms and more on a phone. Until they have rendered
 * (in slices, between which the page takes input), the table shows what it showed before. Anything
 * else (a checkbox of the selection, the sort) draws at once, as the person acts.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  // The key and the handlers reach the table through stable functions that call the latest ones: a
  // page passes them inline, and a new function each time made every render of the page draw every
  // row again.
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const rowKey = useCallback((row: T) => latest.current.rowKey(row), []);
  const onSortChange = useCallback((sort: DataTableSort) => latest.current.onSortChange?.(sort), []);
  const onPageChange = useCallback((page: number) => latest.current.onPageChange?.(page), []);
  const deferredRows = useDeferredValue(props.rows);
  // New rows not rendered yet: the last props whose rows were (the same object, so the memo skips it).
  const settled = useRef(props);
  const waiting = deferredRows !== props.rows;
  const shown = waiting ? settled.current : props;
  useLayoutEffect(() => {
    if (!waiting) settled.current = props;
  });
  return (
    <DataTableView
      {...(shown as DataTableProps<unknown>)}
      rowKey={rowKey as (row: unknown) => string | number}
      onSortChange={shown.onSortChange && onSortChange}
      onPageChange={shown.onPageChange && onPageChange}
    />
  );
}

/** The table itself; a memo, so the urgent render with the previous props draws nothing again. */
const DataTableView = memo(function DataTableView<T>({
  label,
  columns,
  rows,
  rowKey,
  sort,
  onSortChange,
  page = 1,
  lastPage = 1,
  total,
  perPage,
  onPageChange,
  loading = false,
  skeletonRows = 5,
  minWidth = 320,
  renderExpanded,
}: DataTableProps<T>) {
  const showSkeleton = loading && rows.length === 0;
  const from = total && perPage ? (page - 1) * perPage + 1 : 0;
  const to = total && perPage ? Math.min(total, page * perPage) : 0;

  return (
    <div>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table
          aria-label={label}
          aria-busy={loading || undefined}
          highlightOnHover
          verticalSpacing="sm"
          style={{ opacity: loading && !showSkeleton ? 0.6 : 1, transition: 'opacity 150ms' }}
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => {
                const active = sort?.field === column.key;
                const ariaSort = active
                  ? sort.direction === 'asc'
                    ? 'ascending'
                    : 'descending'
                  : column.sortable
                    ? 'none'
                    : undefined;
                return (
                  <Table.Th
                    key={column.key}
                    aria-sort={ariaSort}
                    visibleFrom={column.visibleFrom}
                    style={{ width: column.width, textAlign: column.align }}
                  >
                    {column.sortable && onSortChange ? (
                      <UnstyledButton onClick={() => onSortChange(nextSort(sort, column.key))} fw={700} fz="sm">
                        <Group gap={4} wrap="nowrap" justify={column.align === 'right' ? 'flex-end' : undefined}>
                          <span>{column.header}</span>
                          <SortIcon direction={active ? sort.direction : null} />
                        </Group>
                      </UnstyledButton>
                    ) : (
                      column.header
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {showSkeleton
              ? Array.from({ length: skeletonRows }, (_, index) => (
                  <Table.Tr key={`skeleton-${index}`} data-testid="table-skeleton-row">
                    {columns.map((column, columnIndex) => (
                      <Table.Td key={column.key} visibleFrom={column.visibleFrom}>
                        {index === 0 && columnIndex === 0 ? <VisuallyHidden>Loading...</VisuallyHidden> : null}
                        {/* A line of the cell's text tall, like the rows that replace it: the page below does not move. */}
                        <div style={{ height: '1lh', display: 'flex', alignItems: 'center' }}>
                          <Skeleton height={12} radius="xl" width={columnIndex === 0 ? '80%' : '60%'} aria-hidden />
                        </div>
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : rows.map((row) => {
                  const expanded = renderExpanded?.(row);
                  return (
                    <Fragment key={rowKey(row)}>
                      <Table.Tr>
                        {columns.map((column) => (
                          <Table.Td
                            key={column.key}
                            visibleFrom={column.visibleFrom}
                            style={{ textAlign: column.align }}
                          >
                            {column.render(row)}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                      {expanded !== undefined && expanded !== null && expanded !== false && (
                        <Table.Tr data-expanded-row>
                          <Table.Td colSpan={columns.length}>{expanded}</Table.Td>
                        </Table.Tr>
                      )}
                    </Fragment>
                  );
                })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {total !== undefined && total > 0 && (
        <Group justify="space-between" mt="md" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed" aria-live="polite">
            {from === to ? `Showing ${from} of ${total}` : `Showing ${from}-${to} of ${total}`}
          </Text>
          {lastPage > 1 && onPageChange && (
            <Pagination
              total={lastPage}
              value={page}
              onChange={onPageChange}
              size="sm"
              siblings={1}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            />
          )}
        </Group>
      )}
    </div>
  );
}, sameProps);

/** Shallow equality, with the sort compared by its field and direction (pages pass it inline). */
function sameProps(a: DataTableProps<unknown>, b: DataTableProps<unknown>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as Array<keyof DataTableProps<unknown>>);
  for (const key of keys) {
    if (key === 'sort') {
      if (a.sort?.field !== b.sort?.field || a.sort?.direction !== b.sort?.direction) return false;
    } else if (!Object.is(a[key], b[key])) return false;
  }
  return true;
}
