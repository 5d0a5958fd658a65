import { sql } from 'kysely';
import { toDbTime } from '../../dialect';
import type { GoalAllocationRow } from '../../schema-goals';
import type { Db } from '../shared/types';

/**
 * Goal allocations (issue 4): the parts of payments and other income counted toward goals, their
 * sums and breakdowns, and the user's allocation preference. Every query is scoped by `businessId`
 * (the preference by user). Money in cents.
 */

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
