import type { Goal, GoalBadge, GoalContribution, OtherIncome } from '@ledgerleaf/domain';

export function goal(overrides: Partial<Goal> = {}): Goal {
  return {
    id: 1,
    title: 'Emergency fund',
    description: null,
    type: 'financial',
    unit: 'money',
    tracks_automatically: false,
    target_amount: 1000,
    current_amount: 250,
    progress: 25,
    remaining_amount: 750,
    start_date: '2026-01-01',
    target_date: '2026-12-31',
    status: 'active',
    is_active: true,
    category: null,
    color: null,
    pace: {
      days_left: 39,
      required_per_month: 585.34,
      current_per_month: 23.5,
      projected_at_target_date: 280,
      on_track: false,
      behind_schedule: true,
    },
    completed_at: null,
    created_at: '2026-01-01T10:00:00Z',
    updated_at: '2026-01-01T10:00:00Z',
    ...overrides,
  };
}

export function goalPage(
  goals: Goal[],
  meta: Partial<{ page: number; per_page: number; total: number; last_page: number }> = {},
) {
  return { data: goals, meta: { page: 1, per_page: 24, total: goals.length, last_page: 1, ...meta } };
}

export function contribution(overrides: Partial<GoalContribution> = {}): GoalContribution {
  return {
    key: 'payment-12',
    source_type: 'payment',
    label: 'Payment on invoice INV-2026-0012',
    amount: 150,
    date: '2026-11-20',
    invoice_id: 12,
    invoice_number: 'INV-2026-0012',
    payment_id: 40,
    other_income_id: null,
    other_income_source: null,
    client_id: null,
    created_at: '2026-11-20T09:00:00Z',
    ...overrides,
  };
}

export function badge(overrides: Partial<GoalBadge> = {}): GoalBadge {
  return {
    code: 'first_goal_created',
    title: 'First Step',
    how_to_earn: 'Create your first goal.',
    category: 'goals',
    earned: true,
    earned_at: '2026-11-02T10:00:00Z',
    goal_id: 1,
    goal_title: 'Emergency fund',
    ...overrides,
  };
}

export function income(overrides: Partial<OtherIncome> = {}): OtherIncome {
  return {
    id: 7,
    amount: 500,
    income_date: '2026-11-15',
    source: 'Consulting grant',
    reference_number: 'GR-1',
    description: null,
    goal_allocations: [{ goal_id: 1, goal_title: 'Emergency fund', amount: 200 }],
    allocated_amount: 200,
    unallocated_amount: 300,
    created_at: '2026-11-15T10:00:00Z',
    updated_at: '2026-11-15T10:00:00Z',
    ...overrides,
  };
}
