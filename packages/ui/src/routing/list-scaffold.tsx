import type { CSSProperties, MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Box, Card, CloseButton, Stack, Tabs, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { DataTable, type DataTableProps } from '../data-table/data-table';
import { EmptyState, type EmptyStateProps } from '../feedback/empty-state';
import { LoadError } from '../feedback/load-error';
import type { LoadState } from './record-loader';

/** One page of a server-paged list, as the API answers it. */
export interface ListPage<Row> {
  data: Row[];
  meta: { page: number; last_page: number; total: number; per_page: number };
}

export interface ListScaffoldProps<Row> {
  /** Status tabs, the search box, pickers: above the results, inside the list's card. */
  filters?: ReactNode;
  /** Between the filters and the results (the totals of what is shown). */
  summary?: ReactNode;
  state: LoadState<ListPage<Row>>;
  /** "Invoices could not be loaded". */
  errorTitle: string;
  /** A search or filter is applied: an empty answer then means "nothing matches", not "nothing yet". */
  filtered: boolean;
  /** Nothing at all yet: what the list is for, and the first action. */
  empty: EmptyStateProps;
  /** Nothing matches the search or filters. */
  noMatch: EmptyStateProps;
  /** The table; rows, pages and the loading state come from `state`. */
  table: Omit<DataTableProps<Row>, 'rows' | 'lastPage' | 'total' | 'perPage' | 'loading'> & { page: number };
  /** A click anywhere on a row follows the row's first link (the link stays the keyboard's way in). */
  rowLinks?: boolean;
}

/**
 * A server-paged list in its card: the filters, then the error (with Retry), the empty state (nothing
 * yet, or nothing matches) or the table with its sort headers, pager and skeleton rows.
 */
export function ListScaffold<Row>({
  filters,
  summary,
  state,
  errorTitle,
  filtered,
  empty,
  noMatch,
  table,
  rowLinks = false,
}: ListScaffoldProps<Row>) {
  const navigate = useNavigate();
  const page = state.data;
  const none = page !== undefined && page.meta.total === 0;
  const onRowClick = (event: MouseEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('a, button, input')) return;
    const href = target.closest('tbody tr')?.querySelector('a[href]')?.getAttribute('href');
    if (href) navigate(href);
  };
  const results =
    state.error !== null ? (
      <LoadError title={errorTitle} message={state.error} onRetry={state.retry} />
    ) : none && !filtered ? (
      <EmptyState {...empty} />
    ) : none ? (
      <EmptyState {...noMatch} />
    ) : (
      <DataTable
        {...table}
        rows={page?.data ?? []}
        page={page?.meta.page ?? table.page}
        lastPage={page?.meta.last_page ?? 1}
        total={page?.meta.total}
        perPage={page?.meta.per_page}
        loading={state.fetching ?? state.loading}
      />
    );
  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        {filters}
        {summary}
        {rowLinks && state.error === null && !none ? (
          <Box onClick={onRowClick} style={{ cursor: 'pointer' }}>
            {results}
          </Box>
        ) : (
          results
        )}
      </Stack>
    </Card>
  );
}

export interface SearchFieldProps {
  /** The accessible name: "Search invoices". */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** The clear button (shown while there is text). */
  onClear: () => void;
  style?: CSSProperties;
  maw?: number;
}

/** A list's search box: the magnifier, and a Clear search button while there is text. */
export function SearchField({ label, placeholder, value, onChange, onClear, style, maw }: SearchFieldProps) {
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={value ? <CloseButton size="sm" aria-label="Clear search" onClick={onClear} /> : null}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      style={style}
      maw={maw}
    />
  );
}

export interface StatusTabsProps {
  /** The accessible name: "Invoice status". */
  label: string;
  value: string;
  onChange: (value: string) => void;
  tabs: readonly { value: string; label: string }[];
  /** Scrolls sideways on a narrow screen instead of wrapping. @default true */
  scroll?: boolean;
}

/** A list's status filter as pill tabs. */
export function StatusTabs({ label, value, onChange, tabs, scroll = true }: StatusTabsProps) {
  const control = (
    <Tabs value={value} onChange={(next) => onChange(next ?? '')} variant="pills" aria-label={label}>
      <Tabs.List style={scroll ? { flexWrap: 'nowrap' } : undefined}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
  // The browser's own sideways scrolling: Mantine's ScrollArea measured the tabs as they mounted
  // (a forced layout of the page, 10 ms of a phone's invoice list).
  return scroll ? <Box style={{ overflowX: 'auto', paddingBottom: 4 }}>{control}</Box> : control;
}
