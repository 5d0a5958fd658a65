import { z } from 'zod';
import { idSchema, isoDateSchema, listQuerySchema, pageSchema, quantitySchema, amountSchema } from '../common';
import { MAX_AMOUNT_CENTS, MAX_ID } from '../limits';
import { toCents } from '../money';
import { EMAIL_PATTERN } from '../auth';
import { calculateInvoice, lineSubtotalCents } from './calculate';
import { DISCOUNT_TYPES } from './calculation-contracts';
import { MAX_LINE_TAXES } from './invoice-messages';
import { INVOICE_SORT_FIELDS, INVOICE_STATUSES, INVOICE_STATUS_FILTERS } from './status';
import { discountFromFields } from './calculation-adapters';
import { checkDiscount, hasIssueAt, moneySchema, optionalText } from './contract-helpers';
import {
  INVOICE_CURRENCY,
  INVOICE_MESSAGES,
  INVOICE_TEXT_MAX_LENGTH,
  LINE_DESCRIPTION_MAX_LENGTH,
  LINE_UNIT_MAX_LENGTH,
  MAX_INVOICE_LINES,
} from './invoice-messages';
import { paymentReceiptSchema, paymentSchema } from './payments';

/**
 * API contracts of invoices: the request (create and update), the invoice as the API answers it,
 * the list and its query, send and void. The JSON carries decimal amounts (`unit_price: 19.99`);
 * the server converts with `toCents` and computes with `calculateInvoice` (calculation-adapters.ts).
 * Errors are keyed by field path (`lines.3.quantity`), worded in invoice-messages.ts.
 */

/** An invoice's status as the API answers it (status.ts has the statuses and their rules). */
export const invoiceStatusSchema = z.enum(INVOICE_STATUSES);

const discountTypeInputSchema = z.enum(DISCOUNT_TYPES, { error: INVOICE_MESSAGES.discountTypeInvalid }).nullish();
const discountValueInputSchema = z
  .number({ error: INVOICE_MESSAGES.discountValueInvalid })
  .finite(INVOICE_MESSAGES.discountValueInvalid)
  .min(0, INVOICE_MESSAGES.discountNegative)
  .nullish();

export const invoiceLineInputSchema = z
  .strictObject({
    /** Set when the line was picked from a product or service; the line keeps its own copy of the text and price. */
    product_id: idSchema.nullish().transform((value) => value ?? null),
    description: z
      .string({ error: INVOICE_MESSAGES.descriptionRequired })
      .trim()
      .min(1, INVOICE_MESSAGES.descriptionRequired)
      .max(LINE_DESCRIPTION_MAX_LENGTH, INVOICE_MESSAGES.descriptionTooLong),
    quantity: quantitySchema,
    unit: optionalText(LINE_UNIT_MAX_LENGTH, INVOICE_MESSAGES.unitTooLong),
    unit_price: z.number({ error: INVOICE_MESSAGES.unitPriceRequired }).pipe(amountSchema),
    discount_type: discountTypeInputSchema.transform((value) => value ?? null),
    discount_value: discountValueInputSchema.transform((value) => value ?? null),
    tax_rate_ids: z
      .array(idSchema, { error: INVOICE_MESSAGES.taxRatesInvalid })
      .max(MAX_LINE_TAXES, INVOICE_MESSAGES.tooManyTaxes)
      .refine((ids) => new Set(ids).size === ids.length, INVOICE_MESSAGES.duplicateTax)
      .default([]),
  })
  .superRefine((line, ctx) => {
    // Cross-field rules run on the fields that parsed; the others already carry their message.
    let subtotal: number | null = null;
    if (!hasIssueAt(ctx, 'quantity', 'unit_price')) {
      try {
        subtotal = lineSubtotalCents(line.quantity, toCents(line.unit_price));
      } catch {
        subtotal = Number.POSITIVE_INFINITY; // beyond safe integers
      }
      if (subtotal > MAX_AMOUNT_CENTS) {
        ctx.addIssue({ code: 'custom', message: INVOICE_MESSAGES.lineTooLarge, path: ['unit_price'] });
        subtotal = null;
      }
    }
    checkDiscount(line, subtotal, INVOICE_MESSAGES.lineDiscountTooLarge, ctx);
  });
export type InvoiceLineInput = z.input<typeof invoiceLineInputSchema>;
export type InvoiceLine = z.output<typeof invoiceLineInputSchema>;

/**
 * The fields of an invoice request. Estimates (with `expiry_date` for `due_date`, no goal) and
 * recurring templates (no dates, no goal) are built from the same fields, so their rules and
 * messages are the invoice's.
 */
export const invoiceInputShape = {
  client_id: z.coerce
    .number({ error: INVOICE_MESSAGES.clientRequired })
    .int(INVOICE_MESSAGES.clientRequired)
    .positive(INVOICE_MESSAGES.clientRequired)
    .max(MAX_ID, INVOICE_MESSAGES.clientRequired),
  issue_date: z.string({ error: INVOICE_MESSAGES.issueDateRequired }).pipe(isoDateSchema),
  due_date: z.string({ error: INVOICE_MESSAGES.dueDateRequired }).pipe(isoDateSchema),
  lines: z
    .array(invoiceLineInputSchema, { error: INVOICE_MESSAGES.linesRequired })
    .min(1, INVOICE_MESSAGES.linesRequired)
    .max(MAX_INVOICE_LINES, INVOICE_MESSAGES.tooManyLines),
  discount_type: discountTypeInputSchema.transform((value) => value ?? null),
  discount_value: discountValueInputSchema.transform((value) => value ?? null),
  notes: optionalText(INVOICE_TEXT_MAX_LENGTH, INVOICE_MESSAGES.notesTooLong),
  terms: optionalText(INVOICE_TEXT_MAX_LENGTH, INVOICE_MESSAGES.termsTooLong),
  /** Optional link to a financial goal (SPEC.md section 3). */
  goal_id: idSchema.nullish().transform((value) => value ?? null),
  currency: z.literal(INVOICE_CURRENCY, { error: INVOICE_MESSAGES.currencyInvalid }).default(INVOICE_CURRENCY),
};

/** The parsed content every document request shares: its lines and its discount. */
interface DocumentContent {
  lines: InvoiceLine[];
  discount_type: (typeof DISCOUNT_TYPES)[number] | null;
  discount_value: number | null;
}

/**
 * Cross-field rules of a document's content (invoices, estimates, recurring templates), run once
 * its lines are valid: their net before taxes bounds the document discount and their subtotal the
 * document (the server checks the total with taxes in calculateInvoiceRequest).
 */
export function checkDocumentContent(document: DocumentContent, ctx: z.RefinementCtx): void {
  if (hasIssueAt(ctx, 'lines')) {
    checkDiscount(document, null, INVOICE_MESSAGES.invoiceDiscountTooLarge, ctx);
    return;
  }
  let amounts: { subtotal_cents: number; net_cents: number } | null = null;
  try {
    amounts = calculateInvoice({
      lines: document.lines.map((line) => ({
        quantity: line.quantity,
        unit_price_cents: toCents(line.unit_price),
        discount: discountFromFields(line),
      })),
    });
  } catch {
    amounts = null;
  }
  if (!amounts || amounts.subtotal_cents > MAX_AMOUNT_CENTS)
    ctx.addIssue({ code: 'custom', message: INVOICE_MESSAGES.invoiceTooLarge, path: ['lines'] });
  checkDiscount(document, amounts?.net_cents ?? null, INVOICE_MESSAGES.invoiceDiscountTooLarge, ctx);
}

/** The rules of a whole invoice request: due on or after its date, then its content. */
function checkInvoice(invoice: DocumentContent & { issue_date: string; due_date: string }, ctx: z.RefinementCtx) {
  if (!hasIssueAt(ctx, 'issue_date', 'due_date') && invoice.due_date < invoice.issue_date)
    ctx.addIssue({ code: 'custom', message: INVOICE_MESSAGES.dueBeforeIssue, path: ['due_date'] });
  checkDocumentContent(invoice, ctx);
}

export const invoiceInputSchema = z.strictObject(invoiceInputShape).superRefine(checkInvoice);
/**
 * "Issue at once" on a create: `issue: true` gives the document its number and makes it owed (status
 * sent) without emailing it ("send" means email). `send` is the deprecated old name of `issue`, kept
 * for one release with the same meaning; both given and different answers 422 keyed `issue`.
 */
export const issueNowShape = {
  issue: z.boolean({ error: INVOICE_MESSAGES.issueInvalid }).optional(),
  send: z
    .boolean({ error: INVOICE_MESSAGES.sendInvalid })
    .meta({ deprecated: true, description: 'Deprecated: the old name of `issue` (same meaning)' })
    .optional(),
};
export interface IssueNowFields {
  issue?: boolean | undefined;
  send?: boolean | undefined;
}
export function checkIssueNow(request: IssueNowFields, ctx: z.RefinementCtx): void {
  if (typeof request.issue === 'boolean' && typeof request.send === 'boolean' && request.issue !== request.send)
    ctx.addIssue({ code: 'custom', message: INVOICE_MESSAGES.issueConflict, path: ['issue'] });
}
/** Whether a create asks to issue at once (`issue`, or its deprecated alias `send`). */
export function issuesNow(request: IssueNowFields): boolean {
  return request.issue ?? request.send ?? false;
}

/**
 * `POST /api/invoices`: the invoice request, plus `issue: true` to issue it at once (number, status
 * sent; `send` is its deprecated alias). One schema, so the OpenAPI document describes every field the route parses.
 */
export const invoiceCreateRequestSchema = z
  .strictObject({ ...invoiceInputShape, ...issueNowShape })
  .superRefine(checkInvoice)
  .superRefine(checkIssueNow);
/** PUT replaces every field (drafts, and issued invoices while `isEditable`). */
export const invoiceUpdateRequestSchema = invoiceInputSchema;
export type InvoiceInput = z.input<typeof invoiceInputSchema>;
export type InvoiceRequest = z.output<typeof invoiceInputSchema>;

// ---------------------------------------------------------------- responses

export const invoiceLineTaxSchema = z.object({
  tax_rate_id: z.number().int().nullable(),
  name: z.string(),
  rate: z.number(),
  is_compound: z.boolean(),
  /** What the tax applies to (the taxable line amount, plus the first tax when compound). */
  taxable: moneySchema,
  amount: moneySchema,
});
export type InvoiceLineTax = z.infer<typeof invoiceLineTaxSchema>;

/** The computed amounts of a line, as `lineAmounts` gives them. */
export const invoiceLineAmountsSchema = z.object({
  subtotal: moneySchema,
  discount: moneySchema,
  net: moneySchema,
  invoice_discount: moneySchema,
  taxable: moneySchema,
  taxes: z.array(invoiceLineTaxSchema),
  tax: moneySchema,
  total: moneySchema,
});
export type InvoiceLineAmounts = z.infer<typeof invoiceLineAmountsSchema>;

export const invoiceLineSchema = z
  .object({
    id: z.number().int(),
    position: z.number().int(),
    product_id: z.number().int().nullable(),
    description: z.string(),
    quantity: z.number(),
    unit: z.string().nullable(),
    unit_price: moneySchema,
    discount_type: z.enum(DISCOUNT_TYPES).nullable(),
    discount_value: z.number().nullable(),
    tax_rate_ids: z.array(z.number().int()),
  })
  .extend(invoiceLineAmountsSchema.shape);
export type InvoiceLineResponse = z.infer<typeof invoiceLineSchema>;

/** Invoice totals as `invoiceTotals` gives them; `taxes` grouped per tax and rate for the summary and the PDF. */
export const invoiceTotalsSchema = z.object({
  subtotal: moneySchema,
  line_discounts: moneySchema,
  invoice_discount: moneySchema,
  taxable: moneySchema,
  taxes: z.array(invoiceLineTaxSchema),
  tax: moneySchema,
  total: moneySchema,
  prices_include_tax: z.boolean(),
});
export type InvoiceTotals = z.infer<typeof invoiceTotalsSchema>;

export const invoiceClientSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  /**
   * Where the document is emailed unless other addresses are given (`defaultRecipientEmails`): the
   * same list the server mails the invoice, estimate or receipt to. Invoices and estimates carry it.
   */
  recipients: z.array(z.string()).optional(),
});
export type InvoiceClientSummary = z.infer<typeof invoiceClientSummarySchema>;

export const invoiceSchema = z.object({
  id: z.number().int(),
  /** Assigned when the invoice leaves draft. */
  invoice_number: z.string().nullable(),
  status: invoiceStatusSchema,
  client: invoiceClientSummarySchema,
  issue_date: z.string(),
  due_date: z.string(),
  currency: z.literal(INVOICE_CURRENCY),
  lines: z.array(invoiceLineSchema),
  discount_type: z.enum(DISCOUNT_TYPES).nullable(),
  discount_value: z.number().nullable(),
  totals: invoiceTotalsSchema,
  amount_paid: moneySchema,
  balance_due: moneySchema,
  /** Paid beyond the total (shown as a credit), else 0. */
  credit: moneySchema,
  payments: z.array(paymentSchema),
  notes: z.string().nullable(),
  terms: z.string().nullable(),
  goal_id: z.number().int().nullable(),
  /** The estimate it was converted from, and that estimate's number (both null otherwise). */
  estimate_id: z.number().int().nullable(),
  estimate_number: z.string().nullable(),
  /** The recurring invoice that produced it and the period (`yyyy-MM-dd`) of that run (both null otherwise). */
  recurring_invoice_id: z.number().int().nullable(),
  recurring_period: z.string().nullable(),
  /** The public page `/i/{token}`, once issued. */
  public_url: z.string().nullable(),
  sent_at: z.string().nullable(),
  viewed_at: z.string().nullable(),
  voided_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceResponseSchema = z.object({ data: invoiceSchema, message: z.string().optional() });
export type InvoiceResponse = z.infer<typeof invoiceResponseSchema>;

export const invoiceListItemSchema = z.object({
  id: z.number().int(),
  invoice_number: z.string().nullable(),
  status: invoiceStatusSchema,
  client: invoiceClientSummarySchema.pick({ id: true, name: true }),
  issue_date: z.string(),
  due_date: z.string(),
  total: moneySchema,
  amount_paid: moneySchema,
  balance_due: moneySchema,
  goal_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;

/**
 * Totals of every invoice matching the filters (not only the page shown), each on the set it names:
 * `count` every matching invoice; `total`, `amount_paid` and `balance_due` the billed ones (issued,
 * not void), so total - amount_paid = balance_due; drafts (not billed yet) and void invoices (owed by
 * nobody) counted apart.
 */
export const invoiceListSummarySchema = z.object({
  count: z.number().int(),
  total: moneySchema,
  amount_paid: moneySchema,
  balance_due: moneySchema,
  draft_count: z.number().int(),
  draft_total: moneySchema,
  void_count: z.number().int(),
  void_total: moneySchema,
});
export const invoicePageSchema = pageSchema(invoiceListItemSchema).extend({ summary: invoiceListSummarySchema });
export type InvoicePage = z.infer<typeof invoicePageSchema>;

export const invoiceStatusFilterSchema = z.enum(INVOICE_STATUS_FILTERS, {
  error: INVOICE_MESSAGES.statusFilterInvalid,
});

/** `GET /api/invoices?status=unpaid&search=acme&date_from=2026-01-01&date_to=2026-03-31&due_from=2026-11-24&due_to=2026-11-30&sort=due_date&direction=asc&page=2` */
export const invoiceListQuerySchema = listQuerySchema(INVOICE_SORT_FIELDS, 'issue_date')
  .extend({
    direction: z.enum(['asc', 'desc']).default('desc'),
    status: invoiceStatusFilterSchema.default('all'),
    client_id: idSchema.optional(),
    goal_id: idSchema.optional(),
    /** Issue date range, both ends included. */
    date_from: isoDateSchema.optional(),
    date_to: isoDateSchema.optional(),
    /** Due date range, both ends included (the dashboard's "Due This Week" opens today to today + 6). */
    due_from: isoDateSchema.optional(),
    due_to: isoDateSchema.optional(),
  })
  .refine((query) => !query.date_from || !query.date_to || query.date_from <= query.date_to, {
    message: INVOICE_MESSAGES.dateRangeInvalid,
    path: ['date_to'],
  })
  .refine((query) => !query.due_from || !query.due_to || query.due_from <= query.due_to, {
    message: INVOICE_MESSAGES.dateRangeInvalid,
    path: ['due_to'],
  });
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;
export type InvoiceListQueryInput = z.input<typeof invoiceListQuerySchema>;

/** `POST /api/invoices/{id}/payments`: the payment (payments.ts), and the invoice after it. */
export const paymentResponseSchema = z.object({
  data: paymentSchema,
  /** The invoice after the payment (status, balance). */
  invoice: invoiceSchema,
  message: z.string().optional(),
  /** Only when the request asked for `send_receipt`. */
  receipt: paymentReceiptSchema.optional(),
});
export type PaymentResponse = z.infer<typeof paymentResponseSchema>;

/** `POST /api/invoices/{id}/send`: to the client's contacts unless recipients are given. */
export const invoiceSendInputSchema = z.strictObject({
  to: z
    .array(z.string().trim().regex(EMAIL_PATTERN, INVOICE_MESSAGES.recipientInvalid), {
      error: INVOICE_MESSAGES.recipientsRequired,
    })
    .min(1, INVOICE_MESSAGES.recipientsRequired)
    .max(20, INVOICE_MESSAGES.tooManyRecipients)
    .optional(),
  subject: optionalText(200, INVOICE_MESSAGES.subjectTooLong),
  message: optionalText(INVOICE_TEXT_MAX_LENGTH, INVOICE_MESSAGES.messageTooLong),
});
export type InvoiceSendInput = z.input<typeof invoiceSendInputSchema>;

/** `POST /api/invoices/{id}/void` */
export const invoiceVoidInputSchema = z.strictObject({ reason: optionalText(500, INVOICE_MESSAGES.voidReasonTooLong) });
export type InvoiceVoidInput = z.input<typeof invoiceVoidInputSchema>;
