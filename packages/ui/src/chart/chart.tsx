import { useEffect, useRef, useState } from 'react';
import { Box, useComputedColorScheme } from '@mantine/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { EChartsCoreOption, ECElementEvent, EChartsType } from 'echarts/core';
import { RESIZE_DEBOUNCE_MS } from '../constants';
import { readableCategoryLabels } from './category-labels';

export { readableCategoryLabels, type CategoryLabelLayout, type ReadableChart } from './category-labels';

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
  const latest = useRef({ option, height });
  useEffect(() => {
    latest.current = { option, height };
  });
  /** The width the option was last laid out for: a resize to another width lays its labels out again. */
  const drawnWidth = useRef(-1);

  /**
   * Sets the option on the chart with its category labels laid out for the chart's width (the
   * shared rule of `readableCategoryLabels`: every bar keeps a readable label on a phone), and the
   * height that needs (horizontal bars on a narrow screen take more).
   */
  const draw = useRef(() => {
    const instance = chart.current;
    const box = element.current;
    if (!instance || !box) return;
    const width = box.clientWidth;
    const readable = readableCategoryLabels(latest.current.option, width, latest.current.height);
    drawnWidth.current = width;
    if (box.style.height !== `${readable.height}px`) {
      box.style.height = `${readable.height}px`;
      instance.resize();
    }
    box.dataset.labels = readable.layout ?? '';
    instance.setOption({ backgroundColor: 'transparent', ...readable.option }, { notMerge: true });
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
      resizeTimer = setTimeout(() => {
        instance.resize();
        if (element.current && element.current.clientWidth !== drawnWidth.current) draw.current();
      }, RESIZE_DEBOUNCE_MS);
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
    draw.current();
  }, [option, height, visible, scheme]);

  return (
    <Box role="img" aria-label={label} mih={height} w="100%" style={{ cursor: onBarClick ? 'pointer' : undefined }}>
      <div ref={element} style={{ height, width: '100%' }} />
    </Box>
  );
}

export default Chart;
