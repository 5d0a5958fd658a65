import {
  GOAL_EDITABLE_STATUSES,
  GOAL_MESSAGES,
  GOAL_STATUS_LABELS,
  goalActionResult,
  pageMeta,
  toCents,
  utcCalendarDate,
  type Goal,
  type GoalAction,
  type GoalListQuery,
  type GoalPage,
  type GoalRequest,
  type GoalStatus,
} from '@ledgerleaf/domain';
import {
  clearInvoiceGoalLinks,
  deleteGoal as deleteGoalRow,
  findGoal,
  insertGoal,
  listGoals as listGoalRows,
  lockGoal,
  sumGoalAllocations,
  toDbTime,
  updateGoal as updateGoalRow,
  type Db,
  type GoalRow,
  type GoalUpdate,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../lib/context';
import { AppError, notFound, validationError } from '../../lib/errors';
import { publish } from '../../lib/events';
import { awardBadges, goalView, settleGoal, trackedValue, type EngineContext } from './goal-engine';

/** Target and initial amounts in the goal's unit: cents for money, whole clients for new_clients. */
function unitValue(type: string, amount: number): number {
  return type === 'new_clients' ? Math.round(amount) : toCents(amount);
}

export function today(deps: Deps): string {
  return utcCalendarDate(deps.clock());
}

function context(deps: Deps, auth: AuthContext): EngineContext {
  return { businessId: auth.businessId, userId: auth.userId, now: deps.clock() };
}

export async function requireGoal(db: Db, businessId: number, goalId: number, lock = false): Promise<GoalRow> {
  const row = lock ? await lockGoal(db, { businessId, goalId }) : await findGoal(db, { businessId, goalId });
  if (!row) throw notFound(GOAL_MESSAGES.notFound);
  return row;
}

export async function createGoal(deps: Deps, params: { auth: AuthContext; input: GoalRequest }): Promise<Goal> {
  const { input } = params;
  const status = input.status ?? 'active';
  if (!(GOAL_EDITABLE_STATUSES as readonly string[]).includes(status))
    throw validationError({ status: [GOAL_MESSAGES.statusInvalid] });
  const type = input.type ?? 'financial';
  return deps.db.transaction().execute(async (tx) => {
    const ctx = context(deps, params.auth);
    const day = utcCalendarDate(ctx.now);
    const startDate = input.start_date ?? day;
    if (input.target_date < startDate) throw validationError({ target_date: [GOAL_MESSAGES.targetDateBeforeStart] });
    const initial = type === 'financial' ? toCents(input.current_amount ?? 0) : 0;
    const fields = {
      title: input.title,
      description: input.description,
      type,
      target_cents: unitValue(type, input.target_amount),
      initial_cents: initial,
      start_date: startDate,
      target_date: input.target_date,
      status,
      category: input.category,
      color: input.color,
    };
    const current = type === 'financial' ? initial : await trackedValue(tx, ctx.businessId, fields);
    let row = await insertGoal(tx, { businessId: ctx.businessId, fields, currentCents: current, now: ctx.now });
    await publish(tx, {
      type: 'goal.created',
      businessId: ctx.businessId,
      userId: ctx.userId,
      subject: { type: 'goal', id: row.id },
      data: { title: row.title, goal_type: type },
      at: ctx.now,
    });
    row = await settleGoal(tx, ctx, row);
    await awardBadges(tx, ctx);
    return goalView(row, day);
  });
}

export async function updateGoal(
  deps: Deps,
  params: { auth: AuthContext; goalId: number; input: GoalRequest },
): Promise<Goal> {
  const { input } = params;
  return deps.db.transaction().execute(async (tx) => {
    const ctx = context(deps, params.auth);
    const day = utcCalendarDate(ctx.now);
    const row = await requireGoal(tx, ctx.businessId, params.goalId, true);
    if (input.type !== undefined && input.type !== row.type)
      throw validationError({ type: [GOAL_MESSAGES.typeLocked] });
    const startDate = input.start_date ?? row.start_date;
    if (input.target_date < startDate) throw validationError({ target_date: [GOAL_MESSAGES.targetDateBeforeStart] });
    let status = row.status as GoalStatus;
    if (input.status !== undefined && input.status !== row.status) {
      const editable = GOAL_EDITABLE_STATUSES as readonly string[];
      if (!editable.includes(row.status))
        throw new AppError(
          409,
          GOAL_MESSAGES.actionNotAllowed(input.status === 'paused' ? 'pause' : 'resume', row.status as GoalStatus),
          { extra: { status: row.status } },
        );
      if (!editable.includes(input.status)) throw validationError({ status: [GOAL_MESSAGES.statusInvalid] });
      status = input.status;
    }
    const set: GoalUpdate = {
      title: input.title,
      description: input.description,
      target_cents: unitValue(row.type, input.target_amount),
      start_date: startDate,
      target_date: input.target_date,
      status,
      category: input.category,
      color: input.color,
    };
    if (row.type === 'financial') {
      const allocated = await sumGoalAllocations(tx, { businessId: ctx.businessId, goalId: row.id });
      if (input.current_amount !== null) {
        const current = toCents(input.current_amount);
        if (current < allocated)
          throw validationError({ current_amount: [GOAL_MESSAGES.currentBelowAllocated(allocated / 100)] });
        set.initial_cents = current - allocated;
        set.current_cents = current;
      }
    } else {
      set.current_cents = await trackedValue(tx, ctx.businessId, {
        type: row.type,
        start_date: startDate,
        target_date: input.target_date,
      });
    }
    const current = set.current_cents ?? Number(row.current_cents);
    // A completed goal whose target was raised above what it holds is open again.
    if (row.status === 'completed' && current < (set.target_cents as number)) {
      set.status = 'active';
      set.completed_at = null;
    }
    let updated = (await updateGoalRow(tx, {
      businessId: ctx.businessId,
      goalId: row.id,
      set,
      now: ctx.now,
    })) as GoalRow;
    await publish(tx, {
      type: 'goal.updated',
      businessId: ctx.businessId,
      userId: ctx.userId,
      subject: { type: 'goal', id: row.id },
      data: { title: updated.title, status: updated.status },
      at: ctx.now,
    });
    updated = await settleGoal(tx, ctx, updated);
    await awardBadges(tx, ctx);
    return goalView(updated, day);
  });
}

const ACTION_EVENTS: Record<
  GoalAction,
  { event: 'goal.paused' | 'goal.resumed' | 'goal.marked_completed' | 'goal.cancelled'; message: string }
> = {
  pause: { event: 'goal.paused', message: GOAL_MESSAGES.paused },
  resume: { event: 'goal.resumed', message: GOAL_MESSAGES.resumed },
  complete: { event: 'goal.marked_completed', message: GOAL_MESSAGES.completed },
  cancel: { event: 'goal.cancelled', message: GOAL_MESSAGES.cancelled },
};

/** Pause, resume, complete or cancel (409 when the status does not allow it). */
export async function changeGoalStatus(
  deps: Deps,
  params: { auth: AuthContext; goalId: number; action: GoalAction },
): Promise<{ data: Goal; message: string }> {
  return deps.db.transaction().execute(async (tx) => {
    const ctx = context(deps, params.auth);
    const day = utcCalendarDate(ctx.now);
    const row = await requireGoal(tx, ctx.businessId, params.goalId, true);
    const to = goalActionResult(row.status as GoalStatus, params.action);
    if (!to)
      throw new AppError(409, GOAL_MESSAGES.actionNotAllowed(params.action, row.status as GoalStatus), {
        extra: { status: row.status },
      });
    const at = toDbTime(ctx.now);
    const set: GoalUpdate = { status: to, completed_at: to === 'completed' ? at : null };
    const reached = Number(row.current_cents) >= Number(row.target_cents);
    if (to === 'completed' && reached && !row.achieved_at) set.achieved_at = at;
    if (params.action === 'resume' && row.type !== 'financial')
      set.current_cents = await trackedValue(tx, ctx.businessId, row);
    let updated = (await updateGoalRow(tx, {
      businessId: ctx.businessId,
      goalId: row.id,
      set,
      now: ctx.now,
    })) as GoalRow;
    await publish(tx, {
      type: ACTION_EVENTS[params.action].event,
      businessId: ctx.businessId,
      userId: ctx.userId,
      subject: { type: 'goal', id: row.id },
      data: { title: row.title, from: row.status, to },
      at: ctx.now,
    });
    updated = await settleGoal(tx, ctx, updated);
    await awardBadges(tx, ctx);
    return { data: goalView(updated, day), message: ACTION_EVENTS[params.action].message };
  });
}

/** Deletes a goal; its allocations go with it (payments and income stay, now unallocated) and invoices linked to it are unlinked. */
export async function deleteGoal(deps: Deps, params: { auth: AuthContext; goalId: number }): Promise<void> {
  await deps.db.transaction().execute(async (tx) => {
    const ctx = context(deps, params.auth);
    const row = await requireGoal(tx, ctx.businessId, params.goalId, true);
    await clearInvoiceGoalLinks(tx, { businessId: ctx.businessId, goalId: row.id });
    await deleteGoalRow(tx, { businessId: ctx.businessId, goalId: row.id });
    await publish(tx, {
      type: 'goal.deleted',
      businessId: ctx.businessId,
      userId: ctx.userId,
      subject: { type: 'goal', id: row.id },
      data: { title: row.title },
      at: ctx.now,
    });
  });
}

export async function getGoal(deps: Deps, params: { auth: AuthContext; goalId: number }): Promise<Goal> {
  return goalView(await requireGoal(deps.db, params.auth.businessId, params.goalId), today(deps));
}

const ACTIVE_STATUSES = ['active', 'in_progress'];

function compareGoals(sort: GoalListQuery['sort']): (a: Goal, b: Goal) => number {
  switch (sort) {
    case 'title':
      return (a, b) => a.title.localeCompare(b.title, 'en', { sensitivity: 'base' });
    case 'progress':
      return (a, b) => a.progress - b.progress;
    case 'target_amount':
      return (a, b) => a.target_amount - b.target_amount;
    case 'current_amount':
      return (a, b) => a.current_amount - b.current_amount;
    case 'status':
      return (a, b) => GOAL_STATUS_LABELS[a.status].localeCompare(GOAL_STATUS_LABELS[b.status]);
    default:
      return (a, b) => (a[sort] < b[sort] ? -1 : a[sort] > b[sort] ? 1 : 0);
  }
}

/** The tracker's list: filters by status and type, search, sort, pages (`{ data, meta }`). */
export async function listGoals(deps: Deps, params: { auth: AuthContext; query: GoalListQuery }): Promise<GoalPage> {
  const { query } = params;
  const day = today(deps);
  const statuses =
    query.status === 'all'
      ? undefined
      : query.status === 'active' || query.status === 'behind'
        ? ACTIVE_STATUSES
        : [query.status];
  const rows = await listGoalRows(deps.db, {
    businessId: params.auth.businessId,
    statuses,
    types: query.type === 'all' ? undefined : [query.type],
    search: query.search,
  });
  let goals = rows.map((row) => goalView(row, day));
  if (query.status === 'behind') goals = goals.filter((goal) => goal.pace.behind_schedule);
  const compare = compareGoals(query.sort);
  const sign = query.direction === 'desc' ? -1 : 1;
  goals.sort((a, b) => sign * compare(a, b) || sign * (a.id - b.id));
  const offset = (query.page - 1) * query.per_page;
  return {
    data: goals.slice(offset, offset + query.per_page),
    meta: pageMeta(query.page, query.per_page, goals.length),
  };
}
