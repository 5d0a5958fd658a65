import { sql } from 'kysely';
import { toDbTime } from '../../dialect';
import type { GoalBadgeRow, GoalRow, GoalsTable } from '../../schema-goals';
import { escapeLike } from '../shared/list-helpers';
import type { Db } from '../shared/types';

/**
 * Queries of goals and their badges (issue 4); allocations, other income and the tracked figures
 * have their own files. Every query is scoped by `businessId`. Money in cents (counts for
 * `new_clients` goals).
 */

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
