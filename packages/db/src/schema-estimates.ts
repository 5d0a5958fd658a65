import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = string;
type Flag = ColumnType<boolean | number, boolean | undefined, boolean>;

/**
 * Tables of issue 6 (estimates, recurring invoices, scheduler). `Database` in schema.ts extends this
 * interface, so each area keeps its tables (and their row types) in its own file.
 */
export interface EstimatesTables {
  estimates: EstimatesTable;
  recurring_invoices: RecurringInvoicesTable;
  recurring_settings: RecurringSettingsTable;
  scheduled_emails: ScheduledEmailsTable;
}

export interface EstimatesTable {
  id: Generated<number>;
  business_id: number;
  client_id: number;
  /** Null while draft; unique per business (`EST-2026-0001`). */
  estimate_number: string | null;
  /** Stored status (domain `EstimateStatus`); `expired` is also derived at read time. */
  status: string;
  issue_date: string;
  expiry_date: string;
  discount_type: string | null;
  /** Thousandths of a percent, or cents. */
  discount_value: number | null;
  notes: string | null;
  terms: string | null;
  currency: string;
  prices_include_tax: Flag;
  /** JSON `EstimateContent`: the lines with their tax snapshots. */
  content: string;
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
  public_token: string;
  sent_at: Timestamp | null;
  viewed_at: Timestamp | null;
  accepted_at: Timestamp | null;
  accepted_by: string | null;
  declined_at: Timestamp | null;
  decline_reason: string | null;
  expired_at: Timestamp | null;
  converted_at: Timestamp | null;
  invoice_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RecurringInvoicesTable {
  id: Generated<number>;
  business_id: number;
  client_id: number;
  /** active | paused | finished */
  status: string;
  /** JSON: the invoice request without dates (domain `RecurringTemplate`). */
  template: string;
  total_cents: number;
  frequency: string;
  interval_count: number;
  /** 1..31, -1 for the last day, null for the start date's day. */
  day_of_month: number | null;
  start_date: string;
  end_type: string;
  end_date: string | null;
  end_count: number | null;
  payment_terms_days: number;
  auto_send: Flag;
  next_index: number;
  next_run_date: string | null;
  generated_count: number;
  last_run_at: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RecurringSettingsTable {
  business_id: number;
  send_time: string;
  time_zone: string;
  default_auto_send: Flag;
  missed_runs: string;
  updated_at: Timestamp;
}

export interface ScheduledEmailsTable {
  id: Generated<number>;
  business_id: number;
  /** `recurring` | `reminder` */
  kind: string;
  /** `recurringId:period` or `invoiceId:offsetDays`: one email per key, ever. */
  dedupe_key: string;
  invoice_id: number | null;
  /** pending | sending | sent */
  status: string;
  attempts: number;
  claimed_until: Timestamp | null;
  outbox_email_id: number | null;
  error: string | null;
  /** JSON facts the email needs (reminder step). */
  data: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

export type EstimateRow = Selectable<EstimatesTable>;
export type RecurringInvoiceRow = Selectable<RecurringInvoicesTable>;
export type RecurringSettingsRow = Selectable<RecurringSettingsTable>;
export type ScheduledEmailRow = Selectable<ScheduledEmailsTable>;
