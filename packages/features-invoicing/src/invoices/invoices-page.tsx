import { useMemo } from 'react';
import { Link } from 'react-router';
import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import {
  INVOICE_STATUS_FILTERS,
  formatCurrency,
  type InvoiceListItem,
  type InvoiceStatusFilter,
} from '@ledgerleaf/domain';
import {
  useCanWrite,
  useListInvoicesQuery,
  useDateFormat,
  type DateFormatter,
  paths,
  queryState,
} from '@ledgerleaf/api';
import { PageHeader, type DataTableColumn } from '@ledgerleaf/ui';
import { ListScaffold, StatusTabs } from '@ledgerleaf/ui/routing';
import { InvoicingAreaTabs } from './area-tabs';
import { toListQuery, useInvoiceListParams } from './list-query';
import { InvoiceStatusBadge, invoiceListLabel } from './status-badge';
import { DocumentFilters, documentColumns } from './document-list';
import { MoneyText } from '../shared/money-text';

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

/** The list's columns, dates in the business's format. */
const columnsFor = (formatDate: DateFormatter): DataTableColumn<InvoiceListItem>[] => [
  ...documentColumns<InvoiceListItem>({
    number: {
      key: 'invoice_number',
      noun: 'Invoice',
      label: invoiceListLabel,
      href: (invoice) => paths.invoices.detail(invoice.id),
    },
    due: { key: 'due_date', header: 'Due', date: (invoice) => invoice.due_date },
    status: (invoice) => <InvoiceStatusBadge status={invoice.status} size="sm" />,
    formatDate,
  }),
  {
    key: 'total',
    header: 'Total',
    sortable: true,
    align: 'right',
    visibleFrom: 'sm',
    render: (invoice) => <MoneyText value={invoice.total} />,
  },
  {
    key: 'balance_due',
    header: 'Balance',
    sortable: true,
    align: 'right',
    render: (invoice) => <MoneyText value={invoice.balance_due} />,
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
            <DocumentFilters
              searchLabel="Search invoices"
              list={list}
              clientId={params.client_id}
              dateFrom={params.date_from}
              dateTo={params.date_to}
            />
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
