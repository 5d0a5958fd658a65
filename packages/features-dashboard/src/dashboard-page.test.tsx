import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import {
  DASHBOARD_MESSAGES,
  DASHBOARD_WIDGET_FALLBACKS,
  numberFormatCacheSize,
  trendLineCacheSize,
} from '@ledgerleaf/domain';
import { DashboardPage } from './dashboard-page';
import { dashboardMemory } from './use-dashboard';
import { money } from './shared/format';
import { REFRESH_INTERVAL_MS } from './shared/constants';
import { json, renderPage, stubFetch } from './test/render';
import {
  activityFixture,
  crmFixture,
  goalsFixture,
  leadsFixture,
  newBusinessSummary,
  pipelineFixture,
  revenueFixture,
  summaryFixture,
} from './test/fixtures';

// jsdom draws no charts: the chart is a labelled box (its text summary and table are the widget's own).
vi.mock('@ledgerleaf/ui/chart', () => ({
  Chart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
  default: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

type Routes = Parameters<typeof stubFetch>[0];

const ANSWERS: Routes = {
  'GET /api/dashboard/summary': json(200, summaryFixture),
  'GET /api/dashboard/revenue-data': json(200, revenueFixture),
  'GET /api/goals': json(200, goalsFixture),
  'GET /api/dashboard/crm-overview': json(200, crmFixture),
  'GET /api/dashboard/crm-pipeline': json(200, pipelineFixture),
  'GET /api/dashboard/recent-activity': json(200, activityFixture),
  'GET /api/dashboard/lead-analytics': json(200, leadsFixture),
};

/** Fresh responses per call (a Response body reads once). */
function answers(overrides: Routes = {}): Routes {
  const all = { ...ANSWERS, ...overrides };
  return Object.fromEntries(
    Object.entries(all).map(([key, value]) => [key, typeof value === 'function' ? value : () => value.clone()]),
  );
}

function renderDashboard(overrides: Routes = {}) {
  const calls = stubFetch(answers(overrides));
  const view = renderPage(<DashboardPage />, {
    path: '/dashboard',
    route: '/dashboard',
    extraRoutes: [{ path: '/clients', element: <p>Clients page</p> }],
  });
  return { calls, ...view };
}

const paths = (calls: Array<{ path: string }>) => calls.map((call) => call.path);

beforeEach(() => {
  dashboardMemory.lastRefresh = null;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('staged loading (SPEC.md section 4)', () => {
  it('loads KPIs, revenue, then goals and CRM together, then activity, and stores the refresh time', async () => {
    let releaseSummary!: () => void;
    const summaryGate = new Promise<void>((resolve) => (releaseSummary = resolve));
    const { calls } = renderDashboard({
      'GET /api/dashboard/summary': async () => {
        await summaryGate;
        return json(200, summaryFixture);
      },
    });
    // Four KPI skeletons while the summary loads, and nothing else asked yet.
    expect(await screen.findAllByTestId('kpi-skeleton')).toHaveLength(4);
    expect(paths(calls)).toEqual(['/api/dashboard/summary']);
    releaseSummary();

    await screen.findByTestId('revenue-summary');
    await screen.findByText('Payment of $400.00 recorded');
    await waitFor(() => expect(screen.getByTestId('last-refresh')).toHaveTextContent('Updated'));
    const order = paths(calls);
    expect(order[0]).toBe('/api/dashboard/summary');
    expect(order[1]).toBe('/api/dashboard/revenue-data');
    expect(new Set(order.slice(2, 5))).toEqual(
      new Set(['/api/goals', '/api/dashboard/crm-overview', '/api/dashboard/crm-pipeline']),
    );
    expect(new Set(order.slice(5, 7))).toEqual(
      new Set(['/api/dashboard/recent-activity', '/api/dashboard/lead-analytics']),
    );
    expect(order).toHaveLength(7);
    expect(dashboardMemory.lastRefresh).not.toBeNull();
  });

  it('a widget appears only after its stage: the activity feed waits for the activity', async () => {
    let releaseActivity!: () => void;
    const gate = new Promise<void>((resolve) => (releaseActivity = resolve));
    renderDashboard({
      'GET /api/dashboard/recent-activity': async () => {
        await gate;
        return json(200, activityFixture);
      },
    });
    // Goals and CRM widgets are in; lead analytics and the feed are not until the activity arrives.
    await screen.findByText('Emergency fund');
    expect(screen.queryByTestId('lead-count')).not.toBeInTheDocument();
    expect(screen.queryByText('Payment of $400.00 recorded')).not.toBeInTheDocument();
    releaseActivity();
    expect(await screen.findByTestId('lead-count')).toHaveTextContent('4');
    expect(await screen.findByText('Payment of $400.00 recorded')).toBeInTheDocument();
  });

  it('shows the figures: KPIs with counts, the trend, client analytics, pipeline, links', async () => {
    renderDashboard();
    const kpis = await screen.findByTestId('kpis');
    await waitFor(() => expect(within(kpis).getByText('$12,480.00')).toBeInTheDocument());
    expect(within(kpis).getByText('7 invoices')).toBeInTheDocument();
    expect(within(kpis).getByText('3 invoices · 7 days including today')).toBeInTheDocument();
    expect(
      within(kpis).getByRole('button', {
        name: /About Due This Week: Shows invoices due within the next 7 days \(including today\)\./,
      }),
    ).toBeInTheDocument();
    expect(within(kpis).getByText('+12.5%')).toBeInTheDocument();
    expect(within(kpis).getByTestId('summary-card-trend')).toHaveAttribute('data-trend', 'up');
    expect(within(kpis).getByTestId('revenue-trend-line')).toBeInTheDocument();
    expect(within(kpis).getByRole('link', { name: 'Unpaid invoices' })).toHaveAttribute(
      'href',
      '/invoices/all?status=unpaid',
    );
    expect(within(kpis).getByRole('link', { name: 'Invoices due this week' })).toHaveAttribute(
      'href',
      '/invoices/all?status=unpaid&due_from=2026-11-24&due_to=2026-11-30&sort=due_date&direction=asc',
    );
    await waitFor(() => expect(within(kpis).getByText('$56,000.00')).toBeInTheDocument());
    expect(within(kpis).getByText('9 opportunities')).toBeInTheDocument();
    expect(await screen.findByTestId('client-Active')).toHaveTextContent('18');
    expect(screen.getByRole('link', { name: 'Client Management' })).toHaveAttribute('href', '/clients');
    expect(await screen.findByRole('link', { name: 'Sales Pipeline' })).toHaveAttribute('href', '/crm/opportunities');
    expect(screen.getByRole('link', { name: 'New Estimate' })).toHaveAttribute('href', '/estimates/create');
    expect(screen.getByRole('link', { name: 'INV-0012' })).toHaveAttribute('href', '/invoices/12');
  });

  it("lead analytics: every rate names its window, the table's, and each source is followed to invoiced and paid", async () => {
    renderDashboard();
    const table = await screen.findByRole('table', { name: 'Leads by source' });
    // The rates are lead analytics' own (over the table's period), not the overview's (25 %).
    expect(screen.getByTestId('lead-conversion-rate')).toHaveTextContent('33.3%');
    expect(screen.getByTestId('lead-win-rate')).toHaveTextContent('50%');
    expect(screen.getAllByText('last 90 days')).toHaveLength(2);
    expect(screen.getByTestId('lead-analytics-period')).toHaveTextContent(
      'Leads created, and opportunities won: Last 90 days (09/01/26 – 11/29/26)',
    );
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Source', 'Leads', 'Converted', 'Invoiced', 'Paid']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Referral', '6', '2', '$5,000.00', '$2,000.00']);
    expect(screen.getByRole('link', { name: 'Lead sources report' })).toHaveAttribute(
      'href',
      '/reports?report=lead_sources&preset=custom&from=2026-09-01&to=2026-11-29',
    );
  });

  it('after a month without revenue the trend says New', async () => {
    renderDashboard({ 'GET /api/dashboard/summary': json(200, { ...summaryFixture, revenueTrend: null }) });
    const trend = await screen.findByTestId('summary-card-trend');
    expect(trend).toHaveAttribute('data-trend', 'new');
    expect(trend).toHaveTextContent('New');
  });

  it('a new business sees the welcome banner', async () => {
    renderDashboard({ 'GET /api/dashboard/summary': json(200, newBusinessSummary) });
    expect(await screen.findByTestId('welcome-banner')).toHaveTextContent(DASHBOARD_MESSAGES.welcome);
  });
});

describe('errors and fallbacks (SPEC.md section 8)', () => {
  it('a failed staged load says so in the Dashboard Error box', async () => {
    renderDashboard({ 'GET /api/dashboard/summary': json(500, { message: 'Server Error' }) });
    const box = await screen.findByTestId('dashboard-error');
    expect(box).toHaveTextContent(DASHBOARD_MESSAGES.errorTitle);
    expect(box).toHaveTextContent('Failed to load dashboard data. Please refresh the page.');
  });

  it.each([
    ['chart', 'GET /api/dashboard/revenue-data'],
    ['goals', 'GET /api/goals'],
    ['crm', 'GET /api/dashboard/crm-pipeline'],
    ['leads', 'GET /api/dashboard/lead-analytics'],
    ['activity', 'GET /api/dashboard/recent-activity'],
  ] as const)('a failing %s widget shows its yellow fallback', async (widget, route) => {
    renderDashboard({ [route]: json(500, { message: 'Server Error' }) });
    const fallback = await screen.findByTestId(`fallback-${widget}`);
    expect(fallback).toHaveTextContent(DASHBOARD_WIDGET_FALLBACKS[widget].title);
    expect(fallback).toHaveTextContent(DASHBOARD_WIDGET_FALLBACKS[widget].message);
  });

  it('goals and CRM failures are tolerated: the load goes on to the activity', async () => {
    renderDashboard({
      'GET /api/goals': json(500, { message: 'x' }),
      'GET /api/dashboard/crm-overview': json(500, { message: 'x' }),
    });
    expect(await screen.findByText('Payment of $400.00 recorded')).toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-error')).not.toBeInTheDocument();
  });

  it('the fallback strings are the SPEC’s', () => {
    expect(Object.values(DASHBOARD_WIDGET_FALLBACKS).map((fallback) => fallback.title)).toEqual([
      'Chart Error',
      'Goals Widget Error',
      'CRM Chart Error',
      'Lead Analytics Error',
      'Activity Feed Error',
    ]);
    expect(DASHBOARD_WIDGET_FALLBACKS.chart.message).toBe(
      'There was an error loading the chart. Please try refreshing.',
    );
    expect(DASHBOARD_MESSAGES.chartTimeout).toBe('Failed to load chart component');
    expect(DASHBOARD_MESSAGES.refreshFailed).toBe('Failed to load dashboard data. Please try again later.');
    expect(DASHBOARD_MESSAGES.summaryFailed).toBe('Failed to load financial data');
  });
});

describe('refresh rules (SPEC.md sections 4 and 9)', () => {
  it('returning from another route reloads nothing but the activity', async () => {
    const { calls, router } = renderDashboard();
    await waitFor(() => expect(screen.getByTestId('last-refresh')).toHaveTextContent('Updated'));
    const before = calls.length;
    await act(() => router.navigate('/clients'));
    await screen.findByText('Clients page');
    await act(() => router.navigate('/dashboard'));
    await screen.findByText('Payment of $400.00 recorded');
    await waitFor(() => expect(paths(calls.slice(before))).toEqual(['/api/dashboard/recent-activity']));
    // No staged load again: the KPIs are there at once.
    expect(screen.queryByTestId('kpi-skeleton')).not.toBeInTheDocument();
  });

  it('the Refresh button is debounced (500 ms) and a full refresh failure shows the banner', async () => {
    let failing = false;
    const { calls, user } = renderDashboard({
      'GET /api/dashboard/revenue-data': () => (failing ? json(500, { message: 'x' }) : json(200, revenueFixture)),
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled());
    const before = calls.length;
    failing = true;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByTestId('refresh-error')).toHaveTextContent(
      'Failed to load dashboard data. Please try again later.',
    );
    // Three clicks, one refresh: each call once.
    expect(paths(calls.slice(before)).filter((path) => path === '/api/dashboard/summary')).toHaveLength(1);
  });

  it('the summary refreshes every interval, skipped while one loads; a failure says so', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let summaries = 0;
    let failNext = false;
    renderDashboard({
      'GET /api/dashboard/summary': () => {
        summaries += 1;
        return failNext ? json(500, { message: 'x' }) : json(200, summaryFixture);
      },
    });
    await waitFor(() => expect(screen.getByTestId('last-refresh')).toHaveTextContent('Updated'));
    expect(summaries).toBe(1);
    failNext = true;
    await act(() => vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS));
    expect(await screen.findByTestId('summary-error')).toHaveTextContent('Failed to load financial data');
    expect(summaries).toBe(2);
  });
});

describe('caches (SPEC.md section 9)', () => {
  it('the number-format cache holds at most 500 entries and the trend-line cache 100', async () => {
    for (let index = 0; index < 800; index += 1) money(index + 0.25);
    expect(numberFormatCacheSize()).toBe(500);
    expect(money('1234.5')).toBe('$1,234.50');
    expect(money(null)).toBe('$0.00');
    expect(money('abc')).toBe('$0.00');
    const { rerender } = renderDashboard();
    void rerender;
    await screen.findAllByTestId('revenue-trend-line');
    expect(trendLineCacheSize()).toBeLessThanOrEqual(100);
  });
});
