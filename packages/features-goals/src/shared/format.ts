import { formatCurrency, formatGoalPercent, LOCALE, type GoalUnit } from '@ledgerleaf/domain';

const countFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });

/** A goal figure in its unit: `$1,250.00` for money goals, `12` (clients) for a count. */
export function formatGoalAmount(unit: GoalUnit, value: number): string {
  return unit === 'count' ? countFormat.format(value) : formatCurrency(value);
}

/**
 * A goal percent (`16.7%`): the domain's one rule, `formatGoalPercent` (to the nearest tenth, never
 * `100%` before the target is reached).
 */
export function formatPercent(value: number): string {
  return formatGoalPercent(value);
}

/** Today in the user's time zone as `yyyy-MM-dd` (the other income date default, SPEC.md section 3). */
export function localToday(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** "12 days left", "Due today", "1 day overdue". */
export function daysLeftLabel(daysLeft: number): string {
  if (daysLeft === 0) return 'Due today';
  if (daysLeft > 0) return `${daysLeft} ${daysLeft === 1 ? 'day' : 'days'} left`;
  const late = -daysLeft;
  return `${late} ${late === 1 ? 'day' : 'days'} overdue`;
}
