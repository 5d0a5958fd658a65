import { Link } from 'react-router';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import {
  CLIENT_CSV_COLUMNS,
  CLIENT_CSV_EXPORT_ONLY,
  CLIENT_SORT_FIELDS,
  type ClientListItem,
} from '@ledgerleaf/domain';
import {
  useArchiveClientMutation,
  useDeleteClientMutation,
  useExportClientsCsvMutation,
  useImportClientsMutation,
  useListClientsQuery,
  usePreviewClientImportMutation,
  useRestoreClientMutation,
  type DateFormatter,
  paths,
  csvImportCalls,
} from '@ledgerleaf/api';
import type { DataTableColumn } from '@ledgerleaf/ui';
import { CatalogListPage } from '../shared/catalog-list-page';
import { useCatalogListParams } from '../shared/list-params';
import { CatalogRowActions } from '../shared/catalog-row-actions';
import { MoneyText } from '../shared/money-text';
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
        },
        run: () => archive(client.id),
        done: 'Client archived',
        failed: 'Could not archive the client',
      }}
      restore={{
        question: {
          title: 'Restore client?',
          message: `${client.name} will be active again.`,
        },
        run: () => restore(client.id),
        done: 'Client restored',
        failed: 'Could not restore the client',
      }}
      remove={{
        question: {
          title: 'Delete client?',
          message: `${client.name} and its contacts will be deleted for good.`,
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
  const list = useCatalogListParams('name', CLIENT_SORT_FIELDS);
  const query = useListClientsQuery(list.query);
  const [exportCsv] = useExportClientsCsvMutation();
  const [previewImport] = usePreviewClientImportMutation();
  const [runImport] = useImportClientsMutation();

  return (
    <CatalogListPage
      title="Clients"
      description="The companies and people you invoice."
      list={list}
      query={query}
      columnsFor={columnsFor}
      actions={{ exportCsv, exportName: 'clients', createTo: paths.clients.create, createLabel: 'New client' }}
      search={{ label: 'Search clients', placeholder: 'Search by name, contact or email' }}
      errorTitle="Clients could not be loaded"
      empty={{
        title: 'No clients yet',
        writerMessage: 'Add the companies and people you work for, or import them from a CSV file.',
        readerMessage: 'The clients of the business will be listed here.',
        addLabel: 'Add your first client',
      }}
      noMatch={{ title: 'No matching clients', statusMessage: 'No clients have this status.' }}
      tableLabel="Clients"
      csv={{
        noun: 'clients',
        columns: CLIENT_CSV_COLUMNS,
        exportOnly: CLIENT_CSV_EXPORT_ONLY,
        previewColumns: ['name', 'email', 'contact_name', 'payment_terms_days'],
        ...csvImportCalls(previewImport, runImport),
      }}
    />
  );
}
