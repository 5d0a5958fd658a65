import { MAX_AMOUNT_CENTS } from '../limits';

/**
 * "Payment allocation to goals" (SPEC.md section 5) and the other income form's number rules
 * (section 5, "Other income form") as pure functions. They work in integer cents inside and take
 * and give decimal amounts (2 decimals) like the JSON API and the amount inputs do, so the
 * allocation panel, the other income modal and the server agree to the cent.
 */

/** One line of the allocation panel or the other income form: a goal and the amount it gets. */
export interface GoalAllocationLine {
  goal_id: number;
  amount: number;
}

/** What the panel and the modal need of a goal to offer it and show its progress. */
export interface AllocatableGoal {
  id: number;
  type?: string | null;
  status?: string | null;
  target_amount: number | string | null | undefined;
  current_amount: number | string | null | undefined;
}

/** A finite number from a number or a numeric string, otherwise null. */
function finite(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value.trim());
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/** Decimal to integer cents, rounding half away from zero, bounded by the largest amount. */
function cents(value: number): number {
  const bounded = Math.max(-MAX_AMOUNT_CENTS / 100, Math.min(MAX_AMOUNT_CENTS / 100, value));
  // toFixed(6) first avoids binary drift (1.005 * 100 = 100.4999...).
  const [whole, fraction = ''] = Math.abs(bounded).toFixed(6).split('.');
  const result = Number(whole) * 100 + Number(fraction.slice(0, 2)) + (Number(fraction.slice(2)) >= 5000 ? 1 : 0);
  return bounded < 0 ? -result : result;
}

/** Amounts are rounded to 2 decimals (half away from zero, exact on decimal input: 1.005 gives 1.01). */
export function roundAmount(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return cents(value) / 100;
}

/**
 * "A non-number or negative amount resets to 0. Amounts are rounded to 2 decimals."
 * Numbers and numeric strings (what an amount input holds while typing) count; NaN, Infinity,
 * empty, text, null and negatives give 0.
 */
export function sanitizeAllocationAmount(value: unknown): number {
  const number = finite(value);
  if (number === null || number < 0) return 0;
  return roundAmount(number);
}

/** Sum of the lines in cents (each line sanitized first). */
function totalCents(lines: readonly { amount: unknown }[]): number {
  return lines.reduce((sum, line) => sum + cents(sanitizeAllocationAmount(line.amount)), 0);
}

/** The payment (or income) amount as cents, 0 when missing, not a number or negative. */
function paymentCents(paymentAmount: unknown): number {
  return cents(sanitizeAllocationAmount(paymentAmount));
}

/** Total of the allocations, rounded to 2 decimals. */
export function totalAllocated(lines: readonly { amount: unknown }[]): number {
  return totalCents(lines) / 100;
}

/** "Unallocated = payment amount minus the total, rounded to 2 decimals." (negative when over-allocated) */
export function unallocatedAmount(paymentAmount: unknown, lines: readonly { amount: unknown }[]): number {
  return (paymentCents(paymentAmount) - totalCents(lines)) / 100;
}

/**
 * Sets the amount of one goal's line (adding the line when missing) and applies the rules of a
 * changed input: bad values reset to 0, 2-decimal rounding, and "if the total of all allocations
 * exceeds the payment amount, that line is reduced by the excess (not below 0)".
 */
export function setAllocationAmount(
  lines: readonly GoalAllocationLine[],
  goalId: number,
  rawAmount: unknown,
  paymentAmount: unknown,
): GoalAllocationLine[] {
  const payment = paymentCents(paymentAmount);
  let lineCents = cents(sanitizeAllocationAmount(rawAmount));
  const others = lines.filter((line) => line.goal_id !== goalId);
  const total = totalCents(others) + lineCents;
  if (total > payment) lineCents = Math.max(0, lineCents - (total - payment));
  const updated = { goal_id: goalId, amount: lineCents / 100 };
  return lines.some((line) => line.goal_id === goalId)
    ? lines.map((line) =>
        line.goal_id === goalId ? updated : { goal_id: line.goal_id, amount: sanitizeAllocationAmount(line.amount) },
      )
    : [...lines.map((line) => ({ goal_id: line.goal_id, amount: sanitizeAllocationAmount(line.amount) })), updated];
}

/**
 * "Allocate Evenly": splits the unallocated amount equally across the goals (each share rounded to
 * 2 decimals) and adds it to what each goal already has; any positive remainder goes to the first
 * goal. When rounding a share up would overshoot (0.02 over 3 goals), the excess is taken off the
 * last goals by the excess rule, so the total never exceeds the payment. Nothing unallocated or no
 * goals: the lines come back unchanged.
 */
export function allocateEvenly(
  goalIds: readonly number[],
  lines: readonly GoalAllocationLine[],
  paymentAmount: unknown,
): GoalAllocationLine[] {
  const current = new Map<number, number>();
  for (const line of lines) current.set(line.goal_id, cents(sanitizeAllocationAmount(line.amount)));
  const payment = paymentCents(paymentAmount);
  const unallocated = payment - [...current.values()].reduce((sum, value) => sum + value, 0);
  const ids = [...new Set(goalIds)];
  if (ids.length === 0 || unallocated <= 0)
    return lines.map((line) => ({ goal_id: line.goal_id, amount: sanitizeAllocationAmount(line.amount) }));
  const share = Math.round(unallocated / ids.length);
  const result = new Map(current);
  for (const id of ids) result.set(id, (result.get(id) ?? 0) + share);
  let remainder = unallocated - share * ids.length;
  if (remainder > 0) result.set(ids[0] as number, (result.get(ids[0] as number) ?? 0) + remainder);
  for (let index = ids.length - 1; remainder < 0 && index >= 0; index--) {
    const id = ids[index] as number;
    const take = Math.min(-remainder, result.get(id) ?? 0);
    result.set(id, (result.get(id) ?? 0) - take);
    remainder += take;
  }
  const order = [...lines.map((line) => line.goal_id), ...ids.filter((id) => !current.has(id))];
  return [...new Set(order)].map((id) => ({ goal_id: id, amount: (result.get(id) ?? 0) / 100 }));
}

/** "Clear All": every line back to 0. */
export function clearAllocations(lines: readonly GoalAllocationLine[]): GoalAllocationLine[] {
  return lines.map((line) => ({ goal_id: line.goal_id, amount: 0 }));
}

/**
 * "When the payment amount decreases below the current total, all allocations are scaled down
 * proportionally." Each line gets its share of the new amount, floored to the cent, and the cents
 * lost to flooring go one by one to the lines with the largest fractions (the first on ties), so
 * the total equals the new payment exactly. Totals at or below the payment come back unchanged.
 */
export function scaleAllocationsToPayment(
  lines: readonly GoalAllocationLine[],
  paymentAmount: unknown,
): GoalAllocationLine[] {
  const amounts = lines.map((line) => cents(sanitizeAllocationAmount(line.amount)));
  const total = amounts.reduce((sum, value) => sum + value, 0);
  const payment = paymentCents(paymentAmount);
  if (total <= payment)
    return lines.map((line, index) => ({ goal_id: line.goal_id, amount: (amounts[index] as number) / 100 }));
  const exact = amounts.map((value) => (value * payment) / total);
  const scaled = exact.map((value) => Math.floor(value));
  let left = payment - scaled.reduce((sum, value) => sum + value, 0);
  const byFraction = exact
    .map((value, index) => ({ index, fraction: value - Math.floor(value) }))
    .sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (const { index } of byFraction) {
    if (left <= 0) break;
    scaled[index] = (scaled[index] as number) + 1;
    left--;
  }
  return lines.map((line, index) => ({ goal_id: line.goal_id, amount: (scaled[index] as number) / 100 }));
}

/**
 * What Save sends: "only allocations greater than 0 are emitted", rounded to 2 decimals, one line
 * per goal (a repeated goal's amounts are summed). Never more than the payment: an over-allocated
 * set is scaled down first.
 */
export function emitAllocations(lines: readonly GoalAllocationLine[], paymentAmount: unknown): GoalAllocationLine[] {
  const merged = new Map<number, number>();
  for (const line of lines)
    merged.set(line.goal_id, (merged.get(line.goal_id) ?? 0) + cents(sanitizeAllocationAmount(line.amount)));
  const combined = [...merged].map(([goal_id, amount]) => ({ goal_id, amount: amount / 100 }));
  return scaleAllocationsToPayment(combined, paymentAmount).filter((line) => line.amount > 0);
}

/** A goal counts as active when its status is active or in_progress (SPEC.md section 3). */
export function isGoalActive(goal: { status?: string | null }): boolean {
  return goal.status === 'active' || goal.status === 'in_progress';
}

/** "Only goals that are active and whose current amount is below the target are offered." */
export function offerableGoals<G extends AllocatableGoal>(goals: readonly G[]): G[] {
  return goals.filter(
    (goal) => isGoalActive(goal) && (finite(goal.current_amount) ?? 0) < (finite(goal.target_amount) ?? 0),
  );
}

/**
 * The panel's first lines: one per offered goal at 0, except that "if the invoice is linked to a
 * goal, the full payment amount is pre-allocated to that goal (then capped)": capped by the excess
 * rule, i.e. to the payment amount.
 */
export function initialAllocations(
  goals: readonly AllocatableGoal[],
  paymentAmount: unknown,
  linkedGoalId?: number | null,
): GoalAllocationLine[] {
  const lines = offerableGoals(goals).map((goal) => ({ goal_id: goal.id, amount: 0 }));
  if (linkedGoalId == null || !lines.some((line) => line.goal_id === linkedGoalId)) return lines;
  return setAllocationAmount(lines, linkedGoalId, paymentAmount, paymentAmount);
}

/**
 * "Progress percent after allocation = (current + allocation) / target (target defaults to 1 if
 * missing) times 100." Not capped (a bar caps it at 100 when drawn); bad numbers count as 0.
 */
export function progressAfterAllocation(currentAmount: unknown, allocation: unknown, targetAmount: unknown): number {
  const target = finite(targetAmount);
  const divisor = target === null || target === 0 ? 1 : target;
  return (((finite(currentAmount) ?? 0) + (finite(allocation) ?? 0)) / divisor) * 100;
}

// ---------------------------------------------------------------- other income form

/**
 * "Selecting a goal defaults its allocation to the lesser of the unallocated remainder and the
 * goal's remaining target, at least 0.01."
 */
export function defaultIncomeAllocation(
  incomeAmount: unknown,
  otherLines: readonly { amount: unknown }[],
  goal: Pick<AllocatableGoal, 'target_amount' | 'current_amount'>,
): number {
  const unallocated = paymentCents(incomeAmount) - totalCents(otherLines);
  const remaining = cents(finite(goal.target_amount) ?? 0) - cents(finite(goal.current_amount) ?? 0);
  return Math.max(1, Math.min(unallocated, remaining)) / 100;
}

/**
 * An allocation input of the other income form: "minimum 0.01, step 0.01, maximum the income
 * amount. It is corrected to at least 0.01 when a goal is selected." Bad values count as 0 first.
 */
export function correctIncomeAllocation(value: unknown, incomeAmount: unknown): number {
  const amount = cents(sanitizeAllocationAmount(value));
  const max = paymentCents(incomeAmount);
  return Math.max(1, Math.min(amount, Math.max(max, 1))) / 100;
}

/**
 * "'Distribute Evenly' splits the amount equally across the selected goals to 2 decimals": each
 * share is the amount divided by the number of goals, rounded to the cent, rounded down instead
 * when rounding up would allocate more than the amount. Left-over cents stay unallocated.
 */
export function distributeEvenly(incomeAmount: unknown, goalIds: readonly number[]): GoalAllocationLine[] {
  const ids = [...new Set(goalIds)];
  if (ids.length === 0) return [];
  const amount = paymentCents(incomeAmount);
  let share = Math.round(amount / ids.length);
  if (share * ids.length > amount) share = Math.floor(amount / ids.length);
  return ids.map((goal_id) => ({ goal_id, amount: share / 100 }));
}

/** The other income form's figures and the submit rule ("disabled while saving, when over-allocated, or when goals are chosen but the total is zero"). */
export function otherIncomeAllocationState(
  incomeAmount: unknown,
  lines: readonly { amount: unknown }[],
  saving = false,
) {
  const total = totalCents(lines);
  const amount = paymentCents(incomeAmount);
  const overAllocated = lines.length > 0 && total > amount;
  const zeroAllocated = lines.length > 0 && total === 0;
  return {
    totalAllocated: total / 100,
    unallocated: (amount - total) / 100,
    overAllocated,
    zeroAllocated,
    submitDisabled: saving || overAllocated || zeroAllocated,
  };
}
