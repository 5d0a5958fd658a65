import {
  RECURRING_FREQUENCY_LABELS,
  addCalendarDays,
  monthsOf,
  upcomingRunDates,
  type Report,
} from '@ledgerleaf/domain';
import { activeRecurringFigures } from '@ledgerleaf/db';
import { scheduleOfRow } from '../../invoicing';
import { count, dollars, money, shape, text, type ReportContext } from './frame';

/** Runs per year of one recurring invoice's schedule. */
const RUNS_PER_YEAR = { daily: 365, weekly: 52, monthly: 12, yearly: 1 } as const;

/** A recurring invoice's amount per month: its total times its runs per year over 12, to the cent (half up). */
export function monthlyAmountCents(
  totalCents: number,
  frequency: keyof typeof RUNS_PER_YEAR,
  interval: number,
): number {
  return Math.round((totalCents * RUNS_PER_YEAR[frequency]) / (12 * Math.max(1, interval)));
}

export async function recurringRevenue(ctx: ReportContext): Promise<Report> {
  const rows = await activeRecurringFigures(ctx.db, { businessId: ctx.businessId });
  const groups = new Map<
    string,
    { client_id: number; client: string; frequency: string; count: number; monthly: number; perRun: number }
  >();
  const firstMonth = ctx.today.slice(0, 7);
  const months = monthsOf(`${firstMonth}-01`, addCalendarDays(`${firstMonth}-01`, 366)).slice(0, 12);
  const projected = new Map(months.map((month) => [month, 0]));
  for (const row of rows) {
    const frequency = row.frequency as keyof typeof RUNS_PER_YEAR;
    const schedule = scheduleOfRow(row);
    const total = Number(row.total_cents);
    const key = `${String(row.client_id)}|${frequency}`;
    const group = groups.get(key) ?? {
      client_id: row.client_id,
      client: row.client_name,
      frequency,
      count: 0,
      monthly: 0,
      perRun: 0,
    };
    group.count += 1;
    group.monthly += monthlyAmountCents(total, frequency, Number(row.interval_count));
    group.perRun += total;
    groups.set(key, group);
    const dates = upcomingRunDates(schedule, {
      fromIndex: Number(row.next_index),
      generated: Number(row.generated_count),
      count: 400,
    });
    for (const date of dates) {
      if (date < ctx.today) continue;
      const month = date.slice(0, 7);
      if (projected.has(month)) projected.set(month, projected.get(month)! + total);
    }
  }
  const projection = months.map((month) => projected.get(month)!);
  return shape('recurring_revenue', ctx, {
    columns: [
      text('client', 'Client'),
      text('frequency', 'Frequency'),
      count('recurring', 'Recurring invoices'),
      money('per_run', 'Amount per run'),
      money('monthly', 'Monthly amount'),
    ],
    rows: [...groups.values()].map((group) => ({
      key: `${String(group.client_id)}-${group.frequency}`,
      cells: {
        client: group.client,
        frequency: RECURRING_FREQUENCY_LABELS[group.frequency as keyof typeof RUNS_PER_YEAR] ?? group.frequency,
        recurring: group.count,
        per_run: group.perRun,
        monthly: group.monthly,
      },
      drill: { target: 'recurring' as const, params: { status: 'active' } },
    })),
    totalsDrill: { target: 'recurring', params: { status: 'active' } },
    summary: [
      {
        label: 'Monthly recurring revenue',
        value: dollars([...groups.values()].reduce((s, g) => s + g.monthly, 0)),
        kind: 'money',
      },
      { label: 'Next 12 months projected', value: dollars(projection.reduce((s, c) => s + c, 0)), kind: 'money' },
    ],
    chart: {
      type: 'bar',
      labels: months,
      series: [{ name: 'Projected', values: projection.map(dollars) }],
      unit: 'money',
    },
    notes: [
      'Active recurring invoices; a monthly amount is the amount per run times the runs in a year, over 12 (weekly: 52 runs, daily: 365).',
      'The projection adds the runs each schedule still has in each of the next 12 months (end dates and counts respected).',
    ],
  });
}
