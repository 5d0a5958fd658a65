import {
  OTHER_INCOME_MESSAGES,
  formatCurrency,
  fromCents,
  pageMeta,
  toCents,
  utcCalendarDate,
  type Goal,
  type OtherIncome,
  type OtherIncomeListQuery,
  type OtherIncomePage,
  type OtherIncomeRequest,
} from '@ledgerleaf/domain';
import {
  deleteIncomeAllocations,
  deleteOtherIncome as deleteOtherIncomeRow,
  findGoalsByIds,
  findOtherIncome,
  insertGoalAllocations,
  insertOtherIncome,
  listIncomeAllocations,
  listOtherIncome as listOtherIncomeRows,
  lockOtherIncome,
  notifyBusinessUsers,
  summarizeOtherIncome,
  updateOtherIncome as updateOtherIncomeRow,
  type Db,
  type GoalAllocationRow,
  type GoalRow,
  type OtherIncomeRow,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../lib/context';
import { notFound, validationError } from '../../lib/errors';
import { publish } from '../../lib/events';
import { runIdempotent, type IdempotentResult } from '../../lib/idempotency';
import { awardBadges, changeGoalAmount, goalView, type EngineContext } from './goal-engine';

/**
 * Other income (SPEC.md sections 3, 5, 7, 8): recorded with its allocations to financial goals in
 * one transaction that also raises the goals; edited (allocations replaced, re-validated) and
 * deleted (allocations reversed). It counts in revenue: `revenue_collected` goals recompute through
 * the `other_income.*` events this publishes.
 */

export interface OtherIncomeResult {
  data: OtherIncome;
  goals: Goal[];
  message: string;
}

function incomeView(
  row: OtherIncomeRow,
  allocations: readonly GoalAllocationRow[],
  titles: ReadonlyMap<number, string>,
): OtherIncome {
  const allocated = allocations.reduce((sum, allocation) => sum + Number(allocation.amount_cents), 0);
  return {
    id: row.id,
    amount: fromCents(Number(row.amount_cents)),
    income_date: row.income_date,
    source: row.source,
    reference_number: row.reference_number,
    description: row.description,
    goal_allocations: allocations.map((allocation) => ({
      goal_id: allocation.goal_id,
      goal_title: titles.get(allocation.goal_id) ?? '',
      amount: fromCents(Number(allocation.amount_cents)),
    })),
    allocated_amount: fromCents(allocated),
    unallocated_amount: fromCents(Number(row.amount_cents) - allocated),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * The goals of the request must be this business's active financial goals; `allowed` are goals the
 * income already allocates to (an edit may keep them even once they are completed). 422 keyed by line.
 */
async function checkGoals(
  tx: Db,
  businessId: number,
  lines: OtherIncomeRequest['goal_allocations'],
  allowed: ReadonlySet<number> = new Set(),
): Promise<Map<number, GoalRow>> {
  const goals = new Map(
    (await findGoalsByIds(tx, { businessId, goalIds: lines.map((line) => line.goal_id) })).map((goal) => [
      goal.id,
      goal,
    ]),
  );
  const errors: Record<string, string[]> = {};
  lines.forEach((line, index) => {
    const goal = goals.get(line.goal_id);
    const usable =
      goal &&
      goal.type === 'financial' &&
      (goal.status === 'active' || goal.status === 'in_progress' || allowed.has(goal.id));
    if (!usable) errors[`goal_allocations.${index}.goal_id`] = [OTHER_INCOME_MESSAGES.goalNotAllocatable];
  });
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return goals;
}

async function applyAllocations(
  tx: Db,
  ctx: EngineContext,
  income: OtherIncomeRow,
  lines: OtherIncomeRequest['goal_allocations'],
): Promise<GoalAllocationRow[]> {
  const rows = await insertGoalAllocations(tx, {
    businessId: ctx.businessId,
    rows: lines.map((line) => ({
      goalId: line.goal_id,
      sourceType: 'other_income' as const,
      otherIncomeId: income.id,
      amountCents: toCents(line.amount),
      allocatedOn: income.income_date,
    })),
    now: ctx.now,
  });
  // Goals are raised in id order so that concurrent writes lock them in the same order (no deadlock).
  for (const row of [...rows].sort((a, b) => a.goal_id - b.goal_id))
    await changeGoalAmount(tx, ctx, row.goal_id, Number(row.amount_cents));
  return rows;
}

async function reverseAllocations(tx: Db, ctx: EngineContext, incomeId: number): Promise<GoalAllocationRow[]> {
  const removed = await deleteIncomeAllocations(tx, { businessId: ctx.businessId, otherIncomeId: incomeId });
  for (const row of [...removed].sort((a, b) => a.goal_id - b.goal_id))
    await changeGoalAmount(tx, ctx, row.goal_id, -Number(row.amount_cents));
  return removed;
}

async function result(
  tx: Db,
  ctx: EngineContext,
  income: OtherIncomeRow,
  allocations: GoalAllocationRow[],
  touchedGoalIds: readonly number[],
  message: string,
): Promise<OtherIncomeResult> {
  const goals = await findGoalsByIds(tx, { businessId: ctx.businessId, goalIds: [...new Set(touchedGoalIds)] });
  const titles = new Map(goals.map((goal) => [goal.id, goal.title]));
  const day = utcCalendarDate(ctx.now);
  return { data: incomeView(income, allocations, titles), goals: goals.map((goal) => goalView(goal, day)), message };
}

/** `POST /api/other-income/multiple-goals`: one transaction; an Idempotency-Key retry replays the first answer. */
export async function recordOtherIncome(
  deps: Deps,
  params: {
    auth: AuthContext;
    input: OtherIncomeRequest;
    idempotencyKey: string | undefined;
    rawBody: unknown;
    path: string;
  },
): Promise<IdempotentResult> {
  const { businessId, userId } = params.auth;
  return runIdempotent(
    deps,
    { businessId, key: params.idempotencyKey, method: 'POST', path: params.path, body: params.rawBody },
    async (tx) => {
      const ctx: EngineContext = { businessId, userId, now: deps.clock() };
      const { input } = params;
      await checkGoals(tx, businessId, input.goal_allocations);
      const income = await insertOtherIncome(tx, {
        businessId,
        userId,
        fields: {
          amount_cents: toCents(input.amount),
          income_date: input.income_date,
          source: input.source,
          reference_number: input.reference_number,
          description: input.description,
        },
        now: ctx.now,
      });
      const allocations = await applyAllocations(tx, ctx, income, input.goal_allocations);
      await publish(tx, {
        type: 'other_income.recorded',
        businessId,
        userId,
        subject: { type: 'other_income', id: income.id },
        data: { amount: input.amount, source: input.source, goals: allocations.length },
        at: ctx.now,
      });
      await notifyBusinessUsers(tx, {
        businessId,
        type: 'OtherIncome',
        data: {
          title: 'Other income recorded',
          message: `${formatCurrency(input.amount)} from ${input.source} was recorded.`,
          other_income_id: income.id,
          event: 'other_income.recorded',
        },
        now: ctx.now,
      });
      await awardBadges(tx, ctx);
      const body = await result(
        tx,
        ctx,
        income,
        allocations,
        allocations.map((row) => row.goal_id),
        OTHER_INCOME_MESSAGES.recorded,
      );
      return { status: 201, body };
    },
  );
}

/** `PUT /api/other-income/{id}`: the same rules; the old allocations are reversed and the new ones applied. */
export async function updateOtherIncome(
  deps: Deps,
  params: { auth: AuthContext; otherIncomeId: number; input: OtherIncomeRequest },
): Promise<OtherIncomeResult> {
  const { businessId, userId } = params.auth;
  return deps.db.transaction().execute(async (tx) => {
    const ctx: EngineContext = { businessId, userId, now: deps.clock() };
    const { input } = params;
    const before = await lockOtherIncome(tx, { businessId, otherIncomeId: params.otherIncomeId });
    if (!before) throw notFound(OTHER_INCOME_MESSAGES.notFound);
    const previous = await listIncomeAllocations(tx, { businessId, otherIncomeIds: [before.id] });
    await checkGoals(tx, businessId, input.goal_allocations, new Set(previous.map((row) => row.goal_id)));
    await reverseAllocations(tx, ctx, before.id);
    const income = (await updateOtherIncomeRow(tx, {
      businessId,
      otherIncomeId: before.id,
      fields: {
        amount_cents: toCents(input.amount),
        income_date: input.income_date,
        source: input.source,
        reference_number: input.reference_number,
        description: input.description,
      },
      now: ctx.now,
    })) as OtherIncomeRow;
    const allocations = await applyAllocations(tx, ctx, income, input.goal_allocations);
    await publish(tx, {
      type: 'other_income.updated',
      businessId,
      userId,
      subject: { type: 'other_income', id: income.id },
      data: { amount: input.amount, source: input.source, goals: allocations.length },
      at: ctx.now,
    });
    await awardBadges(tx, ctx);
    return result(
      tx,
      ctx,
      income,
      allocations,
      [...previous.map((row) => row.goal_id), ...allocations.map((row) => row.goal_id)],
      OTHER_INCOME_MESSAGES.updated,
    );
  });
}

/** `DELETE /api/other-income/{id}`: its allocations are taken off the goals first. Answers the goals it touched. */
export async function deleteOtherIncome(
  deps: Deps,
  params: { auth: AuthContext; otherIncomeId: number },
): Promise<{ goals: Goal[]; message: string }> {
  const { businessId, userId } = params.auth;
  return deps.db.transaction().execute(async (tx) => {
    const ctx: EngineContext = { businessId, userId, now: deps.clock() };
    const income = await lockOtherIncome(tx, { businessId, otherIncomeId: params.otherIncomeId });
    if (!income) throw notFound(OTHER_INCOME_MESSAGES.notFound);
    const removed = await reverseAllocations(tx, ctx, income.id);
    await deleteOtherIncomeRow(tx, { businessId, otherIncomeId: income.id });
    await publish(tx, {
      type: 'other_income.deleted',
      businessId,
      userId,
      subject: { type: 'other_income', id: income.id },
      data: { amount: fromCents(Number(income.amount_cents)), source: income.source },
      at: ctx.now,
    });
    const goals = await findGoalsByIds(tx, { businessId, goalIds: [...new Set(removed.map((row) => row.goal_id))] });
    const day = utcCalendarDate(ctx.now);
    return { goals: goals.map((goal) => goalView(goal, day)), message: OTHER_INCOME_MESSAGES.deleted };
  });
}

export async function getOtherIncome(
  deps: Deps,
  params: { auth: AuthContext; otherIncomeId: number },
): Promise<OtherIncome> {
  const { businessId } = params.auth;
  const income = await findOtherIncome(deps.db, { businessId, otherIncomeId: params.otherIncomeId });
  if (!income) throw notFound(OTHER_INCOME_MESSAGES.notFound);
  const allocations = await listIncomeAllocations(deps.db, { businessId, otherIncomeIds: [income.id] });
  const goals = await findGoalsByIds(deps.db, {
    businessId,
    goalIds: [...new Set(allocations.map((row) => row.goal_id))],
  });
  return incomeView(income, allocations, new Map(goals.map((goal) => [goal.id, goal.title])));
}

export async function listOtherIncome(
  deps: Deps,
  params: { auth: AuthContext; query: OtherIncomeListQuery },
): Promise<OtherIncomePage> {
  const { businessId } = params.auth;
  const { query } = params;
  const filter = { businessId, search: query.search, dateFrom: query.date_from, dateTo: query.date_to };
  const [rows, summary] = await Promise.all([
    listOtherIncomeRows(deps.db, {
      ...filter,
      sort: query.sort,
      direction: query.direction,
      limit: query.per_page,
      offset: (query.page - 1) * query.per_page,
    }),
    summarizeOtherIncome(deps.db, filter),
  ]);
  const allocations = await listIncomeAllocations(deps.db, { businessId, otherIncomeIds: rows.map((row) => row.id) });
  const goals = await findGoalsByIds(deps.db, {
    businessId,
    goalIds: [...new Set(allocations.map((row) => row.goal_id))],
  });
  const titles = new Map(goals.map((goal) => [goal.id, goal.title]));
  return {
    data: rows.map((row) =>
      incomeView(
        row,
        allocations.filter((allocation) => allocation.other_income_id === row.id),
        titles,
      ),
    ),
    meta: pageMeta(query.page, query.per_page, summary.count),
    summary: { count: summary.count, total: fromCents(summary.total_cents) },
  };
}
