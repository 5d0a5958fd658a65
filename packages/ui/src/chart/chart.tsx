import { useEffect, useRef } from 'react';
import { Box, useComputedColorScheme } from '@mantine/core';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { EChartsCoreOption, ECElementEvent } from 'echarts/core';
import { RESIZE_DEBOUNCE_MS } from '../constants';

// The one ECharts chart of the product (dashboard, reports, goals analytics): only the chart types and
// components they draw, in SVG. This module is its own entry (`@ledgerleaf/ui/chart`) and every screen
// imports it lazily, so ECharts never loads with /login. echarts-for-react's ESM build: its CommonJS
// build's default export is an object in the production bundle (React error #130).
echarts.use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

/** An ECharts option (what `chartOption` builders return). */
export type ChartOption = EChartsCoreOption;

export interface ChartProps {
  option: ChartOption;
  /** What the chart shows, for screen readers (a text summary or a table with the figures follows it). */
  label: string;
  height?: number;
  /** A bar (or slice) was clicked: its index on the category axis and its series' index. */
  onBarClick?: (index: number, seriesIndex: number) => void;
}

/**
 * An ECharts chart through echarts-for-react: the dark theme in dark mode, a transparent background,
 * and resized when the window stops resizing for 250 ms.
 */
export function Chart({ option, label, height = 300, onBarClick }: ChartProps) {
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
        onEvents={
          onBarClick
            ? { click: (event: ECElementEvent) => onBarClick(event.dataIndex, event.seriesIndex ?? 0) }
            : undefined
        }
      />
    </Box>
  );
}

export default Chart;
