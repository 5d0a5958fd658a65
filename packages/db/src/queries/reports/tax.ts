import { sql } from 'kysely';
import { num } from '../shared/sql';
import type { Db } from '../shared/types';

export interface TaxFigures {
  name: string;
  rate_thousandths: number;
  taxable_cents: number;
  tax_cents: number;
  invoices: number;
}

/**
 * Per tax (name and rate) on issued, non-void invoices issued from..to: the taxable base and the
 * tax, from the figures kept per day (`report_tax_days`).
 */
export async function taxAccrualFigures(
  db: Db,
  params: { businessId: number; from: string; to: string },
): Promise<TaxFigures[]> {
  // The kept figures per issue date and tax (migration 0021), not the year's line taxes.
  const result = await sql<Record<string, unknown>>`
    select d.name, d.rate_thousandths, sum(d.base_cents) as base, sum(d.tax_cents) as tax, sum(d.invoices) as n
    from report_tax_days d
    where d.business_id = ${params.businessId} and d.day >= ${params.from} and d.day <= ${params.to}
    group by d.name, d.rate_thousandths
    having sum(d.invoices) > 0
    order by d.name, d.rate_thousandths`.execute(db);
  return result.rows.map(taxRow);
}

function taxRow(row: Record<string, unknown>): TaxFigures {
  return {
    name: String(row.name),
    rate_thousandths: num(row.rate_thousandths),
    taxable_cents: num(row.base),
    tax_cents: num(row.tax),
    invoices: num(row.n),
  };
}

/**
 * Per tax, the part of it collected by payments dated from..to (cash basis) on issued, non-void
 * invoices: a payment carries the share of each tax (and of its taxable base) that it pays of the
 * invoice's total. Shares are cumulative differences, floor(paid after x tax / total) - floor(paid
 * before x tax / total), payments in date order: a fully paid invoice's shares add up to its tax exactly.
 * The shares are kept per payment and tax (`report_payment_taxes`, migration 0021).
 */
export async function taxCashFigures(
  db: Db,
  params: { businessId: number; from: string; to: string },
): Promise<TaxFigures[]> {
  // Each payment's shares are kept by triggers (migration 0021, `report_payment_taxes`, written with
  // this rule whenever an invoice's payments, taxes, total or state change): a period is an index
  // range of them.
  const result = await sql<Record<string, unknown>>`
    select s.name, s.rate_thousandths, sum(s.base_cents) as base, sum(s.tax_cents) as tax,
      count(distinct s.invoice_id) as n
    from report_payment_taxes s
    where s.business_id = ${params.businessId} and s.payment_date >= ${params.from} and s.payment_date <= ${params.to}
    group by s.name, s.rate_thousandths
    order by s.name, s.rate_thousandths`.execute(db);
  return result.rows.map(taxRow);
}
