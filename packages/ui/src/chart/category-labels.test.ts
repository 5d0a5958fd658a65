import { describe, expect, it } from 'vitest';
import { LABEL_LINE_PX, labelWidth, readableCategoryLabels } from './category-labels';

const AGING = ['Current', '1-30', '31-60', '61-90', '91-120', 'Over 120'];
const STAGES = ['New', 'Qualified', 'Proposal', 'Negotiation'];

const bars = (labels: string[], extra: Record<string, unknown> = {}) => ({
  xAxis: { type: 'category', data: labels, axisLabel: { hideOverlap: true } },
  yAxis: { type: 'value' },
  series: [{ type: 'bar', data: labels.map((_, index) => index + 1), label: { show: true, position: 'top' } }],
  ...extra,
});

type Axis = { type: string; data?: string[]; inverse?: boolean; axisLabel: Record<string, unknown> };
const axes = (option: object) => option as { xAxis: Axis; yAxis: Axis; series: Array<{ label: { position: string } }> };

/**
 * Whether every label can be read where the rule puts it: flat labels fit their slot, wrapped ones
 * fit it word by word, turned ones have a line's height each, horizontal ones a row each.
 */
function everyLabelReadable(labels: string[], width: number, height: number) {
  const readable = readableCategoryLabels(bars(labels), width, height);
  const { xAxis, yAxis } = axes(readable.option);
  const category = readable.layout === 'horizontal' ? yAxis : xAxis;
  const label = category.axisLabel;
  // ECharts shows every label (its own rule hides those that overlap: "Over 120" went missing).
  expect(label.interval).toBe(0);
  expect(label.hideOverlap).toBe(false);
  const slot = (width - 72) / labels.length;
  switch (readable.layout) {
    case 'flat':
      expect(Math.max(...labels.map(labelWidth))).toBeLessThanOrEqual(slot);
      break;
    case 'wrapped':
      expect(label.overflow).toBe('break');
      expect(label.width).toBeLessThanOrEqual(slot);
      for (const word of labels.flatMap((text) => text.split(' ')))
        expect(labelWidth(word)).toBeLessThanOrEqual(label.width as number);
      break;
    case 'turned':
      expect([45, 90]).toContain(label.rotate);
      expect(slot).toBeGreaterThanOrEqual(LABEL_LINE_PX);
      break;
    case 'horizontal':
      expect(readable.height / labels.length).toBeGreaterThanOrEqual(LABEL_LINE_PX);
      break;
    default:
      throw new Error('no layout');
  }
  return readable;
}

describe('readableCategoryLabels: every bar keeps a readable label on a phone', () => {
  it('the aging report at 390 px (a chart some 326 px wide): all six buckets, "Over 120" too', () => {
    const readable = everyLabelReadable(AGING, 326, 300);
    expect(readable.layout).toBe('turned');
    expect(axes(readable.option).xAxis.data).toEqual(AGING);
  });

  it("the dashboard's pipeline at 390 px: all four stages", () => {
    const readable = everyLabelReadable(STAGES, 326, 280);
    expect(readable.layout).not.toBe('flat');
  });

  it('short labels stay flat, words that fit wrap, a crowd of categories turns into horizontal bars', () => {
    expect(everyLabelReadable(AGING, 1200, 300).layout).toBe('flat');
    expect(everyLabelReadable(['Over one hundred twenty days', 'Net thirty terms'], 326, 300).layout).toBe('wrapped');
    const many = Array.from({ length: 30 }, (_, index) => `Client number ${index + 1}`);
    const horizontal = everyLabelReadable(many, 326, 300);
    expect(horizontal.layout).toBe('horizontal');
    const option = axes(horizontal.option);
    expect(option.yAxis).toMatchObject({ type: 'category', data: many, inverse: true });
    expect(option.xAxis.type).toBe('value');
    // The value label of a bar moves from its top to its end.
    expect(option.series[0]!.label.position).toBe('right');
    expect(horizontal.height).toBeGreaterThan(300);
  });

  it('every width from 320 px to a desktop keeps every label of every chart readable', () => {
    for (let width = 260; width <= 1280; width += 10)
      for (const labels of [
        AGING,
        STAGES,
        ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
      ])
        everyLabelReadable(labels, width, 300);
  });

  it('leaves charts without bars, and the option it was given, alone', () => {
    const line = { xAxis: { type: 'category', data: AGING }, yAxis: { type: 'value' }, series: [{ type: 'line' }] };
    expect(readableCategoryLabels(line, 326, 300)).toEqual({ option: line, height: 300, layout: null });
    const given = bars(AGING);
    const copy = structuredClone(given);
    readableCategoryLabels(given, 326, 300);
    expect(given).toEqual(copy);
    // No width yet (not laid out): every label, nothing else decided.
    const unknown = readableCategoryLabels(given, 0, 300);
    expect(unknown.layout).toBeNull();
    expect(axes(unknown.option).xAxis.axisLabel).toMatchObject({ interval: 0, hideOverlap: false });
  });
});
