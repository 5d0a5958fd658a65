import { sql } from 'kysely';
import { num } from '../shared/sql';
import type { Db } from '../shared/types';
import { SOLD } from './report-sql';

export interface MonthFigures {
  month: string;
  invoiced_cents: number;
  collected_cents: number;
  other_income_cents: number;
}

/** By month (`yyyy-MM`) over from..to: invoiced (issued, non-void, by issue date), collected (payments), other income. */
export async function incomeByMonthFigures(
  db: Db,
  params: { businessId: number; from: string; to: string },
): Promise<MonthFigures[]> {
  const b = params.businessId;
  const [invoiced, collected, other] = await Promise.all([
    sql<Record<string, unknown>>`
      select substr(i.issue_date, 1, 7) as month, sum(i.total_cents) as cents from invoices i
      where i.business_id = ${b} and ${SOLD} and i.issue_date >= ${params.from} and i.issue_date <= ${params.to}
      group by substr(i.issue_date, 1, 7)`.execute(db),
    sql<Record<string, unknown>>`
      select substr(payment_date, 1, 7) as month, sum(amount_cents) as cents from payments
      where business_id = ${b} and payment_date >= ${params.from} and payment_date <= ${params.to}
      group by substr(payment_date, 1, 7)`.execute(db),
    sql<Record<string, unknown>>`
      select substr(income_date, 1, 7) as month, sum(amount_cents) as cents from other_income
      where business_id = ${b} and income_date >= ${params.from} and income_date <= ${params.to}
      group by substr(income_date, 1, 7)`.execute(db),
  ]);
  const months = new Map<string, MonthFigures>();
  const at = (month: string) => {
    let found = months.get(month);
    if (!found) {
      found = { month, invoiced_cents: 0, collected_cents: 0, other_income_cents: 0 };
      months.set(month, found);
    }
    return found;
  };
  for (const row of invoiced.rows) at(String(row.month)).invoiced_cents += num(row.cents);
  for (const row of collected.rows) at(String(row.month)).collected_cents += num(row.cents);
  for (const row of other.rows) at(String(row.month)).other_income_cents += num(row.cents);
  return [...months.values()].sort((x, y) => x.month.localeCompare(y.month));
}

export interface PaymentGroupFigures {
  key: string;
  name: string;
  count: number;
  amount_cents: number;
}

/** Payments dated from..to grouped by date, method or client. */
export async function paymentsReceivedFigures(
  db: Db,
  params: { businessId: number; from: string; to: string; group: 'date' | 'method' | 'client' },
): Promise<PaymentGroupFigures[]> {
  const where = sql`p.business_id = ${params.businessId} and p.payment_date >= ${params.from} and p.payment_date <= ${params.to}`;
  if (params.group === 'client') {
    const result = await sql<Record<string, unknown>>`
      select i.client_id as k, c.name, count(*) as n, sum(p.amount_cents) as cents
      from payments p join invoices i on i.id = p.invoice_id join clients c on c.id = i.client_id
      where ${where}
      group by i.client_id, c.name, c.sort_name
      order by sum(p.amount_cents) desc, c.sort_name`.execute(db);
    return result.rows.map((row) => ({
      key: String(row.k),
      name: String(row.name),
      count: num(row.n),
      amount_cents: num(row.cents),
    }));
  }
  const column = params.group === 'date' ? sql`p.payment_date` : sql`p.method`;
  const result = await sql<Record<string, unknown>>`
    select ${column} as k, count(*) as n, sum(p.amount_cents) as cents
    from payments p where ${where}
    group by ${column}
    order by ${params.group === 'date' ? sql`${column}` : sql`sum(p.amount_cents) desc, ${column}`}`.execute(db);
  return result.rows.map((row) => ({
    key: String(row.k),
    name: String(row.k),
    count: num(row.n),
    amount_cents: num(row.cents),
  }));
}
