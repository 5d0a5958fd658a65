import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { COMMON_MESSAGES } from '../common';
import { toFieldErrors } from '../errors';
import { toCents } from '../money';
import {
  INVOICE_MESSAGES,
  defaultRecipientEmails,
  recipientsOf,
  calculateInvoiceDraft,
  calculateInvoiceRequest,
  formatTaxLabel,
  invoiceInputSchema,
  invoiceListQuerySchema,
  invoiceResponseSchema,
  invoiceTotals,
  lineAmounts,
  paymentInputSchema,
  paymentResponseSchema,
  validatePaymentAmount,
  type InvoiceInput,
  type InvoiceTaxRate,
} from '.';

const TAX_RATES: InvoiceTaxRate[] = [
  { id: 1, name: 'NY sales tax', rate: 8.875, is_compound: false },
  { id: 2, name: 'GST', rate: 5, is_compound: false },
  { id: 3, name: 'QST', rate: 9.975, is_compound: true },
];

const line = { description: 'Web design', quantity: 10, unit_price: 85, tax_rate_ids: [1] };
const valid: InvoiceInput = {
  client_id: 7,
  issue_date: '2026-11-22',
  due_date: '2026-12-22',
  lines: [
    { ...line, discount_type: 'percent', discount_value: 10 },
    { description: 'Hosting', quantity: 1.5, unit_price: 19.99, tax_rate_ids: [1] },
  ],
  discount_type: 'amount',
  discount_value: 50,
  notes: 'Thank you for your business',
};

function errorsOf(input: unknown): Record<string, string[]> {
  const result = invoiceInputSchema.safeParse(input);
  if (result.success) return {};
  return toFieldErrors(result.error);
}

describe('invoice input contract', () => {
  it('accepts a realistic invoice and fills the defaults', () => {
    const parsed = invoiceInputSchema.parse(valid);
    expect(parsed).toMatchObject({
      client_id: 7,
      currency: 'USD',
      goal_id: null,
      terms: null,
      discount_type: 'amount',
      discount_value: 50,
    });
    expect(parsed.lines[1]).toMatchObject({
      product_id: null,
      unit: null,
      discount_type: null,
      discount_value: null,
      tax_rate_ids: [1],
    });
    expect(invoiceInputSchema.parse({ ...valid, notes: '   ' }).notes).toBeNull();
  });

  it('answers field-keyed errors for bad lines', () => {
    const lines = [
      line,
      line,
      line,
      { ...line, quantity: -1 },
      { ...line, unit_price: -5 },
      { ...line, unit_price: 1_000_000_000 },
      { ...line, quantity: 1.2345 },
      { ...line, description: ' ' },
    ];
    const errors = errorsOf({ ...valid, lines });
    expect(errors['lines.3.quantity']).toEqual([COMMON_MESSAGES.quantityNegative]);
    expect(errors['lines.4.unit_price']).toEqual([COMMON_MESSAGES.amountNegative]);
    expect(errors['lines.5.unit_price']).toEqual([COMMON_MESSAGES.amountTooLarge]);
    expect(errors['lines.6.quantity']).toEqual([COMMON_MESSAGES.quantityDecimals]);
    expect(errors['lines.7.description']).toEqual([INVOICE_MESSAGES.descriptionRequired]);
    expect(errorsOf({ ...valid, lines: [{ ...line, description: 'x'.repeat(2001) }] })['lines.0.description']).toEqual([
      INVOICE_MESSAGES.descriptionTooLong,
    ]);
    expect(errorsOf({ ...valid, lines: [{ ...line, unit_price: undefined }] })['lines.0.unit_price']).toEqual([
      INVOICE_MESSAGES.unitPriceRequired,
    ]);
  });

  it('refuses more than 500 lines and none at all', () => {
    expect(errorsOf({ ...valid, lines: Array.from({ length: 501 }, () => line) })).toEqual({
      lines: [INVOICE_MESSAGES.tooManyLines],
    });
    expect(
      invoiceInputSchema.safeParse({ ...valid, discount_value: null, lines: Array.from({ length: 500 }, () => line) })
        .success,
    ).toBe(true);
    expect(errorsOf({ ...valid, lines: [] })).toEqual({ lines: [INVOICE_MESSAGES.linesRequired] });
  });

  it('refuses malformed dates, a due date before the invoice date, a missing client and other currencies', () => {
    expect(errorsOf({ ...valid, issue_date: '2026-02-30' })).toEqual({ issue_date: [COMMON_MESSAGES.dateInvalid] });
    // (common's isoDateSchema reports its message twice for a wrong format: regex and calendar check)
    expect(new Set(errorsOf({ ...valid, due_date: '12/22/2026' }).due_date)).toEqual(
      new Set([COMMON_MESSAGES.dateInvalid]),
    );
    expect(Object.keys(errorsOf({ ...valid, due_date: '12/22/2026' }))).toEqual(['due_date']);
    expect(errorsOf({ ...valid, due_date: '2026-11-21' })).toEqual({ due_date: [INVOICE_MESSAGES.dueBeforeIssue] });
    expect(errorsOf({ ...valid, due_date: '2026-11-22' })).toEqual({});
    expect(errorsOf({ ...valid, issue_date: undefined })).toEqual({ issue_date: [INVOICE_MESSAGES.issueDateRequired] });
    expect(errorsOf({ ...valid, client_id: undefined })).toEqual({ client_id: [INVOICE_MESSAGES.clientRequired] });
    expect(errorsOf({ ...valid, client_id: null })).toEqual({ client_id: [INVOICE_MESSAGES.clientRequired] });
    expect(errorsOf({ ...valid, currency: 'EUR' })).toEqual({ currency: [INVOICE_MESSAGES.currencyInvalid] });
    expect(errorsOf({ ...valid, owner_id: 2 })).toEqual({ owner_id: ['Unknown field: owner_id'] });
  });

  it('discounts: no more than 100 %, no more than what they discount, and a type when there is a value', () => {
    expect(errorsOf({ ...valid, lines: [{ ...line, discount_type: 'percent', discount_value: 120 }] })).toEqual({
      'lines.0.discount_value': [INVOICE_MESSAGES.discountPercentTooLarge],
    });
    expect(errorsOf({ ...valid, lines: [{ ...line, discount_type: 'amount', discount_value: 850.01 }] })).toEqual({
      'lines.0.discount_value': [INVOICE_MESSAGES.lineDiscountTooLarge],
    });
    expect(
      errorsOf({ ...valid, lines: [{ ...line, discount_type: 'amount', discount_value: 850 }], discount_value: null }),
    ).toEqual({});
    expect(errorsOf({ ...valid, lines: [{ ...line, discount_value: 5 }] })).toEqual({
      'lines.0.discount_type': [INVOICE_MESSAGES.discountTypeRequired],
    });
    expect(errorsOf({ ...valid, lines: [{ ...line, discount_type: 'fixed', discount_value: 5 }] })).toEqual({
      'lines.0.discount_type': [INVOICE_MESSAGES.discountTypeInvalid],
    });
    expect(errorsOf({ ...valid, lines: [{ ...line, discount_type: 'amount', discount_value: -5 }] })).toEqual({
      'lines.0.discount_value': [INVOICE_MESSAGES.discountNegative],
    });
    // invoice level: $794.99 of nets after line discounts
    expect(errorsOf({ ...valid, discount_value: 795 })).toEqual({
      discount_value: [INVOICE_MESSAGES.invoiceDiscountTooLarge],
    });
    expect(errorsOf({ ...valid, discount_value: 794.99 })).toEqual({});
    expect(errorsOf({ ...valid, discount_type: 'percent', discount_value: 100.5 })).toEqual({
      discount_value: [INVOICE_MESSAGES.discountPercentTooLarge],
    });
    expect(errorsOf({ ...valid, discount_value: 1_000_000_000 })).toEqual({
      discount_value: [COMMON_MESSAGES.amountTooLarge],
    });
  });

  it('taxes: at most two, different ones; the server resolves them and refuses unknown ids and a compound first tax', () => {
    expect(errorsOf({ ...valid, lines: [{ ...line, tax_rate_ids: [1, 2, 3] }] })).toEqual({
      'lines.0.tax_rate_ids': [INVOICE_MESSAGES.tooManyTaxes],
    });
    expect(errorsOf({ ...valid, lines: [{ ...line, tax_rate_ids: [2, 2] }] })).toEqual({
      'lines.0.tax_rate_ids': [INVOICE_MESSAGES.duplicateTax],
    });
    const request = invoiceInputSchema.parse({
      ...valid,
      lines: [line, { ...line, tax_rate_ids: [99] }, { ...line, tax_rate_ids: [3, 2] }],
    });
    expect(calculateInvoiceRequest(request, { taxRates: TAX_RATES, prices_include_tax: false })).toEqual({
      success: false,
      errors: {
        'lines.1.tax_rate_ids': [INVOICE_MESSAGES.unknownTaxRate],
        'lines.2.tax_rate_ids': [INVOICE_MESSAGES.compoundTaxFirst],
      },
    });
    const huge = invoiceInputSchema.parse({
      ...valid,
      discount_value: null,
      lines: [{ ...line, quantity: 1, unit_price: 999_999_999.99 }],
    });
    expect(calculateInvoiceRequest(huge, { taxRates: TAX_RATES, prices_include_tax: false })).toEqual({
      success: false,
      errors: { lines: [INVOICE_MESSAGES.invoiceTooLarge] },
    });
  });

  it('the request calculates with the shared engine: the worked example to the cent', () => {
    const result = calculateInvoiceRequest(invoiceInputSchema.parse(valid), {
      taxRates: new Map(TAX_RATES.map((rate) => [rate.id, rate])),
      prices_include_tax: false,
      paid_cents: 30000,
    });
    if (!result.success) throw new Error('expected success');
    expect(result.calculation).toMatchObject({
      subtotal_cents: 87999,
      invoice_discount_cents: 5000,
      tax_cents: 6611,
      total_cents: 81110,
      balance_due_cents: 51110,
    });
    expect(invoiceTotals(result.calculation)).toEqual({
      totals: {
        subtotal: 879.99,
        line_discounts: 85,
        invoice_discount: 50,
        taxable: 744.99,
        taxes: [
          { tax_rate_id: 1, name: 'NY sales tax', rate: 8.875, is_compound: false, taxable: 744.99, amount: 66.11 },
        ],
        tax: 66.11,
        total: 811.1,
        prices_include_tax: false,
      },
      amount_paid: 300,
      balance_due: 511.1,
      credit: 0,
    });
    expect(lineAmounts(result.calculation.lines[1]!)).toMatchObject({
      subtotal: 29.99,
      invoice_discount: 1.89,
      taxable: 28.1,
      tax: 2.49,
      total: 30.59,
    });
  });

  it('the editor draft gives the same figures once the form is valid, and never throws on half-typed values', () => {
    const context = { taxRates: TAX_RATES, prices_include_tax: false };
    const request = calculateInvoiceRequest(invoiceInputSchema.parse(valid), context);
    expect(request.success && calculateInvoiceDraft(valid, context)).toEqual(request.success && request.calculation);
    const draft = calculateInvoiceDraft(
      {
        lines: [
          { quantity: '2', unit_price: '19.99', tax_rate_ids: [1, 42] },
          { quantity: '', unit_price: 'abc' },
          { quantity: -3, unit_price: 5, discount_type: 'percent', discount_value: 250 },
        ],
        discount_type: 'amount',
        discount_value: 1e15,
      },
      context,
    );
    expect(draft.lines.map((calculated) => calculated.total_cents)).toEqual([0, 0, 0]);
    expect(draft.invoice_discount_cents).toBe(3998);
    expect(calculateInvoiceDraft({ lines: [{ quantity: 1e300, unit_price: 1e300 }] }, context).total_cents).toBe(0);
  });

  it('property: for every valid request the editor draft and the API calculation agree to the cent', () => {
    const lineArb = fc.record({
      description: fc.constant('Item'),
      quantity: fc.integer({ min: 0, max: 100_000 }).map((t) => t / 1000),
      unit_price: fc.integer({ min: 0, max: 1_000_000 }).map((c) => c / 100),
      discount_type: fc.constantFrom('percent' as const, 'amount' as const, null),
      discount_value: fc.integer({ min: 0, max: 50_000 }).map((v) => v / 1000),
      tax_rate_ids: fc.constantFrom([], [1], [2, 3], [1, 2]),
    });
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 8 }), fc.boolean(), (lines, inclusive) => {
        const values = {
          ...valid,
          lines: lines.map((l) => (l.discount_type === 'amount' ? { ...l, discount_value: 0 } : l)),
          discount_type: 'percent' as const,
          discount_value: 12.5,
        };
        const parsed = invoiceInputSchema.safeParse(values);
        fc.pre(parsed.success);
        if (!parsed.success) return;
        const context = { taxRates: TAX_RATES, prices_include_tax: inclusive, paid_cents: 1000 };
        const request = calculateInvoiceRequest(parsed.data, context);
        expect(request.success).toBe(true);
        if (request.success) expect(calculateInvoiceDraft(values, context)).toEqual(request.calculation);
      }),
    );
  });

  it('the response schema takes what the mappers produce', () => {
    const result = calculateInvoiceRequest(invoiceInputSchema.parse(valid), {
      taxRates: TAX_RATES,
      prices_include_tax: false,
      paid_cents: 30000,
    });
    if (!result.success) throw new Error('expected success');
    const now = '2026-11-22T10:00:00.000Z';
    const payment = {
      id: 5,
      payment_id: 5,
      invoice_id: 1,
      amount: 300,
      payment_date: '2026-11-22',
      method: 'bank_transfer',
      reference: null,
      note: null,
      created_at: now,
    };
    const invoice = {
      id: 1,
      invoice_number: 'INV-2026-0001',
      status: 'partial',
      client: { id: 7, name: 'Acme Inc.', email: 'billing@acme.test' },
      issue_date: valid.issue_date,
      due_date: valid.due_date,
      currency: 'USD',
      lines: result.calculation.lines.map((calculated, index) => ({
        id: index + 1,
        position: index,
        product_id: null,
        description: 'Item',
        quantity: calculated.quantity_thousandths / 1000,
        unit: null,
        unit_price: calculated.unit_price_cents / 100,
        discount_type: null,
        discount_value: null,
        tax_rate_ids: [1],
        ...lineAmounts(calculated),
      })),
      discount_type: 'amount',
      discount_value: 50,
      ...invoiceTotals(result.calculation),
      payments: [payment],
      notes: null,
      terms: null,
      goal_id: null,
      estimate_id: 3,
      estimate_number: 'EST-2026-0003',
      recurring_invoice_id: null,
      recurring_period: null,
      public_url: 'https://app.test/i/abc',
      sent_at: now,
      viewed_at: null,
      voided_at: null,
      created_at: now,
      updated_at: now,
    };
    expect(invoiceResponseSchema.safeParse({ data: invoice }).success).toBe(true);
    expect(paymentResponseSchema.safeParse({ data: payment, invoice }).success).toBe(true);
  });
});

describe('labels', () => {
  it('tax labels', () => {
    expect(formatTaxLabel({ name: 'NY sales tax', rate: 8.875, is_compound: false })).toBe('NY sales tax (8.875%)');
    expect(formatTaxLabel({ name: 'QST', rate: 9.975, is_compound: true })).toBe('QST (9.975%, compound)');
    expect(formatTaxLabel({ name: null, rate: 20, is_compound: false })).toBe('Tax (20%)');
  });
});

describe('payments and list queries', () => {
  it('payment input', () => {
    const payment = { amount: 250.5, payment_date: '2026-11-22', method: 'check', reference: ' #1042 ' };
    expect(paymentInputSchema.parse(payment)).toEqual({
      ...payment,
      reference: '#1042',
      note: null,
      send_receipt: false,
    });
    expect(paymentInputSchema.parse({ ...payment, send_receipt: true }).send_receipt).toBe(true);
    expect(toFieldErrors(paymentInputSchema.safeParse({ ...payment, send_receipt: 'yes' }).error!)).toEqual({
      send_receipt: [INVOICE_MESSAGES.sendReceiptInvalid],
    });
    const errors = toFieldErrors(
      paymentInputSchema.safeParse({ amount: 0, payment_date: '2026-11-31', method: 'bitcoin' }).error!,
    );
    expect(errors).toEqual({
      amount: [INVOICE_MESSAGES.paymentAmountPositive],
      payment_date: [COMMON_MESSAGES.dateInvalid],
      method: [INVOICE_MESSAGES.paymentMethodInvalid],
    });
    expect(toFieldErrors(paymentInputSchema.safeParse({ payment_date: '2026-11-22', method: 'cash' }).error!)).toEqual({
      amount: [INVOICE_MESSAGES.paymentAmountRequired],
    });
    expect(paymentInputSchema.safeParse({ ...payment, amount: 1_000_000_000 }).success).toBe(false);
    expect(validatePaymentAmount(toCents(100), toCents(1250.5))).toBeNull();
    expect(validatePaymentAmount(toCents(1250.51), toCents(1250.5))).toBe(
      'The amount cannot be more than the balance due of $1,250.50',
    );
    expect(validatePaymentAmount(0, 100)).toBe(INVOICE_MESSAGES.paymentAmountPositive);
  });
  it('list query: defaults, filters and a valid date range', () => {
    expect(invoiceListQuerySchema.parse({})).toEqual({
      page: 1,
      per_page: 25,
      sort: 'issue_date',
      direction: 'desc',
      status: 'all',
    });
    expect(
      invoiceListQuerySchema.parse({
        status: 'unpaid',
        search: ' INV-2026 ',
        date_from: '2026-01-01',
        date_to: '2026-03-31',
        client_id: '4',
        page: '2',
      }),
    ).toMatchObject({ status: 'unpaid', search: 'INV-2026', client_id: 4, page: 2 });
    expect(invoiceListQuerySchema.safeParse({ status: 'lost' }).success).toBe(false);
    expect(invoiceListQuerySchema.safeParse({ sort: 'secret' }).success).toBe(false);
    const range = invoiceListQuerySchema.safeParse({ date_from: '2026-04-01', date_to: '2026-03-31' });
    expect(range.success ? {} : toFieldErrors(range.error)).toEqual({ date_to: [INVOICE_MESSAGES.dateRangeInvalid] });
  });
});

describe('default recipients', () => {
  it("every contact's email, the primary first, else the client's own; trimmed, no repeats", () => {
    const contacts = [
      { email: 'ops@acme.test', is_primary: false },
      { email: ' AP@acme.test ', is_primary: 1 },
      { email: null, is_primary: false },
      { email: 'ap@ACME.test', is_primary: false },
    ];
    expect(defaultRecipientEmails(contacts, 'billing@acme.test')).toEqual(['AP@acme.test', 'ops@acme.test']);
    expect(defaultRecipientEmails([{ email: null }], ' billing@acme.test ')).toEqual(['billing@acme.test']);
    expect(defaultRecipientEmails([], null)).toEqual([]);
  });

  it('the web offers the summary’s recipients, else the client’s email', () => {
    expect(recipientsOf({ email: 'billing@acme.test', recipients: ['ap@acme.test'] })).toEqual(['ap@acme.test']);
    expect(recipientsOf({ email: 'billing@acme.test' })).toEqual(['billing@acme.test']);
    expect(recipientsOf({ email: null })).toEqual([]);
  });
});
