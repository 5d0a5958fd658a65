import { sql, type RawBuilder } from 'kysely';
import { containsLower, escapeLike, type SortDirection } from '../shared/list-helpers';
import type { Db } from '../shared/types';
import type { InvoiceWithClient } from './invoice-reads';

/* The invoice list: its filter, its page and its figures (per-status totals, overdue, every matching row). */

export const INVOICE_UNPAID_STATUSES = ['sent', 'viewed', 'partial', 'overdue'] as const;

export interface InvoiceListParams {
  businessId: number;
  /** `all`, `unpaid`, or a status; `overdue` and sent/viewed/partial are derived against `today`. */
  status: string;
  today: string;
  search?: string | undefined;
  clientId?: number | undefined;
  goalId?: number | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  /** Due date range, both ends included. */
  dueFrom?: string | undefined;
  dueTo?: string | undefined;
  sort:
    'issue_date' | 'due_date' | 'invoice_number' | 'client_name' | 'total' | 'balance_due' | 'status' | 'created_at';
  direction: SortDirection;
  limit: number;
  offset: number;
}

/**
 * The invoice list's figures, each on a set it names: `count` every matching invoice; `total_cents`,
 * `paid_cents` and `balance_cents` the issued ones that are not void (so total - paid = balance due,
 * to the cent); drafts (not billed yet) and void invoices (owed by nobody) apart, with their count and total.
 */
export interface InvoiceListSummaryCents {
  count: number;
  total_cents: number;
  paid_cents: number;
  balance_cents: number;
  draft_count: number;
  draft_total_cents: number;
  void_count: number;
  void_total_cents: number;
}

const emptySummary = (): InvoiceListSummaryCents => ({
  count: 0,
  total_cents: 0,
  paid_cents: 0,
  balance_cents: 0,
  draft_count: 0,
  draft_total_cents: 0,
  void_count: 0,
  void_total_cents: 0,
});

export type InvoiceListFilter = Pick<
  InvoiceListParams,
  'businessId' | 'status' | 'today' | 'search' | 'clientId' | 'goalId' | 'dateFrom' | 'dateTo' | 'dueFrom' | 'dueTo'
>;

/** The invoices of a business that match a list filter, on `invoices` alone (no join per matching row). */
function filteredInvoices(db: Db, params: InvoiceListFilter) {
  let base = db.selectFrom('invoices').where('invoices.business_id', '=', params.businessId);
  const unpaid = [...INVOICE_UNPAID_STATUSES];
  switch (params.status) {
    case 'all':
      break;
    case 'unpaid':
      base = base.where('invoices.status', 'in', unpaid);
      break;
    case 'overdue':
      base = base.where('invoices.status', 'in', unpaid).where('invoices.due_date', '<', params.today);
      break;
    case 'sent':
    case 'viewed':
    case 'partial':
      base = base.where('invoices.status', '=', params.status).where('invoices.due_date', '>=', params.today);
      break;
    default:
      base = base.where('invoices.status', '=', params.status);
  }
  if (params.clientId !== undefined) base = base.where('invoices.client_id', '=', params.clientId);
  if (params.goalId !== undefined) base = base.where('invoices.goal_id', '=', params.goalId);
  if (params.dateFrom) base = base.where('invoices.issue_date', '>=', params.dateFrom);
  if (params.dateTo) base = base.where('invoices.issue_date', '<=', params.dateTo);
  if (params.dueFrom) base = base.where('invoices.due_date', '>=', params.dueFrom);
  if (params.dueTo) base = base.where('invoices.due_date', '<=', params.dueTo);
  const search = params.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search.toLowerCase())}%`;
    base = base.where((eb) =>
      eb.or([
        sql<boolean>`lower(${eb.ref('invoices.invoice_number')}) like ${pattern} escape '\\'`,
        eb(
          'invoices.client_id',
          'in',
          eb
            .selectFrom('clients')
            .select('clients.id')
            .where('clients.business_id', '=', params.businessId)
            .where(({ ref }) => containsLower(ref('clients.sort_name'), search)),
        ),
      ]),
    );
  }
  return base;
}

/** Filters whose result depends on the day (their status is derived from the due date). */
const DAY_DEPENDENT_FILTERS = new Set(['overdue', 'sent', 'viewed', 'partial']);

/**
 * The number of invoices matching a filter and their totals (`InvoiceListSummaryCents`). A plain filter
 * (all, unpaid or a stored status, nothing else) reads the trigger-kept `invoice_status_totals`
 * (migration 0012); any other adds up every matching row.
 */
export async function summarizeInvoices(db: Db, params: InvoiceListFilter): Promise<InvoiceListSummaryCents> {
  const unfiltered =
    !params.search?.trim() &&
    params.clientId === undefined &&
    params.goalId === undefined &&
    !params.dateFrom &&
    !params.dateTo &&
    !params.dueFrom &&
    !params.dueTo;
  if (unfiltered && !DAY_DEPENDENT_FILTERS.has(params.status)) return summarizeByStatus(db, params);
  if (unfiltered && params.status === 'overdue') return summarizeOverdue(db, params);
  return summarizeMatchingRows(db, params);
}

/**
 * The overdue filter's count and totals: the open invoices' (per-status totals) minus those not yet
 * due. Open invoices are neither void nor drafts, so each owes its balance; the ones not yet due are
 * a range of migration 0019's index (usually a month of invoices), where adding up the overdue ones
 * would read most open invoices of the business.
 */
export async function summarizeOverdue(
  db: Db,
  params: Pick<InvoiceListFilter, 'businessId' | 'today'>,
): Promise<InvoiceListSummaryCents> {
  const open = await summarizeByStatus(db, { businessId: params.businessId, status: 'unpaid' });
  const notDue = await db
    .selectFrom('invoices')
    .where('business_id', '=', params.businessId)
    .where('status', 'in', [...INVOICE_UNPAID_STATUSES])
    .where('due_date', '>=', params.today)
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.coalesce(eb.fn.sum<number>('total_cents'), eb.lit(0)).as('total_cents'),
      eb.fn.coalesce(eb.fn.sum<number>('paid_cents'), eb.lit(0)).as('paid_cents'),
      eb.fn.coalesce(eb.fn.sum<number>('balance_cents'), eb.lit(0)).as('balance_cents'),
    ])
    .executeTakeFirstOrThrow();
  return {
    ...emptySummary(),
    count: open.count - Number(notDue.count),
    total_cents: open.total_cents - Number(notDue.total_cents),
    paid_cents: open.paid_cents - Number(notDue.paid_cents),
    balance_cents: open.balance_cents - Number(notDue.balance_cents),
  };
}

/** From the per-status totals: a few rows whatever the number of invoices. */
export async function summarizeByStatus(
  db: Db,
  params: Pick<InvoiceListFilter, 'businessId' | 'status'>,
): Promise<InvoiceListSummaryCents> {
  let query = db.selectFrom('invoice_status_totals').selectAll().where('business_id', '=', params.businessId);
  if (params.status === 'unpaid') query = query.where('status', 'in', [...INVOICE_UNPAID_STATUSES]);
  else if (params.status !== 'all') query = query.where('status', '=', params.status);
  const summary = emptySummary();
  for (const row of await query.execute()) {
    summary.count += Number(row.invoice_count);
    if (row.status === 'void') {
      summary.void_count += Number(row.invoice_count);
      summary.void_total_cents += Number(row.total_cents);
    } else if (row.status === 'draft') {
      // Not billed yet: a draft owes nothing, so it is counted apart from the billed figures.
      summary.draft_count += Number(row.invoice_count);
      summary.draft_total_cents += Number(row.total_cents);
    } else {
      summary.total_cents += Number(row.total_cents);
      summary.paid_cents += Number(row.paid_cents);
      summary.balance_cents += Number(row.balance_cents);
    }
  }
  return summary;
}

/** By adding up every matching row (the reference the per-status totals are tested against). */
export async function summarizeMatchingRows(db: Db, params: InvoiceListFilter): Promise<InvoiceListSummaryCents> {
  const billed = (column: 'total_cents' | 'paid_cents') =>
    sql<number>`coalesce(sum(case when invoices.status in ('void', 'draft') then 0 else invoices.${sql.ref(column)} end), 0)`;
  const ofStatus = (status: 'draft' | 'void') => ({
    count: sql<number>`coalesce(sum(case when invoices.status = ${sql.lit(status)} then 1 else 0 end), 0)`,
    total: sql<number>`coalesce(sum(case when invoices.status = ${sql.lit(status)} then invoices.total_cents else 0 end), 0)`,
  });
  const totals = await filteredInvoices(db, params)
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      billed('total_cents').as('total_cents'),
      billed('paid_cents').as('paid_cents'),
      sql<number>`coalesce(sum(${owedNowSql()}), 0)`.as('balance_cents'),
      ofStatus('draft').count.as('draft_count'),
      ofStatus('draft').total.as('draft_total_cents'),
      ofStatus('void').count.as('void_count'),
      ofStatus('void').total.as('void_total_cents'),
    ])
    .executeTakeFirstOrThrow();
  return {
    count: Number(totals.count),
    total_cents: Number(totals.total_cents),
    paid_cents: Number(totals.paid_cents),
    balance_cents: Number(totals.balance_cents),
    draft_count: Number(totals.draft_count),
    draft_total_cents: Number(totals.draft_total_cents),
    void_count: Number(totals.void_count),
    void_total_cents: Number(totals.void_total_cents),
  };
}

/**
 * What an invoice owes now, in cents, as SQL over `invoices`: its balance while it waits for money
 * (sent, viewed, partial, overdue), else 0 (a draft, a void invoice; a paid one has none). The
 * domain's `owedNowCents` is the same rule.
 */
export function owedNowSql(): RawBuilder<number> {
  const unpaid = sql.join(INVOICE_UNPAID_STATUSES.map((status) => sql.lit(status)));
  return sql<number>`(case when invoices.status in (${unpaid}) then invoices.balance_cents else 0 end)`;
}

/** One page of the invoices matching a filter, with their client's name. */
export async function listInvoicePage(db: Db, params: InvoiceListParams): Promise<InvoiceWithClient[]> {
  const columns = {
    issue_date: 'invoices.issue_date',
    due_date: 'invoices.due_date',
    invoice_number: 'invoices.invoice_number',
    client_name: 'clients.sort_name',
    total: 'invoices.total_cents',
    balance_due: owedNowSql(),
    status: 'invoices.status',
    created_at: 'invoices.created_at',
  } as const;
  return filteredInvoices(db, params)
    .innerJoin('clients', (join) =>
      join.onRef('clients.id', '=', 'invoices.client_id').onRef('clients.business_id', '=', 'invoices.business_id'),
    )
    .selectAll('invoices')
    .select('clients.name as client_name')
    .orderBy(columns[params.sort], params.direction)
    .orderBy('invoices.id', params.direction)
    .limit(params.limit)
    .offset(params.offset)
    .execute();
}

/** Page of invoices, the number matching and the totals of everything matching (voids count as zero). */
export async function listInvoices(
  db: Db,
  params: InvoiceListParams,
): Promise<{ rows: InvoiceWithClient[]; total: number; summary: InvoiceListSummaryCents }> {
  const summary = await summarizeInvoices(db, params);
  const rows = await listInvoicePage(db, params);
  return { rows, total: summary.count, summary };
}
