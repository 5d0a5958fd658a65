import { useMemo } from 'react';
import { Link } from 'react-router';
import { Anchor, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import {
  ESTIMATE_SORT_FIELDS,
  ESTIMATE_STATUS_FILTERS,
  formatCurrency,
  type EstimateListItem,
  type EstimateStatusFilter,
} from '@ledgerleaf/domain';
import {
  useCanWrite,
  useGetClientQuery,
  useListEstimatesQuery,
  useDateFormat,
  type DateFormatter,
  paths,
  queryState,
} from '@ledgerleaf/api';
import { PageHeader, type DataTableColumn } from '@ledgerleaf/ui';
import { ListScaffold, SearchField, StatusTabs, useListParams } from '@ledgerleaf/ui/routing';
import { InvoicingAreaTabs } from '../invoices/area-tabs';
import { ClientPicker } from '../invoices/pickers';
import { DateRangeFilter, dateRangeQuery } from '../shared/date-range-filter';
import { PER_PAGE } from '../shared/list-params';
import { clientFilter, dateFilter } from '../invoices/list-query';
import { EstimateStatusBadge, estimateLabel } from './estimate-status';

export const ESTIMATE_LIST_TABS: { value: EstimateStatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'draft', label: 'Draft' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'declined', label: 'Declined' },
  { value: 'expired', label: 'Expired' },
  { value: 'converted', label: 'Converted' },
];

/** The list's columns, dates in the business's format. */
const columnsFor = (formatDate: DateFormatter): DataTableColumn<EstimateListItem>[] => [
  {
    key: 'estimate_number',
    header: 'Number',
    sortable: true,
    render: (estimate) => (
      <Stack gap={2}>
        <Anchor
          component={Link}
          to={paths.estimates.detail(estimate.id)}
          fw={600}
          aria-label={`Estimate ${estimateLabel(estimate)}, ${estimate.client.name}`}
        >
          {estimateLabel(estimate)}
        </Anchor>
        <Text size="xs" c="dimmed" hiddenFrom="sm">
          {estimate.client.name}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'client_name',
    header: 'Client',
    sortable: true,
    visibleFrom: 'sm',
    render: (estimate) => estimate.client.name,
  },
  {
    key: 'issue_date',
    header: 'Date',
    sortable: true,
    visibleFrom: 'md',
    render: (estimate) => formatDate(estimate.issue_date),
  },
  {
    key: 'expiry_date',
    header: 'Expires',
    sortable: true,
    visibleFrom: 'md',
    render: (estimate) => formatDate(estimate.expiry_date),
  },
  {
    key: 'status',
    header: 'Status',
    sortable: true,
    render: (estimate) => <EstimateStatusBadge status={estimate.status} size="sm" />,
  },
  {
    key: 'total',
    header: 'Total',
    sortable: true,
    align: 'right',
    render: (estimate) => (
      <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatCurrency(estimate.total)}
      </Text>
    ),
  },
];

/** /estimates: status tabs, server-side search, client and issue date range, sort and pages; all in the URL. */
export function EstimatesPage() {
  const { formatDate } = useDateFormat();
  const columns = useMemo(() => columnsFor(formatDate), [formatDate]);
  const canWrite = useCanWrite();
  // Newest first unless the URL says otherwise; all statuses unless one is chosen.
  const list = useListParams({
    sortFields: ESTIMATE_SORT_FIELDS,
    defaultSort: 'issue_date',
    defaultDirection: 'desc',
    defaults: { status: 'all' },
  });
  const { params } = list;
  const status = list.oneOf('status', ESTIMATE_STATUS_FILTERS, 'all');
  const clientFilterValue = clientFilter(list.get('client_id'));
  const clientId = clientFilterValue ? Number(clientFilterValue) : undefined;
  const [dateFrom, dateTo] = [dateFilter(list.get('date_from')), dateFilter(list.get('date_to'))];
  // The chosen client's name for the picker, also when none of its estimates is on this page.
  const client = useGetClientQuery(clientId ?? 0, { skip: clientId === undefined });
  const query = useListEstimatesQuery({
    page: params.page,
    per_page: PER_PAGE,
    search: params.search || undefined,
    sort: params.sort,
    direction: params.direction,
    status,
    client_id: clientId,
    ...dateRangeQuery(dateFrom, dateTo),
  });

  return (
    <>
      <PageHeader
        title="Estimates"
        description="Quote your clients; they accept online, and an accepted estimate becomes an invoice in one step."
        actions={
          canWrite ? (
            <Button component={Link} to={paths.estimates.create} leftSection={<IconPlus size={16} aria-hidden />}>
              New Estimate
            </Button>
          ) : undefined
        }
      />
      <InvoicingAreaTabs />
      <ListScaffold
        filters={
          <>
            <StatusTabs
              label="Estimate status"
              value={status}
              onChange={(value) => list.setFilter('status', value)}
              tabs={ESTIMATE_LIST_TABS}
            />
            <Group gap="sm" wrap="wrap" align="flex-end">
              <SearchField
                label="Search estimates"
                placeholder="Search by number or client"
                value={list.searchInput}
                onChange={list.setSearchInput}
                onClear={list.clearSearch}
                style={{ flex: '1 1 240px', maxWidth: 380 }}
              />
              <Box w={240}>
                <ClientPicker
                  filter
                  value={clientId ? String(clientId) : ''}
                  label={client.data?.name ?? null}
                  onChange={(picked) => list.setFilter('client_id', picked ? String(picked.id) : '')}
                />
              </Box>
              <DateRangeFilter from={dateFrom} to={dateTo} onChange={list.setFilters} />
            </Group>
          </>
        }
        state={queryState(query)}
        errorTitle="Estimates could not be loaded"
        filtered={
          params.search !== '' || status !== 'all' || clientId !== undefined || dateFrom !== '' || dateTo !== ''
        }
        empty={{
          title: 'No estimates yet',
          message: canWrite
            ? 'Send a quote your client can accept online; once accepted, turn it into an invoice in one click.'
            : 'The estimates of the business will be listed here.',
          action: canWrite ? (
            <Button component={Link} to={paths.estimates.create} leftSection={<IconPlus size={16} aria-hidden />}>
              Create your first estimate
            </Button>
          ) : undefined,
        }}
        noMatch={{
          title: 'No matching estimates',
          message: params.search ? `Nothing matches "${params.search}".` : 'No estimates match these filters.',
        }}
        table={{
          label: 'Estimates',
          columns,
          rowKey: (estimate) => estimate.id,
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
