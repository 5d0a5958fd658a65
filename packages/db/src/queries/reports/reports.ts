import { sql, type RawBuilder } from 'kysely';
import { preparedQuery } from '../../prepared';
import { num } from '../shared/sql';
import type { Db } from '../shared/types';

/*
 * The standard reports' figures (issue 16), in cents, added up by the database. Every query is
 * scoped by business and reads an index range of the period (issue, due, payment, income dates are
 * plain business dates, so no report shifts a day). The server turns them into the report shape.
 *
 * One rule for what counts as sales: issued invoices (not drafts) that are not void. Money received
 * is every payment (by payment date) and other income (by income date).
 */

/** An invoice that counts as sales: issued and not void. */
const SOLD = sql`i.status not in ('draft', 'void')`;

/**
 * The invoices open on `asOf` (a business date) with their balance then: issued by that day (issue
 * date on or before it, or sent before `cutoff`, the first instant of the next day), not voided by
 * then, the total less the payments dated on or before it (so payments after it do not count).
 * Only invoices that can owe then are read: unpaid ones, paid ones with a payment after the date,
 * and void ones voided after it (a paid invoice without a later payment owed nothing then).
 */
function openOnDate(params: { businessId: number; asOf: string; cutoff: string }) {
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

export interface AgingFigures {
  client_id: number;
  client_name: string;
  invoices: number;
  /** Cents per bucket, in AGING_BUCKETS order: current, 1-30, 31-60, 61-90, 91-120, over 120. */
  buckets: [number, number, number, number, number, number];
}

/**
 * Open balances on `asOf` by client and bucket. `bounds` are the due dates that start each past-due
 * bucket: [asOf - 30, asOf - 60, asOf - 90, asOf - 120] (domain `agingBucketDueRange`).
 */
export async function agingFigures(
  db: Db,
  params: { businessId: number; asOf: string; cutoff: string; bounds: [string, string, string, string] },
): Promise<AgingFigures[]> {
  const [d30, d60, d90, d120] = params.bounds;
  const a = params.asOf;
  // Added up per client first, then named: the invoices are read from their aging covering index
  // (business, client, due date, status and the figures; migration 0020) in client order, so the
  // grouping streams without a temporary b-tree and no table row is read.
  const result = await sql<Record<string, unknown>>`
    select s.*, c.name as client_name from (
      select o.client_id, count(*) as n,
        sum(case when o.due_date >= ${a} then o.balance else 0 end) as b0,
        sum(case when o.due_date < ${a} and o.due_date >= ${d30} then o.balance else 0 end) as b1,
        sum(case when o.due_date < ${d30} and o.due_date >= ${d60} then o.balance else 0 end) as b2,
        sum(case when o.due_date < ${d60} and o.due_date >= ${d90} then o.balance else 0 end) as b3,
        sum(case when o.due_date < ${d90} and o.due_date >= ${d120} then o.balance else 0 end) as b4,
        sum(case when o.due_date < ${d120} then o.balance else 0 end) as b5
      from (${openOnDate(params)}) o
      where o.balance > 0
      group by o.client_id
    ) s
    join clients c on c.id = s.client_id
    order by c.sort_name, s.client_id`.execute(db);
  return result.rows.map((row) => ({
    client_id: Number(row.client_id),
    client_name: String(row.client_name),
    invoices: num(row.n),
    buckets: [num(row.b0), num(row.b1), num(row.b2), num(row.b3), num(row.b4), num(row.b5)],
  }));
}

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

export interface EstimateFigures {
  id: number;
  status: string;
  expiry_date: string;
  total_cents: number;
  sent_at: string;
  accepted_at: string | null;
  invoice_id: number | null;
}

/** Estimates sent in [since, before) (instants: the business's dates as its time zone's days). */
export async function estimatesSentFigures(
  db: Db,
  params: { businessId: number; since: string; before: string },
): Promise<EstimateFigures[]> {
  const rows = await db
    .selectFrom('estimates')
    .select(['id', 'status', 'expiry_date', 'total_cents', 'sent_at', 'accepted_at', 'invoice_id'])
    .where('business_id', '=', params.businessId)
    .where('sent_at', '>=', params.since)
    .where('sent_at', '<', params.before)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    expiry_date: row.expiry_date,
    total_cents: Number(row.total_cents),
    sent_at: new Date(row.sent_at as string).toISOString(),
    accepted_at: row.accepted_at === null ? null : new Date(row.accepted_at).toISOString(),
    invoice_id: row.invoice_id,
  }));
}

/** The business's active recurring invoices with their client's name. */
export async function activeRecurringFigures(db: Db, params: { businessId: number }) {
  return db
    .selectFrom('recurring_invoices as r')
    .innerJoin('clients as c', 'c.id', 'r.client_id')
    .selectAll('r')
    .select('c.name as client_name')
    .where('r.business_id', '=', params.businessId)
    .where('r.status', '=', 'active')
    .orderBy('c.sort_name')
    .orderBy('r.id')
    .execute();
}

/** Per stage of the pipeline, how many opportunities ever entered it (its stage changes). */
/**
 * How many opportunities ever entered each stage (`byStage`), and how many ever entered any stage
 * (`opportunities`, each counted once: the funnel's total, which is not the sum of the stages).
 */
export async function stageReachFigures(
  db: Db,
  params: { businessId: number },
): Promise<{ byStage: Map<number, number>; opportunities: number }> {
  const [result, total] = await Promise.all([
    sql<Record<string, unknown>>`
    select to_stage_id, count(distinct opportunity_id) as n from crm_stage_changes
    where business_id = ${params.businessId} and to_stage_id is not null
    group by to_stage_id`.execute(db),
    sql<Record<string, unknown>>`
    select count(distinct opportunity_id) as n from crm_stage_changes
    where business_id = ${params.businessId} and to_stage_id is not null`.execute(db),
  ]);
  return {
    byStage: new Map(result.rows.map((row) => [Number(row.to_stage_id), num(row.n)])),
    opportunities: num(total.rows[0]?.n ?? 0),
  };
}

export interface GoalFigures {
  id: number;
  title: string;
  type: string;
  status: string;
  target_cents: number;
  current_cents: number;
  start_date: string;
  target_date: string;
  from_payments_cents: number;
  from_income_cents: number;
  allocations: number;
}

/** Every goal with what was allocated to it on dates from..to, from payments and from other income. */
export async function goalFigures(
  db: Db,
  params: { businessId: number; from: string; to: string },
): Promise<GoalFigures[]> {
  const result = await sql<Record<string, unknown>>`
    select g.id, g.title, g.type, g.status, g.target_cents, g.current_cents, g.start_date, g.target_date,
      coalesce(sum(case when a.source_type = 'payment' then a.amount_cents else 0 end), 0) as from_payments,
      coalesce(sum(case when a.source_type = 'other_income' then a.amount_cents else 0 end), 0) as from_income,
      count(a.id) as n
    from goals g
    left join goal_allocations a on a.goal_id = g.id and a.business_id = ${params.businessId}
      and a.allocated_on >= ${params.from} and a.allocated_on <= ${params.to}
    where g.business_id = ${params.businessId}
    group by g.id, g.title, g.type, g.status, g.target_cents, g.current_cents, g.start_date, g.target_date
    order by g.target_date, g.id`.execute(db);
  return result.rows.map((row) => ({
    id: Number(row.id),
    title: String(row.title),
    type: String(row.type),
    status: String(row.status),
    target_cents: num(row.target_cents),
    current_cents: num(row.current_cents),
    start_date: String(row.start_date),
    target_date: String(row.target_date),
    from_payments_cents: num(row.from_payments),
    from_income_cents: num(row.from_income),
    allocations: num(row.n),
  }));
}

/** Allocations on dates from..to by month, per goal: the goals' progress over time. */
export async function goalAllocationsByMonth(
  db: Db,
  params: { businessId: number; from: string; to: string },
): Promise<Array<{ goal_id: number; month: string; cents: number }>> {
  const result = await sql<Record<string, unknown>>`
    select goal_id, substr(allocated_on, 1, 7) as month, sum(amount_cents) as cents from goal_allocations
    where business_id = ${params.businessId} and allocated_on >= ${params.from} and allocated_on <= ${params.to}
    group by goal_id, substr(allocated_on, 1, 7)`.execute(db);
  return result.rows.map((row) => ({ goal_id: Number(row.goal_id), month: String(row.month), cents: num(row.cents) }));
}

// ---------------------------------------------------------------- the records behind a row

export interface InvoiceRecordFilter {
  businessId: number;
  clientId?: number | undefined;
  /** Sales: issued (non-void) from..to. */
  from?: string | undefined;
  to?: string | undefined;
  /** Aging: open on asOf (cutoff: the first instant after it), due in dueFrom..dueTo. */
  asOf?: string | undefined;
  cutoff?: string | undefined;
  dueFrom?: string | null | undefined;
  dueTo?: string | null | undefined;
  /** Invoices with a line of this product ('none': a line without one). */
  productId?: number | 'none' | undefined;
  /** Invoices carrying this tax (name and rate). */
  tax?: { name: string; rate: number | undefined } | undefined;
}

function lineFilters(filter: Pick<InvoiceRecordFilter, 'productId' | 'tax'>, invoiceId: RawBuilder<unknown>) {
  const conditions = [];
  if (filter.productId !== undefined)
    conditions.push(
      filter.productId === 'none'
        ? sql`exists (select 1 from invoice_lines l where l.invoice_id = ${invoiceId} and l.product_id is null)`
        : sql`exists (select 1 from invoice_lines l where l.invoice_id = ${invoiceId} and l.product_id = ${filter.productId})`,
    );
  if (filter.tax)
    conditions.push(
      filter.tax.rate === undefined
        ? sql`exists (select 1 from invoice_line_taxes t where t.invoice_id = ${invoiceId} and t.name = ${filter.tax.name})`
        : sql`exists (select 1 from invoice_line_taxes t where t.invoice_id = ${invoiceId} and t.name = ${filter.tax.name} and t.rate_thousandths = ${filter.tax.rate})`,
    );
  return conditions;
}

export interface InvoiceRecord {
  id: number;
  invoice_number: string | null;
  client_name: string;
  issue_date: string;
  due_date: string;
  status: string;
  total_cents: number;
  balance_cents: number;
}

function invoiceRecordsSource(filter: InvoiceRecordFilter) {
  if (filter.asOf && filter.cutoff) {
    const conditions = [sql`o.balance > 0`];
    if (filter.clientId !== undefined) conditions.push(sql`o.client_id = ${filter.clientId}`);
    if (filter.dueFrom) conditions.push(sql`o.due_date >= ${filter.dueFrom}`);
    if (filter.dueTo) conditions.push(sql`o.due_date <= ${filter.dueTo}`);
    conditions.push(...lineFilters(filter, sql.ref('o.id')));
    return {
      from: sql`(${openOnDate({ businessId: filter.businessId, asOf: filter.asOf, cutoff: filter.cutoff })}) o join clients c on c.id = o.client_id`,
      where: sql.join(conditions, sql` and `),
      sort: sql`o.due_date`,
      columns: sql`o.id, o.invoice_number, c.name as client_name, o.issue_date, o.due_date, o.status, o.total_cents, o.balance as balance_cents, o.due_date as sort_key`,
    };
  }
  const conditions = [sql`o.business_id = ${filter.businessId}`, sql`o.status not in ('draft', 'void')`];
  if (filter.clientId !== undefined) conditions.push(sql`o.client_id = ${filter.clientId}`);
  if (filter.from) conditions.push(sql`o.issue_date >= ${filter.from}`);
  if (filter.to) conditions.push(sql`o.issue_date <= ${filter.to}`);
  conditions.push(...lineFilters(filter, sql.ref('o.id')));
  return {
    from: sql`invoices o join clients c on c.id = o.client_id`,
    where: sql.join(conditions, sql` and `),
    sort: sql`o.issue_date`,
    columns: sql`o.id, o.invoice_number, c.name as client_name, o.issue_date, o.due_date, o.status, o.total_cents, o.balance_cents, o.issue_date as sort_key`,
  };
}

function invoiceRecord(row: Record<string, unknown>): InvoiceRecord {
  return {
    id: Number(row.id),
    invoice_number: row.invoice_number === null ? null : String(row.invoice_number),
    client_name: String(row.client_name),
    issue_date: String(row.issue_date),
    due_date: String(row.due_date),
    status: String(row.status),
    total_cents: num(row.total_cents),
    balance_cents: num(row.balance_cents),
  };
}

/** The count and sums of the invoices behind a row. */
export async function invoiceRecordTotals(
  db: Db,
  filter: InvoiceRecordFilter,
): Promise<{ count: number; total_cents: number; balance_cents: number }> {
  const source = invoiceRecordsSource(filter);
  const result = await sql<Record<string, unknown>>`
    select count(*) as n, sum(o.total_cents) as total, sum(${filter.asOf ? sql`o.balance` : sql`o.balance_cents`}) as balance
    from ${source.from} where ${source.where}`.execute(db);
  const row = result.rows[0] ?? {};
  return { count: num(row.n), total_cents: num(row.total), balance_cents: num(row.balance) };
}

/**
 * The invoices behind a row in the report's order (issue or due date, then id), one keyset page
 * after `after` (the last row's sort key and id), or an offset page.
 */
export async function invoiceRecordPage(
  db: Db,
  filter: InvoiceRecordFilter,
  page: { limit: number; offset?: number; after?: { key: string; id: number } | undefined },
): Promise<Array<InvoiceRecord & { sort_key: string }>> {
  const source = invoiceRecordsSource(filter);
  const after = page.after
    ? sql` and (${source.sort} > ${page.after.key} or (${source.sort} = ${page.after.key} and o.id > ${page.after.id}))`
    : sql``;
  const result = await sql<Record<string, unknown>>`
    select ${source.columns} from ${source.from}
    where ${source.where}${after}
    order by ${source.sort}, o.id
    limit ${page.limit} offset ${page.offset ?? 0}`.execute(db);
  return result.rows.map((row) => ({ ...invoiceRecord(row), sort_key: String(row.sort_key) }));
}

export interface PaymentRecordFilter {
  businessId: number;
  from?: string | undefined;
  to?: string | undefined;
  clientId?: number | undefined;
  method?: string | undefined;
  /** Payments of invoices carrying this tax, on issued, non-void invoices (the cash tax summary's rows). */
  tax?: { name: string; rate: number | undefined } | undefined;
}

export interface PaymentRecord {
  id: number;
  invoice_id: number;
  invoice_number: string | null;
  client_name: string;
  payment_date: string;
  method: string;
  reference: string | null;
  amount_cents: number;
}

function paymentWhere(filter: PaymentRecordFilter) {
  const conditions = [sql`p.business_id = ${filter.businessId}`];
  if (filter.from) conditions.push(sql`p.payment_date >= ${filter.from}`);
  if (filter.to) conditions.push(sql`p.payment_date <= ${filter.to}`);
  if (filter.clientId !== undefined) conditions.push(sql`i.client_id = ${filter.clientId}`);
  if (filter.method) conditions.push(sql`p.method = ${filter.method}`);
  if (filter.tax) {
    conditions.push(sql`i.status not in ('draft', 'void')`);
    conditions.push(...lineFilters({ tax: filter.tax }, sql.ref('i.id')));
  }
  return sql.join(conditions, sql` and `);
}

export async function paymentRecordTotals(
  db: Db,
  filter: PaymentRecordFilter,
): Promise<{ count: number; amount_cents: number }> {
  const result = await sql<Record<string, unknown>>`
    select count(*) as n, sum(p.amount_cents) as amount
    from payments p join invoices i on i.id = p.invoice_id
    where ${paymentWhere(filter)}`.execute(db);
  const row = result.rows[0] ?? {};
  return { count: num(row.n), amount_cents: num(row.amount) };
}

export async function paymentRecordPage(
  db: Db,
  filter: PaymentRecordFilter,
  page: { limit: number; offset?: number; after?: { key: string; id: number } | undefined },
): Promise<Array<PaymentRecord & { sort_key: string }>> {
  const after = page.after
    ? sql` and (p.payment_date > ${page.after.key} or (p.payment_date = ${page.after.key} and p.id > ${page.after.id}))`
    : sql``;
  const result = await sql<Record<string, unknown>>`
    select p.id, p.invoice_id, i.invoice_number, c.name as client_name, p.payment_date, p.method, p.reference, p.amount_cents
    from payments p join invoices i on i.id = p.invoice_id join clients c on c.id = i.client_id
    where ${paymentWhere(filter)}${after}
    order by p.payment_date, p.id
    limit ${page.limit} offset ${page.offset ?? 0}`.execute(db);
  return result.rows.map((row) => ({
    id: Number(row.id),
    invoice_id: Number(row.invoice_id),
    invoice_number: row.invoice_number === null ? null : String(row.invoice_number),
    client_name: String(row.client_name),
    payment_date: String(row.payment_date),
    method: String(row.method),
    reference: row.reference === null ? null : String(row.reference),
    amount_cents: num(row.amount_cents),
    sort_key: String(row.payment_date),
  }));
}
