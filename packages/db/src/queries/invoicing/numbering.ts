import { formatDocumentNumber, nextCounter, type DocumentNumberFormat } from '@ledgerleaf/domain';
import { toDbTime } from '../../dialect';
import type { Db } from '../shared/types';

/*
 * Invoice and estimate numbering: the business's numbering settings (read and updated), the per-kind
 * counters and free numbers.
 */

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

export interface InvoiceNumberingUpdate {
  prefix: string;
  include_year: boolean;
  separator: string;
  padding: number;
  yearly_reset: boolean;
}

export async function updateInvoiceNumbering(
  db: Db,
  params: { businessId: number; settings: InvoiceNumberingUpdate; now: Date },
): Promise<void> {
  const { settings } = params;
  await db
    .updateTable('businesses')
    .set({
      invoice_prefix: settings.prefix,
      invoice_number_include_year: settings.include_year,
      invoice_number_separator: settings.separator,
      invoice_number_padding: settings.padding,
      invoice_number_yearly_reset: settings.yearly_reset,
      updated_at: toDbTime(params.now),
    })
    .where('id', '=', params.businessId)
    .execute();
}

/** The last counter handed out for a document kind and its year (null, null before the first). */
export async function findDocumentCounter(
  db: Db,
  params: { businessId: number; kind: string },
): Promise<{ last_counter: number | null; last_year: number | null }> {
  const row = await db
    .selectFrom('document_counters')
    .select(['last_counter', 'year'])
    .where('business_id', '=', params.businessId)
    .where('kind', '=', params.kind)
    .executeTakeFirst();
  if (!row) return { last_counter: null, last_year: null };
  return { last_counter: Number(row.last_counter), last_year: row.year === null ? null : Number(row.year) };
}
