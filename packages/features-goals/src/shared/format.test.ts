import { describe, expect, it } from 'vitest';
import { goalProgressPercent } from '@ledgerleaf/domain';
import { formatPercent } from './format';

describe('formatPercent', () => {
  it.each([
    [0, '0%'],
    [25, '25%'],
    [42.5, '42.5%'],
    [57.7, '57.7%'],
    [0.29 * 100, '29%'],
    [33.333333, '33.3%'],
    [66.66, '66.7%'],
    [12.39, '12.4%'],
    [1000 / 60, '16.7%'],
    [100, '100%'],
    [Number.NaN, '0%'],
    [Number.POSITIVE_INFINITY, '0%'],
  ])('%s -> %s (one decimal, rounded to the nearest tenth)', (value, text) => {
    expect(formatPercent(value)).toBe(text);
  });

  it.each([99.96, 99.95, 99.99, 99.999999, 100 - 1e-12])('never reads 100%% below the target: %s', (value) => {
    expect(formatPercent(value)).toBe('99.9%');
  });

  it('a goal one cent short of its target is not shown as reached', () => {
    expect(formatPercent(goalProgressPercent(2499.99, 2500))).toBe('99.9%');
    expect(formatPercent(goalProgressPercent(9_999_999.99, 10_000_000))).toBe('99.9%');
    expect(formatPercent(goalProgressPercent(2500, 2500))).toBe('100%');
  });
});
