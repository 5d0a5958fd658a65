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

/**
 * Opens the PDF in a new tab, in the browser's own PDF viewer. The tab opens during the click (so no
 * popup blocker stops it) and receives the PDF once fetched with the bearer token. Not an <iframe>:
 * the app's CSP frames only its own origin, never `blob:` URLs.
 */
export async function previewInvoicePdf(invoiceId: number): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { blob } = await fetchInvoicePdf(invoiceId, { inline: true });
    const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
