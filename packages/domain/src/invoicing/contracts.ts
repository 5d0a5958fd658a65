import { z } from 'zod';
import {
  COMMON_MESSAGES,
  MAX_AMOUNT_CENTS,
  amountSchema,
  idSchema,
  isoDateSchema,
  listQuerySchema,
  pageSchema,
  percentSchema,
  quantitySchema,
} from '../common';
import { fromCents, toCents } from '../money';
import { formatCurrency } from '../format';
import { EMAIL_PATTERN } from '../auth';
import type { FieldErrors } from '../errors';
import {
  DISCOUNT_TYPES,
  MAX_LINE_TAXES,
  calculateInvoice,
  lineSubtotalCents,
  type CalculationInput,
  type Discount,
  type InvoiceCalculation,
  type LineCalculation,
  type TaxInput,
} from './calculate';
import { INVOICE_STATUSES, invoiceStatusSchema } from './status';

/**
 * API contracts of invoices and payments. The JSON carries decimal amounts (`unit_price: 19.99`);
 * the server converts with `toCents` and computes with `calculateInvoice`. Errors are keyed by field
 * path (`lines.3.quantity`), worded for the owner of a small business.
 */

export const MAX_INVOICE_LINES = 500;
export const LINE_DESCRIPTION_MAX_LENGTH = 2000;
/** As long as a product's unit (and the `unit` columns), so that picking any product fills a valid line. */
export const LINE_UNIT_MAX_LENGTH = 32;
export const INVOICE_TEXT_MAX_LENGTH = 5000;
export const PAYMENT_REFERENCE_MAX_LENGTH = 100;
export const PAYMENT_NOTE_MAX_LENGTH = 1000;
export const INVOICE_CURRENCY = 'USD';

export const INVOICE_MESSAGES = {
  clientRequired: 'Please choose a client',
  issueDateRequired: 'Please enter the invoice date',
  dueDateRequired: 'Please enter the due date',
  dueBeforeIssue: 'The due date cannot be before the invoice date',
  linesRequired: 'Please add at least one line',
  tooManyLines: `An invoice can have at most ${MAX_INVOICE_LINES} lines`,
  descriptionRequired: 'Please describe what you are charging for',
  descriptionTooLong: `The description may be at most ${LINE_DESCRIPTION_MAX_LENGTH.toLocaleString('en-US')} characters`,
  unitTooLong: `The unit may be at most ${LINE_UNIT_MAX_LENGTH} characters`,
  unitPriceRequired: 'Please enter a price',
  discountTypeInvalid: 'Please choose a percentage or an amount',
  discountTypeRequired: 'Please choose whether the discount is a percentage or an amount',
  discountValueInvalid: 'Please enter a valid discount',
  discountNegative: 'The discount cannot be negative',
  discountPercentTooLarge: 'A discount cannot be more than 100%',
  lineDiscountTooLarge: 'The discount cannot be more than the line amount',
  invoiceDiscountTooLarge: 'The discount cannot be more than the invoice amount',
  taxRatesInvalid: 'Please choose the taxes from your tax rates',
  tooManyTaxes: `A line can have at most ${MAX_LINE_TAXES} taxes`,
  duplicateTax: 'The same tax is chosen twice',
  unknownTaxRate: 'This tax rate does not exist (any more). Please choose another one',
  compoundTaxFirst: 'A compound tax applies on top of another tax, so it must be the second tax of the line',
  lineTooLarge: 'The line amount may not exceed 999,999,999.99',
  invoiceTooLarge: 'The invoice total may not exceed 999,999,999.99',
  notesTooLong: `Notes may be at most ${INVOICE_TEXT_MAX_LENGTH.toLocaleString('en-US')} characters`,
  termsTooLong: `Terms may be at most ${INVOICE_TEXT_MAX_LENGTH.toLocaleString('en-US')} characters`,
  currencyInvalid: 'Invoices are in US dollars (USD)',
  goalInvalid: 'Please choose a goal',
  dateRangeInvalid: 'The start date must be on or before the end date',
  statusFilterInvalid: 'Please choose a status',
  paymentAmountRequired: 'Please enter the amount received',
  paymentAmountPositive: 'The amount must be more than 0.00',
  paymentMoreThanBalance: (balanceCents: number) =>
    `The amount cannot be more than the balance due of ${formatCurrency(fromCents(balanceCents))}`,
  paymentDateRequired: 'Please enter the date of the payment',
  paymentMethodInvalid: 'Please choose how you were paid',
  referenceTooLong: `The reference may be at most ${PAYMENT_REFERENCE_MAX_LENGTH} characters`,
  noteTooLong: `The note may be at most ${PAYMENT_NOTE_MAX_LENGTH.toLocaleString('en-US')} characters`,
  sendReceiptInvalid: 'Please choose whether to email a receipt',
  recipientsRequired: 'Please add at least one email address',
  recipientInvalid: 'Please enter a valid email address',
  tooManyRecipients: 'You can send to at most 20 email addresses',
  subjectTooLong: 'The subject may be at most 200 characters',
  messageTooLong: `The message may be at most ${INVOICE_TEXT_MAX_LENGTH.toLocaleString('en-US')} characters`,
  voidReasonTooLong: 'The reason may be at most 500 characters',
  // answers of the server
  notFound: 'Invoice not found.',
  paymentNotFound: 'Payment not found.',
  notDeletable: 'Only drafts can be deleted. Void an issued invoice instead.',
  notEditable: 'This invoice has payments or is void, so it can no longer be edited.',
  notVoidable: 'Only sent, viewed, partially paid or overdue invoices can be voided.',
  notPayable: 'Payments can be recorded on sent, viewed, partially paid or overdue invoices only.',
  transitionNotAllowed: (from: string, to: string) => `An invoice cannot go from ${from} to ${to}.`,
  deleted: 'Invoice deleted.',
  voided: 'Invoice voided.',
  sent: 'Invoice sent.',
  markedAsSent: 'Invoice marked as sent.',
  paymentRecorded: 'Payment recorded.',
  paymentDeleted: 'Payment deleted.',
} as const;

/** Optional free text: trimmed, and empty becomes null. */
function optionalText(max: number, message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));
}

const discountTypeInputSchema = z.enum(DISCOUNT_TYPES, { error: INVOICE_MESSAGES.discountTypeInvalid }).nullish();
const discountValueInputSchema = z
  .number({ error: INVOICE_MESSAGES.discountValueInvalid })
  .finite(INVOICE_MESSAGES.discountValueInvalid)
  .min(0, INVOICE_MESSAGES.discountNegative)
  .nullish();

interface DiscountFields {
  discount_type?: (typeof DISCOUNT_TYPES)[number] | null | undefined;
  discount_value?: number | null | undefined;
}

/** The discount of a line or an invoice in engine terms (amounts in cents), or null for none. */
export function discountFromFields(fields: DiscountFields): Discount | null {
  if (!fields.discount_type || fields.discount_value == null || fields.discount_value === 0) return null;
  return fields.discount_type === 'percent'
    ? { type: 'percent', value: fields.discount_value }
    : { type: 'amount', value: toCents(fields.discount_value) };
}

/** True when parsing already found a problem in one of these top-level fields (cross-field checks then wait). */
function hasIssueAt(ctx: z.RefinementCtx, ...fields: string[]): boolean {
  return ctx.issues.some((issue) => fields.includes(String(issue.path?.[0])));
}

/** Discount type/value rules shared by lines and invoices; `baseCents` is what the discount applies to. */
function checkDiscount(fields: DiscountFields, baseCents: number | null, tooLarge: string, ctx: z.RefinementCtx) {
  if (hasIssueAt(ctx, 'discount_type', 'discount_value')) return;
  const value = fields.discount_value;
  if (value == null || value === 0) return;
  if (!fields.discount_type) {
    ctx.addIssue({ code: 'custom', message: INVOICE_MESSAGES.discountTypeRequired, path: ['discount_type'] });
    return;
  }
  if (fields.discount_type === 'percent') {
    if (value > 100)
      ctx.addIssue({ code: 'custom', message: INVOICE_MESSAGES.discountPercentTooLarge, path: ['discount_value'] });
    else if (!percentSchema.safeParse(value).success)
      ctx.addIssue({ code: 'custom', message: COMMON_MESSAGES.percentDecimals, path: ['discount_value'] });
    return;
  }
  const amount = amountSchema.safeParse(value);
  if (!amount.success) {
    ctx.addIssue({
      code: 'custom',
      message: amount.error.issues[0]?.message ?? INVOICE_MESSAGES.discountValueInvalid,
      path: ['discount_value'],
    });
  } else if (baseCents !== null && toCents(value) > baseCents) {
    ctx.addIssue({ code: 'custom', message: tooLarge, path: ['discount_value'] });
  }
}

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

export const invoiceInputSchema = z
  .strictObject({
    client_id: z.coerce
      .number({ error: INVOICE_MESSAGES.clientRequired })
      .int(INVOICE_MESSAGES.clientRequired)
      .positive(INVOICE_MESSAGES.clientRequired)
      .max(Number.MAX_SAFE_INTEGER, INVOICE_MESSAGES.clientRequired),
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
  })
  .superRefine((invoice, ctx) => {
    if (!hasIssueAt(ctx, 'issue_date', 'due_date') && invoice.due_date < invoice.issue_date)
      ctx.addIssue({ code: 'custom', message: INVOICE_MESSAGES.dueBeforeIssue, path: ['due_date'] });
    // Once the lines are valid, their net before taxes bounds the invoice discount and their
    // subtotal the invoice (the server checks the total with taxes in calculateInvoiceRequest).
    if (hasIssueAt(ctx, 'lines')) {
      checkDiscount(invoice, null, INVOICE_MESSAGES.invoiceDiscountTooLarge, ctx);
      return;
    }
    let amounts: { subtotal_cents: number; net_cents: number } | null = null;
    try {
      amounts = calculateInvoice({
        lines: invoice.lines.map((line) => ({
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
    checkDiscount(invoice, amounts?.net_cents ?? null, INVOICE_MESSAGES.invoiceDiscountTooLarge, ctx);
  });
export const invoiceCreateRequestSchema = invoiceInputSchema;
/** PUT replaces every field (drafts, and issued invoices while `isEditable`). */
export const invoiceUpdateRequestSchema = invoiceInputSchema;
export type InvoiceInput = z.input<typeof invoiceInputSchema>;
export type InvoiceRequest = z.output<typeof invoiceInputSchema>;

// ---------------------------------------------------------------- from the contract to the engine

/** A tax rate as the catalog serves it (`taxRateRefSchema`): percent `rate`, `is_compound`. */
export interface InvoiceTaxRate {
  id: number;
  name: string;
  rate: number;
  is_compound: boolean;
}

export interface InvoiceCalculationContext {
  /** The business's tax rates (archived ones too, for invoices issued before the archive). */
  taxRates: readonly InvoiceTaxRate[] | ReadonlyMap<number, InvoiceTaxRate>;
  prices_include_tax: boolean;
  paid_cents?: number;
}

function taxRateLookup(taxRates: InvoiceCalculationContext['taxRates']): (id: number) => InvoiceTaxRate | undefined {
  if (taxRates instanceof Map) return (id) => taxRates.get(id);
  const byId = new Map((taxRates as readonly InvoiceTaxRate[]).map((rate) => [rate.id, rate]));
  return (id) => byId.get(id);
}

function toTaxInput(rate: InvoiceTaxRate): TaxInput {
  return { id: rate.id, name: rate.name, rate_percent: rate.rate, compound: rate.is_compound };
}

/**
 * A parsed invoice request in engine terms, resolving the lines' tax ids. Unknown tax ids and a
 * compound tax in first place answer field-keyed errors (`lines.3.tax_rate_ids`); so does a total
 * above 999,999,999.99. On success `calculation` is what the API stores and returns.
 */
export function calculateInvoiceRequest(
  invoice: Pick<InvoiceRequest, 'lines' | 'discount_type' | 'discount_value'>,
  context: InvoiceCalculationContext,
):
  | { success: true; input: CalculationInput; calculation: InvoiceCalculation }
  | { success: false; errors: FieldErrors } {
  const lookup = taxRateLookup(context.taxRates);
  const errors: FieldErrors = {};
  const lines = invoice.lines.map((line, index) => {
    const taxes: TaxInput[] = [];
    line.tax_rate_ids.forEach((id, position) => {
      const rate = lookup(id);
      const key = `lines.${index}.tax_rate_ids`;
      if (!rate) (errors[key] ??= []).push(INVOICE_MESSAGES.unknownTaxRate);
      else if (position === 0 && rate.is_compound && line.tax_rate_ids.length > 1)
        (errors[key] ??= []).push(INVOICE_MESSAGES.compoundTaxFirst);
      else taxes.push(toTaxInput(rate));
    });
    return {
      quantity: line.quantity,
      unit_price_cents: toCents(line.unit_price),
      discount: discountFromFields(line),
      taxes,
    };
  });
  if (Object.keys(errors).length > 0) return { success: false, errors };
  const input: CalculationInput = {
    lines,
    discount: discountFromFields(invoice),
    prices_include_tax: context.prices_include_tax,
    paid_cents: context.paid_cents ?? 0,
  };
  let calculation: InvoiceCalculation;
  try {
    calculation = calculateInvoice(input);
  } catch {
    return { success: false, errors: { lines: [INVOICE_MESSAGES.invoiceTooLarge] } };
  }
  if (calculation.total_cents > MAX_AMOUNT_CENTS)
    return { success: false, errors: { lines: [INVOICE_MESSAGES.invoiceTooLarge] } };
  return { success: true, input, calculation };
}

/** Whatever the editor holds while typing: numbers may be missing, text, negative or NaN. */
export interface InvoiceDraftValues {
  lines: ReadonlyArray<{
    quantity?: unknown;
    unit_price?: unknown;
    discount_type?: unknown;
    discount_value?: unknown;
    tax_rate_ids?: readonly unknown[] | null;
  }>;
  discount_type?: unknown;
  discount_value?: unknown;
}

function draftNumber(value: unknown, places: number, max: number): number {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : 0;
  if (!Number.isFinite(number) || number <= 0) return 0;
  const scale = 10 ** places;
  return Math.min(Math.round(number * scale) / scale, max);
}

function draftDiscount(type: unknown, value: unknown): Discount | null {
  if (type === 'percent') return { type, value: draftNumber(value, 3, 100) };
  if (type === 'amount') return { type, value: toCents(draftNumber(value, 2, MAX_AMOUNT_CENTS / 100)) };
  return null;
}

/**
 * Live totals for the editor: the same engine on half-typed values. Missing or invalid numbers
 * count as 0, unknown tax ids are skipped, discounts clamp; never throws. Once the form is valid
 * this equals `calculateInvoiceRequest` to the cent.
 */
export function calculateInvoiceDraft(
  values: InvoiceDraftValues,
  context: InvoiceCalculationContext,
): InvoiceCalculation {
  const lookup = taxRateLookup(context.taxRates);
  const lines = values.lines.map((line) => {
    const rates = (line.tax_rate_ids ?? [])
      .map((id) => lookup(Number(id)))
      .filter((rate): rate is InvoiceTaxRate => rate !== undefined)
      .slice(0, MAX_LINE_TAXES)
      .map(toTaxInput);
    return {
      quantity: draftNumber(line.quantity, 3, 1_000_000_000),
      unit_price_cents: toCents(draftNumber(line.unit_price, 2, MAX_AMOUNT_CENTS / 100)),
      discount: draftDiscount(line.discount_type, line.discount_value),
      taxes: rates,
    };
  });
  const input: CalculationInput = {
    lines,
    discount: draftDiscount(values.discount_type, values.discount_value),
    prices_include_tax: context.prices_include_tax,
    paid_cents: context.paid_cents ?? 0,
  };
  try {
    return calculateInvoice(input);
  } catch {
    // Astronomic half-typed numbers: show zeros rather than crash the editor; the form refuses them.
    return calculateInvoice({ lines: [], prices_include_tax: context.prices_include_tax });
  }
}

// ---------------------------------------------------------------- responses

/** A decimal amount in a response (computed from cents with `fromCents`). */
const moneySchema = z.number();

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

/**
 * Where a client's documents are emailed by default: every contact's email (the primary contact
 * first), else the client's own email; trimmed, without repeats (compared case-insensitively).
 */
export function defaultRecipientEmails(
  contacts: readonly { email: string | null; is_primary?: boolean | number | null }[],
  clientEmail: string | null,
): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  const add = (email: string | null) => {
    const trimmed = email?.trim();
    if (!trimmed || seen.has(trimmed.toLowerCase())) return;
    seen.add(trimmed.toLowerCase());
    out.push(trimmed);
  };
  const ordered = [...contacts].sort((a, b) => Number(Boolean(b.is_primary)) - Number(Boolean(a.is_primary)));
  for (const contact of ordered) add(contact.email);
  if (out.length === 0) add(clientEmail);
  return out;
}

/** A document's default recipients as the web offers them: the summary's `recipients`, else the client's own email. */
export function recipientsOf(client: Pick<InvoiceClientSummary, 'email' | 'recipients'>): string[] {
  return client.recipients ?? (client.email ? [client.email] : []);
}

export const PAYMENT_METHODS = ['cash', 'bank_transfer', 'card', 'check', 'other'] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS, { error: INVOICE_MESSAGES.paymentMethodInvalid });
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  bank_transfer: 'Bank transfer',
  card: 'Card',
  check: 'Check',
  other: 'Other',
};

export const paymentInputSchema = z.strictObject({
  amount: z
    .number({ error: INVOICE_MESSAGES.paymentAmountRequired })
    .pipe(amountSchema)
    .refine((amount) => amount > 0, INVOICE_MESSAGES.paymentAmountPositive),
  payment_date: z.string({ error: INVOICE_MESSAGES.paymentDateRequired }).pipe(isoDateSchema),
  method: paymentMethodSchema,
  reference: optionalText(PAYMENT_REFERENCE_MAX_LENGTH, INVOICE_MESSAGES.referenceTooLong),
  note: optionalText(PAYMENT_NOTE_MAX_LENGTH, INVOICE_MESSAGES.noteTooLong),
  /** Email a receipt to the client's contacts once the payment is recorded (the answer's `receipt` tells how it went). */
  send_receipt: z.boolean({ error: INVOICE_MESSAGES.sendReceiptInvalid }).default(false),
});
export type PaymentInput = z.input<typeof paymentInputSchema>;
export type PaymentRequest = z.output<typeof paymentInputSchema>;

/** "Up to the balance": null when the amount may be recorded, otherwise the message (for `amount`). */
export function validatePaymentAmount(amountCents: number, balanceDueCents: number): string | null {
  if (amountCents <= 0) return INVOICE_MESSAGES.paymentAmountPositive;
  return amountCents > balanceDueCents ? INVOICE_MESSAGES.paymentMoreThanBalance(balanceDueCents) : null;
}

export const paymentSchema = z.object({
  id: z.number().int(),
  /** The same as `id`: the goals area opens "Allocate Payment to Goals" with it right after a payment. */
  payment_id: z.number().int(),
  invoice_id: z.number().int(),
  amount: moneySchema,
  payment_date: z.string(),
  method: paymentMethodSchema,
  reference: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

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

/** Totals of every invoice matching the filters (not only the page shown). */
export const invoiceListSummarySchema = z.object({
  count: z.number().int(),
  total: moneySchema,
  amount_paid: moneySchema,
  balance_due: moneySchema,
});
export const invoicePageSchema = pageSchema(invoiceListItemSchema).extend({ summary: invoiceListSummarySchema });
export type InvoicePage = z.infer<typeof invoicePageSchema>;

export const INVOICE_SORT_FIELDS = [
  'issue_date',
  'due_date',
  'invoice_number',
  'client_name',
  'total',
  'balance_due',
  'status',
  'created_at',
] as const;
/** `all`, a status, or `unpaid` (sent, viewed, partial, overdue). */
export const INVOICE_STATUS_FILTERS = ['all', 'unpaid', ...INVOICE_STATUSES] as const;
export const invoiceStatusFilterSchema = z.enum(INVOICE_STATUS_FILTERS, {
  error: INVOICE_MESSAGES.statusFilterInvalid,
});
export type InvoiceStatusFilter = z.infer<typeof invoiceStatusFilterSchema>;

/** `GET /api/invoices?status=unpaid&search=acme&date_from=2026-01-01&date_to=2026-03-31&sort=due_date&direction=asc&page=2` */
export const invoiceListQuerySchema = listQuerySchema(INVOICE_SORT_FIELDS, 'issue_date')
  .extend({
    direction: z.enum(['asc', 'desc']).default('desc'),
    status: invoiceStatusFilterSchema.default('all'),
    client_id: idSchema.optional(),
    goal_id: idSchema.optional(),
    /** Issue date range, both ends included. */
    date_from: isoDateSchema.optional(),
    date_to: isoDateSchema.optional(),
  })
  .refine((query) => !query.date_from || !query.date_to || query.date_from <= query.date_to, {
    message: INVOICE_MESSAGES.dateRangeInvalid,
    path: ['date_to'],
  });
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;
export type InvoiceListQueryInput = z.input<typeof invoiceListQuerySchema>;

/**
 * How a payment receipt went. `sent`: handed to the mail server (or kept in the outbox without
 * SMTP); otherwise `message` says why not. A receipt that could not be sent never undoes the payment.
 */
export const paymentReceiptSchema = z.object({
  sent: z.boolean(),
  to: z.array(z.string()),
  /** The outbox message, when one was written. */
  email_id: z.number().int().nullable(),
  message: z.string(),
});
export type PaymentReceipt = z.infer<typeof paymentReceiptSchema>;

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

// ---------------------------------------------------------------- engine results as API amounts

function taxAmounts(
  taxes: ReadonlyArray<{
    id: number | null;
    name: string | null;
    rate_percent: number;
    compound: boolean;
    base_cents: number;
    amount_cents: number;
  }>,
): InvoiceLineTax[] {
  return taxes.map((tax) => ({
    tax_rate_id: tax.id,
    name: tax.name ?? '',
    rate: tax.rate_percent,
    is_compound: tax.compound,
    taxable: fromCents(tax.base_cents),
    amount: fromCents(tax.amount_cents),
  }));
}

/** How a tax reads on the editor, the detail page and the PDF: `NY sales tax (8.875%)`, `QST (9.975%, compound)`. */
export function formatTaxLabel(tax: { name: string | null; rate: number; is_compound: boolean }): string {
  const rate = `${tax.rate.toLocaleString('en-US', { maximumFractionDigits: 3 })}%`;
  const detail = tax.is_compound ? `${rate}, compound` : rate;
  return tax.name ? `${tax.name} (${detail})` : `Tax (${detail})`;
}

/** A line's computed amounts in API decimals. */
export function lineAmounts(line: LineCalculation): InvoiceLineAmounts {
  return {
    subtotal: fromCents(line.subtotal_cents),
    discount: fromCents(line.discount_cents),
    net: fromCents(line.net_cents),
    invoice_discount: fromCents(line.invoice_discount_cents),
    taxable: fromCents(line.taxable_cents),
    taxes: taxAmounts(line.taxes),
    tax: fromCents(line.tax_cents),
    total: fromCents(line.total_cents),
  };
}

/** The invoice's totals and balance in API decimals. */
export function invoiceTotals(calculation: InvoiceCalculation): {
  totals: InvoiceTotals;
  amount_paid: number;
  balance_due: number;
  credit: number;
} {
  return {
    totals: {
      subtotal: fromCents(calculation.subtotal_cents),
      line_discounts: fromCents(calculation.line_discount_cents),
      invoice_discount: fromCents(calculation.invoice_discount_cents),
      taxable: fromCents(calculation.taxable_cents),
      taxes: taxAmounts(calculation.taxes),
      tax: fromCents(calculation.tax_cents),
      total: fromCents(calculation.total_cents),
      prices_include_tax: calculation.prices_include_tax,
    },
    amount_paid: fromCents(calculation.paid_cents),
    balance_due: fromCents(calculation.balance_due_cents),
    credit: fromCents(calculation.credit_cents),
  };
}

/**
 * The description a picked product gives a line: its name, then its description on the next line,
 * cut (with an ellipsis) to what a line may hold. A product's description may be longer than a
 * line's; the product keeps the whole text.
 */
export function lineDescriptionFromProduct(product: { name: string; description: string | null }): string {
  const text = product.description ? `${product.name}\n${product.description}` : product.name;
  return text.length <= LINE_DESCRIPTION_MAX_LENGTH
    ? text
    : `${text.slice(0, LINE_DESCRIPTION_MAX_LENGTH - 1).trimEnd()}…`;
}
