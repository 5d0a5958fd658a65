import { formatCurrency, LOCALE, type GoalUnit } from '@ledgerleaf/domain';

const countFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const percentFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });

/** A goal figure in its unit: `$1,250.00` for money goals, `12` (clients) for a count. */
export function formatGoalAmount(unit: GoalUnit, value: number): string {
  return unit === 'count' ? countFormat.format(value) : formatCurrency(value);
}

/**
 * `42.5%`: one decimal at most, rounded down to it, so a goal just below its target (99.96%) reads
 * `99.9%` and `100%` only ever means reached.
 */
export function formatPercent(value: number): string {
  const percent = Number.isFinite(value) ? value : 0;
  // The tolerance keeps a value that is exact in tenths (57.7, which is 576.99999… tenths in binary) whole.
  const shown = Math.floor(percent * 10 + 1e-9) / 10;
  return `${percentFormat.format(shown >= 100 && percent < 100 ? 99.9 : shown)}%`;
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
