import {
  GOAL_BADGES,
  GOAL_BADGE_MESSAGES,
  GOAL_MESSAGES,
  earnedBadges,
  fromCents,
  goalPace,
  goalProgressPercent,
  roundProgressDown,
  goalUnit,
  isTrackedGoalType,
  type Goal,
  type GoalBadgeCode,
  type GoalType,
} from '@ledgerleaf/domain';
import {
  addToGoalCurrent,
  awardGoalBadges,
  countClientsCreatedBetween,
  listGoalBadges,
  listGoals,
  notifyBusinessUsers,
  sumBusinessAllocations,
  sumInvoicedBetween,
  sumOtherIncomeBetween,
  sumPaymentsBetween,
  toDbTime,
  updateGoal,
  type Db,
  type GoalRow,
} from '@ledgerleaf/db';
import { publish } from '../../lib/events';

/**
 * The rules every goal write goes through, inside the caller's transaction: raising or lowering a
 * goal's current amount, completing it when it reaches its target (status completed, a Goal
 * notification, a `goal.completed` event), awarding badges exactly once, and recomputing the
 * self-tracking goals from the business's data.
 */

/** Cents (or a count) in the goal's unit as the API carries it. */
export function goalAmount(type: string, value: number): number {
  return goalUnit(type as GoalType) === 'count' ? value : fromCents(value);
}

/**
 * The API shape of a goal (`goalSchema`): its stored fields (title, type, target, current amount,
 * dates, status; SPEC.md section 3) plus the pace figures the details page shows.
 */
export function goalView(row: GoalRow, today: string): Goal {
  const type = row.type as GoalType;
  const target = Number(row.target_cents);
  const current = Number(row.current_cents);
  const pace = goalPace(
    { target, current, start_date: row.start_date, target_date: row.target_date, status: row.status },
    today,
  );
  const amount = (value: number) => goalAmount(type, value);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type,
    unit: goalUnit(type),
    tracks_automatically: isTrackedGoalType(type),
    target_amount: amount(target),
    current_amount: amount(current),
    progress: roundProgressDown(goalProgressPercent(current, target)),
    remaining_amount: amount(pace.remaining),
    start_date: row.start_date,
    target_date: row.target_date,
    status: row.status as Goal['status'],
    is_active: row.status === 'active' || row.status === 'in_progress',
    category: row.category,
    color: row.color,
    pace: {
      days_left: pace.days_left,
      required_per_month: amount(pace.required_per_month),
      current_per_month: amount(pace.current_per_month),
      projected_at_target_date: amount(pace.projected_at_target_date),
      on_track: pace.on_track,
      behind_schedule: pace.behind_schedule,
    },
    completed_at: row.completed_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export interface EngineContext {
  businessId: number;
  userId: number | null;
  now: Date;
}

/**
 * After a goal's amount or status changed: an active goal at or above its target becomes completed
 * (first time: `achieved_at`), its users get a Goal notification and `goal.completed` is published.
 * Answers the row as it is now.
 */
export async function settleGoal(tx: Db, ctx: EngineContext, row: GoalRow): Promise<GoalRow> {
  const reached = Number(row.target_cents) > 0 && Number(row.current_cents) >= Number(row.target_cents);
  if (!reached || (row.status !== 'active' && row.status !== 'in_progress')) return row;
  const at = toDbTime(ctx.now);
  const updated =
    (await updateGoal(tx, {
      businessId: ctx.businessId,
      goalId: row.id,
      set: { status: 'completed', completed_at: at, achieved_at: row.achieved_at ?? at },
      now: ctx.now,
    })) ?? row;
  await notifyBusinessUsers(tx, {
    businessId: ctx.businessId,
    type: 'Goal',
    data: {
      title: GOAL_MESSAGES.achievedTitle,
      message: GOAL_MESSAGES.achievedMessage(row.title),
      goal_id: row.id,
      event: 'goal.completed',
    },
    now: ctx.now,
  });
  await publish(tx, {
    type: 'goal.completed',
    businessId: ctx.businessId,
    userId: ctx.userId,
    subject: { type: 'goal', id: row.id },
    data: {
      title: row.title,
      target: goalAmount(row.type, Number(row.target_cents)),
      current: goalAmount(row.type, Number(row.current_cents)),
    },
    at: ctx.now,
  });
  return updated;
}

/** Adds `deltaCents` (negative to take off) to a goal and settles it. */
export async function changeGoalAmount(
  tx: Db,
  ctx: EngineContext,
  goalId: number,
  deltaCents: number,
): Promise<GoalRow | undefined> {
  const row = await addToGoalCurrent(tx, { businessId: ctx.businessId, goalId, deltaCents, now: ctx.now });
  if (!row) return undefined;
  return settleGoal(tx, ctx, row);
}

/** What a tracked goal counts over its period right now (cents, or clients). */
export async function trackedValue(
  tx: Db,
  businessId: number,
  row: Pick<GoalRow, 'type' | 'start_date' | 'target_date'>,
): Promise<number> {
  const period = { businessId, from: row.start_date, to: row.target_date };
  switch (row.type) {
    case 'revenue_collected':
      return (await sumPaymentsBetween(tx, period)) + (await sumOtherIncomeBetween(tx, period));
    case 'amount_invoiced':
      return sumInvoicedBetween(tx, period);
    case 'new_clients':
      return countClientsCreatedBetween(tx, period);
    default:
      return 0;
  }
}

/** Which tracked types a domain event can move. */
export function trackedTypesFor(eventType: string): string[] {
  if (eventType.startsWith('payment.')) return ['revenue_collected'];
  if (eventType.startsWith('other_income.')) return ['revenue_collected'];
  if (eventType.startsWith('invoice.')) return ['amount_invoiced'];
  if (eventType.startsWith('client.')) return ['new_clients'];
  return [];
}

/**
 * Recomputes the business's self-tracking goals of the given types (all when omitted), cancelled
 * ones aside; changed ones are saved and settled, then badges are checked. Answers the goals that
 * changed.
 */
export async function recomputeTrackedGoals(tx: Db, ctx: EngineContext, types?: readonly string[]): Promise<GoalRow[]> {
  const rows = await listGoals(tx, {
    businessId: ctx.businessId,
    types: types ?? ['revenue_collected', 'amount_invoiced', 'new_clients'],
    statuses: ['active', 'in_progress', 'paused', 'completed'],
  });
  const changed: GoalRow[] = [];
  for (const row of rows) {
    const value = await trackedValue(tx, ctx.businessId, row);
    if (value === Number(row.current_cents)) continue;
    const updated = await updateGoal(tx, {
      businessId: ctx.businessId,
      goalId: row.id,
      set: { current_cents: value },
      now: ctx.now,
    });
    if (updated) changed.push(await settleGoal(tx, ctx, updated));
  }
  if (changed.length > 0) await awardBadges(tx, ctx);
  return changed;
}

/**
 * Awards every badge the business has now earned and not yet got (each exactly once: the unique
 * index on business and code turns a concurrent twin into a no-op), with a Goal notification for
 * each new one. Answers the codes awarded now.
 */
export async function awardBadges(tx: Db, ctx: EngineContext): Promise<GoalBadgeCode[]> {
  const goals = await listGoals(tx, { businessId: ctx.businessId });
  let best: GoalRow | null = null;
  let bestPercent = 0;
  let latestAchieved: GoalRow | null = null;
  let early: GoalRow | null = null;
  for (const goal of goals) {
    const percent =
      goal.status === 'cancelled' ? 0 : goalProgressPercent(Number(goal.current_cents), Number(goal.target_cents));
    if (percent > bestPercent) {
      bestPercent = percent;
      best = goal;
    }
    if (goal.achieved_at) {
      if (!latestAchieved || goal.achieved_at > (latestAchieved.achieved_at ?? '')) latestAchieved = goal;
      if (!early && goal.achieved_at.slice(0, 10) <= goal.target_date) early = goal;
    }
  }
  const codes = earnedBadges({
    goals_created: goals.length,
    goals_achieved: goals.filter((goal) => goal.achieved_at).length,
    best_progress_percent: bestPercent,
    allocated_cents: await sumBusinessAllocations(tx, { businessId: ctx.businessId }),
    achieved_before_deadline: early !== null,
  });
  const have = new Set((await listGoalBadges(tx, { businessId: ctx.businessId })).map((badge) => badge.code));
  const missing = codes.filter((code) => !have.has(code));
  if (missing.length === 0) return [];
  const goalFor = (code: GoalBadgeCode): number | null => {
    if (code.startsWith('milestone_')) return best?.id ?? null;
    if (code === 'achieved_before_deadline') return early?.id ?? null;
    if (code === 'first_goal_achieved' || code.startsWith('goals_achieved_')) return latestAchieved?.id ?? null;
    if (code === 'first_goal_created') return goals[0]?.id ?? null;
    return null;
  };
  const inserted = await awardGoalBadges(tx, {
    businessId: ctx.businessId,
    badges: missing.map((code) => ({ code, goalId: goalFor(code) })),
    now: ctx.now,
  });
  for (const badge of inserted) {
    const title = GOAL_BADGES.find((entry) => entry.code === badge.code)?.title ?? badge.code;
    await notifyBusinessUsers(tx, {
      businessId: ctx.businessId,
      type: 'Goal',
      data: {
        title: GOAL_BADGE_MESSAGES.notificationTitle,
        message: GOAL_BADGE_MESSAGES.notificationMessage(title),
        badge: badge.code,
        goal_id: badge.goal_id,
        event: 'goal.badge_earned',
      },
      now: ctx.now,
    });
  }
  return inserted.map((badge) => badge.code as GoalBadgeCode);
}
