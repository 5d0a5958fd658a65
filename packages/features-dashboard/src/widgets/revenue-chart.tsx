import { Suspense } from 'react';
import { Stack, Text, VisuallyHidden } from '@mantine/core';
import type { RevenueData } from '@ledgerleaf/domain';
import { DASHBOARD_DEFINITIONS, DASHBOARD_MESSAGES } from '@ledgerleaf/domain';
import { paths } from '@ledgerleaf/api';
import { CHART_TIMEOUT_MS } from '../shared/constants';
import { lastDayOfMonth, money, monthLabel } from '../shared/format';
import { lazyWithTimeout } from '../shared/lazy-with-timeout';
import { DelayedPlaceholder } from '../shared/widget';

/** The bars' height: their placeholder holds the same place while ECharts loads. */
const CHART_HEIGHT = 280;

// The bars bring ECharts (its own chunk, 160 KiB); the summary below them does not wait for it: it
// is the largest text of the dashboard's first screen (Lighthouse's LCP element on a wide screen).
const RevenueBars = lazyWithTimeout(() => import('./revenue-bars'), CHART_TIMEOUT_MS, DASHBOARD_MESSAGES.chartTimeout);

/** A month's bar opens the payments received that month (the Payments received report, by date). */
export function monthPaymentsUrl(month: string): string {
  return `${paths.reports}?report=payments_received&preset=custom&from=${month}-01&to=${lastDayOfMonth(month)}&group=date`;
}

/** The months' figures in words: the chart's accessible summary. */
export function revenueSummaryText(data: RevenueData): string {
  const months = data.series;
  if (months.every((month) => month.total === 0)) return 'No revenue in the last 12 months.';
  const best = months.reduce((top, month) => (month.total > top.total ? month : top));
  const sum = months.reduce((total, month) => total + month.total, 0);
  return `${money(sum)} received over the last 12 months; the highest month was ${monthLabel(best.month)} with ${money(best.total)}.`;
}

/**
 * The revenue widget: the chart of payments and other income per month (a bar opens that month's
 * payments), its summary in words and the figures as a table for screen readers. The summary and
 * the table show as soon as the data is here; the chart's code (ECharts) loads behind them.
 */
export default function RevenueChart({ data }: { data: RevenueData }) {
  const summary = revenueSummaryText(data);
  return (
    <Stack gap="xs">
      <Suspense fallback={<DelayedPlaceholder height={CHART_HEIGHT} />}>
        <RevenueBars data={data} summary={summary} />
      </Suspense>
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
