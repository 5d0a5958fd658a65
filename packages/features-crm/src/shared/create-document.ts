import { useState } from 'react';
import { useNavigate } from 'react-router';
import { addCalendarDays } from '@ledgerleaf/domain';
import {
  errorMessage,
  paths,
  useCreateEstimateMutation,
  useCreateInvoiceMutation,
  type RequestError,
} from '@ledgerleaf/api';
import { useLinkOpportunityDocumentMutation } from '@ledgerleaf/api/crm';
import { useToast } from '@ledgerleaf/ui';

/** What a won opportunity gives the document made from it. */
export interface DocumentSource {
  id: number;
  title: string;
  client_id: number | null;
  amount: number;
}

const DOCUMENT_DAYS = 30;
const pad = (value: number) => String(value).padStart(2, '0');
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * "Create estimate" / "Create invoice" of a won opportunity: a draft for its client with one line
 * (the opportunity's title for its amount), linked to the opportunity, then its editor opens
 * (`?edit=1`) to finish it. The invoicing area owns the document; the CRM only links to it.
 */
export function useCreateDocument() {
  const toast = useToast();
  const navigate = useNavigate();
  const [createInvoice] = useCreateInvoiceMutation();
  const [createEstimate] = useCreateEstimateMutation();
  const [link] = useLinkOpportunityDocumentMutation();
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (kind: 'invoice' | 'estimate', source: DocumentSource) => {
    if (source.client_id === null) return;
    setBusy(`${kind}-${source.id}`);
    const issue = today();
    const content = {
      client_id: source.client_id,
      issue_date: issue,
      lines: [{ description: source.title, quantity: 1, unit_price: source.amount, tax_rate_ids: [] }],
    };
    const created =
      kind === 'invoice'
        ? await createInvoice({ ...content, due_date: addCalendarDays(issue, DOCUMENT_DAYS) })
        : await createEstimate({ ...content, expiry_date: addCalendarDays(issue, DOCUMENT_DAYS) });
    if ('error' in created) {
      setBusy(null);
      toast.show({
        severity: 'error',
        summary: kind === 'invoice' ? 'The invoice was not created' : 'The estimate was not created',
        detail: errorMessage(created.error as RequestError, 'Please try again.'),
      });
      return;
    }
    const documentId = (created.data as { id: number }).id;
    const linked = await link({ id: source.id, body: { kind, id: documentId } });
    setBusy(null);
    if ('error' in linked)
      toast.show({
        severity: 'warn',
        summary: 'The document is not linked to the opportunity',
        detail: errorMessage(linked.error as RequestError, 'Please try again.'),
      });
    navigate(kind === 'invoice' ? paths.invoices.edit(documentId) : paths.estimates.edit(documentId));
  };

  return { run, busy };
}
