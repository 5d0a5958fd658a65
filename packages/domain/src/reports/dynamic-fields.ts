/** Dynamic reports' data sources and their field catalogue (the whitelist), with the labels of fixed values. */
import { LEAD_STATUS_LABELS } from '../crm/leads';
import { ESTIMATE_STATUS_LABELS } from '../estimates/estimates';
import { RECURRING_STATUS_LABELS } from '../estimates/recurring';
import type { RecurringFrequency } from '../estimates/schedule';
import { PAYMENT_METHOD_LABELS } from '../invoicing/payments';
import { INVOICE_STATUS_LABELS } from '../invoicing/status';

export const DYNAMIC_SOURCES = [
  'invoices',
  'invoice_lines',
  'payments',
  'clients',
  'products',
  'estimates',
  'recurring_invoices',
  'other_income',
  'leads',
  'opportunities',
  'activities',
] as const;
export type DynamicSource = (typeof DYNAMIC_SOURCES)[number];

export const DYNAMIC_FIELD_TYPES = ['text', 'number', 'money', 'date'] as const;
export type DynamicFieldType = (typeof DYNAMIC_FIELD_TYPES)[number];

/** One of a fixed-value field's values: the code the records store and the label people read. */
export interface DynamicChoice {
  value: string;
  label: string;
}

/** The business's own records a field names (CRM configuration), listed by `GET /api/dynamic-reports/choices`. */
export const DYNAMIC_RECORD_KINDS = ['pipeline_stages', 'lead_sources', 'lost_reasons', 'activity_types'] as const;
export type DynamicRecordKind = (typeof DYNAMIC_RECORD_KINDS)[number];

export interface DynamicField {
  key: string;
  label: string;
  type: DynamicFieldType;
  /**
   * A field with a fixed set of values (a status, a method, a type): the codes it stores with their
   * labels. A filter picks one of them (equals, does not equal) and the rows show the label.
   */
  options?: readonly DynamicChoice[];
  /** A field naming one of the business's own records (a stage, a source): a filter picks one by name. */
  records?: DynamicRecordKind;
  /** A number stored whole (days, percent): a decimal in a filter is compared as what it means for whole numbers. */
  integer?: boolean;
}

const f = (key: string, label: string, type: DynamicFieldType, extra: Partial<DynamicField> = {}): DynamicField => ({
  key,
  label,
  type,
  ...extra,
});
const choices = (labels: Record<string, string>): readonly DynamicChoice[] =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));
const fixed = (labels: Record<string, string>) => ({ options: choices(labels) });

const FREQUENCY_LABELS: Record<RecurringFrequency, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  yearly: 'Yearly',
};
const PRODUCT_TYPE_LABELS = { service: 'Service', product: 'Product' } as const;

/**
 * Every source's fields, its own and its obvious joins' (an invoice's client name, a line's product).
 * A `date` field is a plain date; the ones that are stored as instants (a lead's or activity's
 * created, due and done times) are that instant's date in the business's time zone, for columns,
 * filters and group-by alike, so no report shifts a day.
 */
export const DYNAMIC_FIELDS: Record<DynamicSource, readonly DynamicField[]> = {
  invoices: [
    f('invoice_number', 'Invoice number', 'text'),
    f('client_name', 'Client', 'text'),
    f('status', 'Status', 'text', fixed(INVOICE_STATUS_LABELS)),
    f('issue_date', 'Issue date', 'date'),
    f('due_date', 'Due date', 'date'),
    f('subtotal', 'Subtotal', 'money'),
    f('tax', 'Tax', 'money'),
    f('total', 'Total', 'money'),
    f('paid', 'Paid', 'money'),
    f('balance', 'Balance', 'money'),
  ],
  invoice_lines: [
    f('invoice_number', 'Invoice number', 'text'),
    f('client_name', 'Client', 'text'),
    f('issue_date', 'Issue date', 'date'),
    f('product_name', 'Product', 'text'),
    f('description', 'Description', 'text'),
    f('quantity', 'Quantity', 'number'),
    f('unit_price', 'Unit price', 'money'),
    f('tax', 'Tax', 'money'),
    f('total', 'Total', 'money'),
  ],
  payments: [
    f('payment_date', 'Payment date', 'date'),
    f('invoice_number', 'Invoice number', 'text'),
    f('client_name', 'Client', 'text'),
    f('method', 'Method', 'text', fixed(PAYMENT_METHOD_LABELS)),
    f('reference', 'Reference', 'text'),
    f('amount', 'Amount', 'money'),
  ],
  clients: [
    f('name', 'Name', 'text'),
    f('email', 'Email', 'text'),
    f('city', 'City', 'text'),
    f('country', 'Country', 'text'),
    f('payment_terms_days', 'Payment terms (days)', 'number', { integer: true }),
  ],
  products: [
    f('name', 'Name', 'text'),
    f('type', 'Type', 'text', fixed(PRODUCT_TYPE_LABELS)),
    f('sku', 'SKU', 'text'),
    f('unit', 'Unit', 'text'),
    f('unit_price', 'Unit price', 'money'),
  ],
  estimates: [
    f('estimate_number', 'Estimate number', 'text'),
    f('client_name', 'Client', 'text'),
    f('status', 'Status', 'text', fixed(ESTIMATE_STATUS_LABELS)),
    f('issue_date', 'Issue date', 'date'),
    f('expiry_date', 'Expiry date', 'date'),
    f('total', 'Total', 'money'),
  ],
  recurring_invoices: [
    f('client_name', 'Client', 'text'),
    f('status', 'Status', 'text', fixed(RECURRING_STATUS_LABELS)),
    f('frequency', 'Frequency', 'text', fixed(FREQUENCY_LABELS)),
    f('start_date', 'Start date', 'date'),
    f('next_run_date', 'Next run', 'date'),
    f('total', 'Amount per run', 'money'),
  ],
  other_income: [
    f('income_date', 'Date', 'date'),
    f('source', 'Source', 'text'),
    f('reference_number', 'Reference', 'text'),
    f('amount', 'Amount', 'money'),
  ],
  leads: [
    f('person_name', 'Person', 'text'),
    f('company_name', 'Company', 'text'),
    f('email', 'Email', 'text'),
    f('status', 'Status', 'text', fixed(LEAD_STATUS_LABELS)),
    f('source_name', 'Source', 'text', { records: 'lead_sources' }),
    f('estimated_value', 'Estimated value', 'money'),
    f('created_at', 'Created', 'date'),
  ],
  opportunities: [
    f('title', 'Title', 'text'),
    f('client_name', 'Client', 'text'),
    f('stage_name', 'Stage', 'text', { records: 'pipeline_stages' }),
    f('source_name', 'Source', 'text', { records: 'lead_sources' }),
    f('lost_reason_name', 'Lost reason', 'text', { records: 'lost_reasons' }),
    f('expected_close_date', 'Expected close', 'date'),
    f('amount', 'Amount', 'money'),
    f('probability', 'Probability', 'number', { integer: true }),
    f('created_at', 'Created', 'date'),
    f('closed_at', 'Closed', 'date'),
  ],
  activities: [
    f('subject', 'Subject', 'text'),
    f('type_name', 'Type', 'text', { records: 'activity_types' }),
    f('client_name', 'Client', 'text'),
    f('due_at', 'Due', 'date'),
    f('done_at', 'Done', 'date'),
    f('created_at', 'Created', 'date'),
  ],
};

/** The label of a fixed-value field's code (the code itself when it is not one of them). */
export function choiceLabel(field: DynamicField | undefined, value: string): string {
  return field?.options?.find((option) => option.value === value)?.label ?? value;
}
