/** API contracts of other income: its messages, request schema with goal allocations, responses and list query. */
import { z } from 'zod';
import { amountSchema, isoDateSchema, listQuerySchema, pageSchema } from '../common';
import { goalSchema } from './contracts';
import {
  allocationLineSchema,
  checkRepeatedGoals,
  hasIssueAt,
  moneySchema,
  optionalText,
  sumCents,
} from './schema-helpers';

export const OTHER_INCOME_SOURCE_MAX_LENGTH = 255;
export const OTHER_INCOME_REFERENCE_MAX_LENGTH = 100;
export const OTHER_INCOME_DESCRIPTION_MAX_LENGTH = 2000;
export const MAX_GOAL_ALLOCATIONS = 100;

export const OTHER_INCOME_MESSAGES = {
  // SPEC.md section 5, "Other income form"
  amountInvalid: 'Please enter a valid amount greater than zero',
  dateRequired: 'Please select a date',
  sourceRequired: 'Please enter an income source',
  allocationsExceed: 'Total allocated amount exceeds the income amount',
  allocationsZero: 'Please allocate some amount to the selected goals',
  // SPEC.md section 8, "Other income"
  errorTitle: 'Error',
  recordFailed: 'Failed to record income. Please try again.',
  goalsLoadFailed: 'Failed to load financial goals',
  noGoals: 'No active financial goals found.',
  successTitle: 'Success',
  recorded: 'Other income recorded successfully',
  // the modal (SPEC.md sections 2 and 5)
  distributeEvenly: 'Distribute Evenly',
  // ours
  sourceTooLong: `The source may be at most ${OTHER_INCOME_SOURCE_MAX_LENGTH} characters`,
  referenceTooLong: `The reference number may be at most ${OTHER_INCOME_REFERENCE_MAX_LENGTH} characters`,
  descriptionTooLong: `The description may be at most ${OTHER_INCOME_DESCRIPTION_MAX_LENGTH.toLocaleString('en-US')} characters`,
  allocationsInvalid: 'Please choose goals and amounts',
  tooManyAllocations: `At most ${MAX_GOAL_ALLOCATIONS} goals can share one income`,
  goalRequired: 'Please choose a goal',
  goalRepeated: 'Each goal can be chosen only once',
  goalNotAllocatable: 'Please choose an active financial goal',
  allocationAmountInvalid: 'Please enter a valid amount',
  notFound: 'Income not found.',
  updated: 'Income updated.',
  deleted: 'Income deleted. Its allocations were taken off the goals.',
} as const;

/**
 * `POST /api/other-income/multiple-goals` and `PUT /api/other-income/{id}` (SPEC.md sections 3, 5,
 * 7): the modal's rules with its messages. Total-level errors are keyed `goal_allocations`, a
 * line's `goal_allocations.{i}.amount` / `.goal_id`. Lines of 0 are dropped after the total checks.
 */
export const otherIncomeRequestSchema = z
  .strictObject({
    amount: z
      .number({ error: OTHER_INCOME_MESSAGES.amountInvalid })
      .finite(OTHER_INCOME_MESSAGES.amountInvalid)
      .positive(OTHER_INCOME_MESSAGES.amountInvalid)
      .pipe(amountSchema),
    income_date: z
      .string({ error: OTHER_INCOME_MESSAGES.dateRequired })
      .min(1, OTHER_INCOME_MESSAGES.dateRequired)
      .pipe(isoDateSchema),
    source: z
      .string({ error: OTHER_INCOME_MESSAGES.sourceRequired })
      .trim()
      .min(1, OTHER_INCOME_MESSAGES.sourceRequired)
      .max(OTHER_INCOME_SOURCE_MAX_LENGTH, OTHER_INCOME_MESSAGES.sourceTooLong),
    reference_number: optionalText(OTHER_INCOME_REFERENCE_MAX_LENGTH, OTHER_INCOME_MESSAGES.referenceTooLong),
    description: optionalText(OTHER_INCOME_DESCRIPTION_MAX_LENGTH, OTHER_INCOME_MESSAGES.descriptionTooLong),
    goal_allocations: z
      .array(allocationLineSchema(OTHER_INCOME_MESSAGES.goalRequired, OTHER_INCOME_MESSAGES.allocationAmountInvalid), {
        error: OTHER_INCOME_MESSAGES.allocationsInvalid,
      })
      .max(MAX_GOAL_ALLOCATIONS, OTHER_INCOME_MESSAGES.tooManyAllocations)
      .nullish()
      .transform((value) => value ?? []),
  })
  .superRefine((income, ctx) => {
    if (hasIssueAt(ctx, 'goal_allocations')) return;
    checkRepeatedGoals(income.goal_allocations, 'goal_allocations', OTHER_INCOME_MESSAGES.goalRepeated, ctx);
    if (income.goal_allocations.length === 0) return;
    const total = sumCents(income.goal_allocations);
    if (!hasIssueAt(ctx, 'amount') && total > Math.round(income.amount * 100))
      ctx.addIssue({ code: 'custom', message: OTHER_INCOME_MESSAGES.allocationsExceed, path: ['goal_allocations'] });
    else if (total === 0)
      ctx.addIssue({ code: 'custom', message: OTHER_INCOME_MESSAGES.allocationsZero, path: ['goal_allocations'] });
  })
  .transform((income) => ({ ...income, goal_allocations: income.goal_allocations.filter((line) => line.amount > 0) }));
export type OtherIncomeInput = z.input<typeof otherIncomeRequestSchema>;
export type OtherIncomeRequest = z.output<typeof otherIncomeRequestSchema>;

export const otherIncomeAllocationSchema = z.object({
  goal_id: z.number().int(),
  goal_title: z.string(),
  amount: moneySchema,
});
export const otherIncomeSchema = z.object({
  id: z.number().int(),
  amount: moneySchema,
  income_date: z.string(),
  source: z.string(),
  reference_number: z.string().nullable(),
  description: z.string().nullable(),
  goal_allocations: z.array(otherIncomeAllocationSchema),
  allocated_amount: moneySchema,
  unallocated_amount: moneySchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type OtherIncome = z.infer<typeof otherIncomeSchema>;
/** POST and PUT answer the income, the goals it touched (as they are now) and a message. */
export const otherIncomeResponseSchema = z.object({
  data: otherIncomeSchema,
  goals: z.array(goalSchema),
  message: z.string(),
});
export type OtherIncomeResponse = z.infer<typeof otherIncomeResponseSchema>;
export const otherIncomePageSchema = pageSchema(otherIncomeSchema).extend({
  summary: z.object({ count: z.number().int(), total: moneySchema }),
});
export type OtherIncomePage = z.infer<typeof otherIncomePageSchema>;
export const OTHER_INCOME_SORT_FIELDS = ['income_date', 'amount', 'source', 'created_at'] as const;
/** `GET /api/other-income?search=&date_from=&date_to=&sort=income_date&direction=desc&page=&per_page=` */
export const otherIncomeListQuerySchema = listQuerySchema(OTHER_INCOME_SORT_FIELDS, 'income_date')
  .extend({
    direction: z.enum(['asc', 'desc']).default('desc'),
    date_from: isoDateSchema.optional(),
    date_to: isoDateSchema.optional(),
  })
  .refine((query) => !query.date_from || !query.date_to || query.date_from <= query.date_to, {
    message: 'The start date must be on or before the end date',
    path: ['date_to'],
  });
export type OtherIncomeListQuery = z.infer<typeof otherIncomeListQuerySchema>;
export type OtherIncomeListQueryInput = z.input<typeof otherIncomeListQuerySchema>;
