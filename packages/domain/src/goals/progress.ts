import { LOCALE } from '../constants';

/**
 * Goal progress (SPEC.md section 3) and the figures of the details page: remaining amount, days
 * left, the pace needed per month, a projection at the current pace, and whether the goal is behind
 * schedule. Pure; dates are `yyyy-MM-dd` calendar days.
 */

/** "Derived progress percent = current / target, capped at 100, and 0 when the target is 0." Bad numbers count as 0; never negative. */
export function goalProgressPercent(currentAmount: unknown, targetAmount: unknown): number {
  const current = typeof currentAmount === 'number' ? currentAmount : Number(currentAmount);
  const target = typeof targetAmount === 'number' ? targetAmount : Number(targetAmount);
  if (!Number.isFinite(target) || target <= 0 || !Number.isFinite(current) || current <= 0) return 0;
  return Math.min(100, (current / target) * 100);
}

/**
 * A progress percent as the API returns it: to 2 decimals, rounded down so that a goal short of its
 * target never reads 100 (99.996 % is 99.99, not 100.00). The tiny epsilon keeps binary fractions
 * (0.29 * 100 = 28.999999999999996) on their decimal value.
 */
export function roundProgressDown(percent: number): number {
  if (!Number.isFinite(percent) || percent <= 0) return 0;
  return Math.min(100, Math.floor(percent * 100 + 1e-7) / 100);
}

/**
 * A goal's progress percent as people read it (issue 11): to the nearest tenth, and never 100 before
 * the target is reached, so `1,000 of 6,000` reads 16.7 and 99.96 reads 99.9; 100 only when reached.
 * The tiny epsilon keeps values that are exact in tenths in binary (57.75 is 577.4999… tenths) on
 * their decimal value. Bad numbers read 0. Every screen that shows a goal percent uses this.
 */
export function shownGoalPercent(percent: number): number {
  if (!Number.isFinite(percent) || percent <= 0) return 0;
  if (percent >= 100) return 100;
  const rounded = Math.round(percent * 10 + 1e-9) / 10;
  return rounded >= 100 ? 99.9 : rounded;
}

const goalPercentFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });

/** `16.7%`: `shownGoalPercent` written with at most one decimal (`25%`, `42.5%`, `99.9%`, `100%`). */
export function formatGoalPercent(percent: number): string {
  return `${goalPercentFormat.format(shownGoalPercent(percent))}%`;
}

/** Average days per month (365.25 / 12), for "per month" figures. */
export const DAYS_PER_MONTH = 30.4375;

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to` (`yyyy-MM-dd`), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Today as `yyyy-MM-dd` in UTC (servers) or for a given date. */
export function isoDay(date: Date = new Date()): string {
  return date.toISOString().slice(0, 10);
}

export interface GoalPaceInput {
  /** In the goal's unit: cents for money goals, a count for `new_clients`. */
  target: number;
  current: number;
  start_date: string;
  target_date: string;
  status: string;
}

export interface GoalPace {
  /** target - current, never below 0 (same unit as the input). */
  remaining: number;
  /** Calendar days from today to the target date; negative once it has passed. */
  days_left: number;
  /** What must come in per month from today to reach the target on the target date (the whole remainder once the date has passed); 0 when reached. */
  required_per_month: number;
  /** Average per month since the start date at the current pace. */
  current_per_month: number;
  /** Where the current pace leads by the target date (current once the date has passed). */
  projected_at_target_date: number;
  /** True when the projection reaches the target. */
  on_track: boolean;
  /** Active goal whose progress is below the share of its period already elapsed (or past its date below target). */
  behind_schedule: boolean;
}

/**
 * Pace figures of a goal, rounded to whole units (cents or clients). The current pace counts from
 * the start date to today, over at least a month (DAYS_PER_MONTH): in the first month it is what
 * came in so far. A goal whose start is in the future has no pace yet.
 */
export function goalPace(goal: GoalPaceInput, today: string): GoalPace {
  const target = Math.max(0, goal.target);
  const current = Math.max(0, goal.current);
  const remaining = Math.max(0, target - current);
  const daysLeft = daysBetween(today, goal.target_date);
  const elapsed = Math.max(0, daysBetween(goal.start_date, today));
  const duration = Math.max(1, daysBetween(goal.start_date, goal.target_date));
  // The pace is measured over at least a month: in its first month a goal's pace is what came in
  // so far (750 received on day one is 750 per month, not 0 for want of a whole day, nor 750 a day).
  const started = daysBetween(goal.start_date, today) >= 0;
  const perDay = started ? current / Math.max(elapsed, DAYS_PER_MONTH) : 0;
  const requiredPerMonth =
    remaining === 0 ? 0 : daysLeft <= 0 ? remaining : Math.round((remaining / daysLeft) * DAYS_PER_MONTH);
  const projected = daysLeft > 0 ? Math.round(current + perDay * daysLeft) : current;
  const active = goal.status === 'active' || goal.status === 'in_progress';
  const expectedNow = (Math.min(elapsed, duration) / duration) * target;
  return {
    remaining,
    days_left: daysLeft,
    required_per_month: requiredPerMonth,
    current_per_month: Math.round(perDay * DAYS_PER_MONTH),
    projected_at_target_date: projected,
    on_track: projected >= target,
    behind_schedule: active && remaining > 0 && (daysLeft < 0 || current < expectedNow),
  };
}
