import { useEffect, useState, useMemo, type MouseEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  Anchor,
  Box,
  Button,
  Card,
  Checkbox,
  CloseButton,
  Grid,
  Group,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconEdit,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerSkipForward,
  IconPlus,
  IconRefresh,
  IconSearch,
  IconSettings,
  IconTrash,
} from '@tabler/icons-react';
import {
  ACCOUNT_MESSAGES,
  MISSED_RUN_POLICIES,
  RECURRING_MESSAGES,
  RECURRING_SORT_FIELDS,
  describeSchedule,
  formatCurrency,
  recurringConfigSchema,
  validateWith,
  type RecurringConfig,
  type RecurringInvoice,
  type RecurringListItem,
} from '@ledgerleaf/domain';
import {
  errorMessage,
  errorStatus,
  useAccess,
  useCanWrite,
  useDeleteRecurringInvoiceMutation,
  useGetRecurringConfigQuery,
  useGetRecurringInvoiceQuery,
  useListRecurringInvoicesQuery,
  useRecurringActionMutation,
  useRunSchedulerMutation,
  useSaveRecurringConfigMutation,
  useDateFormat,
  type DateFormatter,
  loadErrorMessage,
  splitServerErrors,
} from '@ledgerleaf/api';
import {
  CardSkeleton,
  DataTable,
  EmptyState,
  PageHeader,
  useConfirm,
  useToast,
  type DataTableColumn,
  LoadError,
  FormAlert,
} from '@ledgerleaf/ui';
import { InvoicingAreaTabs } from '../invoices/area-tabs';
import { InvoiceDocument } from '../invoices/invoice-document';
import { useListParams } from '../shared/list-params';
import { RecurringStatusBadge } from '../estimates/estimate-status';
import { RecurringEditor } from './recurring-editor';

const money = (value: number) => (
  <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
    {formatCurrency(value)}
  </Text>
);

/** The list's columns, dates in the business's format. */
const columnsFor = (formatDate: DateFormatter): DataTableColumn<RecurringListItem>[] => [
  {
    key: 'client_name',
    header: 'Client',
    sortable: true,
    render: (row) => (
      <Anchor
        component={Link}
        to={`/recurring-invoices/${row.id}`}
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
    render: (row) => money(row.total),
  },
];

/**
 * "Run now": one scheduler pass over the business's own work (due recurring invoices, overdue,
 * expiry, reminders, their emails), for the roles that may write; the read-only role does not see it.
 */
function RunNowButton() {
  const toast = useToast();
  const mayRun = useCanWrite();
  const [run, state] = useRunSchedulerMutation();
  if (!mayRun) return null;
  return (
    <Button
      variant="default"
      loading={state.isLoading}
      leftSection={<IconRefresh size={16} aria-hidden />}
      onClick={async () => {
        const result = await run();
        if ('error' in result)
          toast.show({
            severity: 'error',
            summary: 'The scheduler could not run',
            detail: errorMessage(result.error, 'Please try again.'),
          });
        else toast.show({ severity: 'success', summary: 'Scheduler ran', detail: result.data.message });
      }}
    >
      Run now
    </Button>
  );
}

/** /recurring-invoices: next run, remaining count and status; pages, sort and status tabs. */
export function RecurringInvoicesPage() {
  const { formatDate } = useDateFormat();
  const columns = useMemo(() => columnsFor(formatDate), [formatDate]);
  const navigate = useNavigate();
  const canWrite = useCanWrite();
  const list = useListParams('next_run_date', RECURRING_SORT_FIELDS);
  const [search, setSearch] = useSearchParams();
  const setStatusParam = (value: string) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('status', value);
        else next.delete('status');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  const status = (['active', 'paused', 'finished'] as const).find((value) => value === search.get('status')) ?? 'all';
  const { params } = list;
  const query = useListRecurringInvoicesQuery({
    page: params.page,
    search: params.search || undefined,
    sort: params.sort as (typeof RECURRING_SORT_FIELDS)[number],
    direction: params.direction,
    status,
  });
  const page = query.data;
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
        title="Recurring invoices"
        description="Invoices that create themselves on a schedule, numbered and optionally emailed."
        actions={
          <>
            <RunNowButton />
            <Button
              variant="default"
              component={Link}
              to="/recurring-invoices/config"
              leftSection={<IconSettings size={16} aria-hidden />}
            >
              Settings
            </Button>
            {canWrite && (
              <Button component={Link} to="/recurring-invoices/create" leftSection={<IconPlus size={16} aria-hidden />}>
                New Recurring Invoice
              </Button>
            )}
          </>
        }
      />
      <InvoicingAreaTabs />
      <Card withBorder padding="md">
        <Stack gap="md">
          <Tabs
            value={status}
            onChange={(value) => setStatusParam(value === 'all' || !value ? '' : value)}
            variant="pills"
            aria-label="Recurring invoice status"
          >
            <Tabs.List>
              <Tabs.Tab value="all">All</Tabs.Tab>
              <Tabs.Tab value="active">Active</Tabs.Tab>
              <Tabs.Tab value="paused">Paused</Tabs.Tab>
              <Tabs.Tab value="finished">Finished</Tabs.Tab>
            </Tabs.List>
          </Tabs>
          <TextInput
            aria-label="Search recurring invoices"
            placeholder="Search by client"
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={
              list.searchInput ? <CloseButton size="sm" aria-label="Clear search" onClick={list.clearSearch} /> : null
            }
            value={list.searchInput}
            onChange={(event) => list.setSearchInput(event.currentTarget.value)}
            maw={380}
          />
          {query.isError ? (
            <LoadError
              title="Recurring invoices could not be loaded"
              message={loadErrorMessage(query.error)}
              onRetry={() => void query.refetch()}
            />
          ) : empty && params.search === '' && status === 'all' ? (
            <EmptyState
              title="No recurring invoices yet"
              message={
                canWrite
                  ? 'Bill a retainer or a subscription automatically: set the lines once and choose how often.'
                  : 'The recurring invoices of the business will be listed here.'
              }
              action={
                canWrite ? (
                  <Button
                    component={Link}
                    to="/recurring-invoices/create"
                    leftSection={<IconPlus size={16} aria-hidden />}
                  >
                    Create a recurring invoice
                  </Button>
                ) : undefined
              }
            />
          ) : empty ? (
            <EmptyState title="No matching recurring invoices" message="Nothing matches these filters." />
          ) : (
            <Box onClick={onRowClick} style={{ cursor: 'pointer' }}>
              <DataTable
                label="Recurring invoices"
                columns={columns}
                rows={page?.data ?? []}
                rowKey={(row) => row.id}
                sort={{ field: params.sort, direction: params.direction }}
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

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right" data-testid={`fact-${label.toLowerCase().replace(/\s+/g, '-')}`}>
        {children}
      </Text>
    </Group>
  );
}

function RecurringDetailView({ recurring }: { recurring: RecurringInvoice }) {
  const { formatDate } = useDateFormat();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const toast = useToast();
  // The read-only role sees the schedule and what it created, and none of the actions that change it.
  const canWrite = useCanWrite();
  const [act, actState] = useRecurringActionMutation();
  const [remove] = useDeleteRecurringInvoiceMutation();
  const run = async (action: 'pause' | 'resume' | 'skip') => {
    if (action === 'skip') {
      try {
        await confirm({
          title: 'Skip the next run?',
          message: `No invoice will be created on ${formatDate(recurring.next_run_date)}; the schedule moves to the following date.`,
          confirmText: 'Skip next run',
          type: 'warning',
        });
      } catch {
        return;
      }
    }
    const result = await act({ id: recurring.id, action });
    if ('error' in result)
      toast.show({
        severity: 'error',
        summary: 'That did not work',
        detail: errorMessage(result.error, 'Please try again.'),
      });
    else toast.show({ severity: 'success', summary: result.data.message });
  };
  const onDelete = async () => {
    try {
      await confirm({
        title: 'Delete this recurring invoice?',
        message: 'No more invoices will be created. The invoices it already created stay.',
        confirmText: 'Delete',
        type: 'danger',
      });
    } catch {
      return;
    }
    const result = await remove(recurring.id);
    if ('error' in result)
      return toast.show({
        severity: 'error',
        summary: 'Could not delete',
        detail: errorMessage(result.error, 'Please try again.'),
      });
    toast.show({ severity: 'success', summary: RECURRING_MESSAGES.deleted });
    navigate('/recurring-invoices');
  };
  return (
    <>
      <Anchor
        component={Link}
        to="/recurring-invoices"
        size="sm"
        mb="xs"
        display="inline-flex"
        style={{ alignItems: 'center', gap: 4 }}
      >
        <IconArrowLeft size={14} aria-hidden /> All recurring invoices
      </Anchor>
      <PageHeader
        title={
          <Group gap="sm" component="span" wrap="wrap">
            <span>Recurring invoice for {recurring.client.name}</span>
            <RecurringStatusBadge status={recurring.status} size="lg" />
          </Group>
        }
        description={describeSchedule(recurring)}
        actions={
          canWrite ? (
            <>
              <Button
                variant="default"
                component={Link}
                to={`/recurring-invoices/${recurring.id}?edit=1`}
                leftSection={<IconEdit size={16} aria-hidden />}
              >
                Edit
              </Button>
              {recurring.status === 'active' && (
                <>
                  <Button
                    variant="default"
                    loading={actState.isLoading}
                    onClick={() => void run('skip')}
                    leftSection={<IconPlayerSkipForward size={16} aria-hidden />}
                  >
                    Skip next run
                  </Button>
                  <Button
                    variant="default"
                    loading={actState.isLoading}
                    onClick={() => void run('pause')}
                    leftSection={<IconPlayerPause size={16} aria-hidden />}
                  >
                    Pause
                  </Button>
                </>
              )}
              {recurring.status === 'paused' && (
                <Button
                  loading={actState.isLoading}
                  onClick={() => void run('resume')}
                  leftSection={<IconPlayerPlay size={16} aria-hidden />}
                >
                  Resume
                </Button>
              )}
              <RunNowButton />
              <Button
                variant="subtle"
                color="red"
                onClick={() => void onDelete()}
                leftSection={<IconTrash size={16} aria-hidden />}
              >
                Delete
              </Button>
            </>
          ) : undefined
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <InvoiceDocument
              invoice={{
                ...recurring,
                invoice_number: 'Template',
                issue_date: recurring.next_run_date ?? recurring.start_date,
                due_date: recurring.next_run_date ?? recurring.start_date,
                amount_paid: 0,
                balance_due: recurring.totals.total,
                credit: 0,
              }}
              labels={{ title: 'Recurring invoice', due: 'Next run', hideBalance: true }}
              billTo={{ name: recurring.client.name, lines: recurring.client.email ? [recurring.client.email] : [] }}
            />
            <Card withBorder padding="md">
              <Stack gap="sm">
                <Title order={2} size="h5">
                  Invoices created
                </Title>
                {recurring.invoices.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    None yet: the first one is created on {formatDate(recurring.next_run_date)}.
                  </Text>
                ) : (
                  <Table aria-label="Invoices created" data-testid="produced-invoices">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Invoice</Table.Th>
                        <Table.Th>Period</Table.Th>
                        <Table.Th>Status</Table.Th>
                        <Table.Th ta="right">Total</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {recurring.invoices.map((invoice) => (
                        <Table.Tr key={invoice.id}>
                          <Table.Td>
                            <Anchor component={Link} to={`/invoices/${invoice.id}`}>
                              {invoice.invoice_number ?? `Draft #${invoice.id}`}
                            </Anchor>
                          </Table.Td>
                          <Table.Td>{formatDate(invoice.period)}</Table.Td>
                          <Table.Td>{invoice.status}</Table.Td>
                          <Table.Td ta="right">{money(invoice.total)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )}
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Card withBorder padding="md">
            <Stack gap="xs">
              <Title order={2} size="h5">
                Schedule
              </Title>
              <Fact label="Next run">{recurring.next_run_date ? formatDate(recurring.next_run_date) : '—'}</Fact>
              <Fact label="Starts">{formatDate(recurring.start_date)}</Fact>
              <Fact label="Ends">
                {recurring.end_type === 'never'
                  ? 'Never'
                  : recurring.end_type === 'on_date'
                    ? formatDate(recurring.end_date)
                    : `After ${recurring.end_count} invoices`}
              </Fact>
              <Fact label="Created">{String(recurring.generated_count)}</Fact>
              <Fact label="Remaining">
                {recurring.remaining_count === null ? 'No end' : String(recurring.remaining_count)}
              </Fact>
              <Fact label="Payment terms">{`${recurring.payment_terms_days} days`}</Fact>
              <Fact label="Emailed">{recurring.auto_send ? 'Automatically' : 'No'}</Fact>
              {recurring.last_error && <FormAlert>{`Last run failed: ${recurring.last_error}`}</FormAlert>}
              <Text size="sm" fw={600} mt="sm">
                Upcoming
              </Text>
              {recurring.upcoming.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No more runs.
                </Text>
              ) : (
                recurring.upcoming.map((date) => (
                  <Text key={date} size="sm">
                    {formatDate(date)}
                  </Text>
                ))
              )}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </>
  );
}

/** /recurring-invoices/:id (with `?edit=1` the editor). */
export function RecurringDetailPage() {
  const id = Number(useParams().id);
  const [search] = useSearchParams();
  const valid = Number.isSafeInteger(id) && id > 0;
  const query = useGetRecurringInvoiceQuery(id, { skip: !valid });
  const canWrite = useCanWrite();
  if (!valid || errorStatus(query.error) === 404) {
    return (
      <EmptyState
        titleOrder={1}
        title={RECURRING_MESSAGES.notFound}
        message="It may have been deleted."
        action={
          <Button component={Link} to="/recurring-invoices">
            Back to recurring invoices
          </Button>
        }
      />
    );
  }
  if (query.isLoading) {
    return (
      <Stack gap="lg" aria-busy="true">
        <CardSkeleton lines={2} />
        <CardSkeleton lines={8} />
      </Stack>
    );
  }
  if (!query.data)
    return (
      <LoadError
        title="The recurring invoice could not be loaded"
        message={loadErrorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  if (search.get('edit') === '1' && canWrite) {
    return (
      <>
        <PageHeader title="Edit recurring invoice" description={query.data.client.name} />
        <RecurringEditor key={query.data.id} recurring={query.data} defaultAutoSend={query.data.auto_send} />
      </>
    );
  }
  return <RecurringDetailView recurring={query.data} />;
}

const TIME_ZONES: string[] = (() => {
  try {
    return (Intl as unknown as { supportedValuesOf(key: string): string[] }).supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
})();

function ConfigForm({ config }: { config: RecurringConfig }) {
  const toast = useToast();
  // PUT /recurring-invoices/config is for owners and admins (business settings: its time zone also
  // decides overdue, expiry and reminders); the other roles read the settings only.
  const readOnly = !useAccess().isAdmin;
  const [save, state] = useSaveRecurringConfigMutation();
  const [values, setValues] = useState<RecurringConfig>(config);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  useEffect(() => setValues(config), [config]);
  const submit = async () => {
    setFormError(null);
    const found = validateWith(recurringConfigSchema, values).errors;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const result = await save(values);
    if ('error' in result) {
      const { fields, message } = splitServerErrors(
        result.error,
        (key) => key in values,
        'The settings could not be saved.',
      );
      setErrors(fields);
      setFormError(message);
      return;
    }
    toast.show({ severity: 'success', summary: RECURRING_MESSAGES.configUpdated });
  };
  return (
    <Card withBorder padding="lg" maw={640}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="md">
          {readOnly && (
            <Text size="sm" c="dimmed">
              {ACCOUNT_MESSAGES.adminSettingsOnly}
            </Text>
          )}
          {formError && <FormAlert>{formError}</FormAlert>}
          <TextInput
            type="time"
            label="Send time"
            description="Invoices of the day are created from this time on"
            required
            readOnly={readOnly}
            value={values.send_time}
            onChange={(event) => setValues({ ...values, send_time: event.currentTarget.value })}
            error={errors.send_time}
          />
          <Select
            label="Time zone"
            searchable
            required
            disabled={readOnly}
            data={TIME_ZONES}
            value={values.time_zone}
            onChange={(value) => value && setValues({ ...values, time_zone: value })}
            error={errors.time_zone}
          />
          <Checkbox
            label="Email new recurring invoices automatically by default"
            disabled={readOnly}
            checked={values.default_auto_send}
            onChange={(event) => setValues({ ...values, default_auto_send: event.currentTarget.checked })}
          />
          <Select
            label="Runs missed while the server was down"
            allowDeselect={false}
            data={MISSED_RUN_POLICIES.map((value) => ({
              value,
              label:
                value === 'catch_up' ? 'Catch up: create every missed invoice' : 'Skip: create only the latest one',
            }))}
            value={values.missed_runs}
            onChange={(value) =>
              value && setValues({ ...values, missed_runs: value as RecurringConfig['missed_runs'] })
            }
            error={errors.missed_runs}
            disabled={readOnly}
          />
          {!readOnly && (
            <Group justify="flex-end">
              <Button type="submit" loading={state.isLoading}>
                Save settings
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}

/** /recurring-invoices/config: the business's defaults for recurring invoices. */
export function RecurringConfigPage() {
  const query = useGetRecurringConfigQuery();
  return (
    <>
      <PageHeader
        title="Recurring invoice settings"
        description="When runs happen, in which time zone, and what to do with runs missed while the server was down."
      />
      <InvoicingAreaTabs />
      {query.isLoading ? (
        <CardSkeleton lines={4} />
      ) : query.data ? (
        <ConfigForm config={query.data} />
      ) : (
        <LoadError
          title="The settings could not be loaded"
          message={loadErrorMessage(query.error)}
          onRetry={() => void query.refetch()}
        />
      )}
    </>
  );
}
