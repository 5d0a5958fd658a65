import { useState } from 'react';
import { Alert, Button, List } from '@mantine/core';
import { IconCircleX, IconDownload, IconMail, IconSend } from '@tabler/icons-react';
import type { InvoiceBulkAction, InvoiceBulkResponse } from '@ledgerleaf/domain';
import { errorMessage, fetchInvoicesZip, useBulkInvoicesMutation, type RequestError } from '@ledgerleaf/api';
import { SelectionBar, useAsk, useToast } from '@ledgerleaf/ui';
import { saveBlob } from './pdf';

const count = (n: number) => `${n} ${n === 1 ? 'invoice' : 'invoices'}`;

/** The actions the bar offers (`mark_sent` is the server's deprecated old name of `issue`). */
type BarAction = Exclude<InvoiceBulkAction, 'mark_sent'>;

/** What each action asks before it runs. */
const QUESTIONS: Record<
  BarAction,
  (n: number) => { title: string; message: string; confirmText: string; type: 'warning' | 'danger' }
> = {
  send: (n) => ({
    title: `Send ${count(n)}?`,
    message:
      'Each invoice is emailed to its client with its PDF and link; a draft gets its number first. Those that cannot be sent (void, no email address) are skipped and listed.',
    confirmText: 'Send',
    type: 'warning',
  }),
  issue: (n) => ({
    title: `Mark ${count(n)} as issued?`,
    message:
      'Each draft gets its number and is owed, without an email. Invoices already issued are skipped and listed.',
    confirmText: 'Mark as issued',
    type: 'warning',
  }),
  void: (n) => ({
    title: `Void ${count(n)}?`,
    message:
      'A void invoice owes nothing and cannot be undone; its number stays used. Drafts (delete them instead) and paid invoices are skipped and listed.',
    confirmText: 'Void',
    type: 'danger',
  }),
};

/**
 * What the invoice list does to the selected invoices: send, mark as issued, void (roles that may
 * write), download their PDFs as one zip (everyone). Each asks first; afterwards the list says what
 * was done and lists what was skipped and why.
 */
export function InvoiceBulkBar({
  selected,
  canWrite,
  onClear,
}: {
  selected: number[];
  canWrite: boolean;
  onClear: () => void;
}) {
  const ask = useAsk();
  const toast = useToast();
  const [bulk, bulkState] = useBulkInvoicesMutation();
  const [zipping, setZipping] = useState(false);
  const [result, setResult] = useState<InvoiceBulkResponse | null>(null);

  const run = async (action: BarAction) => {
    if (!(await ask(QUESTIONS[action](selected.length)))) return;
    const answer = await bulk({ action, ids: selected });
    if ('error' in answer) {
      toast.show({
        severity: 'error',
        summary: 'Nothing was changed',
        detail: errorMessage(answer.error as RequestError, 'Please try again.'),
      });
      return;
    }
    setResult(answer.data);
    toast.show({
      severity: answer.data.data.skipped.length > 0 ? 'warn' : 'success',
      summary: answer.data.message,
    });
    onClear();
  };

  const download = async () => {
    const sure = await ask({
      title: `Download ${selected.length === 1 ? 'the PDF' : `${selected.length} PDFs`}?`,
      message: 'The PDFs are downloaded as one zip file, invoices.zip.',
      confirmText: 'Download',
      type: 'info',
    });
    if (!sure) return;
    setZipping(true);
    try {
      const { blob, filename } = await fetchInvoicesZip(selected);
      saveBlob(blob, filename);
    } catch (error) {
      toast.show({
        severity: 'error',
        summary: 'Download failed',
        detail: error instanceof Error ? error.message : 'The PDFs could not be created.',
      });
    } finally {
      setZipping(false);
    }
  };

  const busy = bulkState.isLoading || zipping;
  return (
    <>
      {result && (
        <Alert
          color={result.data.skipped.length > 0 ? 'yellow' : 'teal'}
          variant="light"
          title={result.message}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setResult(null)}
          data-testid="bulk-result"
        >
          {result.data.skipped.length > 0 && (
            <List size="sm" spacing={2}>
              {result.data.skipped.map((row) => (
                <List.Item key={row.id}>
                  {row.invoice_number ?? 'A draft'}: {row.reason}
                </List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      {selected.length > 0 && (
        <SelectionBar label="Selected invoices" summary={`${count(selected.length)} selected`} onClear={onClear}>
          {canWrite && (
            <>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconMail size={14} aria-hidden />}
                disabled={busy}
                onClick={() => void run('send')}
              >
                Send
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconSend size={14} aria-hidden />}
                disabled={busy}
                onClick={() => void run('issue')}
              >
                Mark as issued
              </Button>
            </>
          )}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} aria-hidden />}
            loading={zipping}
            disabled={busy}
            onClick={() => void download()}
          >
            Download PDFs
          </Button>
          {canWrite && (
            <Button
              size="xs"
              variant="default"
              color="red"
              leftSection={<IconCircleX size={14} aria-hidden />}
              disabled={busy}
              onClick={() => void run('void')}
            >
              Void
            </Button>
          )}
        </SelectionBar>
      )}
    </>
  );
}
