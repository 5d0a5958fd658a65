import ReactEChartsCore from 'echarts-for-react/esm/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useComputedColorScheme } from '@mantine/core';
import type { EChartsCoreOption } from 'echarts/core';

// Only the pieces the report charts draw; this module is loaded lazily with the first chart.
echarts.use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

export interface ReportEChartProps {
  option: EChartsCoreOption;
  /** What the chart shows, for screen readers (the table holds the figures). */
  label: string;
  height?: number;
}

/** The reports' chart: echarts-for-react over echarts/core (SVG), in the dark theme when the page is dark. */
export function ReportEChart({ option, label, height = 300 }: ReportEChartProps) {
  const scheme = useComputedColorScheme('light');
  return (
    <div role="img" aria-label={label} style={{ width: '100%', height }}>
      <ReactEChartsCore
        echarts={echarts}
        option={{ backgroundColor: 'transparent', ...option }}
        theme={scheme === 'dark' ? 'dark' : undefined}
        opts={{ renderer: 'svg' }}
        notMerge
        style={{ height, width: '100%' }}
      />
    </div>
  );
}

export default ReportEChart;
