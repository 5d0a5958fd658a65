import { GOAL_STATUS_LABELS, monthsOf, type Report, type ReportQuery } from '@ledgerleaf/domain';
import { goalAllocationsByMonth, goalFigures } from '@ledgerleaf/db';
import { count, dollars, money, resolvePeriod, shape, text, type ReportContext } from './frame';

export async function goals(ctx: ReportContext, query: ReportQuery): Promise<Report> {
  const period = resolvePeriod(query, ctx.today);
  const params = { businessId: ctx.businessId, from: period.from, to: period.to };
  const [figures, byMonth] = await Promise.all([goalFigures(ctx.db, params), goalAllocationsByMonth(ctx.db, params)]);
  const months = monthsOf(period.from, period.to);
  const chartGoals = figures.filter((goal) => goal.allocations > 0).slice(0, 8);
  return shape('goals', ctx, {
    columns: [
      text('goal', 'Goal'),
      text('status', 'Status'),
      money('target', 'Target'),
      money('current', 'Current'),
      { key: 'progress', label: 'Progress', kind: 'percent' },
      money('from_payments', 'Allocated from payments'),
      money('from_income', 'Allocated from other income'),
      count('allocations', 'Allocations'),
    ],
    rows: figures.map((goal) => ({
      key: String(goal.id),
      cells: {
        goal: goal.title,
        status: (GOAL_STATUS_LABELS as Record<string, string>)[goal.status] ?? goal.status,
        target: goal.target_cents,
        current: goal.current_cents,
        progress: goal.target_cents > 0 ? Math.floor((goal.current_cents / goal.target_cents) * 1000) / 10 : null,
        from_payments: goal.from_payments_cents,
        from_income: goal.from_income_cents,
        allocations: goal.allocations,
      },
      drill: { target: 'goal' as const, params: { id: String(goal.id) } },
    })),
    period,
    chart:
      chartGoals.length > 0
        ? {
            type: 'line',
            labels: months,
            series: chartGoals.map((goal) => {
              let running = 0;
              return {
                name: goal.title,
                values: months.map((month) => {
                  running += byMonth.find((row) => row.goal_id === goal.id && row.month === month)?.cents ?? 0;
                  return dollars(running);
                }),
              };
            }),
            unit: 'money',
          }
        : null,
    notes: [
      'Target and current are the goals as they are now; allocations are those dated in the period, from payments and from other income. The chart adds them up month by month.',
    ],
  });
}
