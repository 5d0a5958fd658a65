import type { Generated, Selectable } from 'kysely';

/** Tables of the reports area (issue 16, migration 0018). `Database` in schema.ts extends this interface. */
export interface ReportsTables {
  dynamic_reports: DynamicReportsTable;
  report_product_days: ReportProductDaysTable;
  report_client_days: ReportClientDaysTable;
  report_tax_days: ReportTaxDaysTable;
  report_payment_taxes: ReportPaymentTaxesTable;
  report_invoice_products: ReportInvoiceProductsTable;
  report_invoice_taxes: ReportInvoiceTaxesTable;
}

/** How many lines of each product (0: none) an invoice has, kept by triggers (migration 0021). */
export interface ReportInvoiceProductsTable {
  business_id: number;
  invoice_id: number;
  product_key: number;
  lines: number;
}

/** How many line taxes of each tax (name and rate) an invoice has, kept by triggers (migration 0021). */
export interface ReportInvoiceTaxesTable {
  business_id: number;
  invoice_id: number;
  name: string;
  rate_thousandths: number;
  lines: number;
}

/**
 * Each payment's share of each tax of its invoice (the tax summary's cash basis), on sold invoices
 * with a total above 0, kept by triggers (migration 0021).
 */
export interface ReportPaymentTaxesTable {
  business_id: number;
  payment_date: string;
  invoice_id: number;
  payment_id: number;
  name: string;
  rate_thousandths: number;
  base_cents: number;
  tax_cents: number;
}

/**
 * Sales of sold invoices (issued, not void) per business, issue date and product (`product_key` 0:
 * lines without a product), kept by triggers (migration 0021). `paid_cents` is the lines' total on
 * fully paid invoices only.
 */
export interface ReportProductDaysTable {
  business_id: number;
  day: string;
  product_key: number;
  invoices: number;
  quantity_thousandths: number;
  net_cents: number;
  tax_cents: number;
  total_cents: number;
  paid_cents: number;
}

/**
 * Sales of sold invoices (issued, not void) per business, issue date and client, kept by triggers on
 * invoices (migration 0022): the invoices' count, quantity, net, tax, total, paid and balance.
 */
export interface ReportClientDaysTable {
  business_id: number;
  day: string;
  client_id: number;
  invoices: number;
  quantity_thousandths: number;
  net_cents: number;
  tax_cents: number;
  total_cents: number;
  paid_cents: number;
  balance_cents: number;
}

/** Taxes of sold invoices per business, issue date and tax (name and rate), kept by triggers (migration 0021). */
export interface ReportTaxDaysTable {
  business_id: number;
  day: string;
  name: string;
  rate_thousandths: number;
  invoices: number;
  base_cents: number;
  tax_cents: number;
}

/** A saved dynamic report: its name and its definition (domain `dynamicDefinitionSchema`), per business. */
export interface DynamicReportsTable {
  id: Generated<number>;
  business_id: number;
  name: string;
  /** JSON text of the definition, checked by the domain's schema before it is written. */
  definition: string;
  /** Who saved it first; null once that user is gone. */
  created_by_user_id: number | null;
  created_at: string;
  updated_at: string;
}

export type DynamicReportRow = Selectable<DynamicReportsTable>;
