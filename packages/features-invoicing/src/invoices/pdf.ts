import { useCallback, useEffect, useState } from 'react';
import { fetchInvoicePdf } from '@ledgerleaf/api';

/** Saves a Blob under a file name through a temporary object URL. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads the invoice's PDF (fetched with the bearer token). */
export async function downloadInvoicePdf(invoiceId: number): Promise<void> {
  const { blob, filename } = await fetchInvoicePdf(invoiceId);
  saveBlob(blob, filename);
}

/** An object URL of the invoice's PDF while `enabled`, revoked when it closes or changes. */
export function useInvoicePdfUrl(invoiceId: number, enabled: boolean, version: string) {
  const [state, setState] = useState<{ url: string | null; error: string | null; loading: boolean }>({ url: null, error: null, loading: false });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    let url: string | null = null;
    setState({ url: null, error: null, loading: true });
    fetchInvoicePdf(invoiceId, { inline: true }).then(
      ({ blob }) => {
        if (cancelled) return;
        url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
        setState({ url, error: null, loading: false });
      },
      (error: unknown) => {
        if (!cancelled) setState({ url: null, error: error instanceof Error ? error.message : 'The PDF could not be loaded.', loading: false });
      },
    );
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [invoiceId, enabled, version, attempt]);
  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { ...state, retry };
}
