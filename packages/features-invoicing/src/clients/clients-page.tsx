import { useState, useMemo } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import {
  CLIENT_CSV_COLUMNS,
  CLIENT_CSV_EXPORT_ONLY,
  CLIENT_SORT_FIELDS,
  type CatalogStatusFilter,
  type ClientListItem,
} from '@ledgerleaf/domain';
import {
  useArchiveClientMutation,
  useCanWrite,
  useDeleteClientMutation,
  useExportClientsCsvMutation,
  useImportClientsMutation,
  useListClientsQuery,
  usePreviewClientImportMutation,
  useRestoreClientMutation,
  useDateFormat,
  type DateFormatter,
  paths,
  queryState,
  csvImportCalls,
} from '@ledgerleaf/api';
import { CsvImportModal, PageHeader, type DataTableColumn } from '@ledgerleaf/ui';
import { ListScaffold, SearchField } from '@ledgerleaf/ui/routing';
import { CATALOG_STATUS_OPTIONS, PER_PAGE, useCatalogListParams } from '../shared/list-params';
import { CatalogRowActions } from '../shared/catalog-row-actions';
import { MoneyText } from '../shared/money-text';
import { CatalogActions } from '../shared/catalog-actions';
import { actionsColumn, catalogStatusColumn } from '../shared/catalog-columns';

function RowActions({ client }: { client: ClientListItem }) {
  const [archive] = useArchiveClientMutation();
  const [restore] = useRestoreClientMutation();
  const [remove] = useDeleteClientMutation();
  return (
    <CatalogRowActions
      name={client.name}
      editTo={paths.clients.edit(client.id)}
      archived={client.status === 'archived'}
      archive={{
        question: {
          title: 'Archive client?',
          message: `${client.name} will be hidden from lists and pickers. Its invoices stay as they are, and you can restore it any time.`,
          confirmText: 'Archive',
          type: 'warning',
        },
        run: () => archive(client.id),
        done: 'Client archived',
        failed: 'Could not archive the client',
      }}
      restore={{
        question: {
          title: 'Restore client?',
          message: `${client.name} will be active again.`,
          confirmText: 'Restore',
          type: 'info',
        },
        run: () => restore(client.id),
        done: 'Client restored',
        failed: 'Could not restore the client',
      }}
      remove={{
        question: {
          title: 'Delete client?',
          message: `${client.name} and its contacts will be deleted for good.`,
          confirmText: 'Delete',
          type: 'danger',
        },
        run: () => remove(client.id),
        done: 'Client deleted',
        failed: 'Could not delete the client',
      }}
      // A client with invoices keeps its history: archive it instead (the server refuses too).
      deleteBlocked={
        client.has_invoices
          ? { label: 'Delete (has invoices)', reason: 'Clients with invoices can be archived, not deleted' }
          : undefined
      }
    />
  );
}

/** The list's columns, dates in the business's format. */
const columnsFor = (formatDate: DateFormatter): DataTableColumn<ClientListItem>[] => [
  {
    key: 'name',
    header: 'Name',
    sortable: true,
    render: (client) => (
      <Stack gap={2}>
        <Group gap={6} wrap="wrap">
          <Anchor component={Link} to={paths.clients.edit(client.id)} fw={600}>
            {client.name}
          </Anchor>
          {client.status === 'archived' && (
            <Badge size="xs" variant="default" hiddenFrom="sm">
              Archived
            </Badge>
          )}
          {client.kind === 'person' && (
            <Badge size="xs" variant="default">
              Person
            </Badge>
          )}
        </Group>
        {client.email && (
          <Text size="xs" c="dimmed">
            {client.email}
          </Text>
        )}
      </Stack>
    ),
  },
  {
    key: 'contact',
    header: 'Primary contact',
    visibleFrom: 'md',
    render: (client) =>
      client.primary_contact ? (
        <Stack gap={2}>
          <Text size="sm">{client.primary_contact.name}</Text>
          {client.primary_contact.email && (
            <Text size="xs" c="dimmed">
              {client.primary_contact.email}
            </Text>
          )}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          None
        </Text>
      ),
  },
  {
    key: 'created_at',
    header: 'Created',
    sortable: true,
    visibleFrom: 'sm',
    render: (client) => formatDate(client.created_at),
  },
  {
    key: 'balance',
    header: 'Balance outstanding',
    sortable: true,
    align: 'right',
    render: (client) => <MoneyText value={client.balance_outstanding} />,
  },
  catalogStatusColumn(),
  actionsColumn((client) => <RowActions client={client} />),
];

/** /clients: server-side search, sort, pagination and status filter; CSV import and export. */
export function ClientsPage() {
  const { formatDate } = useDateFormat();
  const columns = useMemo(() => columnsFor(formatDate), [formatDate]);
  // The read-only role reads and exports the clients (a name opens the client, read-only) without any action that changes them.
  const canWrite = useCanWrite();
  const list = useCatalogListParams('name', CLIENT_SORT_FIELDS);
  const { params, status } = list;
  const query = useListClientsQuery({
    search: params.search || undefined,
    sort: params.sort,
    direction: params.direction,
    page: params.page,
    per_page: PER_PAGE,
    status,
  });
  const [exportCsv] = useExportClientsCsvMutation();
  const [previewImport] = usePreviewClientImportMutation();
  const [runImport] = useImportClientsMutation();
  const [importOpen, setImportOpen] = useState(false);

  return (
    <>
      <PageHeader
        title="Clients"
        description="The companies and people you invoice."
        actions={
          <CatalogActions
            canWrite={canWrite}
            onImport={() => setImportOpen(true)}
            exportCsv={exportCsv}
            exportName="clients"
            createTo={paths.clients.create}
            createLabel="New client"
          />
        }
      />
      <ListScaffold
        filters={
          <Group justify="space-between" gap="sm" wrap="wrap">
            <SearchField
              label="Search clients"
              placeholder="Search by name, contact or email"
              value={list.searchInput}
              onChange={list.setSearchInput}
              onClear={list.clearSearch}
              style={{ flex: '1 1 260px', maxWidth: 420 }}
            />
            <SegmentedControl
              aria-label="Status"
              value={status}
              onChange={(value) => list.setStatus(value as CatalogStatusFilter)}
              data={CATALOG_STATUS_OPTIONS}
            />
          </Group>
        }
        state={queryState(query)}
        errorTitle="Clients could not be loaded"
        filtered={params.search !== '' || status !== 'active'}
        empty={{
          title: 'No clients yet',
          message: canWrite
            ? 'Add the companies and people you work for, or import them from a CSV file.'
            : 'The clients of the business will be listed here.',
          action: canWrite ? (
            <Group gap="sm" justify="center">
              <Button component={Link} to={paths.clients.create} leftSection={<IconPlus size={16} aria-hidden />}>
                Add your first client
              </Button>
              <Button variant="default" onClick={() => setImportOpen(true)}>
                Import CSV
              </Button>
            </Group>
          ) : undefined,
        }}
        noMatch={{
          title: 'No matching clients',
          message: params.search ? `Nothing matches "${params.search}".` : 'No clients have this status.',
          action: params.search ? (
            <Button variant="default" onClick={list.clearSearch}>
              Clear search
            </Button>
          ) : undefined,
        }}
        table={{
          label: 'Clients',
          columns: canWrite ? columns : columns.filter((column) => column.key !== 'actions'),
          rowKey: (client) => client.id,
          sort: { field: params.sort, direction: params.direction },
          onSortChange: list.setSort,
          page: params.page,
          onPageChange: list.setPage,
        }}
      />
      <CsvImportModal
        opened={canWrite && importOpen}
        onClose={() => setImportOpen(false)}
        noun="clients"
        columns={CLIENT_CSV_COLUMNS.filter((column) => !(CLIENT_CSV_EXPORT_ONLY as readonly string[]).includes(column))}
        previewColumns={['name', 'email', 'contact_name', 'payment_terms_days']}
        {...csvImportCalls(previewImport, runImport)}
      />
    </>
  );
}
