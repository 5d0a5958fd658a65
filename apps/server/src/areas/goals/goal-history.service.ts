/** A goal's history and the goals' analytics: contributions (allocations or tracked records) and progress by month and source. */
import {
  goalProgressPercent,
  roundProgressDown,
  pageMeta,
  type Goal,
  type GoalAnalytics,
  type GoalContribution,
  type GoalContributionPage,
} from '@ledgerleaf/domain';
import {
  allocationsByGoalAndMonth,
  allocationsBySource,
  countGoalAllocations,
  countTrackedBetween,
  listClientsCreatedBetween,
  listGoalAllocationDetails,
  listGoals as listGoalRows,
  listInvoicedBetween,
  listOtherIncomeBetween,
  listPaymentsBetween,
  trackedTotalsByMonth,
  type TrackedRecord,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../lib/context';
import { goalAmount, goalView } from './goal-engine';
import { requireGoal, today } from './goals.service';

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
