import { readFile, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { Deps } from '../../../lib/context';
import { invoicePdfFilename, renderInvoicePdf } from '../../../lib/pdf/render-invoice';
import type { InvoicePdfDocumentKind, InvoicePdfView } from '../../../lib/pdf/types';
import type { DocumentBusiness, DocumentClient } from './document-view';

/*
 * The PDF of an invoice or an estimate: one layout (lib/pdf), fed the document as the API answers
 * it with the business's and the client's details. An estimate prints with its own titles
 * (`InvoicePdfDocumentKind`) and without a balance.
 */

/** What the PDF prints: the invoice-shaped figures and the two parties. */
export interface PrintableDocument {
  invoice: Omit<InvoicePdfView, 'business' | 'client' | 'document'>;
  business: DocumentBusiness;
  client: DocumentClient;
}

/** Billing address line by line: street lines, `City, ST 10013`, country. */
export function addressLines(address: DocumentClient['billing_address']): string[] {
  const cityLine = [address.city, [address.state, address.postal_code].filter(Boolean).join(' ')]
    .filter((part) => part && part.trim() !== '')
    .join(', ');
  return [address.line1, address.line2, cityLine, address.country]
    .map((line) => line?.trim() ?? '')
    .filter((line) => line !== '');
}

const MAX_LOGO_BYTES = 2 * 1024 * 1024;

function isPngOrJpeg(bytes: Buffer): boolean {
  const png = bytes.length > 8 && bytes[0] === 0x89 && bytes.subarray(1, 4).toString('latin1') === 'PNG';
  const jpeg = bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  return png || jpeg;
}

/**
 * The business logo's bytes for the PDF: a PNG/JPEG `data:` URL, or an upload served under
 * `/storage/` (relative, or absolute on APP_URL), read from the uploads folder and only from inside
 * it. Anything else (another site's URL: the server fetches nothing) prints no logo.
 */
export async function logoBytes(
  companyLogo: string | null,
  options: { uploadsDir: string; appUrl: string },
): Promise<Buffer | null> {
  const value = companyLogo?.trim();
  if (!value) return null;
  const data = /^data:image\/(?:png|jpe?g);base64,([A-Za-z0-9+/=\s]+)$/i.exec(value);
  if (data?.[1]) {
    const bytes = Buffer.from(data[1], 'base64');
    return bytes.length <= MAX_LOGO_BYTES && isPngOrJpeg(bytes) ? bytes : null;
  }
  let pathname = value;
  if (/^https?:\/\//i.test(value)) {
    try {
      const url = new URL(value);
      if (url.origin !== new URL(options.appUrl).origin) return null;
      pathname = url.pathname;
    } catch {
      return null;
    }
  }
  // A path relative to the uploads (`logos/12/x.png`, as uploads store it) is served under /storage/ too (SPEC.md section 3).
  if (!/^https?:\/\//i.test(value) && !/^\/?storage\//.test(pathname))
    pathname = `storage/${pathname.replace(/^\/+/, '')}`;
  const upload = /^\/?storage\/(.+)$/.exec(pathname.split(/[?#]/)[0] ?? '');
  if (!upload?.[1]) return null;
  let relative: string;
  try {
    relative = decodeURIComponent(upload[1]);
  } catch {
    return null;
  }
  const root = resolve(options.uploadsDir);
  const file = resolve(root, relative);
  if (!file.startsWith(root + sep)) return null;
  try {
    const info = await stat(file);
    if (!info.isFile() || info.size > MAX_LOGO_BYTES) return null;
    const bytes = await readFile(file);
    return isPngOrJpeg(bytes) ? bytes : null;
  } catch {
    return null;
  }
}

/** Contacts in order, the primary one first. */
function orderedContacts(document: Pick<PrintableDocument, 'client'>): DocumentClient['contacts'] {
  return [...document.client.contacts].sort((a, b) => Number(b.is_primary) - Number(a.is_primary));
}

export function pdfViewOf(
  document: PrintableDocument,
  logo: Buffer | null = null,
  kind?: InvoicePdfDocumentKind,
): InvoicePdfView {
  const { invoice, business, client } = document;
  return {
    ...invoice,
    ...(kind ? { document: kind } : {}),
    business: {
      name: business.name,
      email: business.email,
      phone: business.phone,
      address_lines: (business.address ?? '').split(/\r?\n/),
      tax_id: business.tax_id ?? null,
      logo,
      date_format: business.date_format,
    },
    client: {
      name: client.name,
      email: client.email,
      phone: client.phone,
      address_lines: addressLines(client.billing_address),
      contacts: orderedContacts(document).map((contact) => ({
        name: contact.name,
        email: contact.email,
        phone: contact.phone,
      })),
    },
  };
}

export interface RenderedPdf {
  filename: string;
  pdf: Buffer;
}

/** The business's logo, as the PDF prints it (or null). */
export function documentLogo(deps: Deps, business: Pick<DocumentBusiness, 'company_logo'>): Promise<Buffer | null> {
  return logoBytes(business.company_logo, { uploadsDir: deps.config.uploadsDir, appUrl: deps.config.appUrl });
}

/**
 * The document's PDF with the business's logo, named as a download gets it: `INV-2026-0001.pdf`,
 * `draft-acme-studio-2026-11-24.pdf`; an estimate passes its `kind` and its own draft name.
 */
export async function renderDocumentPdf(
  deps: Deps,
  document: PrintableDocument,
  options: { kind?: InvoicePdfDocumentKind; draftPrefix?: string } = {},
): Promise<RenderedPdf> {
  const logo = await documentLogo(deps, document.business);
  const filename = invoicePdfFilename({ ...document.invoice, client: { name: document.client.name } });
  return {
    filename: options.draftPrefix ? filename.replace(/^draft-/, `${options.draftPrefix}-`) : filename,
    pdf: await renderInvoicePdf(pdfViewOf(document, logo, options.kind)),
  };
}
