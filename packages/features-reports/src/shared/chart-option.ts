import type { ChartOption } from '@ledgerleaf/ui/chart';
import { formatCurrency, type ReportChart } from '@ledgerleaf/domain';

const valueText = (unit: ReportChart['unit'], value: number) =>
  unit === 'money'
    ? formatCurrency(value)
    : unit === 'percent'
      ? `${value.toFixed(1)} %`
      : value.toLocaleString('en-US');

/** The ECharts option of a report's chart (bar, stacked bar, line or pie). */
export function chartOption(chart: ReportChart): ChartOption {
  const formatter = (value: number) => valueText(chart.unit, value);
  if (chart.type === 'pie')
    return {
      tooltip: { trigger: 'item', valueFormatter: formatter },
      legend: { bottom: 0, type: 'scroll' },
      series: [
        {
          type: 'pie',
          name: chart.series[0]?.name ?? '',
          radius: ['35%', '65%'],
          data: chart.labels.map((name, index) => ({ name, value: chart.series[0]?.values[index] ?? 0 })),
        },
      ],
    };
  return {
    tooltip: { trigger: 'axis', valueFormatter: formatter },
    legend: chart.series.length > 1 ? { bottom: 0, type: 'scroll' } : undefined,
    grid: { left: 8, right: 8, top: 16, bottom: chart.series.length > 1 ? 40 : 16, containLabel: true },
    xAxis: { type: 'category', data: chart.labels, axisLabel: { hideOverlap: true } },
    yAxis: {
      type: 'value',
      axisLabel: {
        formatter: (value: number) => (chart.unit === 'money' ? `$${value.toLocaleString('en-US')}` : String(value)),
      },
    },
    series: chart.series.map((series) => ({
      type: chart.type === 'line' ? 'line' : 'bar',
      name: series.name,
      data: series.values,
      ...(chart.type === 'stacked_bar' ? { stack: 'total' } : {}),
    })),
  };
}
