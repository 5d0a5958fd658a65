import {
  calculateInvoice,
  deriveStatus,
  fromCents,
  INVOICE_MESSAGES,
  invoiceTotals,
  lineAmounts,
  owedNowCents,
  utcCalendarDate,
  type Discount,
  type Invoice,
  type InvoiceCalculation,
  type InvoiceStatus,
  type Payment,
} from '@ledgerleaf/domain';
import {
  findEstimate,
  findInvoice,
  findInvoiceByPublicToken,
  listInvoiceLines,
  listPayments,
  type Db,
  type InvoiceLineRow,
  type InvoiceLineTaxRow,
  type InvoiceRow,
  type PaymentRow,
} from '@ledgerleaf/db';
import type { Deps } from '../../../lib/context';
import { notFound } from '../../../lib/errors';
import {
  loadDocumentParties,
  type DocumentActivity,
  type DocumentBusiness,
  type DocumentClient,
} from '../documents/document-view';

/*
 * The invoice as it is read: built from its rows (the invoice, its lines with their tax snapshots,
 * its payments) by running the domain's one engine on what is stored, with the business's and the
 * client's details. The API, the PDF, the public page, the emails and the scheduler all read it
 * from here, so they agree to the cent.
 */

/** An activity-log entry on the invoice's timeline. */
export type InvoiceActivity = DocumentActivity;
export type InvoiceBusinessDetails = DocumentBusiness;
export type InvoiceClientDetails = DocumentClient;

/**
 * Everything the PDF and the public page print: the invoice exactly as the API answers it, the
 * engine's figures in cents (the same calculation), and the business's and client's details.
 */
export interface InvoiceDocument {
  invoice: Invoice;
  calculation: InvoiceCalculation;
  business: InvoiceBusinessDetails;
  client: InvoiceClientDetails;
  /** For the public page: `/i/{token}`. */
  public_token: string;
}

export interface ViewOptions {
  /** Absolute base of `public_url` (the app's APP_URL); relative `/i/{token}` when omitted. */
  appUrl?: string;
  /** `yyyy-MM-dd` that overdue is derived against; today (UTC) when omitted. */
  today?: string;
}

export function todayOf(deps: Pick<Deps, 'clock'>): string {
  return utcCalendarDate(deps.clock());
}

// ---------------------------------------------------------------- stored -> engine

function storedDiscount(type: string | null, value: number | null): Discount | null {
  if (!type || value === null || Number(value) === 0) return null;
  return type === 'percent'
    ? { type: 'percent', value: Number(value) / 1000 }
    : { type: 'amount', value: Number(value) };
}

function responseDiscountValue(type: string | null, value: number | null): number | null {
  if (!type || value === null) return null;
  return type === 'percent' ? Number(value) / 1000 : fromCents(Number(value));
}

function taxesByLine(taxes: InvoiceLineTaxRow[]): Map<number, InvoiceLineTaxRow[]> {
  const map = new Map<number, InvoiceLineTaxRow[]>();
  for (const tax of taxes) {
    const list = map.get(tax.line_id) ?? [];
    list.push(tax);
    map.set(tax.line_id, list);
  }
  for (const list of map.values()) list.sort((a, b) => a.position - b.position);
  return map;
}

/** The engine run on what is stored (the tax snapshots, the stored prices and discounts, the payments). */
export function storedCalculation(
  row: InvoiceRow,
  lines: InvoiceLineRow[],
  taxes: InvoiceLineTaxRow[],
  paidCents: number,
): InvoiceCalculation {
  const byLine = taxesByLine(taxes);
  return calculateInvoice({
    lines: lines.map((line) => ({
      quantity: Number(line.quantity_thousandths) / 1000,
      unit_price_cents: Number(line.unit_price_cents),
      discount: storedDiscount(line.discount_type, line.discount_value),
      taxes: (byLine.get(line.id) ?? []).map((tax) => ({
        id: tax.tax_rate_id,
        name: tax.name,
        rate_percent: tax.rate_thousandths / 1000,
        compound: Boolean(tax.is_compound),
      })),
    })),
    discount: storedDiscount(row.discount_type, row.discount_value),
    prices_include_tax: Boolean(row.prices_include_tax),
    paid_cents: paidCents,
  });
}

/** The status the facts imply today: `overdue` is derived at read time, whatever is stored. */
export function effectiveStatus(
  row: Pick<InvoiceRow, 'status' | 'viewed_at' | 'total_cents' | 'paid_cents' | 'due_date'>,
  today: string,
): InvoiceStatus {
  const stored = row.status as InvoiceStatus;
  if (stored === 'draft' || stored === 'void') return stored;
  return deriveStatus({
    issued: true,
    voided: false,
    viewed: row.viewed_at !== null,
    total_cents: Number(row.total_cents),
    paid_cents: Number(row.paid_cents),
    due_date: row.due_date,
    today,
  });
}

export function paymentView(row: PaymentRow): Payment {
  return {
    id: row.id,
    payment_id: row.id,
    invoice_id: row.invoice_id,
    amount: fromCents(Number(row.amount_cents)),
    payment_date: row.payment_date,
    method: row.method as Payment['method'],
    reference: row.reference,
    note: row.note,
    created_at: row.created_at,
  };
}

export function publicUrl(row: Pick<InvoiceRow, 'status' | 'public_token'>, appUrl = ''): string | null {
  return row.status === 'draft' ? null : `${appUrl}/i/${row.public_token}`;
}

async function loadDocument(
  db: Db,
  businessId: number,
  invoiceId: number,
  options: ViewOptions = {},
): Promise<InvoiceDocument | undefined> {
  const row = await findInvoice(db, { businessId, invoiceId });
  if (!row) return undefined;
  const [{ lines, taxes }, payments, parties, estimate] = await Promise.all([
    listInvoiceLines(db, { businessId, invoiceId }),
    listPayments(db, { businessId, invoiceId }),
    loadDocumentParties(db, businessId, row.client_id),
    row.estimate_id === null ? undefined : findEstimate(db, { businessId, estimateId: row.estimate_id }),
  ]);
  if (!parties) return undefined;
  const paid = payments.reduce((sum, payment) => sum + Number(payment.amount_cents), 0);
  const calculation = storedCalculation(row, lines, taxes, paid);
  const amounts = invoiceTotals(calculation);
  const byLine = taxesByLine(taxes);
  const today = options.today ?? utcCalendarDate(new Date());
  const status = effectiveStatus({ ...row, total_cents: calculation.total_cents, paid_cents: paid }, today);
  const invoice: Invoice = {
    id: row.id,
    invoice_number: row.invoice_number,
    status,
    client: parties.summary,
    issue_date: row.issue_date,
    due_date: row.due_date,
    currency: 'USD',
    lines: lines.map((line, index) => {
      const computed = calculation.lines[index];
      if (!computed) throw new Error('line calculation missing');
      return {
        id: line.id,
        position: line.position,
        product_id: line.product_id,
        description: line.description,
        quantity: Number(line.quantity_thousandths) / 1000,
        unit: line.unit,
        unit_price: fromCents(Number(line.unit_price_cents)),
        discount_type: (line.discount_type as 'percent' | 'amount' | null) ?? null,
        discount_value: responseDiscountValue(line.discount_type, line.discount_value),
        tax_rate_ids: (byLine.get(line.id) ?? [])
          .map((tax) => tax.tax_rate_id)
          .filter((id): id is number => id !== null),
        ...lineAmounts(computed),
      };
    }),
    discount_type: (row.discount_type as 'percent' | 'amount' | null) ?? null,
    discount_value: responseDiscountValue(row.discount_type, row.discount_value),
    ...amounts,
    // Owed now: a draft (not sent yet) and a void invoice owe nothing.
    balance_due: fromCents(owedNowCents(status, calculation.balance_due_cents)),
    payments: payments.map(paymentView),
    notes: row.notes,
    terms: row.terms,
    goal_id: row.goal_id,
    // An estimate deleted since is no link any more.
    estimate_id: estimate?.id ?? null,
    estimate_number: estimate?.estimate_number ?? null,
    recurring_invoice_id: row.recurring_invoice_id,
    recurring_period: row.recurring_invoice_id === null ? null : row.recurring_period,
    public_url: publicUrl(row, options.appUrl),
    sent_at: row.sent_at,
    viewed_at: row.viewed_at,
    voided_at: row.voided_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
  return { invoice, calculation, public_token: row.public_token, business: parties.business, client: parties.client };
}

/**
 * The invoice as the API answers it, with the business's and the client's details and the engine's
 * figures in cents: what the PDF and the public page print. Undefined when the invoice is not in
 * the business (answer 404). Works on a transaction too.
 */
export async function getInvoiceView(
  db: Db,
  businessId: number,
  invoiceId: number,
  options: ViewOptions = {},
): Promise<InvoiceDocument | undefined> {
  return loadDocument(db, businessId, invoiceId, options);
}

/** The public page's lookup: the invoice behind `/i/{token}`, never a draft. */
export async function getInvoiceViewByToken(
  db: Db,
  token: string,
  options: ViewOptions = {},
): Promise<(InvoiceDocument & { business_id: number }) | undefined> {
  const row = await findInvoiceByPublicToken(db, { token });
  if (!row || row.status === 'draft') return undefined;
  const document = await loadDocument(db, row.business_id, row.id, options);
  return document ? { ...document, business_id: row.business_id } : undefined;
}

export function viewOptions(deps: Deps): ViewOptions {
  return { appUrl: deps.config.appUrl, today: todayOf(deps) };
}

/** The invoice as the API answers it; 404 when it is not the business's. Works on a transaction too. */
export async function requireInvoiceView(deps: Deps, db: Db, businessId: number, invoiceId: number): Promise<Invoice> {
  const document = await loadDocument(db, businessId, invoiceId, viewOptions(deps));
  if (!document) throw notFound(INVOICE_MESSAGES.notFound);
  return document.invoice;
}

/** The invoice with its client, contacts and business; 404 when it is not the business's. Works on a transaction too. */
export async function requireInvoiceDocument(
  deps: Deps,
  db: Db,
  businessId: number,
  invoiceId: number,
): Promise<InvoiceDocument> {
  const document = await loadDocument(db, businessId, invoiceId, viewOptions(deps));
  if (!document) throw notFound(INVOICE_MESSAGES.notFound);
  return document;
}
