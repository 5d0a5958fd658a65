import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button, Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import {
  INVOICE_STATUS_FILTERS,
  formatCurrency,
  type InvoiceListItem,
  type InvoicePage,
  type InvoiceStatusFilter,
} from '@ledgerleaf/domain';
import {
  useCanWrite,
  useExportInvoicesCsvMutation,
  useListInvoicesQuery,
  useDateFormat,
  type DateFormatter,
  paths,
  queryState,
  csvExport,
} from '@ledgerleaf/api';
import { PageHeader, type DataTableColumn, ExportCsvButton } from '@ledgerleaf/ui';
import { ListScaffold, StatusTabs } from '@ledgerleaf/ui/routing';
import { InvoicingAreaTabs } from './area-tabs';
import { toListQuery, useInvoiceListParams } from './list-query';
import { InvoiceStatusBadge, invoiceListLabel } from './status-badge';
import { DocumentFilters, documentColumns } from './document-list';
import { MoneyText } from '../shared/money-text';
import { PER_PAGE } from '../shared/list-params';
import { InvoiceBulkBar } from './invoice-bulk-bar';

export { prefetchInvoiceList } from './list-prefetch';
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

/** The `unpaid` filter (no tab of its own) in words. */
export const UNPAID_FILTER_LABEL = 'Unpaid: sent, viewed, partially paid or overdue';

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

/** The figures of the invoice list's summary (the server's `summary`, each on the set it names). */
export type InvoiceListTotals = InvoicePage['summary'];

/**
 * What the summary's figures count, in words: total billed, paid and balance due are the sent
 * invoices (not drafts, not void ones), so total billed - paid = balance due; drafts and void
 * invoices among those shown are named apart with their own total (issue 27 item 7).
 */
export function summaryBasis(totals?: InvoiceListTotals): string {
  const basis = 'Total billed, paid and balance due count sent invoices, not drafts or void ones.';
  if (!totals) return basis;
  const apart = (count: number, noun: string, total: number, why: string) =>
    count > 0
      ? ` ${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}, ${formatCurrency(total)}: ${why}.`
      : '';
  return (
    basis +
    apart(totals.draft_count, 'draft', totals.draft_total, 'not billed yet') +
    apart(totals.void_count, 'void invoice', totals.void_total, 'owed by nobody')
  );
}

/**
 * The totals of the invoices shown. Without figures (`totals` absent) it holds their place while the
 * first page loads, a dash for each figure: the table below then stays where it is when the page
 * arrives (the summary appearing above it moved it down, Lighthouse's layout shift of 0.3 to 0.4).
 */
function Summary({ totals }: { totals?: InvoiceListTotals }) {
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
    <Stack
      gap={4}
      maw={720}
      aria-label="Totals of the invoices shown"
      aria-busy={totals ? undefined : true}
      role="group"
    >
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        {item('Invoices', totals ? totals.count.toLocaleString('en-US') : '—')}
        {item('Total billed', totals ? formatCurrency(totals.total) : '—')}
        {item('Paid', totals ? formatCurrency(totals.amount_paid) : '—')}
        {item('Balance due', totals ? formatCurrency(totals.balance_due) : '—')}
      </SimpleGrid>
      <Text size="xs" c="dimmed" data-testid="summary-basis">
        {summaryBasis(totals)}
      </Text>
    </Stack>
  );
}

/** The selection column: a box per row, and one in the header for every row of the page. */
function selectColumn(
  rows: InvoiceListItem[],
  selected: ReadonlySet<number>,
  setSelected: (ids: Set<number>) => void,
): DataTableColumn<InvoiceListItem> {
  const all = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const some = rows.some((row) => selected.has(row.id));
  return {
    key: 'select',
    width: 36,
    header: (
      <Checkbox
        aria-label="Select every invoice on this page"
        checked={all}
        indeterminate={some && !all}
        onChange={() => setSelected(all ? new Set() : new Set(rows.map((row) => row.id)))}
      />
    ),
    render: (invoice) => (
      <Checkbox
        aria-label={`Select ${invoiceListLabel(invoice)}, ${invoice.client.name}`}
        checked={selected.has(invoice.id)}
        onChange={() => {
          const next = new Set(selected);
          if (next.has(invoice.id)) next.delete(invoice.id);
          else next.add(invoice.id);
          setSelected(next);
        }}
      />
    ),
  };
}

/** The due date filter in words: "Due from 24 Nov 2026 to 30 Nov 2026" (either end may be open). */
export function dueRangeLabel(from: string, to: string, formatDate: DateFormatter): string {
  if (from && to) return `Due from ${formatDate(from)} to ${formatDate(to)}`;
  return from ? `Due on or after ${formatDate(from)}` : `Due on or before ${formatDate(to)}`;
}

/** /invoices/all: status tabs, server-side search, client, date range, sort, pages, totals of what is shown. */
export function InvoicesPage() {
  const { formatDate } = useDateFormat();
  const canWrite = useCanWrite();
  const list = useInvoiceListParams();
  const { params } = list;
  const listQuery = toListQuery(params);
  const query = useListInvoicesQuery(listQuery);
  const page = query.data;
  // The selection belongs to the rows shown: another page, filter or sort starts a new one.
  const view = JSON.stringify(listQuery);
  const [selection, setSelection] = useState<{ view: string; ids: Set<number> }>({ view, ids: new Set() });
  const selected = selection.view === view ? selection.ids : new Set<number>();
  const setSelected = (ids: Set<number>) => setSelection({ view, ids });
  const rows = page?.data ?? [];
  const columns = useMemo(
    () => [selectColumn(rows, selected, setSelected), ...columnsFor(formatDate)],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the rows or the selection change
    [formatDate, rows, selection, view],
  );
  const [exportCsv] = useExportInvoicesCsvMutation();
  const { page: _page, per_page: _perPage, ...exportFilters } = listQuery;
  const filtered =
    params.search !== '' ||
    params.status !== 'all' ||
    params.client_id !== '' ||
    params.date_from !== '' ||
    params.date_to !== '' ||
    params.due_from !== '' ||
    params.due_to !== '';
  const empty = page !== undefined && page.meta.total === 0;

  return (
    <>
      <PageHeader
        title="Invoices"
        description="Bill your clients, follow what is paid and what is due."
        actions={
          <>
            <ExportCsvButton name="invoices" exportCsv={csvExport(() => exportCsv(exportFilters))} />
            {canWrite && (
              <Button component={Link} to={paths.invoices.create} leftSection={<IconPlus size={16} aria-hidden />}>
                New Invoice
              </Button>
            )}
          </>
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
            {params.status === 'unpaid' && (
              // No tab is "unpaid" (several statuses): the filter says itself here and clears here,
              // as the due dates do below (the dashboard's "Unpaid invoices" opens the list so).
              <Group gap="sm" data-testid="status-filter">
                <Text size="sm" fw={600}>
                  {UNPAID_FILTER_LABEL}
                </Text>
                <Button variant="subtle" size="sm" onClick={() => list.setFilter('status', 'all')}>
                  Clear status filter
                </Button>
              </Group>
            )}
            {(params.due_from || params.due_to) && (
              <Group gap="sm" data-testid="due-range">
                <Text size="sm" fw={600}>
                  {dueRangeLabel(params.due_from, params.due_to, formatDate)}
                </Text>
                <Button variant="subtle" size="sm" onClick={() => list.setFilters({ due_from: '', due_to: '' })}>
                  Clear due dates
                </Button>
              </Group>
            )}
          </>
        }
        summary={
          page && !empty ? (
            <Stack gap="sm">
              <Summary totals={page.summary} />
              <InvoiceBulkBar
                selected={rows.filter((row) => selected.has(row.id)).map((row) => row.id)}
                canWrite={canWrite}
                onClear={() => setSelected(new Set())}
              />
            </Stack>
          ) : !page && !query.isError ? (
            <Summary />
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
          // A full page of skeleton rows: the table is as tall before its first page as after it.
          skeletonRows: PER_PAGE,
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
