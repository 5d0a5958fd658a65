import { useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Group, SegmentedControl } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { CatalogStatusFilter } from '@ledgerleaf/domain';
import { queryState, useCanWrite, useDateFormat, type DateFormatter, type QueryLike } from '@ledgerleaf/api';
import { CsvImportModal, PageHeader, type CsvImportModalProps, type DataTableColumn } from '@ledgerleaf/ui';
import { ListScaffold, SearchField, type ListPage } from '@ledgerleaf/ui/routing';
import { CATALOG_STATUS_OPTIONS, type useCatalogListParams } from './list-params';
import { CatalogActions } from './catalog-actions';

/**
 * A catalogue list page (clients, products): the header with Import / Export / New, the search box,
 * the list's own filters and the status filter, the empty and no-match states, the server-paged table
 * (without the actions column for the read-only role, which reads and exports the list, a name opening
 * the record read-only, without any action that changes it) and the CSV import modal. Each list passes
 * only what differs: its words, its columns, its query and its CSV columns.
 */
export function CatalogListPage<Row extends { id: string | number }, Sort extends string>({
  title,
  description,
  intro,
  list,
  query,
  columnsFor,
  actions,
  search,
  filters,
  filtered = false,
  errorTitle,
  empty,
  noMatch,
  tableLabel,
  csv,
}: {
  title: string;
  description: string;
  /** Between the header and the list. */
  intro?: ReactNode;
  list: ReturnType<typeof useCatalogListParams<Sort>>;
  /** The list endpoint's query (`useListClientsQuery(list.query)`). */
  query: QueryLike<ListPage<Row>>;
  /** The columns, dates in the business's format. */
  columnsFor: (formatDate: DateFormatter) => DataTableColumn<Row>[];
  actions: Pick<ComponentProps<typeof CatalogActions>, 'exportCsv' | 'exportName' | 'createTo' | 'createLabel'>;
  search: { label: string; placeholder: string };
  /** The list's own filters, before the status filter. */
  filters?: ReactNode;
  /** One of the list's own filters is applied. */
  filtered?: boolean;
  errorTitle: string;
  empty: { title: string; writerMessage: string; readerMessage: string; addLabel: string };
  /** `statusMessage`: nothing matches the filters without a search. */
  noMatch: { title: string; statusMessage: string };
  tableLabel: string;
  csv: Pick<CsvImportModalProps, 'noun' | 'previewColumns' | 'preview' | 'runImport' | 'messages'> & {
    /** The CSV's columns; the export-only ones are not offered on import. */
    columns: readonly string[];
    exportOnly: readonly string[];
  };
}) {
  const canWrite = useCanWrite();
  const { formatDate } = useDateFormat();
  const columns = useMemo(() => columnsFor(formatDate), [columnsFor, formatDate]);
  const { params, status } = list;
  const [importOpen, setImportOpen] = useState(false);
  const statusFilter = (
    <SegmentedControl
      aria-label="Status"
      value={status}
      onChange={(value) => list.setStatus(value as CatalogStatusFilter)}
      data={CATALOG_STATUS_OPTIONS}
    />
  );
  const { columns: csvColumns, exportOnly, ...importModal } = csv;

  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={<CatalogActions canWrite={canWrite} onImport={() => setImportOpen(true)} {...actions} />}
      />
      {intro}
      <ListScaffold
        filters={
          <Group justify="space-between" gap="sm" wrap="wrap">
            <SearchField
              label={search.label}
              placeholder={search.placeholder}
              value={list.searchInput}
              onChange={list.setSearchInput}
              onClear={list.clearSearch}
              style={{ flex: '1 1 260px', maxWidth: 420 }}
            />
            {filters ? (
              <Group gap="sm">
                {filters}
                {statusFilter}
              </Group>
            ) : (
              statusFilter
            )}
          </Group>
        }
        state={queryState(query)}
        errorTitle={errorTitle}
        filtered={params.search !== '' || status !== 'active' || filtered}
        empty={{
          title: empty.title,
          message: canWrite ? empty.writerMessage : empty.readerMessage,
          action: canWrite ? (
            <Group gap="sm" justify="center">
              <Button component={Link} to={actions.createTo} leftSection={<IconPlus size={16} aria-hidden />}>
                {empty.addLabel}
              </Button>
              <Button variant="default" onClick={() => setImportOpen(true)}>
                Import CSV
              </Button>
            </Group>
          ) : undefined,
        }}
        noMatch={{
          title: noMatch.title,
          message: params.search ? `Nothing matches "${params.search}".` : noMatch.statusMessage,
          action: params.search ? (
            <Button variant="default" onClick={list.clearSearch}>
              Clear search
            </Button>
          ) : undefined,
        }}
        table={{
          label: tableLabel,
          columns: canWrite ? columns : columns.filter((column) => column.key !== 'actions'),
          rowKey: (row) => row.id,
          sort: { field: params.sort, direction: params.direction },
          onSortChange: list.setSort,
          page: params.page,
          onPageChange: list.setPage,
        }}
      />
      <CsvImportModal
        opened={canWrite && importOpen}
        onClose={() => setImportOpen(false)}
        columns={csvColumns.filter((column) => !exportOnly.includes(column))}
        {...importModal}
      />
    </>
  );
}
