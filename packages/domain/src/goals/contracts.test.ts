import { describe, expect, it } from 'vitest';
import { toFieldErrors } from '../errors';
import {
  ALLOCATION_MESSAGES,
  GOAL_MESSAGES,
  GOAL_STATUS_CHOICES,
  GOAL_STATUS_LABELS,
  OTHER_INCOME_MESSAGES,
  allocationPreferenceRequestSchema,
  allocationRequestSchema,
  goalActionResult,
  goalInputSchema,
  goalListQuerySchema,
  goalUnit,
  otherIncomeRequestSchema,
} from '.';
import { goalPace, goalProgressPercent, daysBetween, roundProgressDown } from './progress';
import { GOAL_BADGES, GOAL_BADGE_CODES, earnedBadges } from './badges';

function errorsOf(schema: { safeParse: (value: unknown) => { success: boolean; error?: unknown } }, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return toFieldErrors(result.error as never);
}

const income = { amount: 100, income_date: '2026-03-01', source: 'Consulting', reference_number: '', description: '' };

describe('other income request (SPEC.md section 5 messages)', () => {
  it('accepts a valid income without goals', () => {
    const parsed = otherIncomeRequestSchema.parse(income);
    expect(parsed).toMatchObject({ amount: 100, reference_number: null, description: null, goal_allocations: [] });
  });
  it('amount must be present and greater than zero', () => {
    for (const amount of [undefined, null, 0, -1, 'abc', Number.NaN]) {
      expect(errorsOf(otherIncomeRequestSchema, { ...income, amount }).amount).toEqual([
        OTHER_INCOME_MESSAGES.amountInvalid,
      ]);
    }
    expect(errorsOf(otherIncomeRequestSchema, { ...income, amount: 0.01 })).toEqual({});
    expect(errorsOf(otherIncomeRequestSchema, { ...income, amount: 1.001 }).amount).toEqual([
      'Amount may have at most 2 decimals',
    ]);
  });
  it('date and source are required', () => {
    expect(errorsOf(otherIncomeRequestSchema, { ...income, income_date: '' }).income_date).toEqual([
      OTHER_INCOME_MESSAGES.dateRequired,
    ]);
    expect(errorsOf(otherIncomeRequestSchema, { ...income, income_date: undefined }).income_date).toEqual([
      OTHER_INCOME_MESSAGES.dateRequired,
    ]);
    expect(errorsOf(otherIncomeRequestSchema, { ...income, income_date: '2026-02-30' }).income_date).toEqual([
      'Please enter a valid date (YYYY-MM-DD)',
    ]);
    expect(errorsOf(otherIncomeRequestSchema, { ...income, source: '  ' }).source).toEqual([
      OTHER_INCOME_MESSAGES.sourceRequired,
    ]);
    expect(errorsOf(otherIncomeRequestSchema, { ...income, source: null }).source).toEqual([
      OTHER_INCOME_MESSAGES.sourceRequired,
    ]);
  });
  it('allocations may not exceed the amount', () => {
    const errors = errorsOf(otherIncomeRequestSchema, {
      ...income,
      goal_allocations: [
        { goal_id: 1, amount: 60 },
        { goal_id: 2, amount: 40.01 },
      ],
    });
    expect(errors).toEqual({ goal_allocations: [OTHER_INCOME_MESSAGES.allocationsExceed] });
  });
  it('allocations that total zero are refused; zero lines are dropped otherwise', () => {
    expect(errorsOf(otherIncomeRequestSchema, { ...income, goal_allocations: [{ goal_id: 1, amount: 0 }] })).toEqual({
      goal_allocations: [OTHER_INCOME_MESSAGES.allocationsZero],
    });
    const parsed = otherIncomeRequestSchema.parse({
      ...income,
      goal_allocations: [
        { goal_id: 1, amount: 0 },
        { goal_id: '2', amount: 100 },
      ],
    });
    expect(parsed.goal_allocations).toEqual([{ goal_id: 2, amount: 100 }]);
  });
  it('a line with a negative amount, no goal, or a repeated goal is keyed to the line', () => {
    const errors = errorsOf(otherIncomeRequestSchema, {
      ...income,
      goal_allocations: [
        { goal_id: 1, amount: -1 },
        { goal_id: 'x', amount: 1 },
      ],
    });
    expect(errors['goal_allocations.0.amount']).toEqual(['Amount may not be negative']);
    expect(errors['goal_allocations.1.goal_id']).toEqual([OTHER_INCOME_MESSAGES.goalRequired]);
    expect(
      errorsOf(otherIncomeRequestSchema, {
        ...income,
        goal_allocations: [
          { goal_id: 1, amount: 1 },
          { goal_id: 1, amount: 1 },
        ],
      })['goal_allocations.1.goal_id'],
    ).toEqual([OTHER_INCOME_MESSAGES.goalRepeated]);
  });
  it('one cent allocations sum exactly (0.1 + 0.2 is not over 0.3)', () => {
    expect(
      errorsOf(otherIncomeRequestSchema, {
        ...income,
        amount: 0.3,
        goal_allocations: [
          { goal_id: 1, amount: 0.1 },
          { goal_id: 2, amount: 0.2 },
        ],
      }),
    ).toEqual({});
  });
  it('refuses unknown fields', () => {
    expect(errorsOf(otherIncomeRequestSchema, { ...income, extra: 1 }).extra).toBeDefined();
  });
});

describe('allocation request', () => {
  const request = { invoice_id: 3, payment_id: 7, payment_amount: 100, allocations: [{ goal_id: 1, amount: 100 }] };
  it('accepts a valid request, payment_id optional', () => {
    expect(allocationRequestSchema.parse(request)).toEqual(request);
    expect(allocationRequestSchema.parse({ ...request, payment_id: undefined }).payment_id).toBeNull();
  });
  it('refuses a total over the payment, empty, zero and negative lines', () => {
    expect(
      errorsOf(allocationRequestSchema, {
        ...request,
        allocations: [
          { goal_id: 1, amount: 60 },
          { goal_id: 2, amount: 40.01 },
        ],
      }),
    ).toEqual({ allocations: [ALLOCATION_MESSAGES.exceedsPayment] });
    expect(errorsOf(allocationRequestSchema, { ...request, allocations: [] })).toEqual({
      allocations: [ALLOCATION_MESSAGES.allocationsRequired],
    });
    expect(
      errorsOf(allocationRequestSchema, { ...request, allocations: [{ goal_id: 1, amount: 0 }] })[
        'allocations.0.amount'
      ],
    ).toEqual([ALLOCATION_MESSAGES.allocationAmountPositive]);
    expect(
      errorsOf(allocationRequestSchema, { ...request, allocations: [{ goal_id: 1, amount: -2 }] })[
        'allocations.0.amount'
      ],
    ).toEqual([ALLOCATION_MESSAGES.allocationAmountPositive]);
    expect(
      errorsOf(allocationRequestSchema, { ...request, allocations: [{ goal_id: 1, amount: 'x' }] })[
        'allocations.0.amount'
      ],
    ).toEqual([ALLOCATION_MESSAGES.allocationAmountInvalid]);
    expect(errorsOf(allocationRequestSchema, { ...request, payment_amount: 0 }).payment_amount).toEqual([
      ALLOCATION_MESSAGES.paymentAmountInvalid,
    ]);
    expect(errorsOf(allocationRequestSchema, { ...request, invoice_id: 'abc' }).invoice_id).toEqual([
      ALLOCATION_MESSAGES.invoiceRequired,
    ]);
  });
  it('preference is a boolean', () => {
    expect(allocationPreferenceRequestSchema.parse({ show_allocation_modal: false })).toEqual({
      show_allocation_modal: false,
    });
    expect(errorsOf(allocationPreferenceRequestSchema, { show_allocation_modal: 'no' }).show_allocation_modal).toEqual([
      ALLOCATION_MESSAGES.preferenceInvalid,
    ]);
  });
});

describe('goal request', () => {
  const goal = { title: 'Emergency fund', type: 'financial', target_amount: 5000, target_date: '2026-12-31' };
  it('accepts a minimal goal with defaults', () => {
    expect(goalInputSchema.parse(goal)).toMatchObject({
      title: 'Emergency fund',
      type: 'financial',
      description: null,
      current_amount: null,
      start_date: null,
      category: null,
      color: null,
    });
    expect(goalInputSchema.parse({ ...goal, type: undefined, color: '#4C6EF5' })).toMatchObject({
      type: undefined,
      color: '#4c6ef5',
    });
    expect(goalInputSchema.parse({ ...goal, color: '', current_amount: 250.5 })).toMatchObject({
      color: null,
      current_amount: 250.5,
    });
  });
  it('refuses a missing title, a zero target and a target date before the start', () => {
    expect(errorsOf(goalInputSchema, { ...goal, title: ' ' }).title).toEqual([GOAL_MESSAGES.titleRequired]);
    expect(errorsOf(goalInputSchema, { ...goal, target_amount: 0 }).target_amount).toEqual([
      GOAL_MESSAGES.targetRequired,
    ]);
    expect(errorsOf(goalInputSchema, { ...goal, target_amount: undefined }).target_amount).toEqual([
      GOAL_MESSAGES.targetRequired,
    ]);
    expect(errorsOf(goalInputSchema, { ...goal, start_date: '2027-01-01' }).target_date).toEqual([
      GOAL_MESSAGES.targetDateBeforeStart,
    ]);
    expect(errorsOf(goalInputSchema, { ...goal, target_date: '' }).target_date).toEqual([
      GOAL_MESSAGES.targetDateRequired,
    ]);
    expect(errorsOf(goalInputSchema, { ...goal, status: 'done' }).status).toEqual([GOAL_MESSAGES.statusInvalid]);
    expect(errorsOf(goalInputSchema, { ...goal, color: 'red' }).color).toEqual([GOAL_MESSAGES.colorInvalid]);
    expect(errorsOf(goalInputSchema, { ...goal, type: 'savings' }).type).toEqual([GOAL_MESSAGES.typeInvalid]);
  });
  it('new client goals count whole clients', () => {
    expect(errorsOf(goalInputSchema, { ...goal, type: 'new_clients', target_amount: 2.5 }).target_amount).toEqual([
      GOAL_MESSAGES.targetCountInvalid,
    ]);
    expect(errorsOf(goalInputSchema, { ...goal, type: 'new_clients', target_amount: 12 })).toEqual({});
    expect(goalUnit('new_clients')).toBe('count');
    expect(goalUnit('revenue_collected')).toBe('money');
  });
  it('list query: SPEC.md section 7 filters and defaults', () => {
    expect(goalListQuerySchema.parse({ type: 'financial', status: 'active' })).toMatchObject({
      type: 'financial',
      status: 'active',
      sort: 'created_at',
      direction: 'desc',
      page: 1,
    });
    expect(goalListQuerySchema.safeParse({ status: 'done' }).success).toBe(false);
  });
  it('status actions', () => {
    expect(goalActionResult('active', 'pause')).toBe('paused');
    expect(goalActionResult('in_progress', 'pause')).toBe('paused');
    expect(goalActionResult('paused', 'pause')).toBeNull();
    expect(goalActionResult('paused', 'resume')).toBe('active');
    expect(goalActionResult('completed', 'resume')).toBeNull();
    expect(goalActionResult('paused', 'complete')).toBe('completed');
    expect(goalActionResult('completed', 'complete')).toBeNull();
    expect(goalActionResult('cancelled', 'cancel')).toBeNull();
    expect(GOAL_MESSAGES.actionNotAllowed('pause', 'completed')).toBe('A completed goal cannot be paused.');
    expect(GOAL_MESSAGES.actionNotAllowed('resume', 'in_progress')).toBe('An active goal cannot be resumed.');
  });

  it('labels active and in_progress goals alike (issue 11: one label for one kind of goal)', () => {
    expect(GOAL_STATUS_LABELS.in_progress).toBe(GOAL_STATUS_LABELS.active);
    expect(GOAL_STATUS_CHOICES.map((status) => GOAL_STATUS_LABELS[status])).toEqual(['Active', 'Paused']);
  });
});

describe('goal progress (SPEC.md section 3)', () => {
  it('current / target capped at 100, 0 when the target is 0', () => {
    expect(goalProgressPercent(50, 200)).toBe(25);
    expect(goalProgressPercent(300, 200)).toBe(100);
    expect(goalProgressPercent(5, 0)).toBe(0);
    expect(goalProgressPercent(0, 100)).toBe(0);
    expect(goalProgressPercent(-5, 100)).toBe(0);
    expect(goalProgressPercent('25', '50')).toBe(50);
    expect(goalProgressPercent('x', 50)).toBe(0);
    expect(goalProgressPercent(1, 3)).toBeCloseTo(33.333, 2);
  });

  it('the API figure is rounded down to 2 decimals: a goal short of its target never reads 100', () => {
    expect(roundProgressDown(goalProgressPercent(99_996, 100_000))).toBe(99.99);
    expect(roundProgressDown(goalProgressPercent(100_000, 100_000))).toBe(100);
    expect(roundProgressDown(goalProgressPercent(1, 3))).toBe(33.33);
    expect(roundProgressDown(goalProgressPercent(2, 3))).toBe(66.66);
    expect(roundProgressDown(29)).toBe(29);
    expect(roundProgressDown(0.29 * 100)).toBe(29);
    expect(roundProgressDown(Number.NaN)).toBe(0);
    expect(roundProgressDown(-1)).toBe(0);
  });
});

describe('goal pace', () => {
  const base = {
    target: 12_000_00,
    current: 3_000_00,
    start_date: '2026-01-01',
    target_date: '2026-12-31',
    status: 'active',
  };
  it('remaining, days left, pace needed and projection', () => {
    const pace = goalPace(base, '2026-04-01');
    expect(pace.remaining).toBe(9_000_00);
    expect(pace.days_left).toBe(daysBetween('2026-04-01', '2026-12-31'));
    expect(pace.days_left).toBe(274);
    expect(pace.required_per_month).toBe(Math.round((9_000_00 / 274) * 30.4375));
    // 3,000 in 90 days: 10,000 more by the end at that pace
    expect(pace.projected_at_target_date).toBe(Math.round(3_000_00 + (3_000_00 / 90) * 274));
    expect(pace.on_track).toBe(true);
    expect(pace.behind_schedule).toBe(false);
  });
  it('in its first month the pace is what came in so far (issue 27 item 14)', () => {
    const small = {
      target: 1_500_00,
      current: 750_00,
      start_date: '2026-11-28',
      target_date: '2027-01-28',
      status: 'active',
    };
    // $750 on day one: $750 per month so far, and two months at that pace reach $1,500.
    const dayOne = goalPace(small, '2026-11-28');
    expect(dayOne.current_per_month).toBe(750_00);
    expect(dayOne.projected_at_target_date).toBeGreaterThanOrEqual(1_500_00);
    expect(dayOne.on_track).toBe(true);
    expect(goalPace(small, '2026-12-10').current_per_month).toBe(750_00);
    // After the first month, the average since the start.
    expect(goalPace(small, '2027-01-27').current_per_month).toBe(Math.round((750_00 / 60) * 30.4375));
  });
  it('behind schedule when progress lags the elapsed share of the period', () => {
    expect(goalPace({ ...base, current: 1_000_00 }, '2026-07-01').behind_schedule).toBe(true);
    expect(goalPace({ ...base, current: 1_000_00, status: 'paused' }, '2026-07-01').behind_schedule).toBe(false);
  });
  it('past the deadline: everything remaining is due now', () => {
    const pace = goalPace(base, '2027-01-10');
    expect(pace.days_left).toBe(-10);
    expect(pace.required_per_month).toBe(9_000_00);
    expect(pace.projected_at_target_date).toBe(3_000_00);
    expect(pace.behind_schedule).toBe(true);
  });
  it('a reached goal needs nothing more, a goal not yet started has no pace', () => {
    expect(goalPace({ ...base, current: 12_000_00 }, '2026-04-01')).toMatchObject({
      remaining: 0,
      required_per_month: 0,
      behind_schedule: false,
      on_track: true,
    });
    expect(goalPace({ ...base, current: 0, start_date: '2026-06-01' }, '2026-04-01')).toMatchObject({
      current_per_month: 0,
      behind_schedule: false,
    });
  });
});

describe('badges', () => {
  it('the catalogue has every code once, each with how to earn it', () => {
    expect(GOAL_BADGES.map((badge) => badge.code)).toEqual([...GOAL_BADGE_CODES]);
    expect(GOAL_BADGES.every((badge) => badge.how_to_earn.length > 0 && badge.title.length > 0)).toBe(true);
  });
  it('earns by thresholds', () => {
    expect(
      earnedBadges({
        goals_created: 0,
        goals_achieved: 0,
        best_progress_percent: 0,
        allocated_cents: 0,
        achieved_before_deadline: false,
      }),
    ).toEqual([]);
    expect(
      earnedBadges({
        goals_created: 1,
        goals_achieved: 0,
        best_progress_percent: 24.99,
        allocated_cents: 99_999,
        achieved_before_deadline: false,
      }),
    ).toEqual(['first_goal_created']);
    expect(
      earnedBadges({
        goals_created: 4,
        goals_achieved: 3,
        best_progress_percent: 75,
        allocated_cents: 100_000,
        achieved_before_deadline: true,
      }),
    ).toEqual([
      'first_goal_created',
      'first_goal_achieved',
      'goals_achieved_3',
      'milestone_25',
      'milestone_50',
      'milestone_75',
      'allocated_1000',
      'achieved_before_deadline',
    ]);
    expect(
      earnedBadges({
        goals_created: 10,
        goals_achieved: 10,
        best_progress_percent: 100,
        allocated_cents: 10_000_000,
        achieved_before_deadline: false,
      }),
    ).toHaveLength(11);
  });
});
