import type { Invoice } from '@ledgerleaf/domain';

/** Who issues the invoice, as printed in the header. */
export interface InvoicePdfBusiness {
  name: string;
  email?: string | null;
  phone?: string | null;
  /** Printed line by line under the name. */
  address_lines?: readonly string[] | null;
  /** Printed as `Tax ID: …` under the contact lines. */
  tax_id?: string | null;
  /** PNG or JPEG bytes; anything else (or nothing) prints no logo. */
  logo?: Buffer | Uint8Array | null;
  /** The business's date format (business settings) for every date printed; `mm/dd/yy` when omitted. */
  date_format?: string | null;
}

export interface InvoicePdfContact {
  name: string;
  email?: string | null;
  phone?: string | null;
}

/** The "Bill to" block. */
export interface InvoicePdfClient {
  name: string;
  email?: string | null;
  phone?: string | null;
  address_lines?: readonly string[] | null;
  /** The primary contact (or the first) is printed as the attention line. */
  contacts?: readonly InvoicePdfContact[] | null;
}

/**
 * What the PDF prints: the invoice as the API answers it (amounts already computed by domain's one
 * engine) with the business and the client's details. The renderer formats these figures and never
 * computes one, so the PDF, the API and the editor agree to the cent.
 */
export type InvoicePdfView = Pick<
  Invoice,
  | 'invoice_number'
  | 'status'
  | 'issue_date'
  | 'due_date'
  | 'lines'
  | 'discount_type'
  | 'discount_value'
  | 'totals'
  | 'amount_paid'
  | 'balance_due'
  | 'credit'
  | 'payments'
  | 'notes'
  | 'terms'
> & {
  id: number;
  business: InvoicePdfBusiness;
  client: InvoicePdfClient;
  /** Another document printed with the same layout (an estimate); an invoice when omitted. */
  document?: InvoicePdfDocumentKind;
};

/** How a document other than an invoice titles itself (estimates: `ESTIMATE`, `Expiry date`, no balance). */
export interface InvoicePdfDocumentKind {
  /** `ESTIMATE` */
  title: string;
  /** `Estimate` (PDF metadata and footer) */
  name: string;
  /** `Estimate number` */
  number_label: string;
  /** `Expiry date` */
  due_label: string;
  /** Printed under the number instead of the invoice status. */
  status_label: string;
  /** Leaves out amount paid, balance due and payments. */
  hide_balance: boolean;
}
