import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Checkbox, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import {
  CRM_MESSAGES,
  LEAD_CSV_COLUMNS,
  LEAD_CSV_EXPORT_ONLY,
  LEAD_EDITABLE_STATUSES,
  LEAD_SORT_FIELDS,
  LEAD_STATUS_FILTERS,
  LEAD_STATUS_LABELS,
  type Lead,
  type LeadBulkInput,
  type LeadStatusFilter,
} from '@ledgerleaf/domain';
import {
  errorMessage,
  paths,
  queryState,
  useCanWrite,
  useDateFormat,
  type DateFormatter,
  type RequestError,
  csvImportCalls,
  csvExport,
} from '@ledgerleaf/api';
import {
  useBulkLeadsMutation,
  useExportLeadsCsvMutation,
  useImportLeadsMutation,
  useListLeadsQuery,
  usePreviewLeadImportMutation,
} from '@ledgerleaf/api/crm';
import {
  CsvImportModal,
  DateField,
  SelectionBar,
  PageHeader,
  useAsk,
  useToast,
  type DataTableColumn,
  ExportCsvButton,
} from '@ledgerleaf/ui';
import { ListScaffold, SearchField, StatusTabs, useListParams } from '@ledgerleaf/ui/routing';
import { CrmNav } from '../shared/crm-nav';
import { LeadStatusBadge } from '../shared/labels';
import { Money } from '../shared/money';
import { useOwnerOptions, useSourceOptions } from '../shared/options';

export const LEADS_PER_PAGE = 25;

const STATUS_TABS = LEAD_STATUS_FILTERS.map((value) => ({
  value,
  label: value === 'all' ? 'All' : value === 'open' ? 'Open' : LEAD_STATUS_LABELS[value],
}));

/** "none" or an id from the URL; anything else is no filter. */
function idFilter(value: string): number | 'none' | undefined {
  if (value === 'none') return 'none';
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

const isoDate = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

function columnsFor(
  formatDate: DateFormatter,
  selection: { selected: Set<number>; toggle: (id: number) => void; canWrite: boolean },
): DataTableColumn<Lead>[] {
  const columns: DataTableColumn<Lead>[] = [
    {
      key: 'name',
      header: 'Lead',
      sortable: true,
      render: (lead) => (
        <Stack gap={2}>
          <Anchor component={Link} to={paths.crm.leads.edit(lead.id)} fw={600}>
            {lead.display_name}
          </Anchor>
          {lead.person_name && lead.company_name && (
            <Text size="xs" c="dimmed">
              {lead.company_name}
            </Text>
          )}
          {lead.email && (
            <Text size="xs" c="dimmed">
              {lead.email}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'status', header: 'Status', sortable: true, render: (lead) => <LeadStatusBadge status={lead.status} /> },
    { key: 'source', header: 'Source', visibleFrom: 'md', render: (lead) => lead.source_name ?? '—' },
    { key: 'owner', header: 'Owner', visibleFrom: 'sm', render: (lead) => lead.owner_name ?? 'Unassigned' },
    {
      key: 'estimated_value',
      header: 'Value',
      sortable: true,
      align: 'right',
      render: (lead) => <Money value={lead.estimated_value} />,
    },
    {
      key: 'created_at',
      header: 'Created',
      sortable: true,
      visibleFrom: 'sm',
      render: (lead) => formatDate(lead.created_at),
    },
  ];
  if (!selection.canWrite) return columns;
  return [
    {
      key: 'select',
      header: <Text span>Select</Text>,
      width: 48,
      render: (lead) => (
        <Checkbox
          aria-label={`Select ${lead.display_name}`}
          checked={selection.selected.has(lead.id)}
          onChange={() => selection.toggle(lead.id)}
        />
      ),
    },
    ...columns,
  ];
}

/** The bulk actions for the selected leads: assign owner, change status, delete (asks first). */
function BulkBar({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  const toast = useToast();
  const ask = useAsk();
  const owners = useOwnerOptions();
  const [bulk, state] = useBulkLeadsMutation();
  const [owner, setOwner] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const run = async (body: LeadBulkInput) => {
    const result = await bulk(body);
    if ('error' in result) {
      toast.show({
        severity: 'error',
        summary: 'The leads were not changed',
        detail: errorMessage(result.error as RequestError, 'Please try again.'),
      });
      return;
    }
    const skipped = result.data.skipped > 0 ? ` ${CRM_MESSAGES.bulkSkippedConverted(result.data.skipped)}` : '';
    toast.show({ severity: 'success', summary: result.data.message, detail: skipped || undefined });
    onDone();
  };

  const remove = async () => {
    const yes = await ask({
      title: CRM_MESSAGES.deleteLeadsConfirmTitle,
      message: CRM_MESSAGES.deleteLeadsConfirmMessage(ids.length),
      confirmText: 'Delete',
      type: 'danger',
    });
    if (yes) await run({ action: 'delete', ids });
  };

  return (
    <SelectionBar
      label="Bulk actions"
      summary={`${ids.length} lead${ids.length === 1 ? '' : 's'} selected`}
      onClear={onDone}
    >
      <Group gap="xs" wrap="nowrap">
        <Select
          size="xs"
          aria-label="Assign owner"
          placeholder="Assign owner"
          data={[{ value: 'none', label: 'Unassigned' }, ...owners]}
          value={owner}
          onChange={setOwner}
          w={160}
        />
        <Button
          size="xs"
          variant="default"
          disabled={!owner}
          loading={state.isLoading}
          onClick={() =>
            void run({ action: 'assign_owner', ids, owner_user_id: owner === 'none' ? null : Number(owner) })
          }
        >
          Assign
        </Button>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Select
          size="xs"
          aria-label="Change status"
          placeholder="Change status"
          data={LEAD_EDITABLE_STATUSES.map((value) => ({ value, label: LEAD_STATUS_LABELS[value] }))}
          value={status}
          onChange={setStatus}
          w={160}
        />
        <Button
          size="xs"
          variant="default"
          disabled={!status}
          loading={state.isLoading}
          onClick={() =>
            void run({ action: 'change_status', ids, status: status as (typeof LEAD_EDITABLE_STATUSES)[number] })
          }
        >
          Apply
        </Button>
      </Group>
      <Button
        size="xs"
        variant="default"
        c="var(--mantine-color-error)"
        leftSection={<IconTrash size={14} aria-hidden />}
        onClick={() => void remove()}
      >
        Delete selected
      </Button>
    </SelectionBar>
  );
}

/**
 * /crm/leads: server-side search, filters (status, source, owner, created range) in the URL, sort,
 * pages; select rows for the bulk actions; CSV import (preview with each row's errors, nothing
 * imported while any row is wrong) and export of what the filters match.
 */
export function LeadsPage() {
  const { formatDate } = useDateFormat();
  const canWrite = useCanWrite();
  const list = useListParams({ sortFields: LEAD_SORT_FIELDS, defaultSort: 'created_at', defaultDirection: 'desc' });
  const { params } = list;
  const status = list.oneOf<LeadStatusFilter>('status', LEAD_STATUS_FILTERS, 'all');
  const sourceId = idFilter(list.get('source_id'));
  const ownerId = idFilter(list.get('owner_id'));
  const createdFrom = isoDate(list.get('created_from'));
  const createdTo = isoDate(list.get('created_to'));
  const filters = {
    search: params.search || undefined,
    status,
    source_id: sourceId,
    owner_id: ownerId,
    created_from: createdFrom,
    created_to: createdTo,
  };
  const query = useListLeadsQuery({
    ...filters,
    sort: params.sort,
    direction: params.direction,
    page: params.page,
    per_page: LEADS_PER_PAGE,
  });
  const owners = useOwnerOptions();
  const sources = useSourceOptions();
  const [exportCsv] = useExportLeadsCsvMutation();
  const [previewImport] = usePreviewLeadImportMutation();
  const [runImport] = useImportLeadsMutation();
  const [importOpen, setImportOpen] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());

  const rows = query.data?.data ?? [];
  const visibleIds = rows.map((lead) => lead.id);
  const selectedIds = [...selected];
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allOnPage = visibleIds.length > 0 && visibleIds.every((id) => selected.has(id));
  const columns = useMemo(
    () => columnsFor(formatDate, { selected, toggle, canWrite }),
    [formatDate, selected, canWrite],
  );

  const filtered = params.search !== '' || status !== 'all' || !!sourceId || !!ownerId || !!createdFrom || !!createdTo;

  return (
    <>
      <PageHeader
        title="Leads"
        description="People and companies that may buy, before they are clients."
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
            <ExportCsvButton name="leads" exportCsv={csvExport(() => exportCsv(filters))} />
            {canWrite && (
              <Button component={Link} to={paths.crm.leads.create} leftSection={<IconPlus size={16} aria-hidden />}>
                New lead
              </Button>
            )}
          </>
        }
      />
      <CrmNav />
      <Stack gap="md">
        {canWrite && selectedIds.length > 0 && <BulkBar ids={selectedIds} onDone={() => setSelected(new Set())} />}
        <ListScaffold
          filters={
            <Stack gap="sm">
              <StatusTabs
                label="Lead status"
                value={status}
                onChange={(value) => list.setFilter('status', value === 'all' ? '' : value)}
                tabs={STATUS_TABS}
              />
              <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
                <SearchField
                  label="Search leads"
                  placeholder="Name, company, email or phone"
                  value={list.searchInput}
                  onChange={list.setSearchInput}
                  onClear={list.clearSearch}
                />
                <Select
                  aria-label="Source"
                  placeholder="Any source"
                  clearable
                  data={[{ value: 'none', label: 'No source' }, ...sources]}
                  value={sourceId === undefined ? null : String(sourceId)}
                  onChange={(value) => list.setFilter('source_id', value ?? '')}
                />
                <Select
                  aria-label="Owner"
                  placeholder="Any owner"
                  clearable
                  data={[{ value: 'none', label: 'Unassigned' }, ...owners]}
                  value={ownerId === undefined ? null : String(ownerId)}
                  onChange={(value) => list.setFilter('owner_id', value ?? '')}
                />
                <DateField
                  aria-label="Created from"
                  placeholder="Created from"
                  clearable
                  value={createdFrom ?? null}
                  onChange={(value) => list.setFilter('created_from', value)}
                />
                <DateField
                  aria-label="Created to"
                  placeholder="Created to"
                  clearable
                  value={createdTo ?? null}
                  onChange={(value) => list.setFilter('created_to', value)}
                />
              </SimpleGrid>
              {canWrite && visibleIds.length > 0 && (
                <Checkbox
                  label="Select all on this page"
                  checked={allOnPage}
                  indeterminate={!allOnPage && visibleIds.some((id) => selected.has(id))}
                  onChange={() =>
                    setSelected((current) => {
                      const next = new Set(current);
                      for (const id of visibleIds) {
                        if (allOnPage) next.delete(id);
                        else next.add(id);
                      }
                      return next;
                    })
                  }
                />
              )}
            </Stack>
          }
          state={queryState(query)}
          errorTitle="Leads could not be loaded"
          filtered={filtered}
          empty={{
            title: 'No leads yet',
            message: canWrite
              ? 'Add the people and companies you are talking to, or import them from a CSV file.'
              : 'The leads of the business will be listed here.',
            action: canWrite ? (
              <Group gap="sm" justify="center">
                <Button component={Link} to={paths.crm.leads.create} leftSection={<IconPlus size={16} aria-hidden />}>
                  Add your first lead
                </Button>
                <Button variant="default" onClick={() => setImportOpen(true)}>
                  Import CSV
                </Button>
              </Group>
            ) : undefined,
          }}
          noMatch={{
            title: 'No matching leads',
            message: params.search ? `Nothing matches "${params.search}".` : 'No leads match these filters.',
            action: (
              <Button
                variant="default"
                onClick={() => {
                  list.setSearchInput('');
                  list.setFilters({
                    search: '',
                    status: '',
                    source_id: '',
                    owner_id: '',
                    created_from: '',
                    created_to: '',
                  });
                }}
              >
                Clear filters
              </Button>
            ),
          }}
          table={{
            label: 'Leads',
            columns,
            rowKey: (lead) => lead.id,
            sort: { field: params.sort, direction: params.direction },
            onSortChange: list.setSort,
            page: params.page,
            onPageChange: list.setPage,
          }}
        />
      </Stack>
      <CsvImportModal
        opened={canWrite && importOpen}
        onClose={() => setImportOpen(false)}
        noun="leads"
        required="a person's name or a company name"
        columns={LEAD_CSV_COLUMNS.filter((column) => !(LEAD_CSV_EXPORT_ONLY as readonly string[]).includes(column))}
        previewColumns={['person_name', 'company_name', 'email', 'status', 'source']}
        {...csvImportCalls(previewImport, runImport)}
      />
    </>
  );
}
