import { randomBytes } from 'node:crypto';
import { discountFromFields, toThousandths, type InvoiceCalculation, type InvoiceRequest } from '@ledgerleaf/domain';
import {
  insertInvoice,
  linkInvoiceOrigin,
  type Db,
  type InvoiceContentFields,
  type InvoiceLineWrite,
} from '@ledgerleaf/db';
import { resolveDocumentRequest, storedDiscountColumns } from '../documents/document-content';

/*
 * From an invoice request to the rows that store it: the invoice's fields with its totals, and each
 * line with its figures and a snapshot of its taxes (name, rate, compound), so a tax rate changed
 * later never changes an issued invoice. The invoices module, an estimate's conversion, the
 * recurring runs and the demo seed all build invoices here.
 */

export const PUBLIC_TOKEN_BYTES = 32;

/** The capability in an invoice's public link (`/i/{token}`): whoever has it reads the invoice. */
export function newPublicToken(): string {
  return randomBytes(PUBLIC_TOKEN_BYTES).toString('base64url');
}

export interface ResolvedContent {
  fields: InvoiceContentFields;
  lines: InvoiceLineWrite[];
}

/**
 * Validates the references of a parsed request in the caller's business (client, goal, products,
 * tax rates: another business's ids are reported exactly like unknown ones) and computes it with the
 * engine. Throws 422 with field-keyed errors.
 */
export async function resolveContent(
  db: Db,
  businessId: number,
  input: InvoiceRequest,
  context: { pricesIncludeTax: boolean; paidCents: number },
): Promise<ResolvedContent> {
  const { calculation } = await resolveDocumentRequest(db, businessId, input, context);
  return buildInvoiceContent(input, calculation, context.pricesIncludeTax);
}

/** The rows of a parsed request and its engine calculation (no I/O; the demo seed uses it too). */
export function buildInvoiceContent(
  input: InvoiceRequest,
  calculation: InvoiceCalculation,
  pricesIncludeTax: boolean,
): ResolvedContent {
  return {
    fields: {
      client_id: input.client_id,
      issue_date: input.issue_date,
      due_date: input.due_date,
      ...storedDiscountColumns(discountFromFields(input)),
      notes: input.notes,
      terms: input.terms,
      currency: input.currency,
      goal_id: input.goal_id,
      prices_include_tax: pricesIncludeTax,
      subtotal_cents: calculation.subtotal_cents,
      line_discount_cents: calculation.line_discount_cents,
      discount_cents: calculation.invoice_discount_cents,
      tax_cents: calculation.tax_cents,
      total_cents: calculation.total_cents,
      paid_cents: calculation.paid_cents,
      balance_cents: calculation.balance_due_cents,
    },
    lines: input.lines.map((line, index) => {
      const result = calculation.lines[index];
      if (!result) throw new Error('line calculation missing');
      return {
        product_id: line.product_id,
        description: line.description,
        quantity_thousandths: result.quantity_thousandths,
        unit: line.unit,
        unit_price_cents: result.unit_price_cents,
        ...storedDiscountColumns(discountFromFields(line)),
        subtotal_cents: result.subtotal_cents,
        discount_cents: result.discount_cents,
        invoice_discount_cents: result.invoice_discount_cents,
        taxable_cents: result.taxable_cents,
        tax_cents: result.tax_cents,
        total_cents: result.total_cents,
        taxes: result.taxes.map((tax) => ({
          tax_rate_id: tax.id,
          name: tax.name ?? '',
          rate_thousandths: toThousandths(tax.rate_percent),
          is_compound: tax.compound,
          base_cents: tax.base_cents,
          amount_cents: tax.amount_cents,
        })),
      };
    }),
  };
}

/**
 * Inserts a draft invoice built from a request and its calculation (no I/O before: the caller
 * checked the request), with a new public token, linked to what produced it when something did (an
 * estimate converted, a recurring invoice's run for a period). Call it in the caller's transaction.
 */
export async function insertBuiltInvoice(
  tx: Db,
  params: {
    businessId: number;
    request: InvoiceRequest;
    calculation: InvoiceCalculation;
    pricesIncludeTax: boolean;
    origin?: { estimateId: number } | { recurring: { id: number; period: string } };
    now: Date;
  },
): Promise<{ invoiceId: number; content: ResolvedContent }> {
  const content = buildInvoiceContent(params.request, params.calculation, params.pricesIncludeTax);
  const { id: invoiceId } = await insertInvoice(tx, {
    businessId: params.businessId,
    fields: content.fields,
    lines: content.lines,
    publicToken: newPublicToken(),
    now: params.now,
  });
  if (params.origin) await linkInvoiceOrigin(tx, { businessId: params.businessId, invoiceId, ...params.origin });
  return { invoiceId, content };
}
