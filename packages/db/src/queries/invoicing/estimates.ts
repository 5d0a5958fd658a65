import { sql } from 'kysely';
import { toDbTime } from '../../dialect';
import type { EstimateRow } from '../../schema-estimates';
import { containsLower, escapeLike } from '../shared/list-helpers';
import type { Db } from '../shared/types';

// Queries of issue 6: estimates here, recurring invoices and the scheduler in the files re-exported below.
export * from './estimates-recurring';
export * from './estimates-scheduler';

export type EstimateWithClient = EstimateRow & { client_name: string };

export interface EstimateContentFields {
  client_id: number;
  issue_date: string;
  expiry_date: string;
  discount_type: string | null;
  discount_value: number | null;
  notes: string | null;
  terms: string | null;
  currency: string;
  prices_include_tax: boolean;
  content: string;
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
}

export type EstimateStateUpdate = Partial<
  Pick<
    EstimateRow,
    | 'status'
    | 'estimate_number'
    | 'sent_at'
    | 'viewed_at'
    | 'accepted_at'
    | 'accepted_by'
    | 'declined_at'
    | 'decline_reason'
    | 'expired_at'
    | 'converted_at'
    | 'invoice_id'
  >
>;

export async function insertEstimate(
  db: Db,
  params: {
    businessId: number;
    fields: EstimateContentFields;
    publicToken: string;
    now: Date;
    state?: EstimateStateUpdate & { created_at?: Date };
  },
): Promise<{ id: number }> {
  const now = toDbTime(params.now);
  const { created_at: createdAt, ...state } = params.state ?? {};
  return db
    .insertInto('estimates')
    .values({
      business_id: params.businessId,
      ...params.fields,
      status: 'draft',
      ...state,
      public_token: params.publicToken,
      created_at: createdAt ? toDbTime(createdAt) : now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function replaceEstimateContent(
  db: Db,
  params: { businessId: number; estimateId: number; fields: EstimateContentFields; now: Date },
): Promise<void> {
  await db
    .updateTable('estimates')
    .set({ ...params.fields, updated_at: toDbTime(params.now) })
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.estimateId)
    .execute();
}

export async function updateEstimateState(
  db: Db,
  params: { businessId: number; estimateId: number; set: EstimateStateUpdate; now: Date },
): Promise<void> {
  await db
    .updateTable('estimates')
    .set({ ...params.set, updated_at: toDbTime(params.now) })
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.estimateId)
    .execute();
}

function withClient(db: Db) {
  return db
    .selectFrom('estimates')
    .innerJoin('clients', (join) =>
      join.onRef('clients.id', '=', 'estimates.client_id').onRef('clients.business_id', '=', 'estimates.business_id'),
    )
    .selectAll('estimates')
    .select('clients.name as client_name');
}

export async function findEstimate(
  db: Db,
  params: { businessId: number; estimateId: number },
): Promise<EstimateWithClient | undefined> {
  return withClient(db)
    .where('estimates.business_id', '=', params.businessId)
    .where('estimates.id', '=', params.estimateId)
    .executeTakeFirst();
}

export async function findEstimateByPublicToken(
  db: Db,
  params: { token: string },
): Promise<EstimateWithClient | undefined> {
  return withClient(db).where('estimates.public_token', '=', params.token).executeTakeFirst();
}

/** Locks the row for the rest of the transaction (PostgreSQL row lock; SQLite holds the write lock). */
export async function lockEstimate(
  db: Db,
  params: { businessId: number; estimateId: number },
): Promise<EstimateRow | undefined> {
  return db
    .updateTable('estimates')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.estimateId)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteEstimate(db: Db, params: { businessId: number; estimateId: number }): Promise<boolean> {
  const result = await db
    .deleteFrom('estimates')
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.estimateId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface EstimateListParams {
  businessId: number;
  /** all, open, or a status; sent/viewed/open exclude, and expired includes, open estimates past their expiry date. */
  status: string;
  today: string;
  search?: string | undefined;
  clientId?: number | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  sort: 'issue_date' | 'expiry_date' | 'estimate_number' | 'client_name' | 'total' | 'status' | 'created_at';
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
}

function filteredEstimates(db: Db, params: Omit<EstimateListParams, 'sort' | 'direction' | 'limit' | 'offset'>) {
  let base = db
    .selectFrom('estimates')
    .innerJoin('clients', (join) =>
      join.onRef('clients.id', '=', 'estimates.client_id').onRef('clients.business_id', '=', 'estimates.business_id'),
    )
    .where('estimates.business_id', '=', params.businessId);
  const open = ['sent', 'viewed'];
  switch (params.status) {
    case 'all':
      break;
    case 'open':
      base = base.where('estimates.status', 'in', open).where('estimates.expiry_date', '>=', params.today);
      break;
    case 'sent':
    case 'viewed':
      base = base.where('estimates.status', '=', params.status).where('estimates.expiry_date', '>=', params.today);
      break;
    case 'expired':
      base = base.where((eb) =>
        eb.or([
          eb('estimates.status', '=', 'expired'),
          eb.and([eb('estimates.status', 'in', open), eb('estimates.expiry_date', '<', params.today)]),
        ]),
      );
      break;
    default:
      base = base.where('estimates.status', '=', params.status);
  }
  if (params.clientId !== undefined) base = base.where('estimates.client_id', '=', params.clientId);
  if (params.dateFrom) base = base.where('estimates.issue_date', '>=', params.dateFrom);
  if (params.dateTo) base = base.where('estimates.issue_date', '<=', params.dateTo);
  const search = params.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search.toLowerCase())}%`;
    base = base.where((eb) =>
      eb.or([
        sql<boolean>`lower(${eb.ref('estimates.estimate_number')}) like ${pattern} escape '\\'`,
        containsLower(eb.ref('clients.sort_name'), search),
      ]),
    );
  }
  return base;
}

export async function listEstimatePage(
  db: Db,
  params: EstimateListParams,
): Promise<{ rows: EstimateWithClient[]; total: number }> {
  const columns = {
    issue_date: 'estimates.issue_date',
    expiry_date: 'estimates.expiry_date',
    estimate_number: 'estimates.estimate_number',
    client_name: 'clients.sort_name',
    total: 'estimates.total_cents',
    status: 'estimates.status',
    created_at: 'estimates.created_at',
  } as const;
  const count = await filteredEstimates(db, params)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await filteredEstimates(db, params)
    .selectAll('estimates')
    .select('clients.name as client_name')
    .orderBy(columns[params.sort], params.direction)
    .orderBy('estimates.id', params.direction)
    .limit(params.limit)
    .offset(params.offset)
    .execute();
  return { rows, total: Number(count.count) };
}

/**
 * Open estimates that expire before `before` (the scheduler stores `expired`), with their business's
 * time zone (recurring settings; null for the default) so the caller decides with the business's
 * own today. Every business, or one; in id order after `afterId`.
 */
export async function listExpirableEstimates(
  db: Db,
  params: { before: string; businessId?: number; afterId?: number; limit: number },
): Promise<
  Array<{
    id: number;
    business_id: number;
    estimate_number: string | null;
    expiry_date: string;
    time_zone: string | null;
  }>
> {
  let query = db
    .selectFrom('estimates')
    .leftJoin('recurring_settings', 'recurring_settings.business_id', 'estimates.business_id')
    .select([
      'estimates.id',
      'estimates.business_id',
      'estimates.estimate_number',
      'estimates.expiry_date',
      'recurring_settings.time_zone',
    ])
    .where('estimates.status', 'in', ['sent', 'viewed'])
    .where('estimates.expiry_date', '<', params.before)
    .where('estimates.id', '>', params.afterId ?? 0);
  if (params.businessId !== undefined) query = query.where('estimates.business_id', '=', params.businessId);
  return query.orderBy('estimates.id').limit(params.limit).execute();
}

/** Links an invoice to what produced it, in the transaction that created it. */
export async function linkInvoiceOrigin(
  db: Db,
  params: { businessId: number; invoiceId: number; estimateId?: number; recurring?: { id: number; period: string } },
): Promise<void> {
  await db
    .updateTable('invoices')
    .set({
      ...(params.estimateId !== undefined ? { estimate_id: params.estimateId } : {}),
      ...(params.recurring
        ? { recurring_invoice_id: params.recurring.id, recurring_period: params.recurring.period }
        : {}),
    })
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.invoiceId)
    .execute();
}
