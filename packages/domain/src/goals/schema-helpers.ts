/** Zod helpers the goal, other income and allocation contracts share (internal: not in the package's barrel). */
import { z } from 'zod';
import { amountSchema } from '../common';
import { MAX_ID } from '../limits';

export function optionalText(max: number, message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));
}

export function hasIssueAt(ctx: z.RefinementCtx, ...fields: string[]): boolean {
  return ctx.issues.some((issue) => fields.includes(String(issue.path?.[0])));
}

export const moneySchema = z.number();

export function idWithMessage(message: string) {
  return z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ID, message);
}

/** A `{ goal_id, amount }` line of a request; 0 is accepted (and not stored), negatives are refused. */
export function allocationLineSchema(goalRequired: string, amountInvalid: string) {
  return z.strictObject({
    goal_id: idWithMessage(goalRequired),
    amount: z.number({ error: amountInvalid }).pipe(amountSchema),
  });
}

export function checkRepeatedGoals(
  lines: readonly { goal_id: number }[],
  field: string,
  message: string,
  ctx: z.RefinementCtx,
) {
  const seen = new Set<number>();
  lines.forEach((line, index) => {
    if (seen.has(line.goal_id)) ctx.addIssue({ code: 'custom', message, path: [field, index, 'goal_id'] });
    seen.add(line.goal_id);
  });
}

/** Sum of decimal amounts in cents (exact for 2-decimal inputs). */
export function sumCents(lines: readonly { amount: number }[]): number {
  return lines.reduce((sum, line) => sum + Math.round(line.amount * 100), 0);
}
