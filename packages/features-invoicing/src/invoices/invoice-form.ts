import {
  dueDateFromTerms,
  invoiceInputSchema,
  isCalendarDate,
  utcCalendarDate,
  validateWith,
  type DiscountType,
  type Invoice,
  type InvoiceInput,
} from '@ledgerleaf/domain';

/** One line as the editor holds it: numbers may be half-typed (`''`). */
export interface LineFormValues {
  /** Stable React key across reorders. */
  key: string;
  product_id: number | null;
  description: string;
  quantity: number | string;
  unit: string;
  unit_price: number | string;
  discount_type: DiscountType;
  discount_value: number | string;
  tax_rate_ids: string[];
}

export interface InvoiceFormValues {
  client_id: string;
  issue_date: string;
  due_date: string;
  lines: LineFormValues[];
  discount_type: DiscountType;
  discount_value: number | string;
  notes: string;
  terms: string;
  /** The linked goal's id, '' for none (invoices only: estimates and recurring templates drop it). */
  goal_id: string;
}

/** The business's suggested notes and terms for new invoices (business settings). */
export interface InvoiceTextDefaults {
  notes: string | null;
  terms: string | null;
}

let keySeed = 0;
export function lineKey(): string {
  keySeed += 1;
  return `line-${keySeed}`;
}

export function emptyLine(): LineFormValues {
  return {
    key: lineKey(),
    product_id: null,
    description: '',
    quantity: 1,
    unit: '',
    unit_price: '',
    discount_type: 'percent',
    discount_value: '',
    tax_rate_ids: [],
  };
}

export function emptyInvoiceValues(
  today = utcCalendarDate(new Date()),
  netDays = 30,
  texts: InvoiceTextDefaults = { notes: null, terms: null },
): InvoiceFormValues {
  return {
    client_id: '',
    issue_date: today,
    due_date: dueDateFromTerms(today, netDays),
    lines: [emptyLine()],
    discount_type: 'percent',
    discount_value: '',
    notes: texts.notes ?? '',
    terms: texts.terms ?? '',
    goal_id: '',
  };
}

/** Form values of an invoice, or of anything shaped like one (an estimate with its expiry date as `due_date`). */
export function invoiceToValues(
  invoice: Pick<
    Invoice,
    'client' | 'issue_date' | 'due_date' | 'lines' | 'discount_type' | 'discount_value' | 'notes' | 'terms'
  > & { goal_id?: number | null },
): InvoiceFormValues {
  return {
    client_id: String(invoice.client.id),
    issue_date: invoice.issue_date,
    due_date: invoice.due_date,
    lines: invoice.lines.map((line) => ({
      key: lineKey(),
      product_id: line.product_id,
      description: line.description,
      quantity: line.quantity,
      unit: line.unit ?? '',
      unit_price: line.unit_price,
      discount_type: line.discount_type ?? 'percent',
      discount_value: line.discount_value ?? '',
      tax_rate_ids: line.tax_rate_ids.map(String),
    })),
    discount_type: invoice.discount_type ?? 'percent',
    discount_value: invoice.discount_value ?? '',
    notes: invoice.notes ?? '',
    terms: invoice.terms ?? '',
    goal_id: invoice.goal_id ? String(invoice.goal_id) : '',
  };
}

/** A typed number, or NaN so the schema answers its message; '' is "missing". */
function number(value: number | string): number | undefined {
  if (value === '' || value === null || value === undefined) return undefined;
  return typeof value === 'number' ? value : Number.NaN;
}

function discount(type: DiscountType, value: number | string) {
  const parsed = number(value);
  return parsed === undefined || parsed === 0
    ? { discount_type: null, discount_value: null }
    : { discount_type: type, discount_value: parsed };
}

/** The request body for POST/PUT /api/invoices. */
export function invoiceValuesToRequest(values: InvoiceFormValues): InvoiceInput {
  return {
    client_id: values.client_id === '' ? (undefined as unknown as number) : Number(values.client_id),
    issue_date: values.issue_date,
    due_date: values.due_date,
    lines: values.lines.map((line) => ({
      product_id: line.product_id,
      description: line.description,
      quantity: number(line.quantity) as number,
      unit: line.unit,
      unit_price: number(line.unit_price) as number,
      ...discount(line.discount_type, line.discount_value),
      tax_rate_ids: line.tax_rate_ids.map(Number),
    })),
    ...discount(values.discount_type, values.discount_value),
    notes: values.notes,
    terms: values.terms,
    goal_id: values.goal_id === '' ? null : Number(values.goal_id),
  };
}

/** The domain schema's messages keyed like the form (`lines.3.quantity`), as the server answers them. */
export function validateInvoice(values: InvoiceFormValues): Record<string, string> {
  return validateWith(invoiceInputSchema, invoiceValuesToRequest(values)).errors;
}

/** What the live totals engine reads from the form. */
export function draftValues(values: InvoiceFormValues) {
  return {
    lines: values.lines.map((line) => ({
      quantity: line.quantity,
      unit_price: line.unit_price,
      discount_type: line.discount_type,
      discount_value: line.discount_value,
      tax_rate_ids: line.tax_rate_ids.map(Number),
    })),
    discount_type: values.discount_type,
    discount_value: values.discount_value,
  };
}

/** Keys the form shows under a field: top-level fields and `lines.N.field`. */
const TOP_FIELDS = new Set([
  'client_id',
  'issue_date',
  'due_date',
  'lines',
  'discount_type',
  'discount_value',
  'notes',
  'terms',
  'goal_id',
]);
const LINE_FIELDS = new Set([
  'description',
  'quantity',
  'unit',
  'unit_price',
  'discount_type',
  'discount_value',
  'tax_rate_ids',
  'product_id',
]);
export function isInvoiceField(key: string): boolean {
  if (TOP_FIELDS.has(key)) return true;
  const match = /^lines\.(\d+)\.([a-z_]+)$/.exec(key);
  return match !== null && LINE_FIELDS.has(match[2]!);
}

/** The due date for these terms, or the current one when the issue date is not a date yet. */
export function dueFromTerms(issueDate: string, netDays: number, fallback: string): string {
  return isCalendarDate(issueDate) ? dueDateFromTerms(issueDate, netDays) : fallback;
}
