import {
  errorMessage,
  paths,
  useCreateInvoiceMutation,
  useSendInvoiceMutation,
  useUpdateInvoiceMutation,
} from '@ledgerleaf/api';
import { useSearchParams } from 'react-router';
import { isoDateSchema, type Invoice, type TaxRate } from '@ledgerleaf/domain';
import { PageHeader, useToast } from '@ledgerleaf/ui';
import { DocumentEditor, DocumentEditorLoader, type EditorAdapter } from './document-editor';
import { invoiceToValues, type InvoiceTextDefaults } from './invoice-form';
import { sendToast } from '../shared/send-toast';

/**
 * The invoice on the document editor: `Invoice date` and `Due date`, the goal it counts towards, a
 * new one starting from the business's default notes and terms; saved with `POST /api/invoices`
 * (or `PUT` for an existing one), then sent when asked, then its page opens.
 */
export function useInvoiceAdapter(invoice?: Invoice): EditorAdapter<Invoice> {
  const toast = useToast();
  const [createInvoice] = useCreateInvoiceMutation();
  const [updateInvoice] = useUpdateInvoiceMutation();
  const [sendInvoice] = useSendInvoiceMutation();
  // An issued invoice is saved as it is: its buttons say "changes" and "again".
  const issued = invoice !== undefined && invoice.status !== 'draft';
  return {
    withGoal: true,
    withDefaultTexts: invoice === undefined,
    cancelTo: invoice ? paths.invoices.detail(invoice.id) : paths.invoices.list,
    draftLabel: issued ? 'Save changes' : 'Save draft',
    sendLabel: issued ? 'Save and send again' : 'Save and send',
    fallbackError: 'The invoice could not be saved.',
    async save(body) {
      const result = invoice ? await updateInvoice({ id: invoice.id, body }) : await createInvoice(body);
      return 'error' in result ? { error: result.error } : { saved: result.data };
    },
    async afterSave(saved, andSend) {
      if (andSend) {
        const sent = await sendInvoice({ id: saved.id });
        if ('error' in sent) {
          toast.show({
            severity: 'error',
            summary: 'Saved, but not sent',
            detail: errorMessage(sent.error, 'The invoice could not be sent.'),
          });
        } else {
          toast.show(sendToast('Invoice', sent.data, sent.data.data.invoice_number));
        }
      } else {
        toast.show({
          severity: 'success',
          summary: invoice ? 'Invoice saved' : 'Draft saved',
          detail: saved.invoice_number ?? saved.client.name,
        });
      }
      return paths.invoices.detail(saved.id);
    },
  };
}

export interface InvoiceEditorProps {
  /** The invoice being edited; none for a new one. */
  invoice?: Invoice;
  taxRates: TaxRate[];
  pricesIncludeTax: boolean;
  defaultTermsDays: number;
  /** A new invoice starts with the business's default notes and terms. */
  textDefaults?: InvoiceTextDefaults;
}

/** The document editor saving an invoice (a new one, or an editable one being changed). */
export function InvoiceEditor({ invoice, ...settings }: InvoiceEditorProps) {
  const adapter = useInvoiceAdapter(invoice);
  return (
    <DocumentEditor
      adapter={adapter}
      initialValues={invoice ? invoiceToValues(invoice) : undefined}
      initialClientName={invoice?.client.name}
      {...settings}
    />
  );
}

/** The invoice editor once its tax rates and settings (and, for a new invoice, the default texts) are loaded. */
export function InvoiceEditorLoader({ invoice, initialDueDate }: { invoice?: Invoice; initialDueDate?: string }) {
  const adapter = useInvoiceAdapter(invoice);
  return (
    <DocumentEditorLoader
      key={invoice?.id ?? `new-${initialDueDate ?? ''}`}
      adapter={adapter}
      initialValues={invoice ? invoiceToValues(invoice) : undefined}
      initialClientName={invoice?.client.name}
      initialDueDate={initialDueDate}
    />
  );
}

/**
 * /invoices/create-new; `?due_date=yyyy-MM-dd` (the calendar's "New invoice due this day") starts
 * it due that day. A value that is not a real date is ignored.
 */
export function InvoiceCreatePage() {
  const [params] = useSearchParams();
  const due = isoDateSchema.safeParse(params.get('due_date'));
  return (
    <>
      <PageHeader
        title="New invoice"
        description="Pick a client, add what you are charging for; totals follow as you type."
      />
      <InvoiceEditorLoader initialDueDate={due.success ? due.data : undefined} />
    </>
  );
}
