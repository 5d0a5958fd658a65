import { useEffect, useRef, useState } from 'react';
import { Box, useComputedColorScheme } from '@mantine/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { EChartsCoreOption, ECElementEvent, EChartsType } from 'echarts/core';
import { RESIZE_DEBOUNCE_MS } from '../constants';

// The one ECharts chart of the product (dashboard, reports, goals analytics): only the chart types and
// components they draw, in SVG. This module is its own entry (`@ledgerleaf/ui/chart`) and every screen
// imports it lazily, so ECharts never loads with /login.
echarts.use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

/** An ECharts option (what `chartOption` builders return). */
export type ChartOption = EChartsCoreOption;

export interface ChartProps {
  /** Keep it the same object while the figures are the same (`useMemo`): a new one draws the chart again. */
  option: ChartOption;
  /** What the chart shows, for screen readers (a text summary or a table with the figures follows it). */
  label: string;
  height?: number;
  /** A bar (or slice) was clicked: its index on the category axis and its series' index. */
  onBarClick?: (index: number, seriesIndex: number) => void;
}

/**
 * An ECharts chart on `echarts/core`: the dark theme in dark mode, a transparent background, and
 * resized when the window stops resizing for 250 ms. One instance per chart and colour scheme; the
 * option is set again only when it changes. (echarts-for-react, used before, made every chart twice,
 * a first instance only to measure the box, and set the whole option again on every render whose
 * option held a function, a formatter: the dashboard's charts were most of a phone's blocking time.)
 */
export function Chart({ option, label, height = 300, onBarClick }: ChartProps) {
  const scheme = useComputedColorScheme('light');
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const onClick = useRef(onBarClick);
  useEffect(() => {
    onClick.current = onBarClick;
  });

  // Drawn once its box comes into view, each chart in a task of its own (ECharts takes some 40 ms
  // a chart on a phone): a chart below the fold costs nothing until the person scrolls to it, and
  // its bars grow where they are seen. Without IntersectionObserver (tests), drawn at once.
  const [visible, setVisible] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (visible || !element.current) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      timer = setTimeout(() => setVisible(true), 0);
    });
    observer.observe(element.current);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [visible]);

  useEffect(() => {
    if (!visible || !element.current) return;
    const instance = echarts.init(element.current, scheme === 'dark' ? 'dark' : undefined, { renderer: 'svg' });
    chart.current = instance;
    instance.on('click', (event) => {
      const { dataIndex, seriesIndex } = event as ECElementEvent;
      onClick.current?.(dataIndex, seriesIndex ?? 0);
    });
    let resizeTimer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(() => instance.resize(), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(resizeTimer);
      window.removeEventListener('resize', onResize);
      instance.dispose();
      chart.current = null;
    };
  }, [visible, scheme]);

  // The option, on the instance the effect above has just made or when it is a new object.
  useEffect(() => {
    chart.current?.setOption({ backgroundColor: 'transparent', ...option }, { notMerge: true });
  }, [option, visible, scheme]);

  return (
    <Box role="img" aria-label={label} h={height} w="100%" style={{ cursor: onBarClick ? 'pointer' : undefined }}>
      <div ref={element} style={{ height, width: '100%' }} />
    </Box>
  );
}

export default Chart;
