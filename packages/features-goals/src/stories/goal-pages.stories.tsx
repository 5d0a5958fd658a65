import type { Meta, StoryObj } from '@storybook/react-vite';
import { screen, userEvent, within } from 'storybook/test';
import { GOAL_BADGES, GOAL_MESSAGES, type GoalAnalytics } from '@ledgerleaf/domain';
import { fail, ok, pending, screenStory, serverError, type StoryApi } from '@ledgerleaf/storybook-harness';
import { badge, contribution, income } from '../test/fixtures';
import { AnalyticsPage } from '../analytics/analytics-page';
import { BadgesPage } from '../badges/badges-page';
import { GoalDetailPage } from '../goals/goal-detail-page';
import { GoalsHost } from '../host/goals-host';
import { IncomePage } from '../income/income-page';
import { GoalsInfoPage } from '../info/goals-info-page';
import { goals, goalsAnswer } from './canned';

const meta = {
  title: 'Goals/Screens/Pages',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

// ---------------------------------------------------------------- goal detail (/goals/:id)

const [rent, laptop, holiday, revenue] = goals as [
  (typeof goals)[number],
  (typeof goals)[number],
  (typeof goals)[number],
  (typeof goals)[number],
];
const history = (
  rows = [
    contribution(),
    contribution({
      key: 'other_income-3',
      source_type: 'other_income',
      label: 'Other income from Consulting grant',
      amount: 100,
      date: '2026-11-15',
      invoice_id: null,
      invoice_number: null,
      payment_id: null,
      other_income_id: 3,
      other_income_source: 'Consulting grant',
    }),
    contribution({
      key: 'payment-9',
      label: 'Payment on invoice INV-2026-0009',
      amount: 75,
      date: '2026-10-30',
      invoice_id: 9,
      invoice_number: 'INV-2026-0009',
      payment_id: 31,
    }),
  ],
) => ({ data: rows, meta: { page: 1, per_page: 20, total: rows.length, last_page: 1 } });

const detail = (goal: typeof rent, api: StoryApi = {}) =>
  screenStory(<GoalDetailPage />, {
    path: '/goals/:id',
    route: `/goals/${goal.id}`,
    api: {
      [`GET /api/goals/${goal.id}`]: ok({ data: goal }),
      [`GET /api/goals/${goal.id}/contributions`]: ok({ ...history(), goal }),
      ...api,
    },
  });

/** Behind schedule: progress, pace needed, projection and the contributions linking back. */
export const DetailBehindSchedule: Story = detail(rent);
export const DetailOnTrack: Story = detail(laptop);
export const DetailCompleted: Story = detail(holiday);
/** A goal that tracks itself (revenue collected): no manual contributions. */
export const DetailTracked: Story = detail(revenue, {
  'GET /api/goals/4/contributions': ok({ ...history([]), goal: revenue }),
});
export const DetailNoContributions: Story = detail(rent, {
  'GET /api/goals/1/contributions': ok({ ...history([]), goal: rent }),
});
export const DetailLoading: Story = detail(rent, { 'GET /api/goals/1': pending });
export const DetailNotFound: Story = detail(rent, { 'GET /api/goals/1': fail(404, GOAL_MESSAGES.notFound) });
export const DetailLoadError: Story = detail(rent, { 'GET /api/goals/1': serverError });
/** Delete asks first. */
export const DetailDeleteConfirm: Story = {
  ...detail(rent),
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
  },
};
/** The edit modal, filled with the goal. */
export const DetailEditModal: Story = {
  ...detail(rent),
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await within(await screen.findByRole('dialog', { name: 'Edit goal' })).findByDisplayValue('Rent reserve');
  },
};

// ---------------------------------------------------------------- analytics (/goals/analytics)

const months = [
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
  '2026-11',
];
const contributed = [0, 120, 300, 180, 250, 90, 400, 310, 220, 500, 275, 325];
const cumulative = contributed.map((_, index) =>
  contributed.slice(0, index + 1).reduce((sum, value) => sum + value, 0),
);
const analytics: GoalAnalytics = {
  counts: { total: 4, achieved: 1, active: 3, behind_schedule: 2, paused: 0, cancelled: 0 },
  progress_over_time: months.map((month, index) => ({
    month,
    contributed: contributed[index]!,
    cumulative: cumulative[index]!,
  })),
  goal_series: [rent, laptop, revenue].map((goal) => ({
    goal_id: goal.id,
    title: goal.title,
    type: goal.type,
    color: goal.color,
    points: months.map((month, index) => {
      const amount = Math.round((goal.current_amount * (index + 1)) / months.length);
      return { month, amount, progress: Math.round((amount / goal.target_amount) * 100) };
    }),
  })),
  contributions_by_source: [
    { source_type: 'payment', label: 'Invoice payments', amount: 2450, count: 14 },
    { source_type: 'other_income', label: 'Consulting grant', amount: 500, count: 1 },
    { source_type: 'other_income', label: 'Equipment resale', amount: 20, count: 1 },
  ],
  status_breakdown: [
    { key: 'achieved', label: 'Achieved', count: 1 },
    { key: 'active', label: 'Active', count: 1 },
    { key: 'behind_schedule', label: 'Behind schedule', count: 2 },
  ],
};
const analyticsPage = (api: StoryApi) => screenStory(<AnalyticsPage />, { path: '/goals/analytics', api });

export const Analytics: Story = analyticsPage({ 'GET /api/goals/analytics': ok({ data: analytics }) });
export const AnalyticsEmpty: Story = analyticsPage({
  'GET /api/goals/analytics': ok({
    data: {
      ...analytics,
      counts: { total: 0, achieved: 0, active: 0, behind_schedule: 0, paused: 0, cancelled: 0 },
      goal_series: [],
      progress_over_time: [],
      contributions_by_source: [],
    },
  }),
});
export const AnalyticsLoading: Story = analyticsPage({ 'GET /api/goals/analytics': pending });
export const AnalyticsError: Story = analyticsPage({ 'GET /api/goals/analytics': serverError });

// ---------------------------------------------------------------- achievements (/goals/badges)

/** Every badge of the domain; the first three earned. */
const allBadges = GOAL_BADGES.map((definition, index) =>
  index < 3
    ? badge({
        ...definition,
        earned: true,
        earned_at: `2026-0${index + 3}-12T10:00:00Z`,
        goal_id: 1,
        goal_title: 'Rent reserve',
      })
    : badge({ ...definition, earned: false, earned_at: null, goal_id: null, goal_title: null }),
);
const badgesPage = (api: StoryApi) => screenStory(<BadgesPage />, { path: '/goals/badges', api });

export const Achievements: Story = badgesPage({
  'GET /api/goal-badges': ok({ data: allBadges, meta: { earned: 3, total: allBadges.length } }),
});
export const AchievementsNoneEarned: Story = badgesPage({
  'GET /api/goal-badges': ok({
    data: allBadges.map((item) => ({ ...item, earned: false, earned_at: null, goal_id: null, goal_title: null })),
    meta: { earned: 0, total: allBadges.length },
  }),
});
export const AchievementsLoading: Story = badgesPage({ 'GET /api/goal-badges': pending });
export const AchievementsError: Story = badgesPage({ 'GET /api/goal-badges': serverError });

// ---------------------------------------------------------------- guide (/goals-info)

/** How goals, allocations, other income and badges work; no API call. */
export const GoalsInfo: Story = screenStory(<GoalsInfoPage />, { path: '/goals-info', api: {} });

// ---------------------------------------------------------------- other income (/goals/income)

const incomeRows = [
  income(),
  income({
    id: 8,
    amount: 1200,
    income_date: '2026-10-02',
    source: 'Equipment resale',
    reference_number: null,
    description: 'Old espresso machine',
    goal_allocations: [{ goal_id: 2, goal_title: 'New laptop', amount: 1200 }],
    allocated_amount: 1200,
    unallocated_amount: 0,
  }),
  income({
    id: 9,
    amount: 80,
    income_date: '2026-09-14',
    source: 'Bank interest',
    reference_number: 'Q3',
    goal_allocations: [],
    allocated_amount: 0,
    unallocated_amount: 80,
  }),
];
const incomePage = (rows = incomeRows) => ({
  data: rows,
  meta: { page: 1, per_page: 25, total: rows.length, last_page: 1 },
  summary: { count: rows.length, total: rows.reduce((sum, row) => sum + row.amount, 0) },
});
const incomeScreen = (api: StoryApi) =>
  screenStory(
    <GoalsHost>
      <IncomePage />
    </GoalsHost>,
    { path: '/goals/income', api: { 'GET /api/goals': goalsAnswer(), ...api } },
  );

export const IncomeList: Story = incomeScreen({ 'GET /api/other-income': ok(incomePage()) });
export const IncomeEmpty: Story = incomeScreen({ 'GET /api/other-income': ok(incomePage([])) });
export const IncomeLoading: Story = incomeScreen({ 'GET /api/other-income': pending });
export const IncomeError: Story = incomeScreen({ 'GET /api/other-income': serverError });
