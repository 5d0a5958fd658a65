import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import { useGetClientQuery, type DateFormatter } from '@ledgerleaf/api';
import type { DataTableColumn } from '@ledgerleaf/ui';
import { SearchField } from '@ledgerleaf/ui/routing';
import { DateRangeFilter } from '../shared/date-range-filter';
import { ClientPicker } from './pickers';

/** A row of the invoice or estimate list, as far as their shared columns read it. */
interface DocumentRow {
  id: number;
  client: { name: string };
}

/**
 * The Number column of a document list: the number (a draft's placeholder) linking to the
 * document, with the client under it on phones, where the Client column is hidden.
 */
export function numberColumn<Row extends DocumentRow>({
  key,
  noun,
  label,
  href,
}: {
  key: string;
  /** "Invoice": the link reads "Invoice INV-0001, Acme Corp". */
  noun: string;
  label: (row: Row) => string;
  href: (row: Row) => string;
}): DataTableColumn<Row> {
  return {
    key,
    header: 'Number',
    sortable: true,
    render: (row) => (
      <Stack gap={2}>
        <Anchor component={Link} to={href(row)} fw={600} aria-label={`${noun} ${label(row)}, ${row.client.name}`}>
          {label(row)}
        </Anchor>
        <Text size="xs" c="dimmed" hiddenFrom="sm">
          {row.client.name}
        </Text>
      </Stack>
    ),
  };
}

/** The list's URL state the filters change (`useListParams`). */
interface FilterState {
  searchInput: string;
  setSearchInput: (value: string) => void;
  clearSearch: () => void;
  setFilter: (key: string, value: string) => void;
  setFilters: (changes: Record<string, string>) => void;
}

/**
 * The filters of the invoice and estimate lists under their status tabs: the search (number or
 * client), one client (its name shown even when none of its documents is on this page) and the
 * issue date range.
 */
export function DocumentFilters({
  searchLabel,
  list,
  clientId,
  dateFrom,
  dateTo,
}: {
  searchLabel: string;
  list: FilterState;
  /** The chosen client's id, '' for all clients. */
  clientId: string;
  dateFrom: string;
  dateTo: string;
}) {
  const client = useGetClientQuery(Number(clientId), { skip: clientId === '' });
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <SearchField
        label={searchLabel}
        placeholder="Search by number or client"
        value={list.searchInput}
        onChange={list.setSearchInput}
        onClear={list.clearSearch}
        style={{ flex: '1 1 240px', maxWidth: 380 }}
      />
      <Box w={240}>
        <ClientPicker
          filter
          value={clientId}
          label={client.data?.name ?? null}
          onChange={(picked) => list.setFilter('client_id', picked ? String(picked.id) : '')}
        />
      </Box>
      <DateRangeFilter from={dateFrom} to={dateTo} onChange={list.setFilters} />
    </Group>
  );
}

/**
 * The first columns of the invoice and estimate lists: the number, the client, the issue date, the
 * date it is due by (or expires on) and the status; dates in the business's format.
 */
export function documentColumns<Row extends DocumentRow & { issue_date: string }>({
  number,
  due,
  status,
  formatDate,
}: {
  number: Parameters<typeof numberColumn<Row>>[0];
  due: { key: string; header: string; date: (row: Row) => string };
  status: (row: Row) => ReactNode;
  formatDate: DateFormatter;
}): DataTableColumn<Row>[] {
  return [
    numberColumn(number),
    { key: 'client_name', header: 'Client', sortable: true, visibleFrom: 'sm', render: (row) => row.client.name },
    {
      key: 'issue_date',
      header: 'Date',
      sortable: true,
      visibleFrom: 'md',
      render: (row) => formatDate(row.issue_date),
    },
    { key: due.key, header: due.header, sortable: true, visibleFrom: 'md', render: (row) => formatDate(due.date(row)) },
    { key: 'status', header: 'Status', sortable: true, render: status },
  ];
}
