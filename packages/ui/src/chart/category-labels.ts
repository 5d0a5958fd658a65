/*
 * Every bar keeps a readable label on a narrow screen (issue 27): ECharts' own rule hides the
 * category labels that would overlap (at 390 px the aging report lost "Over 120", the dashboard's
 * pipeline two of its four stages). `readableCategoryLabels` rewrites a bar chart's category axis
 * for the width the chart has, in this order:
 *   1. every label flat, when the longest fits its slot (the width of the plot / the categories);
 *   2. wrapped on its words (`overflow: 'break'`), when every word fits the slot and no label needs
 *      more than three lines;
 *   3. turned (45°, or 90° in a slot narrower than 24 px), cut to 120 px, while a slot is at least
 *      a line high;
 *   4. else horizontal bars: the categories down the side, one line each, the chart as tall as they
 *      need.
 * Every label is shown in each case (`interval: 0`, no `hideOverlap`). Charts without bars (lines,
 * pies) are left to ECharts. The sizes are estimates of ECharts' 12 px axis labels, a little wide.
 */

type AnyRecord = Record<string, unknown>;

/** Width of one character of a 12 px axis label, a little over the average (digits are 6.7 px). */
export const LABEL_CHAR_PX = 7.2;
/** Height of one line of a 12 px axis label. */
export const LABEL_LINE_PX = 16;
/** What the plot loses to the value axis's labels and the grid's margins. */
const VALUE_AXIS_PX = 72;
const MAX_WRAPPED_LINES = 3;
const TURNED_LABEL_PX = 120;

export type CategoryLabelLayout = 'flat' | 'wrapped' | 'turned' | 'horizontal';

export interface ReadableChart<T> {
  option: T;
  /** The chart's height: the one asked for, or more for horizontal bars. */
  height: number;
  /** How the category labels were laid out (null: no bar chart with a category axis, or no width yet). */
  layout: CategoryLabelLayout | null;
}

const isRecord = (value: unknown): value is AnyRecord => typeof value === 'object' && value !== null;

const labelText = (item: unknown): string =>
  isRecord(item) ? String(item.value ?? item.name ?? '') : String(item ?? '');

/** The estimated width of a label's text in px. */
export function labelWidth(text: string): number {
  return text.length * LABEL_CHAR_PX;
}

/** How many lines a label needs wrapped on its words in `width` px (Infinity when a word is wider). */
function wrappedLines(text: string, width: number): number {
  let lines = 1;
  let line = 0;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const w = labelWidth(word);
    if (w > width) return Infinity;
    if (line === 0) line = w;
    else if (line + LABEL_CHAR_PX + w <= width) line += LABEL_CHAR_PX + w;
    else {
      lines += 1;
      line = w;
    }
  }
  return lines;
}

/**
 * The option with its category labels laid out to be read at `width` px (see the module comment),
 * and the height the chart then needs. The option is not changed in place.
 */
export function readableCategoryLabels<T extends object>(option: T, width: number, height: number): ReadableChart<T> {
  const record = option as AnyRecord;
  const series = Array.isArray(record.series) ? record.series : record.series ? [record.series] : [];
  const hasBars = series.some((item) => isRecord(item) && item.type === 'bar');
  const xAxis = record.xAxis;
  if (!hasBars || !isRecord(xAxis) || Array.isArray(xAxis) || xAxis.type !== 'category' || !Array.isArray(xAxis.data))
    return { option, height, layout: null };
  const labels = xAxis.data.map(labelText);
  const axisLabel = isRecord(xAxis.axisLabel) ? xAxis.axisLabel : {};
  const every = { ...axisLabel, interval: 0, hideOverlap: false };
  const withAxis = (label: AnyRecord, layout: CategoryLabelLayout): ReadableChart<T> => ({
    option: { ...record, xAxis: { ...xAxis, axisLabel: label } } as T,
    height,
    layout,
  });
  if (!(width > 0) || labels.length === 0) return { ...withAxis(every, 'flat'), layout: null };
  const slot = (width - VALUE_AXIS_PX) / labels.length;
  const room = Math.floor(slot - 4);
  if (Math.max(...labels.map(labelWidth)) <= room) return withAxis(every, 'flat');
  if (Math.max(...labels.map((label) => wrappedLines(label, room))) <= MAX_WRAPPED_LINES)
    return withAxis({ ...every, width: room, overflow: 'break' }, 'wrapped');
  if (slot >= LABEL_LINE_PX + 2)
    return withAxis({ ...every, rotate: slot < 24 ? 90 : 45, width: TURNED_LABEL_PX, overflow: 'truncate' }, 'turned');
  // Horizontal bars: the categories down the side, first on top; the value axis along the bottom.
  const yAxis = isRecord(record.yAxis) && !Array.isArray(record.yAxis) ? record.yAxis : { type: 'value' };
  return {
    option: {
      ...record,
      xAxis: { ...yAxis, type: 'value' },
      yAxis: {
        ...xAxis,
        inverse: true,
        axisLabel: { ...every, width: Math.round(Math.min(140, width * 0.35)), overflow: 'truncate' },
      },
      series: series.map((item) =>
        isRecord(item) && isRecord(item.label) && item.label.position === 'top'
          ? { ...item, label: { ...item.label, position: 'right' } }
          : item,
      ),
    } as T,
    height: Math.max(height, labels.length * (LABEL_LINE_PX + 8) + 64),
    layout: 'horizontal',
  };
}
