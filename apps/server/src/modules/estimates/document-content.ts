import {
  calculateInvoice,
  calculateInvoiceRequest,
  discountFromFields,
  fromCents,
  lineAmounts,
  toCents,
  toThousandths,
  type Discount,
  type FieldErrors,
  type InvoiceCalculation,
  type InvoiceLine,
  type InvoiceLineResponse,
  type InvoiceRequest,
  type TaxInput,
} from '@ledgerleaf/domain';
import { findClient, listBusinessTaxRates, type Db } from '@ledgerleaf/db';
import { validationError } from '../../lib/errors';
import { INVOICE_SERVER_MESSAGES } from '../invoices/invoices.service';

/*
 * The lines of an estimate as stored: the request's lines (what the person typed) with a snapshot
 * of each line's taxes when saved, so renaming or changing a tax rate never changes an estimate.
 * The one engine (`calculateInvoice`) computes every figure from it on each read, and the
 * invoice an estimate converts to is built from the same snapshot.
 */

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

/** The lines as the API answers them (`invoiceLineSchema`), ids being positions. */
export function contentLines(content: StoredContent, calculation: InvoiceCalculation): InvoiceLineResponse[] {
  return content.lines.map((line, index) => {
    const computed = calculation.lines[index];
    if (!computed) throw new Error('line calculation missing');
    return {
      id: index + 1,
      position: index,
      product_id: line.product_id,
      description: line.description,
      quantity: line.quantity,
      unit: line.unit,
      unit_price: line.unit_price,
      discount_type: line.discount_type,
      discount_value: line.discount_value,
      tax_rate_ids: line.tax_rate_ids,
      ...lineAmounts(computed),
    };
  });
}

/** The request's lines (for conversion into an invoice request). */
export function contentRequestLines(content: StoredContent): InvoiceLine[] {
  return content.lines.map(({ taxes: _taxes, ...line }) => line);
}

export function storedDiscountColumns(discount: Discount | null): {
  discount_type: string | null;
  discount_value: number | null;
} {
  if (!discount) return { discount_type: null, discount_value: null };
  return {
    discount_type: discount.type,
    discount_value: discount.type === 'percent' ? toThousandths(discount.value) : discount.value,
  };
}

/**
 * Checks a request's references in the caller's business (client, products, tax rates: another
 * business's ids read as unknown) and computes it; 422 with field-keyed errors otherwise.
 */
export async function resolveStoredContent(
  db: Db,
  businessId: number,
  input: Pick<InvoiceRequest, 'client_id' | 'lines' | 'discount_type' | 'discount_value'>,
  pricesIncludeTax: boolean,
  options: { checkClient?: boolean } = {},
): Promise<{ content: StoredContent; calculation: InvoiceCalculation }> {
  const errors: FieldErrors = {};
  if (options.checkClient !== false && !(await findClient(db, { businessId, clientId: input.client_id })))
    errors.client_id = [INVOICE_SERVER_MESSAGES.unknownClient];
  const productIds = [...new Set(input.lines.map((line) => line.product_id).filter((id): id is number => id !== null))];
  const known = new Set<number>();
  for (let start = 0; start < productIds.length; start += 400) {
    const rows = await db
      .selectFrom('products')
      .select('id')
      .where('business_id', '=', businessId)
      .where('id', 'in', productIds.slice(start, start + 400))
      .execute();
    for (const row of rows) known.add(row.id);
  }
  input.lines.forEach((line, index) => {
    if (line.product_id !== null && !known.has(line.product_id))
      errors[`lines.${index}.product_id`] = [INVOICE_SERVER_MESSAGES.unknownProduct];
  });
  const computed = calculateInvoiceRequest(input, {
    taxRates: await listBusinessTaxRates(db, { businessId }),
    prices_include_tax: pricesIncludeTax,
  });
  if (!computed.success) Object.assign(errors, computed.errors);
  if (Object.keys(errors).length > 0 || !computed.success) throw validationError(errors);
  const content: StoredContent = {
    lines: input.lines.map((line, index) => ({
      ...line,
      taxes: (computed.input.lines[index]?.taxes ?? []) as TaxInput[],
    })),
    discount_type: input.discount_type,
    discount_value: input.discount_value,
  };
  return { content, calculation: computed.calculation };
}

export function centsToAmount(cents: number): number {
  return fromCents(cents);
}
