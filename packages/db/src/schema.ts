import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { GoalsTables } from './schema-goals';
import type { ShellTables } from './schema-shell';
import type { AccountTables } from './schema-account';
import type { EstimatesTables } from './schema-estimates';
import type { CrmTables } from './schema-crm';
import type { CalendarTables } from './schema-calendar';
import type { ReportsTables } from './schema-reports';
import type { DashboardTables } from './schema-dashboard';

/** ISO-8601 UTC instant, e.g. `2025-01-31T12:00:00.000Z` (see `timestampType`). */
export type Timestamp = string;

/** A boolean column: PostgreSQL reads `boolean`, SQLite reads 0/1 (map with `Boolean(value)`); written as a boolean. */
export type Flag = ColumnType<boolean | number, boolean | undefined, boolean>;

export interface BusinessesTable {
  id: Generated<number>;
  name: string;
  phone: string | null;
  email: string | null;
  company_logo: string | null;
  /** Net days new clients start with (invoicing settings). */
  default_payment_terms_days: Generated<number>;
  /** Whether unit prices include tax. */
  prices_include_tax: Flag;
  /** Invoice numbering (`INV-2026-0001`): see domain's `numberingSettingsSchema`. */
  invoice_prefix: Generated<string>;
  invoice_number_include_year: Flag;
  invoice_number_separator: Generated<string>;
  invoice_number_padding: Generated<number>;
  invoice_number_yearly_reset: Flag;
  /** Advanced by database triggers on every invoice change (migration 0011); never written by the app. */
  invoice_data_version: Generated<number | string>;
  /** Business details printed on invoices and invoice text defaults (migration 0009). */
  address: Generated<string | null>;
  tax_id: Generated<string | null>;
  default_invoice_notes: Generated<string | null>;
  default_invoice_terms: Generated<string | null>;
  /** Display preferences: `mm/dd/yy` and 0 (Sunday) by default (SPEC.md section 9). */
  date_format: Generated<string>;
  first_day_of_week: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: Generated<number>;
  business_id: number;
  name: string;
  /** Stored lowercased and trimmed: the unique index is therefore case-insensitive on both dialects. */
  email: string;
  phone: string | null;
  password_hash: string;
  /** One of domain's ROLE_NAMES; the API answers `roles: [{ name: role }]`. */
  role: string;
  avatar_path: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PersonalAccessTokensTable {
  id: Generated<number>;
  business_id: number;
  user_id: number;
  name: string;
  /** Hex SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  last_used_at: Timestamp | null;
  expires_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  business_id: number;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface WaitlistEntriesTable {
  id: Generated<number>;
  /** Lowercased; unique. */
  email: string;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
}

/** A business's own outgoing mail server (Settings > Email delivery, migration 0024). */
export interface BusinessEmailSettingsTable {
  business_id: number;
  host: string;
  port: number;
  /** `none`, `starttls` or `tls`. */
  security: string;
  username: string | null;
  /** Encrypted with APP_KEY (apps/server/src/lib/crypto.ts); never returned by the API. */
  password_encrypted: string | null;
  from_address: string;
  updated_at: Timestamp;
}

export interface OutboxEmailsTable {
  id: Generated<number>;
  /** Null for mail that belongs to no business yet. */
  business_id: number | null;
  /** Every recipient of the message, comma-separated. */
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** 'log' (kept here and written to the log) or 'smtp'. */
  transport: string;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  error: string | null;
  /** JSON `[{ filename, content_type, size }]` of what the message carried (never the bytes); null for none. */
  attachments: string | null;
  /** `invoice`, `estimate`, `receipt` (a business's mail to its clients, listed by GET /api/outbox) or `system` (account mail). */
  category: Generated<string>;
  /** The document the message is about (`invoice`, `estimate`) and its id; null for other mail (migration 0014). */
  document_type: string | null;
  document_id: number | null;
  /** Tries of the SMTP server so far (migration 0024). */
  attempts: Generated<number>;
  /** When the next try of a refused message is due; null once delivered or given up. */
  retry_at: Timestamp | null;
}

/** One row per failed sign-in, keyed by `email:<address>` and by `ip:<address>`; shared by all instances. */
export interface LoginAttemptsTable {
  id: Generated<number>;
  throttle_key: string;
  attempted_at: Timestamp;
}

/** Rate-limit counters shared by all instances: one row per limit and client key (migration 0023). */
export interface RateLimitHitsTable {
  /** The limit: the route it guards (`POST /api/register`). */
  limit_name: string;
  /** Whom it counts: the client's address. */
  client_key: string;
  hits: number;
  /** When the current window ends, epoch milliseconds. */
  resets_at: number;
}

export interface ClientsTable {
  id: Generated<number>;
  business_id: number;
  /** 'company' | 'person' */
  kind: string;
  name: string;
  /** lower(name): case-insensitive sort and prefix search through an index. */
  sort_name: string;
  email: string | null;
  phone: string | null;
  billing_line1: string | null;
  billing_line2: string | null;
  billing_city: string | null;
  billing_state: string | null;
  billing_postal_code: string | null;
  billing_country: string | null;
  shipping_line1: string | null;
  shipping_line2: string | null;
  shipping_city: string | null;
  shipping_state: string | null;
  shipping_postal_code: string | null;
  shipping_country: string | null;
  payment_terms_days: number;
  notes: string | null;
  tax_id: string | null;
  is_active: Flag;
  /** Lowercased name, email, phone and contacts' names and emails, kept by the write queries. */
  search_text: string;
  archived_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ClientContactsTable {
  id: Generated<number>;
  business_id: number;
  client_id: number;
  name: string;
  email: string | null;
  phone: string | null;
  /** At most one per client (partial unique index). */
  is_primary: Flag;
  position: number;
  created_at: Timestamp;
}

export interface TaxRatesTable {
  id: Generated<number>;
  business_id: number;
  name: string;
  /** Thousandths of a percent: 8.875 % is 8875. */
  rate_thousandths: number;
  is_compound: Flag;
  is_default: Flag;
  archived_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProductsTable {
  id: Generated<number>;
  business_id: number;
  name: string;
  sort_name: string;
  description: string | null;
  /** 'product' | 'service' */
  type: string;
  unit: string;
  unit_price_cents: number;
  default_tax_rate_id: number | null;
  /** Unique per business when set. */
  sku: string | null;
  is_active: Flag;
  search_text: string;
  archived_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Domain events as they happened, per business (`client.created`, `product.archived`, …). */
export interface ActivityLogTable {
  id: Generated<number>;
  business_id: number;
  user_id: number | null;
  subject_type: string;
  subject_id: number | null;
  event: string;
  /** JSON text. */
  data: string;
  created_at: Timestamp;
}

/** The last number handed out per business and kind (`invoice`; estimates later). */
export interface DocumentCountersTable {
  business_id: number;
  kind: string;
  year: number | null;
  last_counter: number;
}

export interface InvoicesTable {
  id: Generated<number>;
  business_id: number;
  client_id: number;
  /** Null while draft; unique per business. */
  invoice_number: string | null;
  /** Stored status (domain `InvoiceStatus`); `overdue` is also derived at read time. */
  status: string;
  issue_date: string;
  due_date: string;
  /** 'percent' | 'amount' | null */
  discount_type: string | null;
  /** Thousandths of a percent, or cents. */
  discount_value: number | null;
  notes: string | null;
  terms: string | null;
  currency: string;
  goal_id: number | null;
  /** The estimate it was converted from (migration 0010). */
  estimate_id: number | null;
  /** The recurring invoice and period (`yyyy-MM-dd`) that produced it; unique together (migration 0010). */
  recurring_invoice_id: number | null;
  recurring_period: string | null;
  prices_include_tax: Flag;
  subtotal_cents: number;
  line_discount_cents: number;
  /** The invoice-level discount. */
  discount_cents: number;
  tax_cents: number;
  total_cents: number;
  paid_cents: number;
  balance_cents: number;
  /** The sum of its lines' quantities, kept by triggers on invoice_lines (migration 0020; the sales reports). */
  quantity_thousandths: Generated<number>;
  /** 32 random bytes, base64url: the public page `/i/{token}`. */
  public_token: string;
  void_reason: string | null;
  sent_at: Timestamp | null;
  viewed_at: Timestamp | null;
  voided_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface InvoiceLinesTable {
  id: Generated<number>;
  invoice_id: number;
  business_id: number;
  position: number;
  product_id: number | null;
  description: string;
  quantity_thousandths: number;
  unit: string | null;
  unit_price_cents: number;
  discount_type: string | null;
  discount_value: number | null;
  subtotal_cents: number;
  discount_cents: number;
  invoice_discount_cents: number;
  taxable_cents: number;
  tax_cents: number;
  total_cents: number;
}

export interface InvoiceLineTaxesTable {
  id: Generated<number>;
  line_id: number;
  invoice_id: number;
  business_id: number;
  position: number;
  tax_rate_id: number | null;
  name: string;
  rate_thousandths: number;
  is_compound: Flag;
  base_cents: number;
  amount_cents: number;
}

export interface PaymentsTable {
  id: Generated<number>;
  business_id: number;
  invoice_id: number;
  amount_cents: number;
  payment_date: string;
  method: string;
  reference: string | null;
  note: string | null;
  user_id: number | null;
  created_at: Timestamp;
}

export interface IdempotencyKeysTable {
  id: Generated<number>;
  business_id: number;
  key: string;
  method: string;
  path: string;
  /** Hex SHA-256 of method, path and body. */
  request_hash: string;
  response_status: number;
  /** JSON text. */
  response_body: string;
  created_at: Timestamp;
}

export interface NotificationsTable {
  id: Generated<number>;
  business_id: number;
  user_id: number;
  /** `Invoice`, `Payment`, `Estimate`, `Goal`, `RecurringInvoice`, `OtherIncome`, `Client`. */
  type: string;
  /** JSON text: `{ title, message, ... }`. */
  data: string;
  read_at: Timestamp | null;
  created_at: Timestamp;
}

/** Kept by triggers (migration 0012): per business and stored status, the count and sums of its invoices. */
export interface InvoiceStatusTotalsTable {
  business_id: number;
  status: string;
  invoice_count: number | string;
  total_cents: number | string;
  paid_cents: number | string;
  balance_cents: number | string;
}

export interface Database
  extends
    GoalsTables,
    ShellTables,
    AccountTables,
    EstimatesTables,
    CrmTables,
    CalendarTables,
    DashboardTables,
    ReportsTables {
  businesses: BusinessesTable;
  users: UsersTable;
  personal_access_tokens: PersonalAccessTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  waitlist_entries: WaitlistEntriesTable;
  outbox_emails: OutboxEmailsTable;
  business_email_settings: BusinessEmailSettingsTable;
  login_attempts: LoginAttemptsTable;
  rate_limit_hits: RateLimitHitsTable;
  clients: ClientsTable;
  client_contacts: ClientContactsTable;
  tax_rates: TaxRatesTable;
  products: ProductsTable;
  activity_log: ActivityLogTable;
  document_counters: DocumentCountersTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  invoice_line_taxes: InvoiceLineTaxesTable;
  payments: PaymentsTable;
  idempotency_keys: IdempotencyKeysTable;
  notifications: NotificationsTable;
  invoice_status_totals: InvoiceStatusTotalsTable;
}

export type Business = Selectable<BusinessesTable>;
export type NewBusiness = Insertable<BusinessesTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type PersonalAccessToken = Selectable<PersonalAccessTokensTable>;
export type PasswordResetToken = Selectable<PasswordResetTokensTable>;
export type WaitlistEntry = Selectable<WaitlistEntriesTable>;
export type OutboxEmail = Selectable<OutboxEmailsTable>;
export type ClientRow = Selectable<ClientsTable>;
export type ClientContactRow = Selectable<ClientContactsTable>;
export type TaxRateRow = Selectable<TaxRatesTable>;
export type ProductRow = Selectable<ProductsTable>;
export type ActivityLogRow = Selectable<ActivityLogTable>;
export type InvoiceRow = Selectable<InvoicesTable>;
export type InvoiceLineRow = Selectable<InvoiceLinesTable>;
export type InvoiceLineTaxRow = Selectable<InvoiceLineTaxesTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>;
export type NotificationRow = Selectable<NotificationsTable>;
