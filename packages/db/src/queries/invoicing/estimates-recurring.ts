import { toDbTime } from '../../dialect';
import type { RecurringInvoiceRow, RecurringSettingsRow } from '../../schema-estimates';
import { containsLower } from '../shared/list-helpers';
import type { Db } from '../shared/types';

export type RecurringWithClient = RecurringInvoiceRow & { client_name: string };

export interface RecurringFields {
  client_id: number;
  template: string;
  total_cents: number;
  frequency: string;
  interval_count: number;
  day_of_month: number | null;
  start_date: string;
  end_type: string;
  end_date: string | null;
  end_count: number | null;
  payment_terms_days: number;
  auto_send: boolean;
}

export type RecurringStateUpdate = Partial<
  Pick<
    RecurringInvoiceRow,
    'status' | 'next_index' | 'next_run_date' | 'generated_count' | 'last_run_at' | 'last_error'
  >
>;

export async function insertRecurringInvoice(
  db: Db,
  params: {
    businessId: number;
    fields: RecurringFields;
    state: { status: string; next_index: number; next_run_date: string | null; generated_count?: number };
    now: Date;
  },
): Promise<{ id: number }> {
  const now = toDbTime(params.now);
  return db
    .insertInto('recurring_invoices')
    .values({
      business_id: params.businessId,
      ...params.fields,
      ...params.state,
      generated_count: params.state.generated_count ?? 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Up to 500 rows per statement (the benchmark and the demo seed). */
export async function insertRecurringInvoiceBatch(
  db: Db,
  params: {
    businessId: number;
    rows: ReadonlyArray<{
      fields: RecurringFields;
      state: { status: string; next_index: number; next_run_date: string | null; generated_count?: number };
    }>;
    now: Date;
  },
): Promise<void> {
  const now = toDbTime(params.now);
  for (let start = 0; start < params.rows.length; start += 200) {
    await db
      .insertInto('recurring_invoices')
      .values(
        params.rows.slice(start, start + 200).map((row) => ({
          business_id: params.businessId,
          ...row.fields,
          ...row.state,
          generated_count: row.state.generated_count ?? 0,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
}

export async function updateRecurringInvoice(
  db: Db,
  params: { businessId: number; recurringId: number; fields?: RecurringFields; set?: RecurringStateUpdate; now: Date },
): Promise<void> {
  await db
    .updateTable('recurring_invoices')
    .set({ ...params.fields, ...params.set, updated_at: toDbTime(params.now) })
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.recurringId)
    .execute();
}

export async function findRecurringInvoice(
  db: Db,
  params: { businessId: number; recurringId: number },
): Promise<RecurringWithClient | undefined> {
  return db
    .selectFrom('recurring_invoices')
    .innerJoin('clients', (join) =>
      join
        .onRef('clients.id', '=', 'recurring_invoices.client_id')
        .onRef('clients.business_id', '=', 'recurring_invoices.business_id'),
    )
    .selectAll('recurring_invoices')
    .select('clients.name as client_name')
    .where('recurring_invoices.business_id', '=', params.businessId)
    .where('recurring_invoices.id', '=', params.recurringId)
    .executeTakeFirst();
}

/** Locks the row for the transaction; with `expect`, only when its next run is still that period and it is active. */
export async function lockRecurringInvoice(
  db: Db,
  params: { businessId: number; recurringId: number; expect?: { nextIndex: number } },
): Promise<RecurringInvoiceRow | undefined> {
  let query = db
    .updateTable('recurring_invoices')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.recurringId);
  if (params.expect) query = query.where('next_index', '=', params.expect.nextIndex).where('status', '=', 'active');
  return query.returningAll().executeTakeFirst();
}

/** Clears the link of the invoices a recurring invoice produced (they stay when it is deleted). */
export async function unlinkRecurringInvoices(
  db: Db,
  params: { businessId: number; recurringId: number },
): Promise<void> {
  await db
    .updateTable('invoices')
    .set({ recurring_invoice_id: null })
    .where('business_id', '=', params.businessId)
    .where('recurring_invoice_id', '=', params.recurringId)
    .execute();
}

export async function deleteRecurringInvoice(
  db: Db,
  params: { businessId: number; recurringId: number },
): Promise<boolean> {
  const result = await db
    .deleteFrom('recurring_invoices')
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.recurringId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface RecurringListParams {
  businessId: number;
  status: string;
  search?: string | undefined;
  sort: 'next_run_date' | 'client_name' | 'total' | 'status' | 'created_at';
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export async function listRecurringPage(
  db: Db,
  params: RecurringListParams,
): Promise<{ rows: RecurringWithClient[]; total: number }> {
  let base = db
    .selectFrom('recurring_invoices')
    .innerJoin('clients', (join) =>
      join
        .onRef('clients.id', '=', 'recurring_invoices.client_id')
        .onRef('clients.business_id', '=', 'recurring_invoices.business_id'),
    )
    .where('recurring_invoices.business_id', '=', params.businessId);
  if (params.status !== 'all') base = base.where('recurring_invoices.status', '=', params.status);
  const search = params.search?.trim();
  if (search) base = base.where((eb) => containsLower(eb.ref('clients.sort_name'), search));
  const columns = {
    next_run_date: 'recurring_invoices.next_run_date',
    client_name: 'clients.sort_name',
    total: 'recurring_invoices.total_cents',
    status: 'recurring_invoices.status',
    created_at: 'recurring_invoices.created_at',
  } as const;
  const count = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll('recurring_invoices')
    .select('clients.name as client_name')
    .orderBy(columns[params.sort], params.direction)
    .orderBy('recurring_invoices.id', params.direction)
    .limit(params.limit)
    .offset(params.offset)
    .execute();
  return { rows, total: Number(count.count) };
}

/** The invoices a recurring invoice produced, newest period first. */
export async function listRecurringProducedInvoices(
  db: Db,
  params: { businessId: number; recurringId: number; limit?: number },
): Promise<
  Array<{
    id: number;
    invoice_number: string | null;
    recurring_period: string | null;
    status: string;
    total_cents: number;
    created_at: string;
  }>
> {
  return db
    .selectFrom('invoices')
    .select(['id', 'invoice_number', 'recurring_period', 'status', 'total_cents', 'created_at'])
    .where('business_id', '=', params.businessId)
    .where('recurring_invoice_id', '=', params.recurringId)
    .orderBy('recurring_period', 'desc')
    .limit(params.limit ?? 100)
    .execute();
}

export async function countRecurringPeriodInvoices(
  db: Db,
  params: { recurringId: number; period?: string },
): Promise<number> {
  let query = db
    .selectFrom('invoices')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('recurring_invoice_id', '=', params.recurringId);
  if (params.period) query = query.where('recurring_period', '=', params.period);
  return Number((await query.executeTakeFirstOrThrow()).count);
}

/**
 * Active recurring invoices whose next run date is on or before `throughDate` (every business, or
 * `businessId`'s), with their business's send time, time zone and missed-run policy; in id order
 * after `afterId`.
 */
export async function listDueRecurringInvoices(
  db: Db,
  params: { throughDate: string; businessId?: number; afterId?: number; limit: number },
): Promise<
  Array<
    RecurringInvoiceRow & {
      send_time: string | null;
      time_zone: string | null;
      missed_runs: string | null;
      client_name: string;
    }
  >
> {
  let query = db
    .selectFrom('recurring_invoices')
    .leftJoin('recurring_settings', 'recurring_settings.business_id', 'recurring_invoices.business_id')
    .innerJoin('clients', 'clients.id', 'recurring_invoices.client_id')
    .selectAll('recurring_invoices')
    .select([
      'recurring_settings.send_time',
      'recurring_settings.time_zone',
      'recurring_settings.missed_runs',
      'clients.name as client_name',
    ])
    .where('recurring_invoices.status', '=', 'active')
    .where('recurring_invoices.next_run_date', '<=', params.throughDate)
    .where('recurring_invoices.id', '>', params.afterId ?? 0);
  if (params.businessId !== undefined) query = query.where('recurring_invoices.business_id', '=', params.businessId);
  return query.orderBy('recurring_invoices.id').limit(params.limit).execute();
}

/** One recurring invoice as the scheduler reads it (with its business's run settings), for "Issue now". */
export async function findRecurringRunRow(
  db: Db,
  params: { businessId: number; recurringId: number },
): Promise<
  | (RecurringInvoiceRow & {
      send_time: string | null;
      time_zone: string | null;
      missed_runs: string | null;
      client_name: string;
    })
  | undefined
> {
  return db
    .selectFrom('recurring_invoices')
    .leftJoin('recurring_settings', 'recurring_settings.business_id', 'recurring_invoices.business_id')
    .innerJoin('clients', 'clients.id', 'recurring_invoices.client_id')
    .selectAll('recurring_invoices')
    .select([
      'recurring_settings.send_time',
      'recurring_settings.time_zone',
      'recurring_settings.missed_runs',
      'clients.name as client_name',
    ])
    .where('recurring_invoices.business_id', '=', params.businessId)
    .where('recurring_invoices.id', '=', params.recurringId)
    .executeTakeFirst();
}

/** The business's active recurring invoice whose next run comes first (earliest date, then id), if any. */
export async function findNextRecurringRun(
  db: Db,
  params: { businessId: number },
): Promise<{ id: number; next_run_date: string } | undefined> {
  const row = await db
    .selectFrom('recurring_invoices')
    .select(['id', 'next_run_date'])
    .where('business_id', '=', params.businessId)
    .where('status', '=', 'active')
    .where('next_run_date', 'is not', null)
    .orderBy('next_run_date')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row && row.next_run_date !== null ? { id: row.id, next_run_date: row.next_run_date } : undefined;
}

export async function findRecurringSettings(
  db: Db,
  params: { businessId: number },
): Promise<RecurringSettingsRow | undefined> {
  return db
    .selectFrom('recurring_settings')
    .selectAll()
    .where('business_id', '=', params.businessId)
    .executeTakeFirst();
}

export async function saveRecurringSettings(
  db: Db,
  params: {
    businessId: number;
    send_time: string;
    time_zone: string;
    default_auto_send: boolean;
    missed_runs: string;
    now: Date;
  },
): Promise<void> {
  const values = {
    send_time: params.send_time,
    time_zone: params.time_zone,
    default_auto_send: params.default_auto_send,
    missed_runs: params.missed_runs,
    updated_at: toDbTime(params.now),
  };
  await db
    .insertInto('recurring_settings')
    .values({ business_id: params.businessId, ...values })
    .onConflict((oc) => oc.column('business_id').doUpdateSet(values))
    .execute();
}
