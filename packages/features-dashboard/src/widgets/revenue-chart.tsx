import { useNavigate } from 'react-router';
import { Stack, Text, VisuallyHidden } from '@mantine/core';
import type { RevenueData } from '@ledgerleaf/domain';
import { DASHBOARD_DEFINITIONS } from '@ledgerleaf/domain';
import { paths } from '@ledgerleaf/api';
import { Chart } from '@ledgerleaf/ui/chart';
import { lastDayOfMonth, money, monthLabel } from '../shared/format';

/** The months' figures in words: the chart's accessible summary. */
/** A month's bar opens the payments received that month (the Payments received report, by date). */
export function monthPaymentsUrl(month: string): string {
  return `${paths.reports}?report=payments_received&preset=custom&from=${month}-01&to=${lastDayOfMonth(month)}&group=date`;
}

export function revenueSummaryText(data: RevenueData): string {
  const months = data.series;
  if (months.every((month) => month.total === 0)) return 'No revenue in the last 12 months.';
  const best = months.reduce((top, month) => (month.total > top.total ? month : top));
  const sum = months.reduce((total, month) => total + month.total, 0);
  return `${money(sum)} received over the last 12 months; the highest month was ${monthLabel(best.month)} with ${money(best.total)}.`;
}

/** The revenue chart: payments and other income per month, stacked; a bar opens that month's invoices. */
export default function RevenueChart({ data }: { data: RevenueData }) {
  const navigate = useNavigate();
  const labels = data.series.map((month) => monthLabel(month.month));
  const option = {
    tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => money(value) },
    legend: { bottom: 0 },
    grid: { left: 8, right: 8, top: 16, bottom: 40, containLabel: true },
    xAxis: { type: 'category', data: labels },
    yAxis: { type: 'value', axisLabel: { formatter: (value: number) => `$${value.toLocaleString('en-US')}` } },
    series: [
      { name: 'Payments', type: 'bar', stack: 'revenue', data: data.series.map((month) => month.payments) },
      { name: 'Other income', type: 'bar', stack: 'revenue', data: data.series.map((month) => month.otherIncome) },
    ],
  };
  const summary = revenueSummaryText(data);
  return (
    <Stack gap="xs">
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
      <Text size="sm" c="dimmed" data-testid="revenue-summary">
        {summary} {DASHBOARD_DEFINITIONS.revenueChart}
      </Text>
      <VisuallyHidden>
        <table>
          <caption>Revenue per month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Payments</th>
              <th scope="col">Other income</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {data.series.map((month) => (
              <tr key={month.month}>
                <th scope="row">{monthLabel(month.month)}</th>
                <td>{money(month.payments)}</td>
                <td>{money(month.otherIncome)}</td>
                <td>{money(month.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Stack>
  );
}
