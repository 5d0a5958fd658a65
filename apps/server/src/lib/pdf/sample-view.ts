import {
  calculateInvoice,
  fromCents,
  invoiceTotals,
  lineAmounts,
  type CalculationLineInput,
  type Discount,
  type InvoiceStatus,
  type Payment,
} from '@ledgerleaf/domain';
import type { InvoicePdfView } from './types';

/*
 * A realistic invoice view built through domain's engine, for the PDF tests and the render-time
 * benchmark (the server builds real views from the database the same way).
 */

const SERVICES = [
  { description: 'Website redesign: discovery workshop and sitemap', unit: 'hour', price: 12_500 },
  { description: 'Sourdough loaves (wholesale, 800 g)', unit: 'item', price: 675 },
  { description: 'Monthly bookkeeping retainer', unit: 'month', price: 45_000 },
  { description: 'On-site espresso machine service, parts and labour', unit: 'visit', price: 18_999 },
  { description: 'Photography: product shots, edited, web and print sizes', unit: 'day', price: 96_000 },
];

const STATE_TAX = { id: 1, name: 'NY sales tax', rate_percent: 8.875, compound: false };
const CITY_TAX = { id: 2, name: 'City surcharge', rate_percent: 0.375, compound: true };

export interface SampleViewOptions {
  lines: number;
  status?: InvoiceStatus;
  invoiceNumber?: string | null;
  /** Paid in cents, recorded as one payment (0: none). */
  paidCents?: number;
  discount?: Discount | null;
  pricesIncludeTax?: boolean;
  /** One-line rows: short descriptions, at most one tax. */
  compact?: boolean;
}

export function sampleInvoiceView(options: SampleViewOptions): InvoicePdfView {
  const inputs: CalculationLineInput[] = [];
  const descriptions: string[] = [];
  const units: string[] = [];
  for (let index = 0; index < options.lines; index += 1) {
    const service = SERVICES[index % SERVICES.length]!;
    const description = options.compact ? service.description.split(/[:,(]/)[0]!.trim() : service.description;
    const revision =
      !options.compact && index % 7 === 3
        ? ' (second revision round, including the changes agreed on the call of March 3 about colours and copy)'
        : '';
    descriptions.push(`${index + 1}. ${description}${revision}`);
    units.push(service.unit);
    inputs.push({
      quantity: [1, 2.5, 12, 0.75, 3][index % 5]!,
      unit_price_cents: service.price + index,
      discount: options.compact
        ? null
        : index % 4 === 1
          ? { type: 'percent', value: 10 }
          : index % 6 === 5
            ? { type: 'amount', value: 500 }
            : null,
      taxes: options.compact
        ? index % 2 === 0
          ? [STATE_TAX]
          : []
        : index % 3 === 0
          ? [STATE_TAX, CITY_TAX]
          : index % 3 === 1
            ? [STATE_TAX]
            : [],
    });
  }
  const discount = options.discount === undefined ? ({ type: 'percent', value: 5 } as const) : options.discount;
  const calculation = calculateInvoice({
    lines: inputs,
    discount,
    prices_include_tax: options.pricesIncludeTax ?? false,
    paid_cents: options.paidCents ?? 0,
  });
  const amounts = invoiceTotals(calculation);
  const payments: Payment[] =
    (options.paidCents ?? 0) > 0
      ? [
          {
            id: 1,
            payment_id: 1,
            invoice_id: 1,
            amount: fromCents(options.paidCents ?? 0),
            payment_date: '2026-02-10',
            method: 'bank_transfer',
            reference: 'ACH 4471',
            note: null,
            created_at: '2026-02-10T15:00:00.000Z',
          },
        ]
      : [];
  const status = options.status ?? 'sent';
  return {
    id: 1,
    invoice_number:
      options.invoiceNumber === undefined ? (status === 'draft' ? null : 'INV-2026-0001') : options.invoiceNumber,
    status,
    issue_date: '2026-01-15',
    due_date: '2026-02-14',
    lines: calculation.lines.map((line, index) => ({
      id: index + 1,
      position: index,
      product_id: null,
      description: descriptions[index]!,
      quantity: inputs[index]!.quantity,
      unit: units[index]!,
      unit_price: fromCents(line.unit_price_cents),
      discount_type: inputs[index]!.discount?.type ?? null,
      discount_value: inputs[index]!.discount
        ? inputs[index]!.discount!.type === 'percent'
          ? inputs[index]!.discount!.value
          : fromCents(inputs[index]!.discount!.value)
        : null,
      tax_rate_ids: (inputs[index]!.taxes ?? []).flatMap((tax) => (tax.id == null ? [] : [tax.id])),
      ...lineAmounts(line),
    })),
    discount_type: discount?.type ?? null,
    discount_value: discount ? (discount.type === 'percent' ? discount.value : fromCents(discount.value)) : null,
    ...amounts,
    payments,
    notes: 'Thank you for your business. Please include the invoice number with your payment.',
    terms: 'Payment due within 30 days. A late fee of 1.5% per month applies to overdue balances.',
    business: {
      name: 'Olive Bakery & Studio',
      email: 'billing@olive.example',
      phone: '(415) 555-0100',
      address_lines: ['12 Market Street', 'San Francisco, CA 94105'],
      tax_id: 'US-94-1234567',
      logo: null,
    },
    client: {
      name: 'Acme Hospitality LLC',
      email: 'ap@acme.example',
      phone: null,
      address_lines: ['400 Broadway, Suite 12', 'New York, NY 10013', 'United States'],
      contacts: [{ name: 'Dana Price', email: 'dana@acme.example', phone: '(212) 555-0147' }],
    },
  };
}
