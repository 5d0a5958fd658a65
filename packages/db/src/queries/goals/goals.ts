import { sql } from 'kysely';
import { toDbTime } from '../../dialect';
import type { GoalAllocationRow, GoalBadgeRow, GoalRow, GoalsTable, OtherIncomeRow } from '../../schema-goals';
import { escapeLike } from '../shared/list-helpers';
import type { Db } from '../shared/types';

/**
 * Queries of goals, other income, goal allocations, badges and the allocation preference (issue 4).
 * Every query is scoped by `businessId`. Money in cents (counts for `new_clients` goals).
 */

export * from './tracking';

// ---------------------------------------------------------------- goals

export type GoalFields = Pick<
  GoalsTable,
  | 'title'
  | 'description'
  | 'type'
  | 'target_cents'
  | 'initial_cents'
  | 'start_date'
  | 'target_date'
  | 'status'
  | 'category'
  | 'color'
>;

export async function insertGoal(
  db: Db,
  params: { businessId: number; fields: GoalFields; currentCents: number; now: Date },
): Promise<GoalRow> {
  const now = toDbTime(params.now);
  return db
    .insertInto('goals')
    .values({
      business_id: params.businessId,
      ...params.fields,
      current_cents: params.currentCents,
      achieved_at: null,
      completed_at: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findGoal(db: Db, params: { businessId: number; goalId: number }): Promise<GoalRow | undefined> {
  return db
    .selectFrom('goals')
    .selectAll()
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.goalId)
    .executeTakeFirst();
}

/**
 * Reads a goal and takes its row lock for the rest of the transaction (PostgreSQL: the no-op update
 * locks the row; SQLite: any write takes the database's write lock), so concurrent raises of the
 * same goal are serialised.
 */
export async function lockGoal(db: Db, params: { businessId: number; goalId: number }): Promise<GoalRow | undefined> {
  return db
    .updateTable('goals')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.goalId)
    .returningAll()
    .executeTakeFirst();
}

export async function findGoalsByIds(
  db: Db,
  params: { businessId: number; goalIds: readonly number[] },
): Promise<GoalRow[]> {
  if (params.goalIds.length === 0) return [];
  return db
    .selectFrom('goals')
    .selectAll()
    .where('business_id', '=', params.businessId)
    .where('id', 'in', [...params.goalIds])
    .orderBy('id')
    .execute();
}

export type GoalUpdate = Partial<Omit<GoalsTable, 'id' | 'business_id' | 'created_at' | 'updated_at'>>;

export async function updateGoal(
  db: Db,
  params: { businessId: number; goalId: number; set: GoalUpdate; now: Date },
): Promise<GoalRow | undefined> {
  return db
    .updateTable('goals')
    .set({ ...params.set, updated_at: toDbTime(params.now) })
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.goalId)
    .returningAll()
    .executeTakeFirst();
}

/** Adds `deltaCents` (negative to take off) to a goal's current amount in one statement; answers the row after it. */
export async function addToGoalCurrent(
  db: Db,
  params: { businessId: number; goalId: number; deltaCents: number; now: Date },
): Promise<GoalRow | undefined> {
  return db
    .updateTable('goals')
    .set((eb) => ({ current_cents: eb('current_cents', '+', params.deltaCents), updated_at: toDbTime(params.now) }))
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.goalId)
    .returningAll()
    .executeTakeFirst();
}

/** Unlinks the business's invoices from a goal that is going away (their `goal_id` becomes null). */
export async function clearInvoiceGoalLinks(db: Db, params: { businessId: number; goalId: number }): Promise<number> {
  const result = await db
    .updateTable('invoices')
    .set({ goal_id: null })
    .where('business_id', '=', params.businessId)
    .where('goal_id', '=', params.goalId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteGoal(db: Db, params: { businessId: number; goalId: number }): Promise<boolean> {
  const result = await db
    .deleteFrom('goals')
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.goalId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The goals of a business matching the stored filters (status set, type, title/category search),
 * oldest first. The tracker's derived filters (behind schedule) and sorts (progress) are applied by
 * the caller: a business has tens of goals, not thousands.
 */
export async function listGoals(
  db: Db,
  params: {
    businessId: number;
    statuses?: readonly string[] | undefined;
    types?: readonly string[] | undefined;
    search?: string | undefined;
  },
): Promise<GoalRow[]> {
  let query = db.selectFrom('goals').selectAll().where('business_id', '=', params.businessId);
  if (params.statuses) query = query.where('status', 'in', [...params.statuses]);
  if (params.types) query = query.where('type', 'in', [...params.types]);
  const search = params.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search.toLowerCase())}%`;
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(${eb.ref('title')}) like ${pattern} escape '\\'`,
        sql<boolean>`lower(coalesce(${eb.ref('category')}, '')) like ${pattern} escape '\\'`,
      ]),
    );
  }
  return query.orderBy('created_at').orderBy('id').execute();
}

// ---------------------------------------------------------------- allocations

export interface NewGoalAllocation {
  goalId: number;
  sourceType: 'payment' | 'other_income';
  paymentId?: number | null;
  invoiceId?: number | null;
  otherIncomeId?: number | null;
  amountCents: number;
  allocatedOn: string;
}

export async function insertGoalAllocations(
  db: Db,
  params: { businessId: number; rows: readonly NewGoalAllocation[]; now: Date },
): Promise<GoalAllocationRow[]> {
  if (params.rows.length === 0) return [];
  return db
    .insertInto('goal_allocations')
    .values(
      params.rows.map((row) => ({
        business_id: params.businessId,
        goal_id: row.goalId,
        source_type: row.sourceType,
        payment_id: row.paymentId ?? null,
        invoice_id: row.invoiceId ?? null,
        other_income_id: row.otherIncomeId ?? null,
        amount_cents: row.amountCents,
        allocated_on: row.allocatedOn,
        created_at: toDbTime(params.now),
      })),
    )
    .returningAll()
    .execute();
}

export async function listPaymentAllocations(
  db: Db,
  params: { businessId: number; paymentId: number },
): Promise<GoalAllocationRow[]> {
  return db
    .selectFrom('goal_allocations')
    .selectAll()
    .where('business_id', '=', params.businessId)
    .where('payment_id', '=', params.paymentId)
    .orderBy('id')
    .execute();
}

/** Removes a payment's allocations; answers what was removed (to take it off the goals). */
export async function deletePaymentAllocations(
  db: Db,
  params: { businessId: number; paymentId: number },
): Promise<GoalAllocationRow[]> {
  const rows = await listPaymentAllocations(db, params);
  if (rows.length > 0)
    await db
      .deleteFrom('goal_allocations')
      .where('business_id', '=', params.businessId)
      .where('payment_id', '=', params.paymentId)
      .execute();
  return rows;
}

export async function listIncomeAllocations(
  db: Db,
  params: { businessId: number; otherIncomeIds: readonly number[] },
): Promise<GoalAllocationRow[]> {
  if (params.otherIncomeIds.length === 0) return [];
  return db
    .selectFrom('goal_allocations')
    .selectAll()
    .where('business_id', '=', params.businessId)
    .where('other_income_id', 'in', [...params.otherIncomeIds])
    .orderBy('id')
    .execute();
}

export async function deleteIncomeAllocations(
  db: Db,
  params: { businessId: number; otherIncomeId: number },
): Promise<GoalAllocationRow[]> {
  const rows = await listIncomeAllocations(db, {
    businessId: params.businessId,
    otherIncomeIds: [params.otherIncomeId],
  });
  if (rows.length > 0)
    await db
      .deleteFrom('goal_allocations')
      .where('business_id', '=', params.businessId)
      .where('other_income_id', '=', params.otherIncomeId)
      .execute();
  return rows;
}

/** Sum of a goal's allocations in cents. */
export async function sumGoalAllocations(db: Db, params: { businessId: number; goalId: number }): Promise<number> {
  const row = await db
    .selectFrom('goal_allocations')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.val(0)).as('total'))
    .where('business_id', '=', params.businessId)
    .where('goal_id', '=', params.goalId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Sum of every allocation of the business in cents (the "amount allocated" badges). */
export async function sumBusinessAllocations(db: Db, params: { businessId: number }): Promise<number> {
  const row = await db
    .selectFrom('goal_allocations')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.val(0)).as('total'))
    .where('business_id', '=', params.businessId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export interface GoalAllocationDetail extends GoalAllocationRow {
  invoice_number: string | null;
  other_income_source: string | null;
}

/** A goal's allocations with what they came from (invoice number, income source), newest first. */
export async function listGoalAllocationDetails(
  db: Db,
  params: { businessId: number; goalId: number; limit: number; offset: number },
): Promise<GoalAllocationDetail[]> {
  return db
    .selectFrom('goal_allocations')
    .leftJoin('invoices', (join) =>
      join
        .onRef('invoices.id', '=', 'goal_allocations.invoice_id')
        .onRef('invoices.business_id', '=', 'goal_allocations.business_id'),
    )
    .leftJoin('other_income', 'other_income.id', 'goal_allocations.other_income_id')
    .selectAll('goal_allocations')
    .select(['invoices.invoice_number as invoice_number', 'other_income.source as other_income_source'])
    .where('goal_allocations.business_id', '=', params.businessId)
    .where('goal_allocations.goal_id', '=', params.goalId)
    .orderBy('goal_allocations.allocated_on', 'desc')
    .orderBy('goal_allocations.id', 'desc')
    .limit(params.limit)
    .offset(params.offset)
    .execute();
}

export async function countGoalAllocations(db: Db, params: { businessId: number; goalId: number }): Promise<number> {
  const row = await db
    .selectFrom('goal_allocations')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('business_id', '=', params.businessId)
    .where('goal_id', '=', params.goalId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Allocated cents per goal and month (`yyyy-MM`), for the analytics series. */
export async function allocationsByGoalAndMonth(
  db: Db,
  params: { businessId: number },
): Promise<Array<{ goal_id: number; month: string; total: number }>> {
  const rows = await db
    .selectFrom('goal_allocations')
    .select((eb) => [
      'goal_id',
      sql<string>`substr(${eb.ref('allocated_on')}, 1, 7)`.as('month'),
      eb.fn.sum<number>('amount_cents').as('total'),
    ])
    .where('business_id', '=', params.businessId)
    .groupBy(['goal_id', sql`substr(allocated_on, 1, 7)`])
    .execute();
  return rows.map((row) => ({ goal_id: Number(row.goal_id), month: String(row.month), total: Number(row.total) }));
}

/** Allocated cents by source: payments in one group, other income per income source. */
export async function allocationsBySource(
  db: Db,
  params: { businessId: number },
): Promise<Array<{ source_type: string; source: string | null; total: number; count: number }>> {
  const rows = await db
    .selectFrom('goal_allocations')
    .leftJoin('other_income', 'other_income.id', 'goal_allocations.other_income_id')
    .select((eb) => [
      'goal_allocations.source_type as source_type',
      'other_income.source as source',
      eb.fn.sum<number>('goal_allocations.amount_cents').as('total'),
      eb.fn.countAll<number>().as('count'),
    ])
    .where('goal_allocations.business_id', '=', params.businessId)
    .groupBy(['goal_allocations.source_type', 'other_income.source'])
    .execute();
  return rows.map((row) => ({
    source_type: String(row.source_type),
    source: row.source ?? null,
    total: Number(row.total),
    count: Number(row.count),
  }));
}

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

// ---------------------------------------------------------------- badges

export async function listGoalBadges(db: Db, params: { businessId: number }): Promise<GoalBadgeRow[]> {
  return db.selectFrom('goal_badges').selectAll().where('business_id', '=', params.businessId).orderBy('id').execute();
}

/** Inserts the badges not yet earned (the unique index makes a concurrent twin a no-op); answers those inserted now. */
export async function awardGoalBadges(
  db: Db,
  params: { businessId: number; badges: ReadonlyArray<{ code: string; goalId: number | null }>; now: Date },
): Promise<GoalBadgeRow[]> {
  if (params.badges.length === 0) return [];
  return db
    .insertInto('goal_badges')
    .values(
      params.badges.map((badge) => ({
        business_id: params.businessId,
        code: badge.code,
        goal_id: badge.goalId,
        earned_at: toDbTime(params.now),
      })),
    )
    .onConflict((oc) => oc.columns(['business_id', 'code']).doNothing())
    .returningAll()
    .execute();
}

// ---------------------------------------------------------------- preference

/** Whether the user wants the allocation modal after a payment (true unless they said otherwise). */
export async function getAllocationPreference(db: Db, params: { userId: number }): Promise<boolean> {
  const row = await db
    .selectFrom('goal_allocation_preferences')
    .select('show_allocation_modal')
    .where('user_id', '=', params.userId)
    .executeTakeFirst();
  return row ? Boolean(row.show_allocation_modal) : true;
}

export async function setAllocationPreference(
  db: Db,
  params: { userId: number; businessId: number; show: boolean; now: Date },
): Promise<void> {
  await db
    .insertInto('goal_allocation_preferences')
    .values({
      user_id: params.userId,
      business_id: params.businessId,
      show_allocation_modal: params.show,
      updated_at: toDbTime(params.now),
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ show_allocation_modal: params.show, updated_at: toDbTime(params.now) }),
    )
    .execute();
}
