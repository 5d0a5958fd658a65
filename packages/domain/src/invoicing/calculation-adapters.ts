import { MAX_AMOUNT_CENTS } from '../limits';
import type { FieldErrors } from '../errors';
import { fromCents, toCents } from '../money';
import { calculateInvoice } from './calculate';
import type {
  CalculationInput,
  Discount,
  InvoiceCalculation,
  LineCalculation,
  TaxInput,
} from './calculation-contracts';
import { MAX_LINE_TAXES } from './invoice-messages';
import type { DiscountFields } from './contract-helpers';
import type { InvoiceLineAmounts, InvoiceLineTax, InvoiceRequest, InvoiceTotals } from './contracts';
import { INVOICE_MESSAGES, LINE_DESCRIPTION_MAX_LENGTH } from './invoice-messages';

/**
 * Between the API contracts (decimal amounts, tax rate ids) and the engine (`calculateInvoice`:
 * cents, resolved taxes): a parsed request or the editor's half-typed values in engine terms, and
 * the engine's results back as API amounts.
 */

/** The discount of a line or an invoice in engine terms (amounts in cents), or null for none. */
export function discountFromFields(fields: DiscountFields): Discount | null {
  if (!fields.discount_type || fields.discount_value == null || fields.discount_value === 0) return null;
  return fields.discount_type === 'percent'
    ? { type: 'percent', value: fields.discount_value }
    : { type: 'amount', value: toCents(fields.discount_value) };
}

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
