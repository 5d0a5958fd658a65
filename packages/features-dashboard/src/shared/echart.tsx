import { useEffect, useRef } from 'react';
import { Box, useComputedColorScheme } from '@mantine/core';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { EChartsCoreOption, ECElementEvent } from 'echarts/core';
import { RESIZE_DEBOUNCE_MS } from './constants';

// Only what the dashboard draws (bar charts with axes, tooltips and a legend, in SVG). This module is
// reached only through the chart widgets' lazy chunks: ECharts never loads with /login.
echarts.use([BarChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

export interface DashboardChartProps {
  option: EChartsCoreOption;
  /** What the chart shows, for screen readers (a text summary and a table follow it). */
  label: string;
  height?: number;
  /** A bar was clicked: its index on the category axis. */
  onBarClick?: (index: number) => void;
}

/**
 * An ECharts chart through echarts-for-react: dark theme in dark mode, transparent background, and
 * resized when the window stops resizing for 250 ms.
 */
export function DashboardChart({ option, label, height = 280, onBarClick }: DashboardChartProps) {
  const scheme = useComputedColorScheme('light');
  const ref = useRef<ReactEChartsCore>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => ref.current?.getEchartsInstance().resize(), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return (
    <Box role="img" aria-label={label} h={height} w="100%" style={{ cursor: onBarClick ? 'pointer' : undefined }}>
      <ReactEChartsCore
        ref={ref}
        echarts={echarts}
        option={{ backgroundColor: 'transparent', ...option }}
        theme={scheme === 'dark' ? 'dark' : undefined}
        opts={{ renderer: 'svg' }}
        autoResize={false}
        notMerge
        style={{ height, width: '100%' }}
        onEvents={onBarClick ? { click: (event: ECElementEvent) => onBarClick(event.dataIndex) } : undefined}
      />
    </Box>
  );
}

export default DashboardChart;
