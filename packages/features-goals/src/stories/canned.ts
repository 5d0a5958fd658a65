/*
 * Canned goals for the goals stories (Storybook only; no product code imports this), built from the
 * test fixtures in `../test/fixtures`.
 */
import { goal, goalPage } from '../test/fixtures';

/** Three goals in different states: behind schedule, on track, completed; and a tracked (automatic) one. */
export const goals = [
  goal({ id: 1, title: 'Rent reserve', current_amount: 250, target_amount: 1000 }),
  goal({
    id: 2,
    title: 'New laptop',
    current_amount: 1800,
    target_amount: 2000,
    progress: 90,
    remaining_amount: 200,
    color: '#2f9e44',
    category: 'Equipment',
    pace: { ...goal().pace, behind_schedule: false, on_track: true },
  }),
  goal({
    id: 3,
    title: 'Holiday',
    current_amount: 500,
    target_amount: 500,
    progress: 100,
    remaining_amount: 0,
    status: 'completed',
    is_active: false,
    completed_at: '2026-10-01T10:00:00Z',
  }),
  goal({
    id: 4,
    title: 'Collect $20k this year',
    type: 'revenue_collected',
    tracks_automatically: true,
    target_amount: 20000,
    current_amount: 13250,
    progress: 66,
    remaining_amount: 6750,
    color: '#7048e8',
    pace: {
      ...goal().pace,
      required_per_month: 5192.31,
      current_per_month: 1204.55,
      projected_at_target_date: 14500,
      behind_schedule: true,
      on_track: false,
    },
  }),
];

/** The answer of `GET /api/goals` (the tracker, and the modals' list of active financial goals). */
export const goalsAnswer = (list = goals) => ({ status: 200, body: goalPage(list) });

/** The active financial goals the allocation and other income modals offer. */
export const financialGoals = goals.filter((item) => item.type === 'financial' && item.status === 'active');
