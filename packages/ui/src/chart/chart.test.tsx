import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithUi } from '../test-utils';
import { Chart } from './chart';

describe('Chart', () => {
  it('draws the option in SVG inside a box named for screen readers', async () => {
    renderWithUi(
      <Chart
        label="Revenue per month"
        height={200}
        option={{
          animation: false,
          xAxis: { type: 'category', data: ['Sep', 'Oct'] },
          yAxis: { type: 'value' },
          series: [{ type: 'bar', data: [10, 20] }],
        }}
      />,
    );
    const box = screen.getByRole('img', { name: 'Revenue per month' });
    // ECharts drew with its SVG renderer.
    expect(box.querySelector('svg')).not.toBeNull();
  });
});
