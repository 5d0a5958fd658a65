import { sql } from 'kysely';
import { toDbTime } from '../../dialect';
import type { OtherIncomeRow } from '../../schema-goals';
import { escapeLike } from '../shared/list-helpers';
import type { Db } from '../shared/types';

/** Other income (issue 4): income that is not an invoice payment. Every query is scoped by `businessId`. Money in cents. */

// ---------------------------------------------------------------- other income

export interface OtherIncomeFields {
  amount_cents: number;
  income_date: string;
  source: string;
  reference_number: string | null;
  description: string | null;
}

export async function insertOtherIncome(
  db: Db,
  params: { businessId: number; userId: number | null; fields: OtherIncomeFields; now: Date },
): Promise<OtherIncomeRow> {
  const now = toDbTime(params.now);
  return db
    .insertInto('other_income')
    .values({
      business_id: params.businessId,
      user_id: params.userId,
      ...params.fields,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Reads an income and locks it for the transaction (see `lockGoal`). */
export async function lockOtherIncome(
  db: Db,
  params: { businessId: number; otherIncomeId: number },
): Promise<OtherIncomeRow | undefined> {
  return db
    .updateTable('other_income')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.otherIncomeId)
    .returningAll()
    .executeTakeFirst();
}

export async function findOtherIncome(
  db: Db,
  params: { businessId: number; otherIncomeId: number },
): Promise<OtherIncomeRow | undefined> {
  return db
    .selectFrom('other_income')
    .selectAll()
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.otherIncomeId)
    .executeTakeFirst();
}

export async function updateOtherIncome(
  db: Db,
  params: { businessId: number; otherIncomeId: number; fields: OtherIncomeFields; now: Date },
): Promise<OtherIncomeRow | undefined> {
  return db
    .updateTable('other_income')
    .set({ ...params.fields, updated_at: toDbTime(params.now) })
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.otherIncomeId)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteOtherIncome(
  db: Db,
  params: { businessId: number; otherIncomeId: number },
): Promise<boolean> {
  const result = await db
    .deleteFrom('other_income')
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.otherIncomeId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface OtherIncomeListParams {
  businessId: number;
  search?: string | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  sort: 'income_date' | 'amount' | 'source' | 'created_at';
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
}

function filteredOtherIncome(db: Db, params: Omit<OtherIncomeListParams, 'sort' | 'direction' | 'limit' | 'offset'>) {
  let query = db.selectFrom('other_income').where('business_id', '=', params.businessId);
  if (params.dateFrom) query = query.where('income_date', '>=', params.dateFrom);
  if (params.dateTo) query = query.where('income_date', '<=', params.dateTo);
  const search = params.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search.toLowerCase())}%`;
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(${eb.ref('source')}) like ${pattern} escape '\\'`,
        sql<boolean>`lower(coalesce(${eb.ref('reference_number')}, '')) like ${pattern} escape '\\'`,
        sql<boolean>`lower(coalesce(${eb.ref('description')}, '')) like ${pattern} escape '\\'`,
      ]),
    );
  }
  return query;
}

export async function listOtherIncome(db: Db, params: OtherIncomeListParams): Promise<OtherIncomeRow[]> {
  const column = params.sort === 'amount' ? 'amount_cents' : params.sort;
  return filteredOtherIncome(db, params)
    .selectAll()
    .orderBy(column, params.direction)
    .orderBy('id', params.direction)
    .limit(params.limit)
    .offset(params.offset)
    .execute();
}

export async function summarizeOtherIncome(
  db: Db,
  params: Omit<OtherIncomeListParams, 'sort' | 'direction' | 'limit' | 'offset'>,
): Promise<{ count: number; total_cents: number }> {
  const row = await filteredOtherIncome(db, params)
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.val(0)).as('total'),
    ])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), total_cents: Number(row.total) };
}
