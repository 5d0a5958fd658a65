import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ActionIcon, Button, Grid, Menu, Stack } from '@mantine/core';
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
} from '@tabler/icons-react';
import {
  INVOICE_MESSAGES,
  acceptsPayment,
  canVoid,
  formatCurrency,
  isDeletable,
  isEditable,
  type PaymentResponse,
} from '@ledgerleaf/domain';
import {
  useCanWrite,
  useDeleteInvoiceMutation,
  useDuplicateInvoiceMutation,
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
import { usePaymentRecordedHandler, type OnPaymentRecorded } from './payment-hooks';
import { downloadInvoicePdf, previewInvoicePdf } from './pdf';
import { SendModal } from './send-modal';
import { sendToast } from '../shared/send-toast';
import { InvoiceStatusBadge, invoiceLabel } from './status-badge';
import { InvoiceEmailsCard } from './invoice-emails-card';
import { InvoiceBalanceCard } from './invoice-balance-card';
import { InvoiceLinksCard } from './invoice-links-card';
import { InvoicePaymentsCard } from './invoice-payments-card';
import { ActivityCard, DocumentHeader, useDocumentFeedback, useSendDialog } from '../shared/document-page';

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
            <InvoiceBalanceCard invoice={invoice} />
            <InvoiceLinksCard invoice={invoice} />
            <InvoicePaymentsCard invoice={invoice} canWrite={canWrite} onAdd={() => setPaymentOpen(true)} />
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
