import { useMemo, type MouseEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Anchor, Box, Button, Card, CloseButton, Group, ScrollArea, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import {
  ESTIMATE_SORT_FIELDS,
  ESTIMATE_STATUS_FILTERS,
  formatCurrency,
  isCalendarDate,
  type EstimateListItem,
  type EstimateStatusFilter,
} from '@ledgerleaf/domain';
import {
  useCanWrite,
  useGetClientQuery,
  useListEstimatesQuery,
  useDateFormat,
  type DateFormatter,
  loadErrorMessage,
} from '@ledgerleaf/api';
import { DataTable, EmptyState, PageHeader, type DataTableColumn, LoadError } from '@ledgerleaf/ui';
import { InvoicingAreaTabs } from '../invoices/area-tabs';
import { ClientPicker } from '../invoices/pickers';
import { DateRangeFilter, dateRangeQuery } from '../shared/date-range-filter';
import { useListParams } from '../shared/list-params';
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
          to={`/estimates/${estimate.id}`}
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
  const navigate = useNavigate();
  const canWrite = useCanWrite();
  const list = useListParams('issue_date', ESTIMATE_SORT_FIELDS);
  const [search] = useSearchParams();
  const statusParam = list.filter('status');
  const status = (ESTIMATE_STATUS_FILTERS as readonly string[]).includes(statusParam)
    ? (statusParam as EstimateStatusFilter)
    : 'all';
  const clientParam = Number(list.filter('client_id'));
  const clientId = Number.isSafeInteger(clientParam) && clientParam > 0 ? clientParam : undefined;
  const dateParam = (key: 'date_from' | 'date_to') => (isCalendarDate(list.filter(key)) ? list.filter(key) : '');
  const [dateFrom, dateTo] = [dateParam('date_from'), dateParam('date_to')];
  // The chosen client's name for the picker, also when none of its estimates is on this page.
  const client = useGetClientQuery(clientId ?? 0, { skip: clientId === undefined });
  // Newest first unless the URL says otherwise.
  const direction = search.get('direction') === 'asc' ? 'asc' : 'desc';
  const { params } = list;
  const query = useListEstimatesQuery({
    page: params.page,
    per_page: 25,
    search: params.search || undefined,
    sort: params.sort as (typeof ESTIMATE_SORT_FIELDS)[number],
    direction,
    status,
    client_id: clientId,
    ...dateRangeQuery(dateFrom, dateTo),
  });
  const page = query.data;
  const filtered =
    params.search !== '' || status !== 'all' || clientId !== undefined || dateFrom !== '' || dateTo !== '';
  const empty = page !== undefined && page.meta.total === 0;
  const onRowClick = (event: MouseEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('a, button, input')) return;
    const href = target.closest('tbody tr')?.querySelector('a[href]')?.getAttribute('href');
    if (href) navigate(href);
  };

  return (
    <>
      <PageHeader
        title="Estimates"
        description="Quote your clients; they accept online, and an accepted estimate becomes an invoice in one step."
        actions={
          canWrite ? (
            <Button component={Link} to="/estimates/create-new" leftSection={<IconPlus size={16} aria-hidden />}>
              New Estimate
            </Button>
          ) : undefined
        }
      />
      <InvoicingAreaTabs />
      <Card withBorder padding="md">
        <Stack gap="md">
          <ScrollArea type="auto" offsetScrollbars scrollbarSize={6}>
            <Tabs
              value={status}
              onChange={(value) => list.setFilter('status', value === 'all' || !value ? '' : value)}
              variant="pills"
              aria-label="Estimate status"
            >
              <Tabs.List style={{ flexWrap: 'nowrap' }}>
                {ESTIMATE_LIST_TABS.map((tab) => (
                  <Tabs.Tab key={tab.value} value={tab.value}>
                    {tab.label}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
            </Tabs>
          </ScrollArea>
          <Group gap="sm" wrap="wrap" align="flex-end">
            <TextInput
              aria-label="Search estimates"
              placeholder="Search by number or client"
              leftSection={<IconSearch size={16} aria-hidden />}
              rightSection={
                list.searchInput ? <CloseButton size="sm" aria-label="Clear search" onClick={list.clearSearch} /> : null
              }
              value={list.searchInput}
              onChange={(event) => list.setSearchInput(event.currentTarget.value)}
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
            <DateRangeFilter from={dateFrom} to={dateTo} onChange={(range) => list.setFilters(range)} />
          </Group>
          {query.isError ? (
            <LoadError
              title="Estimates could not be loaded"
              message={loadErrorMessage(query.error)}
              onRetry={() => void query.refetch()}
            />
          ) : empty && !filtered ? (
            <EmptyState
              title="No estimates yet"
              message={
                canWrite
                  ? 'Send a quote your client can accept online; once accepted, turn it into an invoice in one click.'
                  : 'The estimates of the business will be listed here.'
              }
              action={
                canWrite ? (
                  <Button component={Link} to="/estimates/create-new" leftSection={<IconPlus size={16} aria-hidden />}>
                    Create your first estimate
                  </Button>
                ) : undefined
              }
            />
          ) : empty ? (
            <EmptyState
              title="No matching estimates"
              message={params.search ? `Nothing matches "${params.search}".` : 'No estimates match these filters.'}
            />
          ) : (
            <Box onClick={onRowClick} style={{ cursor: 'pointer' }}>
              <DataTable
                label="Estimates"
                columns={columns}
                rows={page?.data ?? []}
                rowKey={(estimate) => estimate.id}
                sort={{ field: params.sort, direction }}
                onSortChange={(sort) => list.setSort(sort)}
                page={page?.meta.page ?? params.page}
                lastPage={page?.meta.last_page ?? 1}
                total={page?.meta.total}
                perPage={page?.meta.per_page}
                onPageChange={(next) => list.setPage(next)}
                loading={query.isFetching}
              />
            </Box>
          )}
        </Stack>
      </Card>
    </>
  );
}
