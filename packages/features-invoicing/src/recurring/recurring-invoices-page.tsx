import { useMemo } from 'react';
import { Link } from 'react-router';
import { Anchor, Button } from '@mantine/core';
import { IconPlus, IconSettings } from '@tabler/icons-react';
import { RECURRING_SORT_FIELDS, describeSchedule, type RecurringListItem } from '@ledgerleaf/domain';
import {
  useCanWrite,
  useListRecurringInvoicesQuery,
  useDateFormat,
  type DateFormatter,
  paths,
  queryState,
} from '@ledgerleaf/api';
import { PageHeader, type DataTableColumn } from '@ledgerleaf/ui';
import { ListScaffold, SearchField, StatusTabs, useListParams } from '@ledgerleaf/ui/routing';
import { InvoicingAreaTabs } from '../invoices/area-tabs';
import { RecurringStatusBadge } from '../estimates/estimate-status';
import { MoneyText } from '../shared/money-text';
import { RunNowButton } from './run-now-button';

/** The list's columns, dates in the business's format. */
const columnsFor = (formatDate: DateFormatter): DataTableColumn<RecurringListItem>[] => [
  {
    key: 'client_name',
    header: 'Client',
    sortable: true,
    render: (row) => (
      <Anchor
        component={Link}
        to={paths.recurringInvoices.detail(row.id)}
        fw={600}
        aria-label={`Recurring invoice for ${row.client.name}`}
      >
        {row.client.name}
      </Anchor>
    ),
  },
  {
    key: 'frequency',
    header: 'Repeats',
    visibleFrom: 'sm',
    render: (row) => describeSchedule({ frequency: row.frequency, interval: row.interval, day_of_month: null }),
  },
  {
    key: 'next_run_date',
    header: 'Next run',
    sortable: true,
    render: (row) => (row.next_run_date ? formatDate(row.next_run_date) : '—'),
  },
  {
    key: 'remaining',
    header: 'Remaining',
    visibleFrom: 'md',
    render: (row) => (row.remaining_count === null ? 'No end' : String(row.remaining_count)),
  },
  {
    key: 'status',
    header: 'Status',
    sortable: true,
    render: (row) => <RecurringStatusBadge status={row.status} size="sm" />,
  },
  {
    key: 'total',
    header: 'Amount',
    sortable: true,
    align: 'right',
    visibleFrom: 'sm',
    render: (row) => <MoneyText value={row.total} />,
  },
];

/** The status tabs of the list: every schedule, or those running, paused or at their end. */
const RECURRING_LIST_TABS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'paused', label: 'Paused' },
  { value: 'finished', label: 'Finished' },
] as const;

/** /recurring-invoices: next run, remaining count and status; pages, sort and status tabs. */
export function RecurringInvoicesPage() {
  const { formatDate } = useDateFormat();
  const columns = useMemo(() => columnsFor(formatDate), [formatDate]);
  const canWrite = useCanWrite();
  const list = useListParams({
    sortFields: RECURRING_SORT_FIELDS,
    defaultSort: 'next_run_date',
    defaults: { status: 'all' },
  });
  const { params } = list;
  const status = list.oneOf('status', ['all', 'active', 'paused', 'finished'] as const, 'all');
  const query = useListRecurringInvoicesQuery({
    page: params.page,
    search: params.search || undefined,
    sort: params.sort,
    direction: params.direction,
    status,
  });
  return (
    <>
      <PageHeader
        title="Recurring invoices"
        description="Invoices that create themselves on a schedule, numbered and optionally emailed."
        actions={
          <>
            <RunNowButton />
            <Button
              variant="default"
              component={Link}
              to={paths.recurringInvoices.config}
              leftSection={<IconSettings size={16} aria-hidden />}
            >
              Settings
            </Button>
            {canWrite && (
              <Button
                component={Link}
                to={paths.recurringInvoices.create}
                leftSection={<IconPlus size={16} aria-hidden />}
              >
                New Recurring Invoice
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
              label="Recurring invoice status"
              value={status}
              onChange={(value) => list.setFilter('status', value)}
              tabs={RECURRING_LIST_TABS}
              scroll={false}
            />
            <SearchField
              label="Search recurring invoices"
              placeholder="Search by client"
              value={list.searchInput}
              onChange={list.setSearchInput}
              onClear={list.clearSearch}
              maw={380}
            />
          </>
        }
        state={queryState(query)}
        errorTitle="Recurring invoices could not be loaded"
        filtered={params.search !== '' || status !== 'all'}
        empty={{
          title: 'No recurring invoices yet',
          message: canWrite
            ? 'Bill a retainer or a subscription automatically: set the lines once and choose how often.'
            : 'The recurring invoices of the business will be listed here.',
          action: canWrite ? (
            <Button
              component={Link}
              to={paths.recurringInvoices.create}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              Create a recurring invoice
            </Button>
          ) : undefined,
        }}
        noMatch={{ title: 'No matching recurring invoices', message: 'Nothing matches these filters.' }}
        table={{
          label: 'Recurring invoices',
          columns,
          rowKey: (row) => row.id,
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
