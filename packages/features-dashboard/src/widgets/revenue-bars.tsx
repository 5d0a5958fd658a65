import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { RevenueData } from '@ledgerleaf/domain';
import { Chart } from '@ledgerleaf/ui/chart';
import { axisDollars, money, monthLabel } from '../shared/format';
import { monthPaymentsUrl } from './revenue-chart';

/**
 * The revenue chart's bars (ECharts): payments and other income per month, stacked; a bar opens
 * that month's payments. Its own chunk, loaded by `RevenueChart` beside the summary it labels.
 */
export default function RevenueBars({ data, summary }: { data: RevenueData; summary: string }) {
  const navigate = useNavigate();
  // The same option while the data is the same: a new one draws the chart again.
  const option = useMemo(() => {
    const labels = data.series.map((month) => monthLabel(month.month));
    return {
      tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => money(value) },
      legend: { bottom: 0 },
      grid: { left: 8, right: 8, top: 16, bottom: 40, containLabel: true },
      xAxis: { type: 'category', data: labels },
      yAxis: { type: 'value', axisLabel: { formatter: axisDollars } },
      series: [
        { name: 'Payments', type: 'bar', stack: 'revenue', data: data.series.map((month) => month.payments) },
        { name: 'Other income', type: 'bar', stack: 'revenue', data: data.series.map((month) => month.otherIncome) },
      ],
    };
  }, [data]);
  return (
    <Chart
      height={280}
      option={option}
      label={`Revenue per month. ${summary}`}
      onBarClick={(index) => {
        const month = data.series[index]?.month;
        if (!month) return;
        navigate(monthPaymentsUrl(month));
      }}
    />
  );
}
