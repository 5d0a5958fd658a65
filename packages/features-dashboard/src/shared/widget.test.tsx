import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { DASHBOARD_MESSAGES } from '@ledgerleaf/domain';
import { ErrorBoundary } from '@ledgerleaf/ui';
import { CHART_TIMEOUT_MS, PLACEHOLDER_DELAY_MS } from './constants';
import { lazyWithTimeout } from './lazy-with-timeout';
import { Widget } from './widget';

afterEach(() => vi.useRealTimers());

function Boom(): never {
  throw new Error('kaboom');
}

describe('widgets', () => {
  it('the placeholder waits 200-300 ms; the chart gives up after 10 s with its message', async () => {
    vi.useFakeTimers();
    const Never = lazyWithTimeout(
      () => new Promise<{ default: () => null }>(() => undefined),
      CHART_TIMEOUT_MS,
      DASHBOARD_MESSAGES.chartTimeout,
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MantineProvider>
        <Widget widget="chart" title="Revenue">
          <Never />
        </Widget>
      </MantineProvider>,
    );
    expect(screen.queryByTestId('widget-placeholder')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(PLACEHOLDER_DELAY_MS));
    expect(screen.getByTestId('widget-placeholder')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(CHART_TIMEOUT_MS));
    const fallback = screen.getByTestId('fallback-chart');
    expect(fallback).toHaveTextContent('Chart Error');
    expect(fallback).toHaveTextContent('Failed to load chart component');
  });

  it('a widget that throws shows its fallback, not the page boundary', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MantineProvider>
        <ErrorBoundary>
          <Widget widget="goals" title="Goals">
            <Boom />
          </Widget>
        </ErrorBoundary>
      </MantineProvider>,
    );
    expect(screen.getByTestId('fallback-goals')).toHaveTextContent('Goals Widget Error');
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });

  it('the page boundary: Something went wrong, the error text and Try Again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MantineProvider>
        <ErrorBoundary>
          <Boom />
        </ErrorBoundary>
      </MantineProvider>,
    );
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('kaboom')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
