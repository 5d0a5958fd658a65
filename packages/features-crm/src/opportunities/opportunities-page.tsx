import { useMemo } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconLayoutKanban, IconList, IconPlus } from '@tabler/icons-react';
import {
  OPPORTUNITY_SORT_FIELDS,
  OPPORTUNITY_STATUS_FILTERS,
  type Opportunity,
  type OpportunityStatusFilter,
} from '@ledgerleaf/domain';
import { paths, queryState, useCanWrite, useDateFormat, type DateFormatter, csvExport } from '@ledgerleaf/api';
import { useExportOpportunitiesCsvMutation, useListOpportunitiesQuery } from '@ledgerleaf/api/crm';
import { PageHeader, type DataTableColumn, ExportCsvButton } from '@ledgerleaf/ui';
import { ListScaffold, SearchField, StatusTabs, useListParams } from '@ledgerleaf/ui/routing';
import { CrmNav } from '../shared/crm-nav';
import { StageBadge } from '../shared/labels';
import { Money } from '../shared/money';
import { useOwnerOptions } from '../shared/options';
import { PipelineBoard } from './pipeline-board';

const VIEWS = ['board', 'list'] as const;
const STATUS_TABS = OPPORTUNITY_STATUS_FILTERS.map((value) => ({
  value,
  label: value === 'all' ? 'All' : value[0]!.toUpperCase() + value.slice(1),
}));

function ownerFilter(value: string): number | 'none' | undefined {
  if (value === 'none') return 'none';
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

const columnsFor = (formatDate: DateFormatter): DataTableColumn<Opportunity>[] => [
  {
    key: 'title',
    header: 'Opportunity',
    sortable: true,
    render: (opportunity) => (
      <Stack gap={2}>
        <Anchor component={Link} to={paths.crm.opportunities.edit(opportunity.id)} fw={600}>
          {opportunity.title}
        </Anchor>
        <Text size="xs" c="dimmed">
          {opportunity.client_name ?? opportunity.lead_name ?? ''}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'stage',
    header: 'Stage',
    sortable: true,
    render: (opportunity) => (
      <Group gap={4}>
        <StageBadge name={opportunity.stage_name} type={opportunity.stage_type} />
        {opportunity.rotting && (
          <Text size="xs" c="orange.7" fw={600}>
            Rotting
          </Text>
        )}
      </Group>
    ),
  },
  {
    key: 'amount',
    header: 'Amount',
    sortable: true,
    align: 'right',
    render: (opportunity) => <Money value={opportunity.amount} />,
  },
  {
    key: 'probability',
    header: 'Probability',
    sortable: true,
    align: 'right',
    visibleFrom: 'sm',
    render: (opportunity) => `${opportunity.probability}%`,
  },
  {
    key: 'expected_close_date',
    header: 'Expected close',
    sortable: true,
    visibleFrom: 'md',
    render: (opportunity) => (opportunity.expected_close_date ? formatDate(opportunity.expected_close_date) : '—'),
  },
  { key: 'owner', header: 'Owner', visibleFrom: 'md', render: (opportunity) => opportunity.owner_name ?? 'Unassigned' },
];

/**
 * /crm/opportunities: the pipeline board (default) or the list (`?view=list`: status tabs, search,
 * sort, pages, totals of everything matching, CSV export). The owner filter and the search apply to both.
 */
export function OpportunitiesPage() {
  const { formatDate } = useDateFormat();
  const canWrite = useCanWrite();
  const owners = useOwnerOptions();
  const list = useListParams({
    sortFields: OPPORTUNITY_SORT_FIELDS,
    defaultSort: 'created_at',
    defaultDirection: 'desc',
    defaults: { view: 'board' },
  });
  const { params } = list;
  const view = list.oneOf('view', VIEWS, 'board');
  const status = list.oneOf<OpportunityStatusFilter>('status', OPPORTUNITY_STATUS_FILTERS, 'all');
  const ownerId = ownerFilter(list.get('owner_id'));
  const columns = useMemo(() => columnsFor(formatDate), [formatDate]);
  const listFilters = { search: params.search || undefined, status, owner_id: ownerId };
  const query = useListOpportunitiesQuery(
    { ...listFilters, sort: params.sort, direction: params.direction, page: params.page, per_page: 25 },
    { skip: view !== 'list' },
  );
  const [exportCsv] = useExportOpportunitiesCsvMutation();
  const summary = query.data?.summary;

  const search = (
    <SearchField
      label="Search opportunities"
      placeholder="Title, client or lead"
      value={list.searchInput}
      onChange={list.setSearchInput}
      onClear={list.clearSearch}
      style={{ flex: '1 1 220px', maxWidth: 360 }}
    />
  );
  const ownerSelect = (
    <Select
      aria-label="Owner"
      placeholder="Any owner"
      clearable
      data={[{ value: 'none', label: 'Unassigned' }, ...owners]}
      value={ownerId === undefined ? null : String(ownerId)}
      onChange={(value) => list.setFilter('owner_id', value ?? '')}
      w={180}
    />
  );

  return (
    <>
      <PageHeader
        title="Opportunities"
        description="Possible sales, stage by stage."
        actions={
          <>
            <ExportCsvButton name="opportunities" exportCsv={csvExport(() => exportCsv(listFilters))} />
            {canWrite && (
              <Button
                component={Link}
                to={paths.crm.opportunities.create}
                leftSection={<IconPlus size={16} aria-hidden />}
              >
                New opportunity
              </Button>
            )}
          </>
        }
      />
      <CrmNav />
      <Stack gap="md">
        <Group gap="sm" wrap="wrap">
          <SegmentedControl
            aria-label="View"
            value={view}
            onChange={(value) => list.setFilter('view', value)}
            data={[
              {
                value: 'board',
                label: (
                  <Group gap={4} wrap="nowrap">
                    <IconLayoutKanban size={16} aria-hidden /> Board
                  </Group>
                ),
              },
              {
                value: 'list',
                label: (
                  <Group gap={4} wrap="nowrap">
                    <IconList size={16} aria-hidden /> List
                  </Group>
                ),
              },
            ]}
          />
          {view === 'board' && search}
          {view === 'board' && ownerSelect}
        </Group>
        {view === 'board' ? (
          <PipelineBoard filters={{ search: params.search || undefined, owner_id: ownerId }} />
        ) : (
          <ListScaffold
            filters={
              <Stack gap="sm">
                <StatusTabs
                  label="Opportunity status"
                  value={status}
                  onChange={(value) => list.setFilter('status', value === 'all' ? '' : value)}
                  tabs={STATUS_TABS}
                />
                <Group gap="sm" wrap="wrap">
                  {search}
                  {ownerSelect}
                </Group>
              </Stack>
            }
            summary={
              summary && summary.count > 0 ? (
                <Text size="sm" c="dimmed">
                  {summary.count} opportunit{summary.count === 1 ? 'y' : 'ies'} · total{' '}
                  <Money value={summary.total_amount} fw={600} /> · weighted{' '}
                  <Money value={summary.weighted_amount} fw={600} />
                </Text>
              ) : undefined
            }
            state={queryState(query)}
            errorTitle="Opportunities could not be loaded"
            filtered={params.search !== '' || status !== 'all' || ownerId !== undefined}
            empty={{
              title: 'No opportunities yet',
              message: 'Create an opportunity, or convert a lead into one.',
              action: canWrite ? (
                <Button component={Link} to={paths.crm.opportunities.create}>
                  Create an opportunity
                </Button>
              ) : undefined,
            }}
            noMatch={{ title: 'No matching opportunities', message: 'Nothing matches these filters.' }}
            table={{
              label: 'Opportunities',
              columns,
              rowKey: (opportunity) => opportunity.id,
              sort: { field: params.sort, direction: params.direction },
              onSortChange: list.setSort,
              page: params.page,
              onPageChange: list.setPage,
            }}
          />
        )}
      </Stack>
    </>
  );
}
