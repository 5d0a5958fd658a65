import { Link, useNavigate } from 'react-router';
import { Anchor, Button, Grid, Stack, Table, Text } from '@mantine/core';
import {
  IconEdit,
  IconFileInvoice,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerSkipForward,
  IconTrash,
} from '@tabler/icons-react';
import { RECURRING_MESSAGES, describeSchedule, type RecurringInvoice } from '@ledgerleaf/domain';
import {
  useCanWrite,
  useDeleteRecurringInvoiceMutation,
  useGetRecurringInvoiceQuery,
  useIssueRecurringNowMutation,
  useRecurringActionMutation,
  useDateFormat,
  paths,
  queryState,
} from '@ledgerleaf/api';
import { PageHeader, useToast, FormAlert, useAsk } from '@ledgerleaf/ui';
import { RecordLoader, RecordNotFound, useEditMode, useRouteId } from '@ledgerleaf/ui/routing';
import { InvoiceDocument } from '../invoices/invoice-document';
import { RecurringStatusBadge } from '../estimates/estimate-status';
import { RecurringEditor } from './recurring-editor';
import { MoneyText } from '../shared/money-text';
import { RunNowButton } from './run-now-button';
import { invoiceListLabel } from '../invoices/status-badge';
import { DocumentHeader, Fact, SideCard, useDocumentFeedback } from '../shared/document-page';

/** Today in the browser's zone, `yyyy-MM-dd`. */
function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

function RecurringDetailView({ recurring }: { recurring: RecurringInvoice }) {
  const { formatDate } = useDateFormat();
  const navigate = useNavigate();
  const ask = useAsk();
  const { failed } = useDocumentFeedback();
  const toast = useToast();
  // The read-only role sees the schedule and what it created, and none of the actions that change it.
  const canWrite = useCanWrite();
  const [act, actState] = useRecurringActionMutation();
  const [remove] = useDeleteRecurringInvoiceMutation();
  const [issueNow, issueState] = useIssueRecurringNowMutation();
  // The current period has come (its date is today or past) and has no invoice yet: it may be issued
  // now rather than at the send time. The server decides in the business's zone and answers 409 when
  // the period was issued already.
  const issuable =
    recurring.status === 'active' && recurring.next_run_date !== null && recurring.next_run_date <= localToday();
  const onIssueNow = async () => {
    if (!recurring.next_run_date) return;
    const sure = await ask({
      title: 'Issue this period now?',
      message: `The invoice of the period of ${formatDate(recurring.next_run_date)} is numbered now${recurring.auto_send ? ' and emailed to the client' : ''}, not at the send time. Each period has one invoice.`,
      confirmText: 'Issue now',
      type: 'info',
    });
    if (!sure) return;
    const result = await issueNow(recurring.id);
    if ('error' in result) return failed('The invoice was not issued', result.error);
    toast.show({ severity: 'success', summary: 'Invoice issued', detail: result.data.message });
    navigate(paths.invoices.detail(result.data.invoice.id));
  };
  const run = async (action: 'pause' | 'resume' | 'skip') => {
    if (action === 'skip') {
      const sure = await ask({
        title: 'Skip the next run?',
        message: `No invoice will be created on ${formatDate(recurring.next_run_date)}; the schedule moves to the following date.`,
        confirmText: 'Skip next run',
        type: 'warning',
      });
      if (!sure) return;
    }
    const result = await act({ id: recurring.id, action });
    if ('error' in result) failed('That did not work', result.error);
    else toast.show({ severity: 'success', summary: result.data.message });
  };
  const onDelete = async () => {
    const sure = await ask({
      title: 'Delete this recurring invoice?',
      message: 'No more invoices will be created. The invoices it already created stay.',
      confirmText: 'Delete',
      type: 'danger',
    });
    if (!sure) return;
    const result = await remove(recurring.id);
    if ('error' in result) return failed('Could not delete', result.error);
    toast.show({ severity: 'success', summary: RECURRING_MESSAGES.deleted });
    navigate(paths.recurringInvoices.list);
  };
  return (
    <>
      <DocumentHeader
        back={{ to: paths.recurringInvoices.list, label: 'All recurring invoices' }}
        title={`Recurring invoice for ${recurring.client.name}`}
        badge={<RecurringStatusBadge status={recurring.status} size="lg" />}
        description={describeSchedule(recurring)}
        actions={
          canWrite ? (
            <>
              <Button
                variant="default"
                component={Link}
                to={paths.recurringInvoices.edit(recurring.id)}
                leftSection={<IconEdit size={16} aria-hidden />}
              >
                Edit
              </Button>
              {issuable && (
                <Button
                  loading={issueState.isLoading}
                  onClick={() => void onIssueNow()}
                  leftSection={<IconFileInvoice size={16} aria-hidden />}
                >
                  Issue now
                </Button>
              )}
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
            <SideCard title="Invoices created" gap="sm">
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
                          <Anchor component={Link} to={paths.invoices.detail(invoice.id)}>
                            {invoiceListLabel(invoice)}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{formatDate(invoice.period)}</Table.Td>
                        <Table.Td>{invoice.status}</Table.Td>
                        <Table.Td ta="right">
                          <MoneyText value={invoice.total} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </SideCard>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <SideCard title="Schedule">
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
          </SideCard>
        </Grid.Col>
      </Grid>
    </>
  );
}

/** /recurring-invoices/:id (with `?edit=1` the editor). */
export function RecurringDetailPage() {
  const { id, valid } = useRouteId();
  const query = useGetRecurringInvoiceQuery(id, { skip: !valid });
  const edit = useEditMode();
  const canWrite = useCanWrite();
  return (
    <RecordLoader
      state={queryState(query)}
      invalid={!valid}
      notFound={
        <RecordNotFound
          title={RECURRING_MESSAGES.notFound}
          backTo={paths.recurringInvoices.list}
          backLabel="Back to recurring invoices"
        />
      }
      errorTitle="The recurring invoice could not be loaded"
    >
      {(recurring) =>
        edit && canWrite ? (
          <>
            <PageHeader title="Edit recurring invoice" description={recurring.client.name} />
            <RecurringEditor key={recurring.id} recurring={recurring} defaultAutoSend={recurring.auto_send} />
          </>
        ) : (
          <RecurringDetailView recurring={recurring} />
        )
      }
    </RecordLoader>
  );
}
