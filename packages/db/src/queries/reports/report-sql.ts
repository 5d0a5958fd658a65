import { sql } from 'kysely';

/*
 * The standard reports' figures (issue 16), in cents, added up by the database. Every query is
 * scoped by business and reads an index range of the period (issue, due, payment, income dates are
 * plain business dates, so no report shifts a day). The server turns them into the report shape.
 *
 * One rule for what counts as sales: issued invoices (not drafts) that are not void. Money received
 * is every payment (by payment date) and other income (by income date).
 *
 * One file per group of report queries (`aging.ts`, `sales.ts`, `tax.ts`, `money-received.ts`,
 * `documents.ts`, `pipeline-goals.ts`, `records.ts`); this one holds the SQL they share and stays out
 * of the barrel.
 */

/** An invoice that counts as sales: issued and not void. */
export const SOLD = sql`i.status not in ('draft', 'void')`;

/**
 * The invoices open on `asOf` (a business date) with their balance then: issued by that day (issue
 * date on or before it, or sent before `cutoff`, the first instant of the next day), not voided by
 * then, the total less the payments dated on or before it (so payments after it do not count).
 * Only invoices that can owe then are read: unpaid ones, paid ones with a payment after the date,
 * and void ones voided after it (a paid invoice without a later payment owed nothing then).
 */
export function openOnDate(params: { businessId: number; asOf: string; cutoff: string }) {
  return sql`
    select i.id, i.client_id, i.invoice_number, i.issue_date, i.due_date, i.status, i.total_cents,
      i.total_cents - i.paid_cents + coalesce(later.amount, 0) as balance
    from invoices i
    left join (
      select invoice_id, sum(amount_cents) as amount from payments
      where business_id = ${params.businessId} and payment_date > ${params.asOf}
      group by invoice_id
    ) later on later.invoice_id = i.id
    where i.business_id = ${params.businessId}
      and (
        i.status in ('sent', 'viewed', 'partial', 'overdue')
        or (i.status = 'paid' and later.amount is not null)
        or (i.status = 'void' and i.voided_at >= ${params.cutoff})
      )
      and (i.issue_date <= ${params.asOf} or i.sent_at < ${params.cutoff})`;
}
