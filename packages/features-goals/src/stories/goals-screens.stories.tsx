import type { ReactNode } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { StoryApp, type StoryApi } from './story-app';
import { badge, goal, goalPage } from '../test/fixtures';
import { GoalsPage } from '../goals/goals-page';
import { BadgesPage } from '../badges/badges-page';
import { AllocatePaymentModal } from '../allocation/allocate-payment-modal';
import { OtherIncomeModal } from '../income/other-income-modal';

const meta = {
  title: 'Goals/Screens',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const goals = [
  goal({ id: 1, title: 'Rent reserve', current_amount: 250, target_amount: 1000 }),
  goal({ id: 2, title: 'New laptop', current_amount: 1800, target_amount: 2000, color: '#2f9e44', pace: { ...goal().pace, behind_schedule: false, on_track: true } }),
  goal({ id: 3, title: 'Holiday', current_amount: 500, target_amount: 500, status: 'completed', completed_at: '2026-10-01T10:00:00Z' }),
];

const screen = (path: string, element: ReactNode, api: StoryApi) => ({
  render: () => (
    <StoryApp api={api} path={path}>
      {element}
    </StoryApp>
  ),
});

export const Tracker: Story = screen('/goals', <GoalsPage />, { 'GET /api/goals': { status: 200, body: goalPage(goals) } });
export const TrackerLoading: Story = screen('/goals', <GoalsPage />, { 'GET /api/goals': 'pending' });
export const TrackerEmpty: Story = screen('/goals', <GoalsPage />, { 'GET /api/goals': { status: 200, body: goalPage([]) } });
export const TrackerError: Story = screen('/goals', <GoalsPage />, { 'GET /api/goals': { status: 500, body: { message: 'Server error' } } });

export const Achievements: Story = screen('/goals/badges', <BadgesPage />, {
  'GET /api/goal-badges': {
    status: 200,
    body: {
      data: [badge(), badge({ code: 'milestone_50', title: 'Halfway There', how_to_earn: 'Bring a goal to 50% of its target.', category: 'milestone', earned: false, earned_at: null, goal_id: null, goal_title: null })],
      meta: { earned: 1, total: 2 },
    },
  },
});

const payment = { invoice_id: 11, invoice_number: 'INV-2026-0011', payment_id: 40, payment_amount: 400 };
export const AllocatePayment: Story = screen('/', <AllocatePaymentModal payment={payment} onClose={() => {}} />, {
  'GET /api/goals': { status: 200, body: goalPage(goals) },
  'GET /api/invoices/11': { status: 200, body: { data: { id: 11, goal_id: 2 } } },
});
export const AllocatePaymentNoGoals: Story = screen('/', <AllocatePaymentModal payment={payment} onClose={() => {}} />, {
  'GET /api/goals': { status: 200, body: goalPage([]) },
  'GET /api/invoices/11': { status: 200, body: { data: { id: 11, goal_id: null } } },
});
export const OtherIncome: Story = screen('/', <OtherIncomeModal opened onClose={() => {}} />, { 'GET /api/goals': { status: 200, body: goalPage(goals) } });
