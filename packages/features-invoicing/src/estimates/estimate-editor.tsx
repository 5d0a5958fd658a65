import { addCalendarDays, utcCalendarDate, type InvoiceInput, type Estimate } from '@ledgerleaf/domain';
import {
  errorMessage,
  paths,
  useCreateEstimateMutation,
  useSendEstimateMutation,
  useUpdateEstimateMutation,
  type EstimateBody,
  type EstimateDetail,
} from '@ledgerleaf/api';
import { PageHeader, useToast } from '@ledgerleaf/ui';
import { DocumentEditorLoader, type EditorAdapter } from '../invoices/document-editor';
import { emptyInvoiceValues, invoiceToValues } from '../invoices/invoice-form';
import { sendToast } from '../shared/send-toast';

/** Estimates are valid this many days by default. */
export const DEFAULT_ESTIMATE_VALIDITY_DAYS = 30;

/** The editor's invoice request as an estimate request: its due date is the expiry date, and it has no goal. */
export function toEstimateBody(body: InvoiceInput): EstimateBody {
  const { due_date: expiry, goal_id: _goal, ...rest } = body;
  return { ...rest, expiry_date: expiry } as EstimateBody;
}

const formKey = (key: string) => (key === 'expiry_date' ? 'due_date' : key);

/** The document editor saving an estimate: same lines, pickers, live totals and validation as an invoice. */
export function EstimateEditor({ estimate }: { estimate?: EstimateDetail }) {
  const toast = useToast();
  const [create] = useCreateEstimateMutation();
  const [update] = useUpdateEstimateMutation();
  const [send] = useSendEstimateMutation();
  const today = utcCalendarDate(new Date());
  const initialValues = estimate
    ? invoiceToValues({ ...estimate, due_date: estimate.expiry_date })
    : { ...emptyInvoiceValues(today), due_date: addCalendarDays(today, DEFAULT_ESTIMATE_VALIDITY_DAYS) };
  const issued = estimate !== undefined && estimate.status !== 'draft';
  const adapter: EditorAdapter<Estimate> = {
    dateLabel: 'Estimate date',
    dueLabel: 'Expiry date',
    cancelTo: estimate ? paths.estimates.detail(estimate.id) : paths.estimates.list,
    draftLabel: issued ? 'Save changes' : 'Save draft',
    sendLabel: issued ? 'Save and send again' : 'Save and send',
    fallbackError: 'The estimate could not be saved.',
    formKey,
    async save(body) {
      const request = toEstimateBody(body);
      const result = estimate ? await update({ id: estimate.id, body: request }) : await create(request);
      return 'error' in result ? { error: result.error } : { saved: result.data };
    },
    async afterSave(saved, andSend) {
      if (andSend) {
        const sent = await send({ id: saved.id });
        if ('error' in sent)
          toast.show({
            severity: 'error',
            summary: 'Saved, but not sent',
            detail: errorMessage(sent.error, 'The estimate could not be sent.'),
          });
        else toast.show(sendToast('Estimate', sent.data, sent.data.data.estimate_number));
      } else {
        toast.show({
          severity: 'success',
          summary: estimate ? 'Estimate saved' : 'Draft saved',
          detail: saved.estimate_number ?? saved.client.name,
        });
      }
      return paths.estimates.detail(saved.id);
    },
  };
  return (
    <DocumentEditorLoader adapter={adapter} initialValues={initialValues} initialClientName={estimate?.client.name} />
  );
}

/** /estimates/create-new (and /estimates/create, the dashboard's quick action). */
export function EstimateCreatePage() {
  return (
    <>
      <PageHeader
        title="New estimate"
        description="Quote your client: the same lines, taxes and discounts as an invoice, and an expiry date."
      />
      <EstimateEditor />
    </>
  );
}

export function EstimateEditHeader({ estimate }: { estimate: EstimateDetail }) {
  return (
    <PageHeader
      title={estimate.estimate_number ? `Edit estimate ${estimate.estimate_number}` : 'Edit draft estimate'}
      description={estimate.client.name}
    />
  );
}
