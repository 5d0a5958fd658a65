import { lazy, Suspense, useMemo } from 'react';
import { Skeleton } from '@mantine/core';
import type { ReportChart as Chart } from '@ledgerleaf/domain';
import { ErrorBoundary } from '@ledgerleaf/ui';
import { chartOption } from './chart-option';

// ECharts loads with the first report chart only, never on other pages.
const ReportEChart = lazy(() => import('@ledgerleaf/ui/chart'));

export interface ReportChartProps {
  chart: Chart;
  title: string;
  height?: number;
}

/** A report's chart, lazily loaded; a chart that fails leaves the table (which holds the same figures). */
export function ReportChart({ chart, title, height = 300 }: ReportChartProps) {
  const option = useMemo(() => chartOption(chart), [chart]);
  const label = `${title}: ${chart.series.map((series) => series.name).join(', ')} by ${chart.type === 'pie' ? 'share' : 'category'}; the table below has the figures`;
  return (
    <ErrorBoundary>
      <Suspense fallback={<Skeleton h={height} role="status" aria-label="Loading the chart" />}>
        <ReportEChart option={option} label={label} height={height} />
      </Suspense>
    </ErrorBoundary>
  );
}
