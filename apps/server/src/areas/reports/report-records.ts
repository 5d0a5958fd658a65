import {
  INVOICE_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  agingBucketDueRange,
  fromCents,
  type ReportColumn,
  type ReportRecords,
  type ReportRecordsQuery,
} from '@ledgerleaf/domain';
import {
  invoiceRecordPage,
  invoiceRecordTotals,
  paymentRecordPage,
  paymentRecordTotals,
  type InvoiceRecord,
  type InvoiceRecordFilter,
  type PaymentRecord,
  type PaymentRecordFilter,
} from '@ledgerleaf/db';
import type { RecordStream } from './report-export';
import { dayCutoff, type ReportContext } from './reports.service';

/*
 * The records behind a report's row: invoices (issued in a period, or open on an "as of" date in an
 * aging bucket) and payments (in a period, of a client, a method or a tax). A page as JSON for the
 * screen, every record streamed for the exports.
 */

const col = (key: string, label: string, kind: ReportColumn['kind']): ReportColumn => ({
  key,
  label,
  kind,
  drill_params: null,
});

export function invoiceFilter(ctx: ReportContext, query: ReportRecordsQuery): InvoiceRecordFilter {
  const due = query.as_of && query.bucket ? agingBucketDueRange(query.bucket, query.as_of) : { from: null, to: null };
  return {
    businessId: ctx.businessId,
    clientId: query.client_id,
    from: query.from,
    to: query.to,
    asOf: query.as_of,
    cutoff: query.as_of ? dayCutoff(query.as_of, ctx.timeZone) : undefined,
    dueFrom: due.from,
    dueTo: due.to,
    productId: query.product_id,
    tax: query.tax_name ? { name: query.tax_name, rate: query.tax_rate } : undefined,
  };
}

export function paymentFilter(ctx: ReportContext, query: ReportRecordsQuery): PaymentRecordFilter {
  return {
    businessId: ctx.businessId,
    from: query.from,
    to: query.to,
    clientId: query.client_id,
    method: query.method,
    tax: query.tax_name ? { name: query.tax_name, rate: query.tax_rate } : undefined,
  };
}

export function invoiceColumns(asOf: boolean): ReportColumn[] {
  return [
    col('number', 'Invoice', 'text'),
    col('client', 'Client', 'text'),
    col('issue_date', 'Issue date', 'date'),
    col('due_date', 'Due date', 'date'),
    col('status', 'Status', 'text'),
    col('total', 'Total', 'money'),
    col('balance', asOf ? 'Balance then' : 'Balance due', 'money'),
  ];
}

export const PAYMENT_COLUMNS: ReportColumn[] = [
  col('payment_date', 'Date', 'date'),
  col('number', 'Invoice', 'text'),
  col('client', 'Client', 'text'),
  col('method', 'Method', 'text'),
  col('reference', 'Reference', 'text'),
  col('amount', 'Amount', 'money'),
];

const invoiceCells = (row: InvoiceRecord) => [
  row.invoice_number ?? 'Draft',
  row.client_name,
  row.issue_date,
  row.due_date,
  (INVOICE_STATUS_LABELS as Record<string, string>)[row.status] ?? row.status,
  fromCents(row.total_cents),
  fromCents(row.balance_cents),
];
const paymentCells = (row: PaymentRecord) => [
  row.payment_date,
  row.invoice_number ?? '',
  row.client_name,
  (PAYMENT_METHOD_LABELS as Record<string, string>)[row.method] ?? row.method,
  row.reference,
  fromCents(row.amount_cents),
];

const asCells = (columns: ReportColumn[], values: Array<string | number | null>) =>
  Object.fromEntries(columns.map((column, index) => [column.key, values[index] ?? null]));

const meta = (page: number, perPage: number, total: number) => ({
  current_page: page,
  per_page: perPage,
  total,
  last_page: Math.max(1, Math.ceil(total / perPage)),
});

export async function recordsPage(
  ctx: ReportContext,
  kind: 'invoices' | 'payments',
  query: ReportRecordsQuery,
): Promise<ReportRecords> {
  const offset = (query.page - 1) * query.per_page;
  if (kind === 'invoices') {
    const filter = invoiceFilter(ctx, query);
    const [rows, totals] = await Promise.all([
      invoiceRecordPage(ctx.db, filter, { limit: query.per_page, offset }),
      invoiceRecordTotals(ctx.db, filter),
    ]);
    const columns = invoiceColumns(Boolean(query.as_of));
    return {
      columns,
      data: rows.map((row) => ({ id: row.id, invoice_id: row.id, cells: asCells(columns, invoiceCells(row)) })),
      totals: { number: 'Total', total: fromCents(totals.total_cents), balance: fromCents(totals.balance_cents) },
      meta: meta(query.page, query.per_page, totals.count),
    };
  }
  const filter = paymentFilter(ctx, query);
  const [rows, totals] = await Promise.all([
    paymentRecordPage(ctx.db, filter, { limit: query.per_page, offset }),
    paymentRecordTotals(ctx.db, filter),
  ]);
  return {
    columns: PAYMENT_COLUMNS,
    data: rows.map((row) => ({
      id: row.id,
      invoice_id: row.invoice_id,
      cells: asCells(PAYMENT_COLUMNS, paymentCells(row)),
    })),
    totals: { payment_date: 'Total', amount: fromCents(totals.amount_cents) },
    meta: meta(query.page, query.per_page, totals.count),
  };
}

const EXPORT_PAGE = 2000;

async function* keysetPages<Row extends { id: number; sort_key: string }>(
  read: (after: { key: string; id: number } | undefined) => Promise<Row[]>,
): AsyncIterable<Row[]> {
  let after: { key: string; id: number } | undefined;
  for (;;) {
    const page = await read(after);
    if (page.length === 0) return;
    yield page;
    if (page.length < EXPORT_PAGE) return;
    const last = page[page.length - 1]!;
    after = { key: last.sort_key, id: last.id };
  }
}

/** Every record behind a row, in pages of 2,000 read by keyset (never an offset): for the streamed exports. */
export function recordsStream(
  ctx: ReportContext,
  kind: 'invoices' | 'payments',
  query: ReportRecordsQuery,
): RecordStream<InvoiceRecord> | RecordStream<PaymentRecord> {
  if (kind === 'invoices') {
    const filter = invoiceFilter(ctx, query);
    return {
      columns: invoiceColumns(Boolean(query.as_of)),
      cells: invoiceCells,
      pages: keysetPages((after) => invoiceRecordPage(ctx.db, filter, { limit: EXPORT_PAGE, after })),
    };
  }
  const filter = paymentFilter(ctx, query);
  return {
    columns: PAYMENT_COLUMNS,
    cells: paymentCells,
    pages: keysetPages((after) => paymentRecordPage(ctx.db, filter, { limit: EXPORT_PAGE, after })),
  };
}
