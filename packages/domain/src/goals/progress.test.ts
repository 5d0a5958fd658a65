import { describe, expect, it } from 'vitest';
import { formatGoalPercent, goalProgressPercent, shownGoalPercent } from './progress';

describe('shownGoalPercent / formatGoalPercent (issue 11 item 8)', () => {
  it.each([
    [0, '0%'],
    [25, '25%'],
    [42.5, '42.5%'],
    [57.7, '57.7%'],
    [57.75, '57.8%'],
    [0.29 * 100, '29%'],
    [33.333333, '33.3%'],
    [66.66, '66.7%'],
    [12.39, '12.4%'],
    [12.34, '12.3%'],
    [100, '100%'],
    [Number.NaN, '0%'],
    [Number.POSITIVE_INFINITY, '0%'],
    [-5, '0%'],
  ])('%s -> %s (rounded to the nearest tenth)', (value, text) => {
    expect(formatGoalPercent(value)).toBe(text);
  });

  it('$1,000 of $6,000 reads 16.7%, not the truncated 16.6%', () => {
    expect(formatGoalPercent(goalProgressPercent(1000, 6000))).toBe('16.7%');
    expect(shownGoalPercent(goalProgressPercent(1000, 6000))).toBe(16.7);
  });

  it.each([99.95, 99.96, 99.99, 99.999999, 100 - 1e-12])('never reads 100%% below the target: %s', (value) => {
    expect(formatGoalPercent(value)).toBe('99.9%');
    expect(shownGoalPercent(value)).toBe(99.9);
  });

  it('a goal one cent short of its target is not shown as reached; a reached (or passed) one is 100%', () => {
    expect(formatGoalPercent(goalProgressPercent(2499.99, 2500))).toBe('99.9%');
    expect(formatGoalPercent(goalProgressPercent(9_999_999.99, 10_000_000))).toBe('99.9%');
    expect(formatGoalPercent(goalProgressPercent(2500, 2500))).toBe('100%');
    expect(formatGoalPercent(goalProgressPercent(3000, 2500))).toBe('100%');
  });
});
