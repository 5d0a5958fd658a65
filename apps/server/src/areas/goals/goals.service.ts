import {
  GOAL_EDITABLE_STATUSES,
  GOAL_MESSAGES,
  GOAL_STATUS_LABELS,
  goalActionResult,
  goalProgressPercent,
  roundProgressDown,
  pageMeta,
  toCents,
  utcCalendarDate,
  type Goal,
  type GoalAction,
  type GoalAnalytics,
  type GoalContribution,
  type GoalContributionPage,
  type GoalListQuery,
  type GoalPage,
  type GoalRequest,
  type GoalStatus,
} from '@ledgerleaf/domain';
import {
  allocationsByGoalAndMonth,
  allocationsBySource,
  clearInvoiceGoalLinks,
  countGoalAllocations,
  countTrackedBetween,
  deleteGoal as deleteGoalRow,
  findGoal,
  insertGoal,
  listClientsCreatedBetween,
  listGoalAllocationDetails,
  listGoals as listGoalRows,
  listInvoicedBetween,
  listOtherIncomeBetween,
  listPaymentsBetween,
  lockGoal,
  sumGoalAllocations,
  toDbTime,
  trackedTotalsByMonth,
  updateGoal as updateGoalRow,
  type Db,
  type GoalRow,
  type GoalUpdate,
  type TrackedRecord,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../lib/context';
import { AppError, notFound, validationError } from '../../lib/errors';
import { publish } from '../../lib/events';
import { awardBadges, goalAmount, goalView, settleGoal, trackedValue, type EngineContext } from './goal-engine';

/** Target and initial amounts in the goal's unit: cents for money, whole clients for new_clients. */
function unitValue(type: string, amount: number): number {
  return type === 'new_clients' ? Math.round(amount) : toCents(amount);
}

function today(deps: Deps): string {
  return utcCalendarDate(deps.clock());
}

function context(deps: Deps, auth: AuthContext): EngineContext {
  return { businessId: auth.businessId, userId: auth.userId, now: deps.clock() };
}

async function requireGoal(db: Db, businessId: number, goalId: number, lock = false): Promise<GoalRow> {
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

function trackedContribution(record: TrackedRecord): GoalContribution {
  const base = {
    key: `${record.kind}-${record.id}`,
    date: record.date,
    invoice_id: record.invoice_id,
    invoice_number: record.invoice_number,
    payment_id: null as number | null,
    other_income_id: null as number | null,
    other_income_source: null as string | null,
    client_id: null as number | null,
    created_at: record.created_at,
  };
  switch (record.kind) {
    case 'payment':
      return {
        ...base,
        source_type: 'payment',
        label: `Payment on invoice ${record.invoice_number ?? `(draft)`}`,
        amount: record.amount / 100,
        payment_id: record.id,
      };
    case 'other_income':
      return {
        ...base,
        source_type: 'other_income',
        label: `Other income from ${record.label ?? ''}`,
        amount: record.amount / 100,
        other_income_id: record.id,
        other_income_source: record.label,
      };
    case 'invoice':
      return {
        ...base,
        source_type: 'invoice',
        label: `Invoice ${record.invoice_number ?? `(draft)`}`,
        amount: record.amount / 100,
      };
    case 'client':
      return {
        ...base,
        source_type: 'client',
        label: `New client ${record.label ?? ''}`,
        amount: 1,
        client_id: record.id,
      };
  }
}

/**
 * The history of what moved a goal, newest first: for a financial goal its allocations (payment on
 * invoice N, other income from S); for a tracked goal the records it counts in its period.
 */
export async function listContributions(
  deps: Deps,
  params: { auth: AuthContext; goalId: number; page: number; perPage: number },
): Promise<GoalContributionPage> {
  const { businessId } = params.auth;
  const row = await requireGoal(deps.db, businessId, params.goalId);
  const goal = goalView(row, today(deps));
  const offset = (params.page - 1) * params.perPage;
  if (row.type === 'financial') {
    const [rows, total] = await Promise.all([
      listGoalAllocationDetails(deps.db, { businessId, goalId: row.id, limit: params.perPage, offset }),
      countGoalAllocations(deps.db, { businessId, goalId: row.id }),
    ]);
    const data: GoalContribution[] = rows.map((allocation) => {
      const fromPayment = allocation.source_type === 'payment';
      return {
        key: `allocation-${allocation.id}`,
        source_type: fromPayment ? 'payment' : 'other_income',
        label: fromPayment
          ? `Payment on invoice ${allocation.invoice_number ?? `(draft)`}`
          : `Other income from ${allocation.other_income_source ?? ''}`,
        amount: Number(allocation.amount_cents) / 100,
        date: allocation.allocated_on,
        invoice_id: allocation.invoice_id,
        invoice_number: allocation.invoice_number,
        payment_id: allocation.payment_id,
        other_income_id: allocation.other_income_id,
        other_income_source: allocation.other_income_source,
        client_id: null,
        created_at: allocation.created_at,
      };
    });
    return { data, meta: pageMeta(params.page, params.perPage, total), goal };
  }
  const period = { businessId, from: row.start_date, to: row.target_date };
  const kinds: TrackedRecord['kind'][] =
    row.type === 'revenue_collected'
      ? ['payment', 'other_income']
      : row.type === 'amount_invoiced'
        ? ['invoice']
        : ['client'];
  const lists = await Promise.all(
    kinds.map((kind) => {
      const limit = offset + params.perPage;
      if (kind === 'payment') return listPaymentsBetween(deps.db, { ...period, limit });
      if (kind === 'other_income') return listOtherIncomeBetween(deps.db, { ...period, limit });
      if (kind === 'invoice') return listInvoicedBetween(deps.db, { ...period, limit });
      return listClientsCreatedBetween(deps.db, { ...period, limit });
    }),
  );
  const counts = await Promise.all(kinds.map((kind) => countTrackedBetween(deps.db, { ...period, kind })));
  const merged = lists
    .flat()
    .sort((a, b) =>
      a.date === b.date ? (b.created_at ?? '').localeCompare(a.created_at ?? '') : b.date.localeCompare(a.date),
    );
  const total = counts.reduce((sum, count) => sum + count, 0);
  return {
    data: merged.slice(offset, offset + params.perPage).map(trackedContribution),
    meta: pageMeta(params.page, params.perPage, total),
    goal,
  };
}

/** The last `count` months (`yyyy-MM`) up to the month of `day`, oldest first. */
export function lastMonths(day: string, count: number): string[] {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7)) - 1;
  const months: string[] = [];
  for (let back = count - 1; back >= 0; back--) {
    const date = new Date(Date.UTC(year, month - back, 1));
    months.push(date.toISOString().slice(0, 7));
  }
  return months;
}

/** Analytics: progress over time, contributions by source, achieved vs. active vs. behind schedule. */
export async function goalAnalytics(deps: Deps, params: { auth: AuthContext }): Promise<GoalAnalytics> {
  const { businessId } = params.auth;
  const day = today(deps);
  const rows = await listGoalRows(deps.db, { businessId });
  const goals = rows.map((row) => goalView(row, day));
  const months = lastMonths(day, 12);
  const byGoalMonth = await allocationsByGoalAndMonth(deps.db, { businessId });
  const financialIds = new Set(rows.filter((row) => row.type === 'financial').map((row) => row.id));

  const perMonth = new Map<string, number>();
  let before = 0;
  for (const entry of byGoalMonth) {
    if (!financialIds.has(entry.goal_id)) continue;
    if (entry.month < (months[0] as string)) before += entry.total;
    else perMonth.set(entry.month, (perMonth.get(entry.month) ?? 0) + entry.total);
  }
  let running = before;
  const progressOverTime = months.map((month) => {
    const contributed = perMonth.get(month) ?? 0;
    running += contributed;
    return { month, contributed: contributed / 100, cumulative: running / 100 };
  });

  const goalSeries: GoalAnalytics['goal_series'] = [];
  for (const row of rows) {
    if (row.status === 'cancelled') continue;
    let totals: Map<string, number>;
    let base = 0;
    if (row.type === 'financial') {
      totals = new Map(
        byGoalMonth.filter((entry) => entry.goal_id === row.id).map((entry) => [entry.month, entry.total]),
      );
      base = Number(row.initial_cents);
    } else {
      const period = { businessId, from: row.start_date, to: row.target_date };
      if (row.type === 'revenue_collected') {
        totals = await trackedTotalsByMonth(deps.db, { ...period, kind: 'payment' });
        for (const [month, total] of await trackedTotalsByMonth(deps.db, { ...period, kind: 'other_income' }))
          totals.set(month, (totals.get(month) ?? 0) + total);
      } else {
        totals = await trackedTotalsByMonth(deps.db, {
          ...period,
          kind: row.type === 'amount_invoiced' ? 'invoice' : 'client',
        });
      }
    }
    let cumulative = base;
    for (const [month, total] of totals) if (month < (months[0] as string)) cumulative += total;
    const points = months.map((month) => {
      cumulative += totals.get(month) ?? 0;
      return {
        month,
        amount: goalAmount(row.type, cumulative),
        progress: roundProgressDown(goalProgressPercent(cumulative, Number(row.target_cents))),
      };
    });
    goalSeries.push({ goal_id: row.id, title: row.title, type: row.type as Goal['type'], color: row.color, points });
  }

  const sources = await allocationsBySource(deps.db, { businessId });
  const contributionsBySource: GoalAnalytics['contributions_by_source'] = [];
  const payments = sources.filter((source) => source.source_type === 'payment');
  if (payments.length > 0) {
    contributionsBySource.push({
      source_type: 'payment',
      label: 'Invoice payments',
      amount: payments.reduce((sum, source) => sum + source.total, 0) / 100,
      count: payments.reduce((sum, source) => sum + source.count, 0),
    });
  }
  for (const source of sources
    .filter((entry) => entry.source_type === 'other_income')
    .sort((a, b) => b.total - a.total)) {
    contributionsBySource.push({
      source_type: 'other_income',
      label: source.source ?? 'Other income',
      amount: source.total / 100,
      count: source.count,
    });
  }

  const active = goals.filter((goal) => goal.is_active);
  const behind = active.filter((goal) => goal.pace.behind_schedule).length;
  const achieved = goals.filter((goal) => goal.status === 'completed').length;
  return {
    counts: {
      total: goals.length,
      achieved,
      active: active.length,
      behind_schedule: behind,
      paused: goals.filter((goal) => goal.status === 'paused').length,
      cancelled: goals.filter((goal) => goal.status === 'cancelled').length,
    },
    progress_over_time: progressOverTime,
    goal_series: goalSeries,
    contributions_by_source: contributionsBySource,
    status_breakdown: [
      { key: 'achieved', label: 'Achieved', count: achieved },
      { key: 'active', label: 'Active (on schedule)', count: active.length - behind },
      { key: 'behind_schedule', label: 'Behind schedule', count: behind },
    ],
  };
}
