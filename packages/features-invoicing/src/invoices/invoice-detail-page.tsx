import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Card,
  Grid,
  Group,
  Menu,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconCash,
  IconCopy,
  IconDots,
  IconDownload,
  IconEdit,
  IconEye,
  IconFiles,
  IconSend,
  IconCircleCheck,
  IconTrash,
  IconBan,
  IconTarget,
} from '@tabler/icons-react';
import {
  INVOICE_MESSAGES,
  PAYMENT_METHOD_LABELS,
  acceptsPayment,
  canVoid,
  formatCurrency,
  isDeletable,
  isEditable,
  type PaymentResponse,
} from '@ledgerleaf/domain';
import {
  errorMessage,
  useCanWrite,
  useDeleteInvoiceMutation,
  useDeletePaymentMutation,
  useDuplicateInvoiceMutation,
  useGetGoalQuery,
  useGetInvoiceQuery,
  useIssueInvoiceMutation,
  useVoidInvoiceMutation,
  type InvoiceDetail,
  useDateFormat,
  paths,
  paymentToastId,
  queryState,
} from '@ledgerleaf/api';
import { PageHeader, useToast, useAsk, type ToastOptions } from '@ledgerleaf/ui';
import { RecordLoader, RecordNotFound, useEditMode, useRouteId } from '@ledgerleaf/ui/routing';
import { InvoiceDocument } from './invoice-document';
import { InvoiceEditorLoader } from './invoice-editor';
import { PaymentModal } from './payment-modal';
import { useAllocatePaymentHandler, usePaymentRecordedHandler, type OnPaymentRecorded } from './payment-hooks';
import { downloadInvoicePdf, previewInvoicePdf } from './pdf';
import { SendModal } from './send-modal';
import { SendReceiptButton } from './send-receipt-button';
import { sendToast } from '../shared/send-toast';
import { InvoiceStatusBadge, invoiceLabel } from './status-badge';
import { InvoiceEmailsCard } from './invoice-emails-card';
import {
  ActivityCard,
  DocumentHeader,
  Fact,
  SideCard,
  useDocumentFeedback,
  useSendDialog,
} from '../shared/document-page';

function Payments({ invoice, canWrite }: { invoice: InvoiceDetail; canWrite: boolean }) {
  const { formatDate } = useDateFormat();
  const ask = useAsk();
  const toast = useToast();
  const [deletePayment] = useDeletePaymentMutation();
  const allocate = useAllocatePaymentHandler();
  if (invoice.payments.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No payments yet.
      </Text>
    );
  }
  const onDelete = async (payment: InvoiceDetail['payments'][number]) => {
    const sure = await ask({
      title: 'Delete payment?',
      message: `The payment of ${formatCurrency(payment.amount)} from ${formatDate(payment.payment_date)} will be removed and the balance recomputed.`,
      confirmText: 'Delete payment',
      type: 'danger',
    });
    if (!sure) return;
    const result = await deletePayment({ invoiceId: invoice.id, paymentId: payment.id });
    if ('error' in result)
      toast.show({
        severity: 'error',
        summary: 'Could not delete the payment',
        detail: errorMessage(result.error, 'Please try again.'),
      });
    else
      toast.show({
        severity: 'success',
        summary: INVOICE_MESSAGES.paymentDeleted,
        detail: formatCurrency(payment.amount),
      });
  };
  // A narrow card (a phone, larger text) scrolls the table sideways, as the list tables do, so the
  // actions column stays within reach instead of being cut off at the card's edge.
  return (
    <Table.ScrollContainer minWidth={canWrite ? 320 : 220}>
      <Table aria-label="Payments" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Method</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            {canWrite && (
              <Table.Th w={104}>
                <Box
                  component="span"
                  style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
                >
                  Actions
                </Box>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoice.payments.map((payment) => (
            <Table.Tr key={payment.id}>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(payment.payment_date)}
                </Text>
                {(payment.reference || payment.note) && (
                  <Text size="xs" c="dimmed">
                    {[payment.reference, payment.note].filter(Boolean).join(' · ')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{PAYMENT_METHOD_LABELS[payment.method]}</Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatCurrency(payment.amount)}
              </Table.Td>
              {canWrite && (
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {invoice.status !== 'void' && <SendReceiptButton invoice={invoice} payment={payment} />}
                    {allocate && invoice.status !== 'void' && (
                      <Tooltip label="Allocate to goals">
                        <ActionIcon
                          variant="subtle"
                          color="leaf"
                          aria-label={`Allocate payment of ${formatCurrency(payment.amount)} to goals`}
                          onClick={() =>
                            allocate({
                              invoice_id: invoice.id,
                              invoice_number: invoice.invoice_number,
                              payment_id: payment.payment_id,
                              payment_amount: payment.amount,
                            })
                          }
                        >
                          <IconTarget size={16} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    )}
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete payment of ${formatCurrency(payment.amount)}`}
                      onClick={() => void onDelete(payment)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The goal the invoice counts towards, and the estimate or recurring invoice it came from; nothing when none. */
function InvoiceLinks({ invoice }: { invoice: InvoiceDetail }) {
  const { formatDate } = useDateFormat();
  const goal = useGetGoalQuery(invoice.goal_id ?? 0, { skip: invoice.goal_id === null });
  if (invoice.goal_id === null && invoice.estimate_id === null && invoice.recurring_invoice_id === null) return null;
  return (
    <SideCard title="Linked">
      {invoice.goal_id !== null && (
        <Fact label="Goal" numeric>
          <Anchor component={Link} to={paths.goals.detail(invoice.goal_id)} size="sm">
            {goal.data?.title ?? `Goal #${invoice.goal_id}`}
          </Anchor>
        </Fact>
      )}
      {invoice.estimate_id !== null && (
        <Fact label="Created from estimate" numeric>
          <Anchor component={Link} to={paths.estimates.detail(invoice.estimate_id)} size="sm">
            {invoice.estimate_number ?? 'Draft estimate'}
          </Anchor>
        </Fact>
      )}
      {invoice.recurring_invoice_id !== null && (
        <Fact label="From recurring invoice" numeric>
          <Anchor component={Link} to={paths.recurringInvoices.detail(invoice.recurring_invoice_id)} size="sm">
            {invoice.recurring_period ? `Run of ${formatDate(invoice.recurring_period)}` : 'The schedule'}
          </Anchor>
        </Fact>
      )}
    </SideCard>
  );
}

export interface InvoiceDetailProps {
  invoice: InvoiceDetail;
  /** Called after a payment was recorded, with its `payment_id` (the goals issue opens its allocation modal). */
  onPaymentRecorded?: OnPaymentRecorded;
}

/** The invoice with its status, rendering, payments, balance, timeline and every action. */
export function InvoiceDetailView({ invoice, onPaymentRecorded }: InvoiceDetailProps) {
  const { formatDate } = useDateFormat();
  const navigate = useNavigate();
  const ask = useAsk();
  const toast = useToast();
  // The read-only role sees the invoice, its PDF and its link, and none of the actions that change it (the server refuses them with 403).
  const canWrite = useCanWrite();
  const fromProvider = usePaymentRecordedHandler();
  const paymentRecorded = onPaymentRecorded ?? fromProvider;
  const [paymentOpen, setPaymentOpen] = useState(false);
  const [sendOpen, setSendOpen] = useSendDialog();
  const [downloading, setDownloading] = useState(false);
  const [issue, issueState] = useIssueInvoiceMutation();
  const [duplicate, duplicateState] = useDuplicateInvoiceMutation();
  const [voidInvoice] = useVoidInvoiceMutation();
  const [deleteInvoice] = useDeleteInvoiceMutation();
  const label = invoiceLabel(invoice, formatDate);
  const draft = invoice.status === 'draft';

  const { failed, copyLink } = useDocumentFeedback();

  const onRecorded = (response: PaymentResponse) => {
    // One toast for the whole action (issue 11): the payment and its receipt; the goal allocation
    // that may follow replaces it (same id).
    toast.show(paymentToast(response, formatDate));
    paymentRecorded?.({
      invoice_id: invoice.id,
      invoice_number: response.invoice.invoice_number,
      payment_id: response.data.payment_id,
      payment_amount: response.data.amount,
    });
  };

  const onIssue = async () => {
    const result = await issue(invoice.id);
    if ('error' in result) failed('Could not mark as issued', result.error);
    else
      toast.show({
        severity: 'success',
        summary: INVOICE_MESSAGES.markedAsSent,
        detail: result.data.invoice_number ?? undefined,
      });
  };

  const onDuplicate = async () => {
    const result = await duplicate(invoice.id);
    if ('error' in result) return failed('Could not duplicate the invoice', result.error);
    toast.show({ severity: 'success', summary: 'Invoice duplicated', detail: 'A new draft, dated today.' });
    navigate(paths.invoices.edit(result.data.id));
  };

  const onVoid = async () => {
    const sure = await ask({
      title: `Void invoice ${label}?`,
      message: 'A void invoice keeps its number but is no longer owed. This cannot be undone.',
      confirmText: 'Void invoice',
      type: 'danger',
    });
    if (!sure) return;
    const result = await voidInvoice({ id: invoice.id });
    if ('error' in result) failed('Could not void the invoice', result.error);
    else toast.show({ severity: 'success', summary: INVOICE_MESSAGES.voided, detail: label });
  };

  const onDelete = async () => {
    const sure = await ask({
      title: 'Delete draft?',
      message: `${label} will be deleted for good.`,
      confirmText: 'Delete draft',
      type: 'danger',
    });
    if (!sure) return;
    const result = await deleteInvoice(invoice.id);
    if ('error' in result) return failed('Could not delete the invoice', result.error);
    toast.show({ severity: 'success', summary: INVOICE_MESSAGES.deleted, detail: label });
    navigate(paths.invoices.list);
  };

  const onDownload = async () => {
    setDownloading(true);
    try {
      await downloadInvoicePdf(invoice.id);
    } catch (error) {
      toast.show({
        severity: 'error',
        summary: 'Could not download the PDF',
        detail: error instanceof Error ? error.message : 'Please try again.',
      });
    } finally {
      setDownloading(false);
    }
  };

  const onPreview = async () => {
    try {
      await previewInvoicePdf(invoice.id);
    } catch (error) {
      toast.show({
        severity: 'error',
        summary: 'Could not open the PDF',
        detail: error instanceof Error ? error.message : 'Please try again.',
      });
    }
  };

  const onCopyLink = async () => {
    if (invoice.public_url)
      await copyLink(invoice.public_url, 'Your client can open the invoice with it, without signing in.');
  };

  return (
    <>
      <DocumentHeader
        back={{ to: paths.invoices.list, label: 'All invoices' }}
        title={draft ? `Draft invoice for ${invoice.client.name}` : `Invoice ${label}`}
        badge={<InvoiceStatusBadge status={invoice.status} size="lg" />}
        description={`${invoice.client.name} · issued ${formatDate(invoice.issue_date)} · due ${formatDate(invoice.due_date)}`}
        actions={
          <>
            {canWrite && isEditable(invoice.status) && (
              <Button
                variant="default"
                component={Link}
                to={paths.invoices.edit(invoice.id)}
                leftSection={<IconEdit size={16} aria-hidden />}
              >
                Edit
              </Button>
            )}
            {canWrite && acceptsPayment(invoice.status) && (
              <Button onClick={() => setPaymentOpen(true)} leftSection={<IconCash size={16} aria-hidden />}>
                Record payment
              </Button>
            )}
            {canWrite && invoice.status !== 'void' && (
              <Button
                variant={acceptsPayment(invoice.status) ? 'default' : 'filled'}
                onClick={() => setSendOpen(true)}
                leftSection={<IconSend size={16} aria-hidden />}
              >
                {draft ? 'Send' : 'Send again'}
              </Button>
            )}
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="default" size="lg" aria-label="More actions">
                  <IconDots size={18} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {canWrite && draft && (
                  <Menu.Item
                    leftSection={<IconCircleCheck size={16} aria-hidden />}
                    onClick={() => void onIssue()}
                    disabled={issueState.isLoading}
                  >
                    Mark as issued
                  </Menu.Item>
                )}
                <Menu.Item leftSection={<IconEye size={16} aria-hidden />} onClick={() => void onPreview()}>
                  Preview PDF
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconDownload size={16} aria-hidden />}
                  onClick={() => void onDownload()}
                  disabled={downloading}
                >
                  Download PDF
                </Menu.Item>
                {invoice.public_url && (
                  <Menu.Item leftSection={<IconCopy size={16} aria-hidden />} onClick={() => void onCopyLink()}>
                    Copy public link
                  </Menu.Item>
                )}
                {canWrite && (
                  <Menu.Item
                    leftSection={<IconFiles size={16} aria-hidden />}
                    onClick={() => void onDuplicate()}
                    disabled={duplicateState.isLoading}
                  >
                    Duplicate
                  </Menu.Item>
                )}
                {canWrite && canVoid(invoice.status) && (
                  <Menu.Item color="red" leftSection={<IconBan size={16} aria-hidden />} onClick={() => void onVoid()}>
                    Void
                  </Menu.Item>
                )}
                {canWrite && isDeletable(invoice.status) && (
                  <Menu.Item
                    color="red"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    onClick={() => void onDelete()}
                  >
                    Delete
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          </>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <InvoiceDocument
            invoice={invoice}
            parties={invoice.parties}
            billTo={{ name: invoice.client.name, lines: invoice.client.email ? [invoice.client.email] : [] }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <SideCard title="Balance">
              <Fact label="Total" numeric>
                {formatCurrency(invoice.totals.total)}
              </Fact>
              <Fact label="Paid" numeric>
                {formatCurrency(invoice.amount_paid)}
              </Fact>
              <Group justify="space-between" gap="sm">
                <Text fw={700}>Balance due</Text>
                <Text fw={700} size="lg" data-testid="balance-due" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatCurrency(invoice.balance_due)}
                </Text>
              </Group>
              {(invoice.status === 'draft' || invoice.status === 'void') && (
                <Text size="xs" c="dimmed">
                  {invoice.status === 'draft'
                    ? 'A draft owes nothing until it is sent.'
                    : 'A void invoice owes nothing.'}
                </Text>
              )}
              {invoice.credit > 0 && (
                <Fact label="Credit" numeric>
                  {formatCurrency(invoice.credit)}
                </Fact>
              )}
            </SideCard>
            <InvoiceLinks invoice={invoice} />
            <Card withBorder padding="md">
              <Stack gap="xs">
                <Group justify="space-between">
                  <Title order={2} size="h5">
                    Payments
                  </Title>
                  {canWrite && acceptsPayment(invoice.status) && (
                    <Button size="xs" variant="light" onClick={() => setPaymentOpen(true)}>
                      Add
                    </Button>
                  )}
                </Group>
                <Payments invoice={invoice} canWrite={canWrite} />
              </Stack>
            </Card>
            <InvoiceEmailsCard invoiceId={invoice.id} />
            <ActivityCard entries={invoice.activity} />
          </Stack>
        </Grid.Col>
      </Grid>
      {canWrite && (
        <>
          <PaymentModal
            opened={paymentOpen}
            onClose={() => setPaymentOpen(false)}
            invoice={invoice}
            onRecorded={onRecorded}
          />
          <SendModal
            opened={sendOpen}
            onClose={() => setSendOpen(false)}
            invoice={invoice}
            onSent={(response) => toast.show(sendToast('Invoice', response))}
          />
        </>
      )}
    </>
  );
}

/** /invoices/:id (with `?edit=1` the editor of an editable invoice). */
export function InvoiceDetailPage({ onPaymentRecorded }: { onPaymentRecorded?: OnPaymentRecorded } = {}) {
  const { id, valid } = useRouteId();
  const query = useGetInvoiceQuery(id, { skip: !valid });
  const edit = useEditMode();
  const canWrite = useCanWrite();
  return (
    <RecordLoader
      state={queryState(query)}
      invalid={!valid}
      notFound={
        <RecordNotFound title={INVOICE_MESSAGES.notFound} backTo={paths.invoices.list} backLabel="Back to invoices" />
      }
      errorTitle="The invoice could not be loaded"
    >
      {(invoice) =>
        edit && canWrite && isEditable(invoice.status) ? (
          <>
            <PageHeader
              title={invoice.invoice_number ? `Edit invoice ${invoice.invoice_number}` : 'Edit draft invoice'}
              description={invoice.client.name}
            />
            <InvoiceEditorLoader invoice={invoice} />
          </>
        ) : (
          <InvoiceDetailView invoice={invoice} onPaymentRecorded={onPaymentRecorded} />
        )
      }
    </RecordLoader>
  );
}

/** The one toast of a recorded payment: what was recorded, and whether its receipt went out. */
export function paymentToast(
  response: PaymentResponse,
  formatDate: (isoDate: string) => string = (isoDate) => isoDate,
): ToastOptions {
  const recorded = `${formatCurrency(response.data.amount)} on ${invoiceLabel(response.invoice, formatDate)}`;
  const id = paymentToastId(response.data.payment_id);
  const { receipt } = response;
  if (receipt && !receipt.sent)
    return {
      ...(id ? { id } : {}),
      severity: 'warn',
      summary: 'Payment recorded, receipt not sent',
      detail: `${recorded}. ${receipt.message}`,
      timeout: false,
    };
  return {
    ...(id ? { id } : {}),
    severity: 'success',
    summary: INVOICE_MESSAGES.paymentRecorded,
    detail: receipt ? `${recorded}. ${receipt.message}` : recorded,
  };
}
