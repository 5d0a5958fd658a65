import { Link, useNavigate } from 'react-router';
import { ActionIcon, Anchor, Button, Grid, Menu, Stack, Text } from '@mantine/core';
import {
  IconCircleCheck,
  IconCopy,
  IconDots,
  IconDownload,
  IconEdit,
  IconFileInvoice,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import {
  ESTIMATE_MESSAGES,
  formatCurrency,
  isEstimateConvertible,
  isEstimateDeletable,
  isEstimateEditable,
} from '@ledgerleaf/domain';
import {
  fetchEstimatePdf,
  useCanWrite,
  useConvertEstimateMutation,
  useDeleteEstimateMutation,
  useGetEstimateQuery,
  useIssueEstimateMutation,
  useSendEstimateMutation,
  type EstimateDetail,
  type EstimateSendResponse,
  useDateFormat,
  paths,
  queryState,
} from '@ledgerleaf/api';
import { useToast, useAsk } from '@ledgerleaf/ui';
import { RecordLoader, RecordNotFound, useEditMode, useRouteId } from '@ledgerleaf/ui/routing';
import { InvoiceDocument } from '../invoices/invoice-document';
import { saveBlob } from '../invoices/pdf';
import { SendModal } from '../invoices/send-modal';
import { EstimateEditHeader, EstimateEditor } from './estimate-editor';
import { EstimateStatusBadge, estimateLabel } from './estimate-status';
import {
  ActivityCard,
  DocumentHeader,
  Fact,
  SideCard,
  useDocumentFeedback,
  useSendDialog,
} from '../shared/document-page';
import { sendToast } from '../shared/send-toast';

export const ESTIMATE_DOCUMENT_LABELS = { title: 'Estimate', due: 'Expires', hideBalance: true };

/** The estimate as the API answers it, in the invoice document's layout (no payments, no balance). */
export function estimateDocumentData(estimate: EstimateDetail) {
  return {
    ...estimate,
    invoice_number: estimate.estimate_number,
    due_date: estimate.expiry_date,
    amount_paid: 0,
    balance_due: estimate.totals.total,
    credit: 0,
    payments: [],
  };
}

/** The estimate with its status, rendering, the client's answer, timeline and every action. */
export function EstimateDetailView({ estimate }: { estimate: EstimateDetail }) {
  const { formatDate } = useDateFormat();
  const navigate = useNavigate();
  const ask = useAsk();
  const toast = useToast();
  // The read-only role sees the estimate, its PDF and its link, and none of the actions that change it.
  const canWrite = useCanWrite();
  const [sendOpen, setSendOpen] = useSendDialog();
  const [issue, issueState] = useIssueEstimateMutation();
  const [convert, convertState] = useConvertEstimateMutation();
  const [remove] = useDeleteEstimateMutation();
  const [send, sendState] = useSendEstimateMutation();
  const label = estimateLabel(estimate, formatDate);
  const draft = estimate.status === 'draft';
  const { failed, copyLink } = useDocumentFeedback();

  const onIssue = async () => {
    const result = await issue(estimate.id);
    if ('error' in result) failed('Could not mark as issued', result.error);
    else
      toast.show({
        severity: 'success',
        summary: ESTIMATE_MESSAGES.markedAsSent,
        detail: result.data.estimate_number ?? undefined,
      });
  };

  const onConvert = async () => {
    const sure = await ask({
      title: `Convert estimate ${label} to an invoice?`,
      message: `A draft invoice for ${estimate.client.name} is created with the same lines (${formatCurrency(estimate.totals.total)}). An estimate converts once.`,
      confirmText: 'Convert to invoice',
      type: 'info',
    });
    if (!sure) return;
    const result = await convert(estimate.id);
    if ('error' in result) return failed('Could not convert the estimate', result.error);
    toast.show({ severity: 'success', summary: 'Estimate converted', detail: result.data.message });
    navigate(paths.invoices.detail(result.data.invoice_id));
  };

  const onDelete = async () => {
    const sure = await ask({
      title: 'Delete draft?',
      message: `${label} will be deleted for good.`,
      confirmText: 'Delete draft',
      type: 'danger',
    });
    if (!sure) return;
    const result = await remove(estimate.id);
    if ('error' in result) return failed('Could not delete the estimate', result.error);
    toast.show({ severity: 'success', summary: ESTIMATE_MESSAGES.deleted, detail: label });
    navigate(paths.estimates.list);
  };

  const onDownload = async () => {
    try {
      const { blob, filename } = await fetchEstimatePdf(estimate.id);
      saveBlob(blob, filename);
    } catch (error) {
      toast.show({
        severity: 'error',
        summary: 'Could not download the PDF',
        detail: error instanceof Error ? error.message : 'Please try again.',
      });
    }
  };

  const onCopyLink = async () => {
    if (estimate.public_url)
      await copyLink(
        estimate.public_url,
        'Your client can open, accept or decline the estimate with it, without signing in.',
      );
  };

  const canSend = draft || estimate.status === 'sent' || estimate.status === 'viewed' || estimate.status === 'accepted';
  const convertible = isEstimateConvertible(estimate.status) && estimate.invoice_id === null;

  return (
    <>
      <DocumentHeader
        back={{ to: paths.estimates.list, label: 'All estimates' }}
        title={draft ? `Draft estimate for ${estimate.client.name}` : `Estimate ${label}`}
        badge={<EstimateStatusBadge status={estimate.status} size="lg" />}
        description={`${estimate.client.name} · dated ${formatDate(estimate.issue_date)} · expires ${formatDate(estimate.expiry_date)}`}
        actions={
          <>
            {canWrite && isEstimateEditable(estimate.status) && (
              <Button
                variant="default"
                component={Link}
                to={paths.estimates.edit(estimate.id)}
                leftSection={<IconEdit size={16} aria-hidden />}
              >
                Edit
              </Button>
            )}
            {canWrite && convertible && (
              <Button
                onClick={() => void onConvert()}
                loading={convertState.isLoading}
                leftSection={<IconFileInvoice size={16} aria-hidden />}
              >
                Convert to invoice
              </Button>
            )}
            {canWrite && canSend && (
              <Button
                variant={convertible ? 'default' : 'filled'}
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
                <Menu.Item leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void onDownload()}>
                  Download PDF
                </Menu.Item>
                {estimate.public_url && (
                  <Menu.Item leftSection={<IconCopy size={16} aria-hidden />} onClick={() => void onCopyLink()}>
                    Copy public link
                  </Menu.Item>
                )}
                {canWrite && isEstimateDeletable(estimate.status) && (
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
            invoice={estimateDocumentData(estimate)}
            labels={ESTIMATE_DOCUMENT_LABELS}
            billTo={{ name: estimate.client.name, lines: estimate.client.email ? [estimate.client.email] : [] }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <SideCard title="Client’s answer">
              <Fact label="Total">{formatCurrency(estimate.totals.total)}</Fact>
              {estimate.accepted_at && (
                <Fact label="Accepted">{`${formatDate(estimate.accepted_at)} by ${estimate.accepted_by ?? ''}`}</Fact>
              )}
              {estimate.declined_at && <Fact label="Declined">{formatDate(estimate.declined_at)}</Fact>}
              {estimate.decline_reason && <Fact label="Reason">{estimate.decline_reason}</Fact>}
              {!estimate.accepted_at && !estimate.declined_at && (
                <Text size="sm" c="dimmed">
                  {draft
                    ? 'Send the estimate so your client can answer.'
                    : estimate.status === 'expired'
                      ? 'It expired without an answer.'
                      : 'Waiting for your client.'}
                </Text>
              )}
              {estimate.invoice_id !== null && (
                <Fact label="Invoice">
                  <Anchor component={Link} to={paths.invoices.detail(estimate.invoice_id)}>
                    {estimate.invoice_number ?? 'Draft invoice'}
                  </Anchor>
                </Fact>
              )}
            </SideCard>
            <ActivityCard entries={estimate.activity} />
          </Stack>
        </Grid.Col>
      </Grid>
      {canWrite && (
        <SendModal<EstimateSendResponse>
          opened={sendOpen}
          onClose={() => setSendOpen(false)}
          invoice={{
            id: estimate.id,
            invoice_number: estimate.estimate_number,
            status: estimate.status,
            client: estimate.client,
          }}
          document={{ noun: 'estimate', send: (args) => send(args), sending: sendState.isLoading }}
          onSent={(response) => toast.show(sendToast('Estimate', response))}
        />
      )}
    </>
  );
}

/** /estimates/:id (with `?edit=1` the editor of an editable estimate). */
export function EstimateDetailPage() {
  const { id, valid } = useRouteId();
  const query = useGetEstimateQuery(id, { skip: !valid });
  const edit = useEditMode();
  const canWrite = useCanWrite();
  return (
    <RecordLoader
      state={queryState(query)}
      invalid={!valid}
      notFound={
        <RecordNotFound
          title={ESTIMATE_MESSAGES.notFound}
          backTo={paths.estimates.list}
          backLabel="Back to estimates"
        />
      }
      errorTitle="The estimate could not be loaded"
    >
      {(estimate) =>
        edit && canWrite && isEstimateEditable(estimate.status) ? (
          <>
            <EstimateEditHeader estimate={estimate} />
            <EstimateEditor key={estimate.id} estimate={estimate} />
          </>
        ) : (
          <EstimateDetailView estimate={estimate} />
        )
      }
    </RecordLoader>
  );
}
