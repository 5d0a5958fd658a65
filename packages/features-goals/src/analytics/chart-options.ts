import { formatGoalPercent, type GoalAnalytics } from '@ledgerleaf/domain';

/**
 * The analytics charts' ECharts options, pure (no echarts import), so the page can build them
 * without loading the chart library and tests can read them.
 */

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** `2026-11` → `Nov 2026`. */
export function monthLabel(month: string): string {
  const date = new Date(`${month.slice(0, 7)}-01T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? month : MONTH.format(date);
}

const money = (value: number) => `$${Math.round(value).toLocaleString('en-US')}`;

export function moneyOverTimeOption(data: GoalAnalytics) {
  const months = data.progress_over_time.map((point) => monthLabel(point.month));
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 8, right: 8, bottom: 8, top: 40, containLabel: true },
    xAxis: { type: 'category', data: months },
    yAxis: { type: 'value', axisLabel: { formatter: money } },
    series: [
      { name: 'Contributed', type: 'bar', data: data.progress_over_time.map((point) => point.contributed) },
      {
        name: 'Running total',
        type: 'line',
        smooth: true,
        data: data.progress_over_time.map((point) => point.cumulative),
      },
    ],
  };
}

export function goalProgressOption(data: GoalAnalytics) {
  const months = (data.goal_series[0]?.points ?? []).map((point) => monthLabel(point.month));
  return {
    tooltip: { trigger: 'axis', valueFormatter: (value: number) => formatGoalPercent(value) },
    legend: { top: 0, type: 'scroll' },
    grid: { left: 8, right: 8, bottom: 8, top: 40, containLabel: true },
    xAxis: { type: 'category', data: months },
    yAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } },
    series: data.goal_series.map((goal) => ({
      name: goal.title,
      type: 'line',
      ...(goal.color ? { itemStyle: { color: goal.color } } : {}),
      data: goal.points.map((point) => Math.min(100, point.progress)),
    })),
  };
}

export function contributionsBySourceOption(data: GoalAnalytics) {
  return {
    tooltip: { trigger: 'item', valueFormatter: money },
    legend: { bottom: 0, type: 'scroll' },
    series: [
      {
        name: 'Contributions',
        type: 'pie',
        radius: ['40%', '70%'],
        label: { show: false },
        data: data.contributions_by_source.map((source) => ({ name: source.label, value: source.amount })),
      },
    ],
  };
}

const STATUS_COLORS: Record<string, string> = { achieved: '#2f9e44', active: '#1c7ed6', behind_schedule: '#e8590c' };

export function statusBreakdownOption(data: GoalAnalytics) {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 8, right: 8, bottom: 8, top: 16, containLabel: true },
    xAxis: { type: 'category', data: data.status_breakdown.map((group) => group.label), axisLabel: { interval: 0 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        name: 'Goals',
        type: 'bar',
        data: data.status_breakdown.map((group) => ({
          value: group.count,
          itemStyle: { color: STATUS_COLORS[group.key] },
        })),
      },
    ],
  };
}
