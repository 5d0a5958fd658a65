import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { GoalAnalytics } from '@ledgerleaf/domain';
import { json, renderPage, stubFetch } from '../test/render';
import { AnalyticsPage } from './analytics-page';
import { goalProgressOption, statusBreakdownOption } from './chart-options';

// jsdom draws no charts: the chart stands in as its accessible label.
vi.mock('@ledgerleaf/ui/chart', () => ({
  default: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

afterEach(() => vi.unstubAllGlobals());

const analytics: GoalAnalytics = {
  counts: { total: 3, achieved: 1, active: 2, behind_schedule: 1, paused: 0, cancelled: 0 },
  progress_over_time: [
    { month: '2026-10', contributed: 200, cumulative: 200 },
    { month: '2026-11', contributed: 300, cumulative: 500 },
  ],
  goal_series: [
    {
      goal_id: 1,
      title: 'Rent reserve',
      type: 'financial',
      color: null,
      points: [
        { month: '2026-10', amount: 200, progress: 20 },
        { month: '2026-11', amount: 500, progress: 50 },
      ],
    },
  ],
  contributions_by_source: [
    { source_type: 'payment', label: 'Invoice payments', amount: 400, count: 2 },
    { source_type: 'other_income', label: 'Consulting grant', amount: 100, count: 1 },
  ],
  status_breakdown: [
    { key: 'achieved', label: 'Achieved', count: 1 },
    { key: 'active', label: 'Active', count: 1 },
    { key: 'behind_schedule', label: 'Behind schedule', count: 1 },
  ],
};

describe('Goal analytics', () => {
  it('shows the counts, each chart with its label and the same figures as tables', async () => {
    stubFetch({ 'GET /api/goals/analytics': json(200, { data: analytics }) });
    renderPage(<AnalyticsPage />);
    expect(screen.getAllByTestId('card-skeleton').length).toBeGreaterThan(0);
    expect(await screen.findByRole('heading', { name: 'Progress over time' })).toBeInTheDocument();
    expect(await screen.findAllByRole('img')).toHaveLength(4);
    expect(
      await screen.findByRole('img', { name: /Invoice payments \$400\.00, Consulting grant \$100\.00/ }),
    ).toBeInTheDocument();
    const progress = screen.getByRole('table', { name: 'Progress over time' });
    expect(within(progress).getByRole('columnheader', { name: 'Nov 2026' })).toBeInTheDocument();
    expect(within(progress).getByText('50%')).toBeInTheDocument();
    const money = screen.getByRole('table', { name: 'Money into financial goals' });
    expect(within(money).getByText('$500.00')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Achieved, active and behind schedule' })).getByText('Behind schedule'),
    ).toBeInTheDocument();
  });

  it('invites to create a goal when there are none', async () => {
    stubFetch({
      'GET /api/goals/analytics': json(200, {
        data: {
          ...analytics,
          counts: { ...analytics.counts, total: 0 },
          goal_series: [],
          progress_over_time: [],
          contributions_by_source: [],
        },
      }),
    });
    renderPage(<AnalyticsPage />);
    expect(await screen.findByText('No goals to analyse yet')).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    stubFetch({ 'GET /api/goals/analytics': json(500, {}) });
    renderPage(<AnalyticsPage />);
    expect(await screen.findByText('Analytics could not be loaded')).toBeInTheDocument();
  });

  it('builds chart options from the analytics (progress capped at 100, status colours)', () => {
    const over = {
      ...analytics,
      goal_series: [{ ...analytics.goal_series[0]!, points: [{ month: '2026-11', amount: 2000, progress: 180 }] }],
    };
    expect(goalProgressOption(over).series[0]!.data).toEqual([100]);
    expect(statusBreakdownOption(analytics).series[0]!.data.map((point) => point.value)).toEqual([1, 1, 1]);
  });
});
