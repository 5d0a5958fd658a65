import { z } from 'zod';
import { ACCOUNT_MESSAGES } from './messages';

/**
 * The invoice reminder schedule: steps relative to the due date (negative before, 0 on the day,
 * positive after), each on or off. The recurring/reminders scheduler reads them through the db
 * query `listReminderSteps`.
 */
export interface ReminderStep {
  offset_days: number;
  enabled: boolean;
}

export const REMINDER_OFFSET_MIN = -60;
export const REMINDER_OFFSET_MAX = 365;
export const REMINDER_STEPS_MAX = 10;

/** A business that never saved a schedule has these four steps, all off: no client is mailed unasked. */
export const DEFAULT_REMINDER_STEPS: readonly ReminderStep[] = Object.freeze([
  { offset_days: -3, enabled: false },
  { offset_days: 0, enabled: false },
  { offset_days: 7, enabled: false },
  { offset_days: 14, enabled: false },
]);

export const reminderStepSchema = z.strictObject({
  offset_days: z
    .number({ error: ACCOUNT_MESSAGES.reminderOffsetInvalid })
    .int(ACCOUNT_MESSAGES.reminderOffsetInvalid)
    .min(REMINDER_OFFSET_MIN, ACCOUNT_MESSAGES.reminderOffsetInvalid)
    .max(REMINDER_OFFSET_MAX, ACCOUNT_MESSAGES.reminderOffsetInvalid),
  enabled: z.boolean(),
});

export const reminderStepsRequestSchema = z.strictObject({
  steps: z
    .array(reminderStepSchema)
    .max(REMINDER_STEPS_MAX, ACCOUNT_MESSAGES.reminderTooMany)
    .superRefine((steps, context) => {
      const seen = new Set<number>();
      steps.forEach((step, index) => {
        if (seen.has(step.offset_days))
          context.addIssue({
            code: 'custom',
            message: ACCOUNT_MESSAGES.reminderDuplicate,
            path: [index, 'offset_days'],
          });
        seen.add(step.offset_days);
      });
    })
    .transform((steps) => [...steps].sort((a, b) => a.offset_days - b.offset_days)),
});
export type ReminderStepsRequest = z.infer<typeof reminderStepsRequestSchema>;

export const reminderStepsResponseSchema = z.object({
  data: z.array(z.object({ offset_days: z.number().int(), enabled: z.boolean() })),
  message: z.string().optional(),
});
export type ReminderStepsResponse = z.infer<typeof reminderStepsResponseSchema>;

/** "3 days before the due date", "On the due date", "7 days after the due date". */
export function describeReminderOffset(offsetDays: number): string {
  if (offsetDays === 0) return 'On the due date';
  const days = Math.abs(offsetDays);
  return `${days} day${days === 1 ? '' : 's'} ${offsetDays < 0 ? 'before' : 'after'} the due date`;
}
