import { sql } from 'kysely';
import { preparedQuery } from '../../prepared';
import { num } from '../shared/sql';
import type { Db } from '../shared/types';
import { SOLD } from './report-sql';

export interface SalesFigures {
  key: number | null;
  name: string;
  invoices: number;
  quantity_thousandths: number;
  net_cents: number;
  tax_cents: number;
  total_cents: number;
  paid_cents: number;
  balance_cents: number;
}

/**
 * A year of sales by client is ~16,000 rows: built and compiled once per database, and on SQLite
 * read straight from its statement as arrays made plain objects (`preparedQuery`): node:sqlite's own
 * row objects are dictionaries that cost as much again to read and convert as the query itself.
 * Added up per client from the figures kept per issue date and client (`report_client_days`,
 * migration 0022), then named; clients whose kept rows add up to no invoice (moved, voided, deleted)
 * had no sales in the period.
 */
const salesByClientQuery = preparedQuery(['businessId', 'from', 'to'] as const, (db: Db, p) =>
  db
    .selectFrom((eb) =>
      eb
        .selectFrom('report_client_days as d')
        .select([
          'd.client_id',
          sql<number>`sum(d.invoices)`.as('n'),
          sql<number>`sum(d.quantity_thousandths)`.as('quantity'),
          sql<number>`sum(d.net_cents)`.as('net'),
          sql<number>`sum(d.tax_cents)`.as('tax'),
          sql<number>`sum(d.total_cents)`.as('total'),
          sql<number>`sum(d.paid_cents)`.as('paid'),
          sql<number>`sum(d.balance_cents)`.as('balance'),
        ])
        // Placeholders stand for the values (bound when the query runs).
        .where('d.business_id', '=', p.businessId as unknown as number)
        .where('d.day', '>=', p.from)
        .where('d.day', '<=', p.to)
        .groupBy('d.client_id')
        .having(sql<boolean>`sum(d.invoices) > 0`)
        .as('s'),
    )
    .innerJoin('clients as c', 'c.id', 's.client_id')
    .select(['s.client_id', 'c.name', 's.n', 's.quantity', 's.net', 's.tax', 's.total', 's.paid', 's.balance'])
    .orderBy('s.total', 'desc')
    .orderBy('c.sort_name')
    .orderBy('s.client_id'),
);

/** Sales by client over issue dates from..to (accrual): issued, non-void invoices. */
export async function salesByClientFigures(
  db: Db,
  params: { businessId: number; from: string; to: string },
): Promise<SalesFigures[]> {
  const rows = await salesByClientQuery(db, params);
  return rows.map((row) => ({
    key: Number(row.client_id),
    name: String(row.name),
    invoices: num(row.n),
    quantity_thousandths: num(row.quantity),
    net_cents: num(row.net),
    tax_cents: num(row.tax),
    total_cents: num(row.total),
    paid_cents: num(row.paid),
    balance_cents: num(row.balance),
  }));
}

/**
 * Sales by product or service over issue dates from..to: the lines of issued, non-void invoices
 * (lines without a product together, key null). A line's paid share is its part of the invoice's
 * paid amount: all of it on paid invoices, none on unpaid ones, and on partly paid invoices the
 * paid amount split across the lines by total with the largest remainder, so each invoice's
 * shares add up to what was paid, to the cent.
 */
export async function salesByProductFigures(
  db: Db,
  params: { businessId: number; from: string; to: string },
): Promise<SalesFigures[]> {
  const range = sql`i.business_id = ${params.businessId} and ${SOLD} and i.issue_date >= ${params.from} and i.issue_date <= ${params.to}`;
  const [totals, partial] = await Promise.all([
    // The kept figures per issue date and product (migration 0021: a year is ~365 rows a product,
    // not its 130,000 lines); products are named after they are added up.
    sql<Record<string, unknown>>`
      select s.product_key, p.name, s.n, s.quantity, s.net, s.tax, s.total, s.paid
      from (
        select d.product_key, sum(d.invoices) as n, sum(d.quantity_thousandths) as quantity,
          sum(d.net_cents) as net, sum(d.tax_cents) as tax, sum(d.total_cents) as total, sum(d.paid_cents) as paid
        from report_product_days d
        where d.business_id = ${params.businessId} and d.day >= ${params.from} and d.day <= ${params.to}
        group by d.product_key
        having sum(d.invoices) > 0
      ) s
      left join products p on p.id = s.product_key
      order by s.total desc, s.product_key`.execute(db),
    sql<Record<string, unknown>>`
      select l.invoice_id, l.product_id, l.total_cents, i.paid_cents, i.total_cents as invoice_total
      from invoice_lines l join invoices i on i.id = l.invoice_id
      where ${range} and i.paid_cents > 0 and i.paid_cents < i.total_cents
      order by l.invoice_id, l.position, l.id`.execute(db),
  ]);
  const paidShare = new Map<number | null, number>();
  const add = (key: number | null, cents: number) => paidShare.set(key, (paidShare.get(key) ?? 0) + cents);
  let index = 0;
  const rows = partial.rows;
  while (index < rows.length) {
    const invoiceId = Number(rows[index]!.invoice_id);
    const lines: Array<{ key: number | null; total: number }> = [];
    const paid = num(rows[index]!.paid_cents);
    const invoiceTotal = num(rows[index]!.invoice_total);
    while (index < rows.length && Number(rows[index]!.invoice_id) === invoiceId) {
      const row = rows[index]!;
      lines.push({ key: row.product_id === null ? null : Number(row.product_id), total: num(row.total_cents) });
      index += 1;
    }
    for (const [i, share] of splitByWeight(
      paid,
      lines.map((line) => line.total),
      invoiceTotal,
    ).entries())
      add(lines[i]!.key, share);
  }
  return totals.rows.map((row) => {
    const key = num(row.product_key) === 0 ? null : Number(row.product_key);
    const total = num(row.total);
    const paid = num(row.paid) + (paidShare.get(key) ?? 0);
    return {
      key,
      name: row.name === null ? '' : String(row.name),
      invoices: num(row.n),
      quantity_thousandths: num(row.quantity),
      net_cents: num(row.net),
      tax_cents: num(row.tax),
      total_cents: total,
      paid_cents: paid,
      balance_cents: total - paid,
    };
  });
}

/**
 * `amount` split in proportion to `weights` (which add up to `whole`), floors first and the
 * remaining cents to the largest remainders (ties to the first): the parts add up to `amount`.
 */
export function splitByWeight(amount: number, weights: readonly number[], whole: number): number[] {
  if (whole <= 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (amount * weight) / whole);
  const parts = exact.map((value) => Math.floor(value));
  let left = amount - parts.reduce((sum, part) => sum + part, 0);
  const order = exact
    .map((value, i) => ({ i, rest: value - Math.floor(value) }))
    .sort((x, y) => y.rest - x.rest || x.i - y.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}
