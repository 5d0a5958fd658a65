import {
  calculateInvoice,
  calculateInvoiceRequest,
  discountFromFields,
  lineAmounts,
  toCents,
  toThousandths,
  type CalculationInput,
  type Discount,
  type FieldErrors,
  type InvoiceCalculation,
  type InvoiceLine,
  type InvoiceLineResponse,
  type InvoiceRequest,
  type TaxInput,
} from '@ledgerleaf/domain';
import { findClient, findGoal, listBusinessProductIds, listBusinessTaxRates, type Db } from '@ledgerleaf/db';
import { validationError } from '../../../lib/errors';

/*
 * The content of a document (invoice, estimate, recurring invoice): its lines, discount and taxes,
 * from the request a person typed to what is stored and computed. All three are checked the same
 * way (`resolveDocumentRequest`) and computed by the domain's one engine (`calculateInvoice`).
 *
 * An invoice stores its lines as rows (invoices module). An estimate stores them as JSON: the
 * request's lines (what the person typed) with a snapshot of each line's taxes when saved, so
 * renaming or changing a tax rate never changes an estimate; every figure is computed from it on
 * each read, and the invoice an estimate converts to is built from the same snapshot. A recurring
 * invoice stores its request as a template and is computed with today's tax rates on each run.
 */

/** Answers about a document's references (client, products, goal). */
export const DOCUMENT_REFERENCE_MESSAGES = {
  unknownClient: 'This client does not exist (any more). Please choose another one',
  unknownProduct: 'This product or service does not exist (any more). Please choose another one',
  unknownGoal: 'This goal does not exist (any more). Please choose another one',
} as const;

/** What of a request the content check reads: its client, lines and discount, and an invoice's goal. */
export type DocumentRequest = Pick<InvoiceRequest, 'client_id' | 'lines' | 'discount_type' | 'discount_value'> & {
  goal_id?: number | null;
};

/**
 * Checks a request's references in the caller's business (client, products, goal: another
 * business's ids are reported exactly like unknown ones) and computes it with the business's tax
 * rates; throws 422 with field-keyed errors otherwise. Answers the engine's input (each line's
 * taxes resolved) and its calculation.
 */
export async function resolveDocumentRequest(
  db: Db,
  businessId: number,
  input: DocumentRequest,
  context: { pricesIncludeTax: boolean; paidCents?: number; checkClient?: boolean },
): Promise<{ input: CalculationInput; calculation: InvoiceCalculation }> {
  const errors: FieldErrors = {};
  if (context.checkClient !== false && !(await findClient(db, { businessId, clientId: input.client_id })))
    errors.client_id = [DOCUMENT_REFERENCE_MESSAGES.unknownClient];
  if (input.goal_id != null && !(await findGoal(db, { businessId, goalId: input.goal_id })))
    errors.goal_id = [DOCUMENT_REFERENCE_MESSAGES.unknownGoal];
  const productIds = [...new Set(input.lines.map((line) => line.product_id).filter((id): id is number => id !== null))];
  const known = await listBusinessProductIds(db, { businessId, productIds });
  input.lines.forEach((line, index) => {
    if (line.product_id !== null && !known.has(line.product_id))
      errors[`lines.${index}.product_id`] = [DOCUMENT_REFERENCE_MESSAGES.unknownProduct];
  });
  const computed = calculateInvoiceRequest(input, {
    taxRates: await listBusinessTaxRates(db, { businessId }),
    prices_include_tax: context.pricesIncludeTax,
    paid_cents: context.paidCents ?? 0,
  });
  if (!computed.success) Object.assign(errors, computed.errors);
  if (Object.keys(errors).length > 0 || !computed.success) throw validationError(errors);
  return { input: computed.input, calculation: computed.calculation };
}

/** A discount as stored: its type, and a percentage in thousandths or an amount in cents. */
export function storedDiscountColumns(discount: Discount | null): {
  discount_type: 'percent' | 'amount' | null;
  discount_value: number | null;
} {
  if (!discount) return { discount_type: null, discount_value: null };
  return {
    discount_type: discount.type,
    discount_value: discount.type === 'percent' ? toThousandths(discount.value) : discount.value,
  };
}

// ---------------------------------------------------------------- lines stored as JSON (estimates)

export interface StoredLine extends InvoiceLine {
  taxes: TaxInput[];
}

export interface StoredContent {
  lines: StoredLine[];
  discount_type: InvoiceRequest['discount_type'];
  discount_value: InvoiceRequest['discount_value'];
}

export function parseStoredContent(json: string): StoredContent {
  return JSON.parse(json) as StoredContent;
}

export function contentCalculation(content: StoredContent, pricesIncludeTax: boolean): InvoiceCalculation {
  return calculateInvoice({
    lines: content.lines.map((line) => ({
      quantity: line.quantity,
      unit_price_cents: toCents(line.unit_price),
      discount: discountFromFields(line),
      taxes: line.taxes,
    })),
    discount: discountFromFields(content),
    prices_include_tax: pricesIncludeTax,
    paid_cents: 0,
  });
}

/** What a person typed on a line (the request's fields), from a request line or a line as the API answers it. */
export function requestLineOf(line: InvoiceLine): InvoiceLine {
  return {
    product_id: line.product_id,
    description: line.description,
    quantity: line.quantity,
    unit: line.unit,
    unit_price: line.unit_price,
    discount_type: line.discount_type,
    discount_value: line.discount_value,
    tax_rate_ids: line.tax_rate_ids,
  };
}

/** Request lines as the API answers them (`invoiceLineSchema`), ids being positions. */
export function requestLinesView(
  lines: readonly InvoiceLine[],
  calculation: InvoiceCalculation | null,
): InvoiceLineResponse[] {
  return lines.map((line, index) => {
    const computed = calculation ? calculation.lines[index] : undefined;
    if (calculation && !computed) throw new Error('line calculation missing');
    return {
      id: index + 1,
      position: index,
      ...requestLineOf(line),
      // A recurring template that no longer computes (a tax rate deleted since) shows zeros.
      ...(computed
        ? lineAmounts(computed)
        : { subtotal: 0, discount: 0, net: 0, invoice_discount: 0, taxable: 0, taxes: [], tax: 0, total: 0 }),
    };
  });
}

/** The lines as the API answers them (`invoiceLineSchema`), ids being positions. */
export function contentLines(content: StoredContent, calculation: InvoiceCalculation): InvoiceLineResponse[] {
  return requestLinesView(content.lines, calculation);
}

/** The request's lines (for conversion into an invoice request). */
export function contentRequestLines(content: StoredContent): InvoiceLine[] {
  return content.lines.map(requestLineOf);
}

/**
 * Checks a request (see `resolveDocumentRequest`) and answers it as stored JSON content with each
 * line's tax snapshot, and its calculation.
 */
export async function resolveStoredContent(
  db: Db,
  businessId: number,
  input: Pick<InvoiceRequest, 'client_id' | 'lines' | 'discount_type' | 'discount_value'>,
  pricesIncludeTax: boolean,
  options: { checkClient?: boolean } = {},
): Promise<{ content: StoredContent; calculation: InvoiceCalculation }> {
  const resolved = await resolveDocumentRequest(db, businessId, input, { pricesIncludeTax, ...options });
  const content: StoredContent = {
    lines: input.lines.map((line, index) => ({
      ...line,
      taxes: (resolved.input.lines[index]?.taxes ?? []) as TaxInput[],
    })),
    discount_type: input.discount_type,
    discount_value: input.discount_value,
  };
  return { content, calculation: resolved.calculation };
}
