import { useState, useMemo } from 'react';
import { Link } from 'react-router';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  SegmentedControl,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconDots,
  IconDownload,
  IconEdit,
  IconArchive,
  IconArchiveOff,
  IconPlus,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import {
  CLIENT_CSV_COLUMNS,
  CLIENT_CSV_EXPORT_ONLY,
  CLIENT_SORT_FIELDS,
  formatCurrency,
  type CatalogStatusFilter,
  type ClientListItem,
} from '@ledgerleaf/domain';
import {
  errorMessage,
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
} from '@ledgerleaf/api';
import { PageHeader, useConfirm, useToast, type DataTableColumn } from '@ledgerleaf/ui';
import { ListScaffold, SearchField } from '@ledgerleaf/ui/routing';
import { CsvImportModal } from '../shared/csv-import-modal';
import { datedFilename, downloadText } from '../shared/download';
import { CATALOG_STATUS_OPTIONS, PER_PAGE, useCatalogListParams } from '../shared/list-params';

function RowActions({ client }: { client: ClientListItem }) {
  const confirm = useConfirm();
  const toast = useToast();
  const [archive] = useArchiveClientMutation();
  const [restore] = useRestoreClientMutation();
  const [remove] = useDeleteClientMutation();
  const archived = client.status === 'archived';

  const run = async (action: () => Promise<{ error?: unknown }>, done: string, failed: string) => {
    const result = await action();
    if (result.error)
      toast.show({ severity: 'error', summary: failed, detail: errorMessage(result.error as never, failed) });
    else toast.show({ severity: 'success', summary: done, detail: client.name });
  };

  const onArchive = async () => {
    try {
      await confirm({
        title: 'Archive client?',
        message: `${client.name} will be hidden from lists and pickers. Its invoices stay as they are, and you can restore it any time.`,
        confirmText: 'Archive',
        type: 'warning',
      });
    } catch {
      return;
    }
    await run(() => archive(client.id), 'Client archived', 'Could not archive the client');
  };

  const onRestore = async () => {
    try {
      await confirm({
        title: 'Restore client?',
        message: `${client.name} will be active again.`,
        confirmText: 'Restore',
        type: 'info',
      });
    } catch {
      return;
    }
    await run(() => restore(client.id), 'Client restored', 'Could not restore the client');
  };

  const onDelete = async () => {
    try {
      await confirm({
        title: 'Delete client?',
        message: `${client.name} and its contacts will be deleted for good.`,
        confirmText: 'Delete',
        type: 'danger',
      });
    } catch {
      return;
    }
    await run(() => remove(client.id), 'Client deleted', 'Could not delete the client');
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${client.name}`}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={paths.clients.edit(client.id)} leftSection={<IconEdit size={16} aria-hidden />}>
          Edit
        </Menu.Item>
        {archived ? (
          <Menu.Item leftSection={<IconArchiveOff size={16} aria-hidden />} onClick={() => void onRestore()}>
            Restore
          </Menu.Item>
        ) : (
          <Menu.Item leftSection={<IconArchive size={16} aria-hidden />} onClick={() => void onArchive()}>
            Archive
          </Menu.Item>
        )}
        {client.has_invoices ? (
          // A client with invoices keeps its history: archive it instead (the server refuses too).
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            disabled
            title="Clients with invoices can be archived, not deleted"
          >
            Delete (has invoices)
          </Menu.Item>
        ) : (
          <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => void onDelete()}>
            Delete
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
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
    render: (client) => (
      <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatCurrency(client.balance_outstanding)}
      </Text>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    visibleFrom: 'sm',
    render: (client) =>
      client.status === 'archived' ? (
        <Badge color="gray" variant="dot">
          Archived
        </Badge>
      ) : client.is_active ? (
        <Badge color="green" variant="dot">
          Active
        </Badge>
      ) : (
        <Badge color="yellow" variant="dot">
          Inactive
        </Badge>
      ),
  },
  {
    key: 'actions',
    header: <VisuallyHidden>Actions</VisuallyHidden>,
    align: 'right',
    width: 56,
    render: (client) => <RowActions client={client} />,
  },
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
  const toast = useToast();
  const [exportCsv, exportState] = useExportClientsCsvMutation();
  const [previewImport] = usePreviewClientImportMutation();
  const [runImport] = useImportClientsMutation();
  const [importOpen, setImportOpen] = useState(false);

  const onExport = async () => {
    const result = await exportCsv();
    if ('error' in result) {
      toast.show({
        severity: 'error',
        summary: 'Export failed',
        detail: errorMessage(result.error, 'The CSV could not be created.'),
      });
      return;
    }
    downloadText(datedFilename('clients'), result.data);
  };

  return (
    <>
      <PageHeader
        title="Clients"
        description="The companies and people you invoice."
        actions={
          <>
            {canWrite && (
              <Button
                variant="default"
                leftSection={<IconUpload size={16} aria-hidden />}
                onClick={() => setImportOpen(true)}
              >
                Import CSV
              </Button>
            )}
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => void onExport()}
              loading={exportState.isLoading}
            >
              Export CSV
            </Button>
            {canWrite && (
              <Button component={Link} to={paths.clients.create} leftSection={<IconPlus size={16} aria-hidden />}>
                New client
              </Button>
            )}
          </>
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
        preview={(csv) => previewImport({ csv })}
        runImport={(csv) => runImport({ csv })}
      />
    </>
  );
}
