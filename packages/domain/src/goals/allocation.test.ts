import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  allocateEvenly,
  clearAllocations,
  correctIncomeAllocation,
  defaultIncomeAllocation,
  distributeEvenly,
  emitAllocations,
  initialAllocations,
  isGoalActive,
  offerableGoals,
  otherIncomeAllocationState,
  progressAfterAllocation,
  roundAmount,
  sanitizeAllocationAmount,
  scaleAllocationsToPayment,
  setAllocationAmount,
  totalAllocated,
  unallocatedAmount,
} from './allocation';

const twoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
const cents = (value: number) => Math.round(value * 100);

describe('a non-number or negative amount resets to 0; amounts are rounded to 2 decimals', () => {
  it('resets non-numbers and negatives', () => {
    for (const bad of [
      Number.NaN,
      Number.POSITIVE_INFINITY,
      -Infinity,
      -0.01,
      -5,
      'abc',
      '',
      '  ',
      null,
      undefined,
      {},
      [],
      true,
    ]) {
      expect(sanitizeAllocationAmount(bad)).toBe(0);
    }
  });
  it('keeps 0 and one cent, parses numeric strings', () => {
    expect(sanitizeAllocationAmount(0)).toBe(0);
    expect(sanitizeAllocationAmount(0.01)).toBe(0.01);
    expect(sanitizeAllocationAmount('12.5')).toBe(12.5);
    expect(sanitizeAllocationAmount(' 7 ')).toBe(7);
  });
  it('rounds half away from zero on the decimal value', () => {
    expect(sanitizeAllocationAmount(1.005)).toBe(1.01);
    expect(sanitizeAllocationAmount(0.004)).toBe(0);
    expect(sanitizeAllocationAmount(0.005)).toBe(0.01);
    expect(sanitizeAllocationAmount(33.333333)).toBe(33.33);
    expect(roundAmount(0.1 + 0.2)).toBe(0.3);
    expect(roundAmount(Number.NaN)).toBe(0);
  });
});

describe('a line that makes the total exceed the payment is reduced by the excess (not below 0)', () => {
  it('reduces the changed line only', () => {
    const lines = [
      { goal_id: 1, amount: 60 },
      { goal_id: 2, amount: 0 },
    ];
    expect(setAllocationAmount(lines, 2, 70, 100)).toEqual([
      { goal_id: 1, amount: 60 },
      { goal_id: 2, amount: 40 },
    ]);
  });
  it('never below 0 when the others already take everything', () => {
    const lines = [
      { goal_id: 1, amount: 100 },
      { goal_id: 2, amount: 0 },
    ];
    expect(setAllocationAmount(lines, 2, 5, 100)).toEqual([
      { goal_id: 1, amount: 100 },
      { goal_id: 2, amount: 0 },
    ]);
  });
  it('resets and rounds the entered value first, adds a missing line', () => {
    expect(setAllocationAmount([], 3, -4, 10)).toEqual([{ goal_id: 3, amount: 0 }]);
    expect(setAllocationAmount([], 3, 'x', 10)).toEqual([{ goal_id: 3, amount: 0 }]);
    expect(setAllocationAmount([], 3, 2.345, 10)).toEqual([{ goal_id: 3, amount: 2.35 }]);
    expect(setAllocationAmount([], 3, 0.01, 0.01)).toEqual([{ goal_id: 3, amount: 0.01 }]);
    expect(setAllocationAmount([], 3, 0.02, 0.01)).toEqual([{ goal_id: 3, amount: 0.01 }]);
  });
  it('a bad payment amount counts as 0', () => {
    expect(setAllocationAmount([], 1, 5, 'abc')).toEqual([{ goal_id: 1, amount: 0 }]);
    expect(setAllocationAmount([], 1, 5, -10)).toEqual([{ goal_id: 1, amount: 0 }]);
  });
});

describe('unallocated = payment minus total, rounded to 2 decimals', () => {
  it('computes it in cents', () => {
    expect(unallocatedAmount(100, [{ amount: 33.33 }, { amount: 33.33 }])).toBe(33.34);
    expect(unallocatedAmount(0.3, [{ amount: 0.1 }, { amount: 0.2 }])).toBe(0);
    expect(unallocatedAmount(10, [])).toBe(10);
    expect(unallocatedAmount(10, [{ amount: 'bad' }, { amount: -3 }])).toBe(10);
    expect(unallocatedAmount(10, [{ amount: 12 }])).toBe(-2);
    expect(totalAllocated([{ amount: 0.1 }, { amount: 0.2 }])).toBe(0.3);
  });
});

describe('Allocate Evenly: equal shares of the unallocated amount, remainder to the first goal', () => {
  it('splits an amount that divides evenly', () => {
    expect(allocateEvenly([1, 2], [], 100)).toEqual([
      { goal_id: 1, amount: 50 },
      { goal_id: 2, amount: 50 },
    ]);
  });
  it('gives the positive remainder to the first goal', () => {
    expect(allocateEvenly([1, 2, 3], [], 100)).toEqual([
      { goal_id: 1, amount: 33.34 },
      { goal_id: 2, amount: 33.33 },
      { goal_id: 3, amount: 33.33 },
    ]);
  });
  it('adds to existing allocations, splitting only what is unallocated', () => {
    expect(allocateEvenly([1, 2], [{ goal_id: 1, amount: 40 }], 100)).toEqual([
      { goal_id: 1, amount: 70 },
      { goal_id: 2, amount: 30 },
    ]);
  });
  it('one cent over three goals never overshoots', () => {
    const lines = allocateEvenly([1, 2, 3], [], 0.02);
    expect(totalAllocated(lines)).toBe(0.02);
    expect(lines.every((line) => line.amount >= 0)).toBe(true);
    expect(allocateEvenly([1, 2, 3], [], 0.01)).toEqual([
      { goal_id: 1, amount: 0.01 },
      { goal_id: 2, amount: 0 },
      { goal_id: 3, amount: 0 },
    ]);
  });
  it('rounds up shares: 0.05 over 3 goals is 0.02, 0.02, 0.01', () => {
    expect(allocateEvenly([1, 2, 3], [], 0.05)).toEqual([
      { goal_id: 1, amount: 0.02 },
      { goal_id: 2, amount: 0.02 },
      { goal_id: 3, amount: 0.01 },
    ]);
  });
  it('does nothing with nothing unallocated or no goals', () => {
    const full = [{ goal_id: 1, amount: 100 }];
    expect(allocateEvenly([1, 2], full, 100)).toEqual(full);
    expect(allocateEvenly([], [], 100)).toEqual([]);
  });
  it('Clear All sets every line to 0', () => {
    expect(clearAllocations([{ goal_id: 1, amount: 5 }])).toEqual([{ goal_id: 1, amount: 0 }]);
  });
});

describe('a decreasing payment amount scales allocations down proportionally', () => {
  it('scales to the new amount exactly', () => {
    expect(
      scaleAllocationsToPayment(
        [
          { goal_id: 1, amount: 60 },
          { goal_id: 2, amount: 40 },
        ],
        50,
      ),
    ).toEqual([
      { goal_id: 1, amount: 30 },
      { goal_id: 2, amount: 20 },
    ]);
  });
  it('amounts that do not split evenly: cents go to the largest fractions', () => {
    const lines = scaleAllocationsToPayment(
      [
        { goal_id: 1, amount: 10 },
        { goal_id: 2, amount: 10 },
        { goal_id: 3, amount: 10 },
      ],
      10,
    );
    expect(lines).toEqual([
      { goal_id: 1, amount: 3.34 },
      { goal_id: 2, amount: 3.33 },
      { goal_id: 3, amount: 3.33 },
    ]);
  });
  it('leaves a total at or below the payment as it is', () => {
    const lines = [{ goal_id: 1, amount: 5 }];
    expect(scaleAllocationsToPayment(lines, 5)).toEqual(lines);
    expect(scaleAllocationsToPayment(lines, 50)).toEqual(lines);
  });
  it('a payment of 0 or not a number scales everything to 0', () => {
    expect(scaleAllocationsToPayment([{ goal_id: 1, amount: 5 }], 0)).toEqual([{ goal_id: 1, amount: 0 }]);
    expect(scaleAllocationsToPayment([{ goal_id: 1, amount: 5 }], 'x')).toEqual([{ goal_id: 1, amount: 0 }]);
  });
});

describe('only allocations greater than 0 are emitted', () => {
  it('drops zero and bad lines, merges a repeated goal', () => {
    expect(
      emitAllocations(
        [
          { goal_id: 1, amount: 0 },
          { goal_id: 2, amount: 10.005 },
          { goal_id: 3, amount: Number.NaN },
          { goal_id: 2, amount: 1 },
        ],
        100,
      ),
    ).toEqual([{ goal_id: 2, amount: 11.01 }]);
    expect(emitAllocations([], 100)).toEqual([]);
  });
  it('caps an over-allocated set to the payment', () => {
    expect(
      totalAllocated(
        emitAllocations(
          [
            { goal_id: 1, amount: 80 },
            { goal_id: 2, amount: 80 },
          ],
          100,
        ),
      ),
    ).toBe(100);
  });
});

describe('offered goals and the linked goal', () => {
  const goals = [
    { id: 1, status: 'active', target_amount: 100, current_amount: 10 },
    { id: 2, status: 'in_progress', target_amount: '500.00', current_amount: '0' },
    { id: 3, status: 'active', target_amount: 100, current_amount: 100 },
    { id: 4, status: 'paused', target_amount: 100, current_amount: 0 },
    { id: 5, status: 'completed', target_amount: 100, current_amount: 120 },
  ];
  it('offers only active goals below target', () => {
    expect(offerableGoals(goals).map((goal) => goal.id)).toEqual([1, 2]);
    expect(isGoalActive({ status: 'in_progress' })).toBe(true);
    expect(isGoalActive({ status: 'paused' })).toBe(false);
  });
  it('pre-allocates the full payment to the linked goal', () => {
    expect(initialAllocations(goals, 250, 2)).toEqual([
      { goal_id: 1, amount: 0 },
      { goal_id: 2, amount: 250 },
    ]);
  });
  it('caps the pre-allocation (a bad amount gives 0), ignores a linked goal that is not offered', () => {
    expect(initialAllocations(goals, 250.005, 1)[0]).toEqual({ goal_id: 1, amount: 250.01 });
    expect(initialAllocations(goals, -1, 1)[0]).toEqual({ goal_id: 1, amount: 0 });
    expect(initialAllocations(goals, 250, 3)).toEqual([
      { goal_id: 1, amount: 0 },
      { goal_id: 2, amount: 0 },
    ]);
    expect(initialAllocations(goals, 250, null).every((line) => line.amount === 0)).toBe(true);
  });
});

describe('progress after allocation = (current + allocation) / target x 100, target 1 when missing', () => {
  it('computes it', () => {
    expect(progressAfterAllocation(25, 25, 100)).toBe(50);
    expect(progressAfterAllocation('10', '5', '20')).toBe(75);
    expect(progressAfterAllocation(0, 0.01, undefined)).toBe(1);
    expect(progressAfterAllocation(0, 2, 0)).toBe(200);
    expect(progressAfterAllocation(90, 20, 100)).toBeCloseTo(110);
    expect(progressAfterAllocation('x', 'y', 100)).toBe(0);
  });
});

describe('other income form rules', () => {
  it('a selected goal defaults to the lesser of the unallocated remainder and the goal remaining, at least 0.01', () => {
    const goal = { target_amount: 1000, current_amount: 900 };
    expect(defaultIncomeAllocation(500, [], goal)).toBe(100);
    expect(defaultIncomeAllocation(500, [{ amount: 450 }], goal)).toBe(50);
    expect(defaultIncomeAllocation(500, [{ amount: 500 }], goal)).toBe(0.01);
    expect(defaultIncomeAllocation(0, [], goal)).toBe(0.01);
    expect(defaultIncomeAllocation(500, [], { target_amount: 10, current_amount: 20 })).toBe(0.01);
  });
  it('an allocation is corrected to at least 0.01 and at most the income amount', () => {
    expect(correctIncomeAllocation(0, 50)).toBe(0.01);
    expect(correctIncomeAllocation(-3, 50)).toBe(0.01);
    expect(correctIncomeAllocation('abc', 50)).toBe(0.01);
    expect(correctIncomeAllocation(80, 50)).toBe(50);
    expect(correctIncomeAllocation(12.345, 50)).toBe(12.35);
  });
  it('Distribute Evenly splits the amount to 2 decimals without exceeding it', () => {
    expect(distributeEvenly(100, [1, 2, 3])).toEqual([
      { goal_id: 1, amount: 33.33 },
      { goal_id: 2, amount: 33.33 },
      { goal_id: 3, amount: 33.33 },
    ]);
    expect(distributeEvenly(0.02, [1, 2, 3]).map((line) => line.amount)).toEqual([0, 0, 0]);
    expect(distributeEvenly(0.05, [1, 2, 3]).map((line) => line.amount)).toEqual([0.01, 0.01, 0.01]);
    expect(distributeEvenly(10, [])).toEqual([]);
  });
  it('submit is disabled while saving, over-allocated, or goals chosen with a zero total', () => {
    expect(otherIncomeAllocationState(100, [{ amount: 60 }, { amount: 40 }]).submitDisabled).toBe(false);
    expect(otherIncomeAllocationState(100, [{ amount: 60 }, { amount: 40.01 }])).toMatchObject({
      overAllocated: true,
      submitDisabled: true,
      unallocated: -0.01,
    });
    expect(otherIncomeAllocationState(100, [{ amount: 0 }])).toMatchObject({
      zeroAllocated: true,
      submitDisabled: true,
    });
    expect(otherIncomeAllocationState(100, []).submitDisabled).toBe(false);
    expect(otherIncomeAllocationState(100, [], true).submitDisabled).toBe(true);
  });
});

describe('properties (fast-check)', () => {
  const payment = fc.integer({ min: 0, max: 10_000_000 }).map((value) => value / 100);
  const rawAmount = fc.oneof(
    fc.double({ min: -1e6, max: 1e6, noNaN: false }),
    fc.integer({ min: -100_000, max: 100_000 }).map((v) => v / 100),
    fc.string(),
    fc.constant(null),
  );
  const lines = fc.array(fc.record({ goal_id: fc.integer({ min: 1, max: 20 }), amount: rawAmount }), { maxLength: 8 });

  it('the emitted total never exceeds the payment, nothing negative, at most 2 decimals', () => {
    fc.assert(
      fc.property(lines, payment, (input, amount) => {
        const emitted = emitAllocations(input as never, amount);
        const total = emitted.reduce((sum, line) => sum + cents(line.amount), 0);
        return total <= cents(amount) && emitted.every((line) => line.amount > 0 && twoDecimals(line.amount));
      }),
    );
  });

  it('editing lines one by one keeps the total within the payment', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 5 }), rawAmount), { maxLength: 12 }),
        payment,
        (edits, amount) => {
          let state: { goal_id: number; amount: number }[] = [];
          for (const [goalId, value] of edits) state = setAllocationAmount(state, goalId, value, amount);
          const total = state.reduce((sum, line) => sum + cents(line.amount), 0);
          return total <= cents(amount) && state.every((line) => line.amount >= 0 && twoDecimals(line.amount));
        },
      ),
    );
  });

  it('Allocate Evenly fills the payment exactly from any state within it', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 7 }),
        payment,
        (ids, amount) => {
          const result = allocateEvenly(ids, [], amount);
          const total = result.reduce((sum, line) => sum + cents(line.amount), 0);
          return total === cents(amount) && result.every((line) => line.amount >= 0 && twoDecimals(line.amount));
        },
      ),
    );
  });

  it('scaling down lands exactly on the new payment and never raises a line', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 6 }),
        payment,
        (amounts, amount) => {
          const before = amounts.map((value, index) => ({ goal_id: index + 1, amount: value / 100 }));
          const after = scaleAllocationsToPayment(before, amount);
          const totalBefore = amounts.reduce((sum, value) => sum + value, 0);
          const totalAfter = after.reduce((sum, line) => sum + cents(line.amount), 0);
          const expected = totalBefore > cents(amount) ? cents(amount) : totalBefore;
          return (
            totalAfter === expected &&
            after.every((line, index) => cents(line.amount) <= (amounts[index] as number) && twoDecimals(line.amount))
          );
        },
      ),
    );
  });

  it('Distribute Evenly never exceeds the income', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 7 }),
        payment,
        (ids, amount) => {
          const result = distributeEvenly(amount, ids);
          return (
            result.reduce((sum, line) => sum + cents(line.amount), 0) <= cents(amount) &&
            result.every((line) => line.amount >= 0 && twoDecimals(line.amount))
          );
        },
      ),
    );
  });
});
