import { useMemo } from 'react';
import { Link } from 'react-router';
import { Anchor, Box, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import {
  INVOICE_STATUS_FILTERS,
  formatCurrency,
  type InvoiceListItem,
  type InvoiceStatusFilter,
} from '@ledgerleaf/domain';
import {
  useCanWrite,
  useGetClientQuery,
  useListInvoicesQuery,
  useDateFormat,
  type DateFormatter,
  paths,
  queryState,
} from '@ledgerleaf/api';
import { PageHeader, type DataTableColumn } from '@ledgerleaf/ui';
import { ListScaffold, SearchField, StatusTabs } from '@ledgerleaf/ui/routing';
import { DateRangeFilter } from '../shared/date-range-filter';
import { InvoicingAreaTabs } from './area-tabs';
import { toListQuery, useInvoiceListParams } from './list-query';
import { ClientPicker } from './pickers';
import { InvoiceStatusBadge, invoiceLabel } from './status-badge';

/** The status tabs of the list, in the order an owner follows an invoice. */
export const INVOICE_LIST_TABS: { value: InvoiceStatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'draft', label: 'Draft' },
  { value: 'sent', label: 'Sent' },
  { value: 'viewed', label: 'Viewed' },
  { value: 'partial', label: 'Partial' },
  { value: 'paid', label: 'Paid' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'void', label: 'Void' },
];

const amount = (value: number) => (
  <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
    {formatCurrency(value)}
  </Text>
);

/** The list's columns, dates in the business's format. */
const columnsFor = (formatDate: DateFormatter): DataTableColumn<InvoiceListItem>[] => [
  {
    key: 'invoice_number',
    header: 'Number',
    sortable: true,
    render: (invoice) => (
      <Stack gap={2}>
        <Anchor
          component={Link}
          to={paths.invoices.detail(invoice.id)}
          fw={600}
          aria-label={`Invoice ${invoiceLabel(invoice)}, ${invoice.client.name}`}
        >
          {invoiceLabel(invoice)}
        </Anchor>
        <Text size="xs" c="dimmed" hiddenFrom="sm">
          {invoice.client.name}
        </Text>
      </Stack>
    ),
  },
  { key: 'client_name', header: 'Client', sortable: true, visibleFrom: 'sm', render: (invoice) => invoice.client.name },
  {
    key: 'issue_date',
    header: 'Date',
    sortable: true,
    visibleFrom: 'md',
    render: (invoice) => formatDate(invoice.issue_date),
  },
  {
    key: 'due_date',
    header: 'Due',
    sortable: true,
    visibleFrom: 'md',
    render: (invoice) => formatDate(invoice.due_date),
  },
  {
    key: 'status',
    header: 'Status',
    sortable: true,
    render: (invoice) => <InvoiceStatusBadge status={invoice.status} size="sm" />,
  },
  {
    key: 'total',
    header: 'Total',
    sortable: true,
    align: 'right',
    visibleFrom: 'sm',
    render: (invoice) => amount(invoice.total),
  },
  {
    key: 'balance_due',
    header: 'Balance',
    sortable: true,
    align: 'right',
    render: (invoice) => amount(invoice.balance_due),
  },
];

function Summary({ count, total, paid, balance }: { count: number; total: number; paid: number; balance: number }) {
  const item = (label: string, value: string) => (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Stack>
  );
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" maw={720} aria-label="Totals of the invoices shown" role="group">
      {item('Invoices', count.toLocaleString('en-US'))}
      {item('Total', formatCurrency(total))}
      {item('Paid', formatCurrency(paid))}
      {item('Balance due', formatCurrency(balance))}
    </SimpleGrid>
  );
}

/** /invoices/all: status tabs, server-side search, client, date range, sort, pages, totals of what is shown. */
export function InvoicesPage() {
  const { formatDate } = useDateFormat();
  const columns = useMemo(() => columnsFor(formatDate), [formatDate]);
  const canWrite = useCanWrite();
  const list = useInvoiceListParams();
  const { params } = list;
  const query = useListInvoicesQuery(toListQuery(params));
  // The chosen client's name for the picker, also when none of its invoices is on this page.
  const clientId = params.client_id ? Number(params.client_id) : undefined;
  const client = useGetClientQuery(clientId ?? 0, { skip: clientId === undefined });
  const page = query.data;
  const filtered =
    params.search !== '' ||
    params.status !== 'all' ||
    params.client_id !== '' ||
    params.date_from !== '' ||
    params.date_to !== '';
  const empty = page !== undefined && page.meta.total === 0;

  return (
    <>
      <PageHeader
        title="Invoices"
        description="Bill your clients, follow what is paid and what is due."
        actions={
          canWrite ? (
            <Button component={Link} to={paths.invoices.create} leftSection={<IconPlus size={16} aria-hidden />}>
              New Invoice
            </Button>
          ) : undefined
        }
      />
      <InvoicingAreaTabs />
      <ListScaffold
        filters={
          <>
            <StatusTabs
              label="Invoice status"
              value={params.status}
              onChange={(value) => list.setFilter('status', value || 'all')}
              tabs={INVOICE_LIST_TABS.filter((tab) =>
                (INVOICE_STATUS_FILTERS as readonly string[]).includes(tab.value),
              )}
            />
            <Group gap="sm" wrap="wrap" align="flex-end">
              <SearchField
                label="Search invoices"
                placeholder="Search by number or client"
                value={list.searchInput}
                onChange={list.setSearchInput}
                onClear={list.clearSearch}
                style={{ flex: '1 1 240px', maxWidth: 380 }}
              />
              <Box w={240}>
                <ClientPicker
                  filter
                  value={params.client_id}
                  label={client.data?.name ?? null}
                  onChange={(picked) => list.setFilter('client_id', picked ? String(picked.id) : '')}
                />
              </Box>
              <DateRangeFilter from={params.date_from} to={params.date_to} onChange={list.setFilters} />
            </Group>
          </>
        }
        summary={
          page && !empty ? (
            <Summary
              count={page.summary.count}
              total={page.summary.total}
              paid={page.summary.amount_paid}
              balance={page.summary.balance_due}
            />
          ) : undefined
        }
        state={queryState(query)}
        errorTitle="Invoices could not be loaded"
        filtered={filtered}
        empty={{
          title: 'No invoices yet',
          message: canWrite
            ? 'Create your first invoice: pick a client, add what you did, and send it with a link your client can open.'
            : 'The invoices of the business will be listed here.',
          action: canWrite ? (
            <Button component={Link} to={paths.invoices.create} leftSection={<IconPlus size={16} aria-hidden />}>
              Create your first invoice
            </Button>
          ) : undefined,
        }}
        noMatch={{
          title: 'No matching invoices',
          message: params.search ? `Nothing matches "${params.search}".` : 'No invoices match these filters.',
        }}
        table={{
          label: 'Invoices',
          columns,
          rowKey: (invoice) => invoice.id,
          sort: { field: params.sort, direction: params.direction },
          onSortChange: list.setSort,
          page: params.page,
          onPageChange: list.setPage,
        }}
        rowLinks
      />
    </>
  );
}
