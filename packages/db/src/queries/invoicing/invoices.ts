import { sql, type RawBuilder } from 'kysely';
import { formatDocumentNumber, nextCounter, type DocumentNumberFormat } from '@ledgerleaf/domain';
import { toDbTime } from '../../dialect';
import type { InvoiceLineRow, InvoiceLineTaxRow, InvoiceRow } from '../../schema';
import { containsLower, escapeLike, type SortDirection } from '../shared/list-helpers';
import type { Db } from '../shared/types';

/** Columns an invoice's content sets (create and update); amounts from domain's `calculateInvoice`. */
export interface InvoiceContentFields {
  client_id: number;
  issue_date: string;
  due_date: string;
  discount_type: string | null;
  /** Thousandths of a percent, or cents. */
  discount_value: number | null;
  notes: string | null;
  terms: string | null;
  currency: string;
  goal_id: number | null;
  prices_include_tax: boolean;
  subtotal_cents: number;
  line_discount_cents: number;
  discount_cents: number;
  tax_cents: number;
  total_cents: number;
  paid_cents: number;
  balance_cents: number;
}

export interface InvoiceLineTaxWrite {
  tax_rate_id: number | null;
  name: string;
  rate_thousandths: number;
  is_compound: boolean;
  base_cents: number;
  amount_cents: number;
}

export interface InvoiceLineWrite {
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
  taxes: InvoiceLineTaxWrite[];
}

/** An invoice row with its client's name (lists, detail). */
export type InvoiceWithClient = InvoiceRow & { client_name: string };

const CHUNK = 400;

async function insertLines(
  db: Db,
  params: { businessId: number; invoiceId: number; lines: ReadonlyArray<InvoiceLineWrite> },
): Promise<void> {
  for (let start = 0; start < params.lines.length; start += CHUNK) {
    const chunk = params.lines.slice(start, start + CHUNK);
    const inserted = await db
      .insertInto('invoice_lines')
      .values(
        chunk.map(({ taxes: _taxes, ...line }, index) => ({
          ...line,
          invoice_id: params.invoiceId,
          business_id: params.businessId,
          position: start + index,
        })),
      )
      .returning(['id', 'position'])
      .execute();
    const idByPosition = new Map(inserted.map((row) => [Number(row.position), row.id]));
    const taxes = chunk.flatMap((line, index) =>
      line.taxes.map((tax, position) => ({
        ...tax,
        line_id: idByPosition.get(start + index) as number,
        invoice_id: params.invoiceId,
        business_id: params.businessId,
        position,
      })),
    );
    for (let offset = 0; offset < taxes.length; offset += CHUNK)
      await db
        .insertInto('invoice_line_taxes')
        .values(taxes.slice(offset, offset + CHUNK))
        .execute();
  }
}

/** Inserts a draft with its lines and their taxes (run inside a transaction). */
export async function insertInvoice(
  db: Db,
  params: {
    businessId: number;
    fields: InvoiceContentFields;
    lines: ReadonlyArray<InvoiceLineWrite>;
    publicToken: string;
    now: Date;
    /** The demo seed writes issued invoices directly. */
    state?: {
      status: string;
      invoice_number: string | null;
      sent_at: Date | null;
      viewed_at: Date | null;
      voided_at: Date | null;
      created_at: Date;
    };
  },
): Promise<{ id: number }> {
  const now = toDbTime(params.now);
  const state = params.state;
  const row = await db
    .insertInto('invoices')
    .values({
      business_id: params.businessId,
      ...params.fields,
      status: state?.status ?? 'draft',
      invoice_number: state?.invoice_number ?? null,
      public_token: params.publicToken,
      sent_at: state?.sent_at ? toDbTime(state.sent_at) : null,
      viewed_at: state?.viewed_at ? toDbTime(state.viewed_at) : null,
      voided_at: state?.voided_at ? toDbTime(state.voided_at) : null,
      created_at: state ? toDbTime(state.created_at) : now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertLines(db, { businessId: params.businessId, invoiceId: row.id, lines: params.lines });
  return row;
}

export interface InvoiceSeedState {
  status: string;
  invoice_number: string | null;
  sent_at: Date | null;
  viewed_at: Date | null;
  voided_at: Date | null;
  created_at: Date;
}

/**
 * Many invoices in a few statements (the demo seed): the invoices in one insert, their lines and taxes
 * in chunks. Answers the new ids in the order given.
 */
export async function insertInvoiceBatch(
  db: Db,
  params: {
    businessId: number;
    now: Date;
    invoices: ReadonlyArray<{
      fields: InvoiceContentFields;
      lines: ReadonlyArray<InvoiceLineWrite>;
      publicToken: string;
      state: InvoiceSeedState;
    }>;
  },
): Promise<number[]> {
  if (params.invoices.length === 0) return [];
  const now = toDbTime(params.now);
  const idByToken = new Map<string, number>();
  for (let start = 0; start < params.invoices.length; start += 200) {
    const rows = await db
      .insertInto('invoices')
      .values(
        params.invoices.slice(start, start + 200).map(({ fields, publicToken, state }) => ({
          business_id: params.businessId,
          ...fields,
          status: state.status,
          invoice_number: state.invoice_number,
          public_token: publicToken,
          sent_at: state.sent_at ? toDbTime(state.sent_at) : null,
          viewed_at: state.viewed_at ? toDbTime(state.viewed_at) : null,
          voided_at: state.voided_at ? toDbTime(state.voided_at) : null,
          created_at: toDbTime(state.created_at),
          updated_at: now,
        })),
      )
      .returning(['id', 'public_token'])
      .execute();
    for (const row of rows) idByToken.set(row.public_token, row.id);
  }
  const ids = params.invoices.map((invoice) => idByToken.get(invoice.publicToken) as number);
  const lines = params.invoices.flatMap((invoice, index) =>
    invoice.lines.map((line, position) => ({ line, position, invoiceId: ids[index] as number })),
  );
  const lineIds = new Map<string, number>();
  for (let start = 0; start < lines.length; start += CHUNK) {
    const rows = await db
      .insertInto('invoice_lines')
      .values(
        lines.slice(start, start + CHUNK).map(({ line: { taxes: _taxes, ...line }, position, invoiceId }) => ({
          ...line,
          invoice_id: invoiceId,
          business_id: params.businessId,
          position,
        })),
      )
      .returning(['id', 'invoice_id', 'position'])
      .execute();
    for (const row of rows) lineIds.set(`${row.invoice_id}:${Number(row.position)}`, row.id);
  }
  const taxes = lines.flatMap(({ line, position, invoiceId }) =>
    line.taxes.map((tax, taxPosition) => ({
      ...tax,
      line_id: lineIds.get(`${invoiceId}:${position}`) as number,
      invoice_id: invoiceId,
      business_id: params.businessId,
      position: taxPosition,
    })),
  );
  for (let start = 0; start < taxes.length; start += CHUNK)
    await db
      .insertInto('invoice_line_taxes')
      .values(taxes.slice(start, start + CHUNK))
      .execute();
  return ids;
}

/** The dated timeline of seeded invoices, straight into the activity log (history: no subscribers run). */
export async function insertInvoiceTimeline(
  db: Db,
  params: {
    businessId: number;
    userId: number | null;
    events: ReadonlyArray<{ event: string; invoiceId: number; data: Record<string, unknown>; at: Date }>;
  },
): Promise<void> {
  for (let start = 0; start < params.events.length; start += CHUNK) {
    await db
      .insertInto('activity_log')
      .values(
        params.events.slice(start, start + CHUNK).map((event) => ({
          business_id: params.businessId,
          user_id: params.userId,
          subject_type: 'invoice',
          subject_id: event.invoiceId,
          event: event.event,
          data: JSON.stringify(event.data),
          created_at: toDbTime(event.at),
        })),
      )
      .execute();
  }
}

/** Replaces an invoice's content and its whole line list (run inside a transaction). */
export async function replaceInvoiceContent(
  db: Db,
  params: {
    businessId: number;
    invoiceId: number;
    fields: InvoiceContentFields;
    status: string;
    lines: ReadonlyArray<InvoiceLineWrite>;
    now: Date;
  },
): Promise<void> {
  await db
    .updateTable('invoices')
    .set({ ...params.fields, status: params.status, updated_at: toDbTime(params.now) })
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.invoiceId)
    .execute();
  await db
    .deleteFrom('invoice_line_taxes')
    .where('business_id', '=', params.businessId)
    .where('invoice_id', '=', params.invoiceId)
    .execute();
  await db
    .deleteFrom('invoice_lines')
    .where('business_id', '=', params.businessId)
    .where('invoice_id', '=', params.invoiceId)
    .execute();
  await insertLines(db, { businessId: params.businessId, invoiceId: params.invoiceId, lines: params.lines });
}

function withClientName(db: Db) {
  return db
    .selectFrom('invoices')
    .innerJoin('clients', (join) =>
      join.onRef('clients.id', '=', 'invoices.client_id').onRef('clients.business_id', '=', 'invoices.business_id'),
    )
    .selectAll('invoices')
    .select('clients.name as client_name');
}

export async function findInvoice(
  db: Db,
  params: { businessId: number; invoiceId: number },
): Promise<InvoiceWithClient | undefined> {
  return withClientName(db)
    .where('invoices.business_id', '=', params.businessId)
    .where('invoices.id', '=', params.invoiceId)
    .executeTakeFirst();
}

export async function findInvoiceByPublicToken(
  db: Db,
  params: { token: string },
): Promise<InvoiceWithClient | undefined> {
  return withClientName(db).where('invoices.public_token', '=', params.token).executeTakeFirst();
}

/**
 * Locks the invoice row for the rest of the transaction and answers its latest committed state.
 * A no-op UPDATE ... RETURNING: PostgreSQL takes the row lock (like SELECT ... FOR UPDATE, and
 * re-reads the row a concurrent writer just committed); on SQLite a write as the transaction's first
 * statement takes the database's write lock, so the check that follows cannot go stale.
 */
export async function lockInvoice(
  db: Db,
  params: { businessId: number; invoiceId: number },
): Promise<InvoiceRow | undefined> {
  return db
    .updateTable('invoices')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.invoiceId)
    .returningAll()
    .executeTakeFirst();
}

export type InvoiceStateUpdate = Partial<
  Pick<
    InvoiceRow,
    'status' | 'invoice_number' | 'paid_cents' | 'balance_cents' | 'sent_at' | 'viewed_at' | 'voided_at' | 'void_reason'
  >
>;

export async function updateInvoiceState(
  db: Db,
  params: { businessId: number; invoiceId: number; set: InvoiceStateUpdate; now: Date },
): Promise<void> {
  await db
    .updateTable('invoices')
    .set({ ...params.set, updated_at: toDbTime(params.now) })
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.invoiceId)
    .execute();
}

export async function deleteInvoice(db: Db, params: { businessId: number; invoiceId: number }): Promise<boolean> {
  await db
    .deleteFrom('invoice_line_taxes')
    .where('business_id', '=', params.businessId)
    .where('invoice_id', '=', params.invoiceId)
    .execute();
  await db
    .deleteFrom('invoice_lines')
    .where('business_id', '=', params.businessId)
    .where('invoice_id', '=', params.invoiceId)
    .execute();
  await db
    .deleteFrom('payments')
    .where('business_id', '=', params.businessId)
    .where('invoice_id', '=', params.invoiceId)
    .execute();
  const result = await db
    .deleteFrom('invoices')
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.invoiceId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function listInvoiceLines(
  db: Db,
  params: { businessId: number; invoiceId: number },
): Promise<{ lines: InvoiceLineRow[]; taxes: InvoiceLineTaxRow[] }> {
  const lines = await db
    .selectFrom('invoice_lines')
    .selectAll()
    .where('business_id', '=', params.businessId)
    .where('invoice_id', '=', params.invoiceId)
    .orderBy('position')
    .execute();
  const taxes = await db
    .selectFrom('invoice_line_taxes')
    .selectAll()
    .where('business_id', '=', params.businessId)
    .where('invoice_id', '=', params.invoiceId)
    .orderBy('line_id')
    .orderBy('position')
    .execute();
  return { lines, taxes };
}

export interface InvoiceNumbering {
  prefix: string;
  include_year: boolean;
  separator: string;
  padding: number;
  yearly_reset: boolean;
}

export async function findInvoiceNumbering(
  db: Db,
  params: { businessId: number },
): Promise<InvoiceNumbering | undefined> {
  const row = await db
    .selectFrom('businesses')
    .select([
      'invoice_prefix',
      'invoice_number_include_year',
      'invoice_number_separator',
      'invoice_number_padding',
      'invoice_number_yearly_reset',
    ])
    .where('id', '=', params.businessId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    prefix: row.invoice_prefix,
    include_year: Boolean(row.invoice_number_include_year),
    separator: row.invoice_number_separator,
    padding: Number(row.invoice_number_padding),
    yearly_reset: Boolean(row.invoice_number_yearly_reset),
  };
}

/** The counter row of a business's document kind, created when missing and locked for the rest of the transaction. */
async function lockDocumentCounter(
  db: Db,
  params: { businessId: number; kind: string },
): Promise<{ last_counter: number; last_year: number | null }> {
  await db
    .insertInto('document_counters')
    .values({ business_id: params.businessId, kind: params.kind, year: null, last_counter: 0 })
    .onConflict((oc) => oc.columns(['business_id', 'kind']).doNothing())
    .execute();
  const state = await db
    .updateTable('document_counters')
    .set((eb) => ({ last_counter: eb.ref('last_counter') }))
    .where('business_id', '=', params.businessId)
    .where('kind', '=', params.kind)
    .returning(['year', 'last_counter'])
    .executeTakeFirstOrThrow();
  return { last_counter: Number(state.last_counter), last_year: state.year === null ? null : Number(state.year) };
}

async function writeDocumentCounter(
  db: Db,
  params: { businessId: number; kind: string },
  next: { counter: number; year: number },
): Promise<void> {
  await db
    .updateTable('document_counters')
    .set({ last_counter: next.counter, year: next.year })
    .where('business_id', '=', params.businessId)
    .where('kind', '=', params.kind)
    .execute();
}

/**
 * Takes the next counter of a business's document kind, inside the caller's transaction: the
 * counter row is created when missing, locked by a no-op UPDATE ... RETURNING (PostgreSQL waits for
 * a concurrent issuer and then reads its committed counter; SQLite holds the write lock), advanced
 * with domain's `nextCounter` and written back. The number is used in the same transaction, so a
 * rollback returns the counter too: no gap, no duplicate.
 */
export async function takeDocumentCounter(
  db: Db,
  params: { businessId: number; kind: string; year: number; yearlyReset: boolean },
): Promise<{ counter: number; year: number }> {
  const state = await lockDocumentCounter(db, params);
  const next = nextCounter(
    { last_counter: state.last_counter, last_year: state.last_year, yearly_reset: params.yearlyReset },
    params.year,
  );
  await writeDocumentCounter(db, params, next);
  return next;
}

/** The kinds of numbered documents, and where each keeps its numbers (unique per business). */
export type DocumentKind = 'invoice' | 'estimate';

/** How many candidate numbers one look-up checks when the counter runs into numbers already used. */
const FREE_NUMBER_BATCH = 50;

async function usedDocumentNumbers(
  db: Db,
  params: { businessId: number; kind: DocumentKind },
  numbers: string[],
): Promise<Set<string>> {
  const rows =
    params.kind === 'invoice'
      ? await db
          .selectFrom('invoices')
          .select('invoice_number as number')
          .where('business_id', '=', params.businessId)
          .where('invoice_number', 'in', numbers)
          .execute()
      : await db
          .selectFrom('estimates')
          .select('estimate_number as number')
          .where('business_id', '=', params.businessId)
          .where('estimate_number', 'in', numbers)
          .execute();
  return new Set(rows.map((row) => row.number).filter((number): number is string => number !== null));
}

/**
 * The next free document number of a business's kind, inside the caller's transaction (see
 * `takeDocumentCounter` for the locking). A changed pattern (prefix, year in the number, yearly
 * reset) can make the counter reproduce a number already used; the counter then moves on past
 * every used number, in the same transaction, so issuing never trips the unique index and never
 * duplicates. Without a clash this is exactly `takeDocumentCounter` plus formatting.
 */
export async function takeDocumentNumber(
  db: Db,
  params: { businessId: number; kind: DocumentKind; year: number; yearlyReset: boolean; format: DocumentNumberFormat },
): Promise<{ number: string; counter: number; year: number }> {
  const state = await lockDocumentCounter(db, params);
  const next = nextCounter(
    { last_counter: state.last_counter, last_year: state.last_year, yearly_reset: params.yearlyReset },
    params.year,
  );
  let counter = next.counter;
  for (;;) {
    const candidates = Array.from({ length: FREE_NUMBER_BATCH }, (_, index) =>
      formatDocumentNumber(params.format, next.year, counter + index),
    );
    const used = await usedDocumentNumbers(db, params, candidates);
    const free = candidates.findIndex((candidate) => !used.has(candidate));
    if (free >= 0) {
      counter += free;
      break;
    }
    counter += FREE_NUMBER_BATCH;
  }
  await writeDocumentCounter(db, params, { counter, year: next.year });
  return { number: formatDocumentNumber(params.format, next.year, counter), counter, year: next.year };
}

/** Sets a counter directly (the demo seed numbers its history in one go). */
export async function setDocumentCounter(
  db: Db,
  params: { businessId: number; kind: string; year: number; lastCounter: number },
): Promise<void> {
  await db
    .insertInto('document_counters')
    .values({ business_id: params.businessId, kind: params.kind, year: params.year, last_counter: params.lastCounter })
    .onConflict((oc) =>
      oc.columns(['business_id', 'kind']).doUpdateSet({ year: params.year, last_counter: params.lastCounter }),
    )
    .execute();
}

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

/**
 * The business's invoice data version: advanced by database triggers on every change to its
 * invoices and to its clients' names (migration 0011), so equal versions mean equal list results.
 */
export async function findInvoiceDataVersion(db: Db, params: { businessId: number }): Promise<number | undefined> {
  const row = await db
    .selectFrom('businesses')
    .select('invoice_data_version')
    .where('id', '=', params.businessId)
    .executeTakeFirst();
  return row ? Number(row.invoice_data_version) : undefined;
}

export async function countClientInvoices(db: Db, params: { businessId: number; clientId: number }): Promise<number> {
  const row = await db
    .selectFrom('invoices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('business_id', '=', params.businessId)
    .where('client_id', '=', params.clientId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The client's estimates and recurring invoices: they name the client (no cascade), as invoices do. */
export async function countClientEstimatesAndRecurring(
  db: Db,
  params: { businessId: number; clientId: number },
): Promise<number> {
  const [estimates, recurring] = await Promise.all(
    (['estimates', 'recurring_invoices'] as const).map((table) =>
      db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('business_id', '=', params.businessId)
        .where('client_id', '=', params.clientId)
        .executeTakeFirstOrThrow(),
    ),
  );
  return Number(estimates?.n ?? 0) + Number(recurring?.n ?? 0);
}

export async function countProductInvoiceLines(
  db: Db,
  params: { businessId: number; productId: number },
): Promise<number> {
  const row = await db
    .selectFrom('invoice_lines')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('business_id', '=', params.businessId)
    .where('product_id', '=', params.productId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countTaxRateInvoiceLines(
  db: Db,
  params: { businessId: number; taxRateId: number },
): Promise<number> {
  const row = await db
    .selectFrom('invoice_line_taxes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('business_id', '=', params.businessId)
    .where('tax_rate_id', '=', params.taxRateId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
