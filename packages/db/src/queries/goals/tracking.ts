import { sql } from 'kysely';
import type { Db } from '../shared/types';

/**
 * What self-tracking goals count over their period [from, to] (both `yyyy-MM-dd`, included):
 * revenue collected (payments received plus other income), amount invoiced (totals of issued
 * invoices, not drafts, not void), new clients (clients created). Re-exported from queries/goals.
 */

export const INVOICED_EXCLUDED_STATUSES = ['draft', 'void'] as const;

/** The instant range of the calendar days [from, to] in UTC. */
function dayRange(from: string, to: string): { start: string; end: string } {
  const end = new Date(`${to}T00:00:00.000Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return { start: `${from}T00:00:00.000Z`, end: end.toISOString() };
}

export async function sumPaymentsBetween(
  db: Db,
  params: { businessId: number; from: string; to: string },
): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.val(0)).as('total'))
    .where('business_id', '=', params.businessId)
    .where('payment_date', '>=', params.from)
    .where('payment_date', '<=', params.to)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function sumOtherIncomeBetween(
  db: Db,
  params: { businessId: number; from: string; to: string },
): Promise<number> {
  const row = await db
    .selectFrom('other_income')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.val(0)).as('total'))
    .where('business_id', '=', params.businessId)
    .where('income_date', '>=', params.from)
    .where('income_date', '<=', params.to)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function sumInvoicedBetween(
  db: Db,
  params: { businessId: number; from: string; to: string },
): Promise<number> {
  const row = await db
    .selectFrom('invoices')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('total_cents'), eb.val(0)).as('total'))
    .where('business_id', '=', params.businessId)
    .where('status', 'not in', [...INVOICED_EXCLUDED_STATUSES])
    .where('issue_date', '>=', params.from)
    .where('issue_date', '<=', params.to)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function countClientsCreatedBetween(
  db: Db,
  params: { businessId: number; from: string; to: string },
): Promise<number> {
  const range = dayRange(params.from, params.to);
  const row = await db
    .selectFrom('clients')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('business_id', '=', params.businessId)
    .where('created_at', '>=', range.start)
    .where('created_at', '<', range.end)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** One record a tracked goal counts, for its contribution history and monthly series. */
export interface TrackedRecord {
  kind: 'payment' | 'other_income' | 'invoice' | 'client';
  id: number;
  /** Cents, or 1 for a client. */
  amount: number;
  date: string;
  invoice_id: number | null;
  invoice_number: string | null;
  label: string | null;
  created_at: string | null;
}

/** Payments in the period with their invoice, newest first. */
export async function listPaymentsBetween(
  db: Db,
  params: { businessId: number; from: string; to: string; limit: number },
): Promise<TrackedRecord[]> {
  const rows = await db
    .selectFrom('payments')
    .innerJoin('invoices', 'invoices.id', 'payments.invoice_id')
    .select([
      'payments.id',
      'payments.amount_cents',
      'payments.payment_date',
      'payments.invoice_id',
      'invoices.invoice_number',
      'payments.created_at',
    ])
    .where('payments.business_id', '=', params.businessId)
    .where('payments.payment_date', '>=', params.from)
    .where('payments.payment_date', '<=', params.to)
    .orderBy('payments.payment_date', 'desc')
    .orderBy('payments.id', 'desc')
    .limit(params.limit)
    .execute();
  return rows.map((row) => ({
    kind: 'payment',
    id: row.id,
    amount: Number(row.amount_cents),
    date: row.payment_date,
    invoice_id: row.invoice_id,
    invoice_number: row.invoice_number,
    label: null,
    created_at: row.created_at,
  }));
}

export async function listOtherIncomeBetween(
  db: Db,
  params: { businessId: number; from: string; to: string; limit: number },
): Promise<TrackedRecord[]> {
  const rows = await db
    .selectFrom('other_income')
    .select(['id', 'amount_cents', 'income_date', 'source', 'created_at'])
    .where('business_id', '=', params.businessId)
    .where('income_date', '>=', params.from)
    .where('income_date', '<=', params.to)
    .orderBy('income_date', 'desc')
    .orderBy('id', 'desc')
    .limit(params.limit)
    .execute();
  return rows.map((row) => ({
    kind: 'other_income',
    id: row.id,
    amount: Number(row.amount_cents),
    date: row.income_date,
    invoice_id: null,
    invoice_number: null,
    label: row.source,
    created_at: row.created_at,
  }));
}

export async function listInvoicedBetween(
  db: Db,
  params: { businessId: number; from: string; to: string; limit: number },
): Promise<TrackedRecord[]> {
  const rows = await db
    .selectFrom('invoices')
    .select(['id', 'total_cents', 'issue_date', 'invoice_number', 'created_at'])
    .where('business_id', '=', params.businessId)
    .where('status', 'not in', [...INVOICED_EXCLUDED_STATUSES])
    .where('issue_date', '>=', params.from)
    .where('issue_date', '<=', params.to)
    .orderBy('issue_date', 'desc')
    .orderBy('id', 'desc')
    .limit(params.limit)
    .execute();
  return rows.map((row) => ({
    kind: 'invoice',
    id: row.id,
    amount: Number(row.total_cents),
    date: row.issue_date,
    invoice_id: row.id,
    invoice_number: row.invoice_number,
    label: null,
    created_at: row.created_at,
  }));
}

export async function listClientsCreatedBetween(
  db: Db,
  params: { businessId: number; from: string; to: string; limit: number },
): Promise<TrackedRecord[]> {
  const range = dayRange(params.from, params.to);
  const rows = await db
    .selectFrom('clients')
    .select(['id', 'name', 'created_at'])
    .where('business_id', '=', params.businessId)
    .where('created_at', '>=', range.start)
    .where('created_at', '<', range.end)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(params.limit)
    .execute();
  return rows.map((row) => ({
    kind: 'client',
    id: row.id,
    amount: 1,
    date: String(row.created_at).slice(0, 10),
    invoice_id: null,
    invoice_number: null,
    label: row.name,
    created_at: row.created_at,
  }));
}

/** How many payments, income records, invoices or clients fall in the period (for pagination). */
export async function countTrackedBetween(
  db: Db,
  params: { businessId: number; kind: TrackedRecord['kind']; from: string; to: string },
): Promise<number> {
  const count = async (query: { executeTakeFirstOrThrow(): Promise<{ total: number | string }> }) =>
    Number((await query.executeTakeFirstOrThrow()).total);
  switch (params.kind) {
    case 'payment':
      return count(
        db
          .selectFrom('payments')
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .where('business_id', '=', params.businessId)
          .where('payment_date', '>=', params.from)
          .where('payment_date', '<=', params.to),
      );
    case 'other_income':
      return count(
        db
          .selectFrom('other_income')
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .where('business_id', '=', params.businessId)
          .where('income_date', '>=', params.from)
          .where('income_date', '<=', params.to),
      );
    case 'invoice':
      return count(
        db
          .selectFrom('invoices')
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .where('business_id', '=', params.businessId)
          .where('status', 'not in', [...INVOICED_EXCLUDED_STATUSES])
          .where('issue_date', '>=', params.from)
          .where('issue_date', '<=', params.to),
      );
    case 'client':
      return countClientsCreatedBetween(db, params);
  }
}

/** Monthly totals (`yyyy-MM`) of what a tracked goal counts in its period. */
export async function trackedTotalsByMonth(
  db: Db,
  params: { businessId: number; kind: TrackedRecord['kind']; from: string; to: string },
): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  const add = (month: string, total: number) => result.set(month, (result.get(month) ?? 0) + total);
  if (params.kind === 'client') {
    const range = dayRange(params.from, params.to);
    const rows = await db
      .selectFrom('clients')
      .select('created_at')
      .where('business_id', '=', params.businessId)
      .where('created_at', '>=', range.start)
      .where('created_at', '<', range.end)
      .execute();
    for (const row of rows) add(String(row.created_at).slice(0, 7), 1);
    return result;
  }
  const source =
    params.kind === 'payment'
      ? { table: 'payments' as const, date: 'payment_date' as const, amount: 'amount_cents' as const }
      : params.kind === 'other_income'
        ? { table: 'other_income' as const, date: 'income_date' as const, amount: 'amount_cents' as const }
        : { table: 'invoices' as const, date: 'issue_date' as const, amount: 'total_cents' as const };
  let query = db
    .selectFrom(source.table)
    .select([
      sql<string>`substr(${sql.ref(source.date)}, 1, 7)`.as('month'),
      sql<number>`sum(${sql.ref(source.amount)})`.as('total'),
    ])
    .where('business_id', '=', params.businessId)
    .where(sql.ref(source.date), '>=', params.from)
    .where(sql.ref(source.date), '<=', params.to);
  if (params.kind === 'invoice') query = query.where(sql.ref('status'), 'not in', [...INVOICED_EXCLUDED_STATUSES]);
  const rows = await query.groupBy(sql`substr(${sql.ref(source.date)}, 1, 7)`).execute();
  for (const row of rows) add(String(row.month), Number(row.total));
  return result;
}
