import { sql, type RawBuilder } from 'kysely';
import { num } from '../shared/sql';
import type { Db } from '../shared/types';
import { openOnDate } from './report-sql';

/* The records behind a report row: invoices and payments, paged with their totals. */

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
