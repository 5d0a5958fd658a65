import { useEffect, useRef } from 'react';
import { Box, useComputedColorScheme } from '@mantine/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerParts, type EChartsCoreOption } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

// Only the pieces the goals charts draw; this module is loaded lazily by the analytics page.
registerParts([LineChart, BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

export interface EChartProps {
  option: EChartsCoreOption;
  /** What the chart shows, for screen readers (the table after it holds the figures). */
  label: string;
  height?: number;
}

/** An ECharts chart that follows the colour scheme (re-created in the dark theme) and its box's size. */
export function EChart({ option, label, height = 300 }: EChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const scheme = useComputedColorScheme('light');
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const chart = init(element, scheme === 'dark' ? 'dark' : null, { renderer: 'svg' });
    chart.setOption({ backgroundColor: 'transparent', ...option });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => chart.resize());
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      chart.dispose();
    };
  }, [option, scheme]);
  return <Box ref={ref} role="img" aria-label={label} h={height} w="100%" />;
}

export default EChart;
