import { useMemo } from 'react';
import { Link } from 'react-router';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import {
  ESTIMATE_SORT_FIELDS,
  ESTIMATE_STATUS_FILTERS,
  type EstimateListItem,
  type EstimateStatusFilter,
} from '@ledgerleaf/domain';
import {
  useCanWrite,
  useListEstimatesQuery,
  useDateFormat,
  type DateFormatter,
  paths,
  queryState,
} from '@ledgerleaf/api';
import { PageHeader, type DataTableColumn } from '@ledgerleaf/ui';
import { ListScaffold, StatusTabs, useListParams } from '@ledgerleaf/ui/routing';
import { InvoicingAreaTabs } from '../invoices/area-tabs';
import { dateRangeQuery } from '../shared/date-range-filter';
import { PER_PAGE } from '../shared/list-params';
import { clientFilter, dateFilter } from '../invoices/list-query';
import { EstimateStatusBadge, estimateListLabel } from './estimate-status';
import { DocumentFilters, documentColumns } from '../invoices/document-list';
import { MoneyText } from '../shared/money-text';

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
  ...documentColumns<EstimateListItem>({
    number: {
      key: 'estimate_number',
      noun: 'Estimate',
      label: estimateListLabel,
      href: (estimate) => paths.estimates.detail(estimate.id),
    },
    due: { key: 'expiry_date', header: 'Expires', date: (estimate) => estimate.expiry_date },
    status: (estimate) => <EstimateStatusBadge status={estimate.status} size="sm" />,
    formatDate,
  }),
  {
    key: 'total',
    header: 'Total',
    sortable: true,
    align: 'right',
    render: (estimate) => <MoneyText value={estimate.total} />,
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
            <DocumentFilters
              searchLabel="Search estimates"
              list={list}
              clientId={clientFilterValue}
              dateFrom={dateFrom}
              dateTo={dateTo}
            />
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
