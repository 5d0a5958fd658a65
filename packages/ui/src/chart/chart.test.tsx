import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithUi } from '../test-utils';
import { Chart } from './chart';

const option = {
  animation: false,
  xAxis: { type: 'category', data: ['Sep', 'Oct'] },
  yAxis: { type: 'value' },
  series: [{ type: 'bar', data: [10, 20] }],
};

afterEach(() => vi.unstubAllGlobals());

describe('Chart', () => {
  it('draws the option in SVG inside a box named for screen readers', async () => {
    renderWithUi(<Chart label="Revenue per month" height={200} option={option} />);
    const box = screen.getByRole('img', { name: 'Revenue per month' });
    // ECharts drew with its SVG renderer.
    expect(box.querySelector('svg')).not.toBeNull();
  });

  it('draws only once its box comes into view', async () => {
    const observers: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
          observers.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    vi.useFakeTimers();
    try {
      renderWithUi(<Chart label="Revenue per month" height={200} option={option} />);
      const box = screen.getByRole('img', { name: 'Revenue per month' });
      // Below the fold: the box holds its place, nothing is drawn.
      act(() => observers[0]?.([{ isIntersecting: false }]));
      act(() => vi.runAllTimers());
      expect(box.querySelector('svg')).toBeNull();
      // Scrolled into view: drawn in a task of its own.
      act(() => observers[0]?.([{ isIntersecting: true }]));
      expect(box.querySelector('svg')).toBeNull();
      act(() => vi.runAllTimers());
      expect(box.querySelector('svg')).not.toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('draws a new option on the chart it has; the same option again draws nothing', async () => {
    const view = renderWithUi(<Chart label="Revenue per month" height={200} option={option} />);
    const box = screen.getByRole('img', { name: 'Revenue per month' });
    expect(box.textContent).toContain('Oct');
    const svg = box.querySelector('svg');
    view.rerender(<Chart label="Revenue per month" height={200} option={option} />);
    expect(box.querySelector('svg')).toBe(svg);
    view.rerender(
      <Chart
        label="Revenue per month"
        height={200}
        option={{ ...option, xAxis: { type: 'category', data: ['Nov', 'Dec'] } }}
      />,
    );
    expect(box.textContent).toContain('Dec');
    expect(box.textContent).not.toContain('Oct');
    expect(box.querySelector('svg')).toBe(svg);
  });

  it('lays the category labels out for its width: at a phone width every aging bucket is drawn', async () => {
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(326);
    try {
      const labels = ['Current', '1-30', '31-60', '61-90', '91-120', 'Over 120'];
      renderWithUi(
        <Chart
          label="Aging"
          height={200}
          option={{
            ...option,
            xAxis: { type: 'category', data: labels },
            series: [{ type: 'bar', data: [1, 2, 3, 4, 5, 6] }],
          }}
        />,
      );
      const box = screen.getByRole('img', { name: 'Aging' });
      const drawn = box.querySelector<HTMLElement>('[data-labels]');
      expect(drawn?.dataset.labels).toBe('turned');
      for (const text of labels) expect(box.textContent).toContain(text);
    } finally {
      width.mockRestore();
    }
  });
});
