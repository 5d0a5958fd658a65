import { z } from 'zod';
import { amountSchema, isoDateSchema, listQuerySchema, pageSchema } from '../common';
import { formatCurrency } from '../format';
import { hasIssueAt, moneySchema, optionalText } from './schema-helpers';

/**
 * API contracts of goals, other income, payment allocations and the allocation preference
 * (SPEC.md sections 2, 3, 5, 7, 8). Amounts travel as decimals (`target_amount: 1500.5`) and are
 * integer cents in the database, like invoices and payments. A `new_clients` goal counts clients:
 * its `target_amount` and `current_amount` are whole numbers and its `unit` is `count`.
 *
 * Other income is in other-income-contracts.ts, payment allocations in allocation-contracts.ts.
 *
 * Where SPEC.md gives a message it is copied to the letter; the others are ours.
 */

// ---------------------------------------------------------------- goals

/**
 * `financial` goals are filled by allocations of received money (payments, other income). The
 * others track themselves from the business's data over [start_date, target_date]: payments
 * received (`revenue_collected`), totals of invoices issued (`amount_invoiced`), clients added
 * (`new_clients`).
 */
export const GOAL_TYPES = ['financial', 'revenue_collected', 'amount_invoiced', 'new_clients'] as const;
export type GoalType = (typeof GOAL_TYPES)[number];
export const TRACKED_GOAL_TYPES = [
  'revenue_collected',
  'amount_invoiced',
  'new_clients',
] as const satisfies readonly GoalType[];
export const GOAL_TYPE_LABELS: Record<GoalType, string> = {
  financial: 'Financial (allocated money)',
  revenue_collected: 'Revenue collected',
  amount_invoiced: 'Amount invoiced',
  new_clients: 'New clients',
};
export type GoalUnit = 'money' | 'count';
export function goalUnit(type: GoalType): GoalUnit {
  return type === 'new_clients' ? 'count' : 'money';
}
export function isTrackedGoalType(type: GoalType): boolean {
  return type !== 'financial';
}

/** SPEC.md section 3 and the issue: active and in_progress count as active. */
export const GOAL_STATUSES = ['active', 'in_progress', 'completed', 'paused', 'cancelled'] as const;
export type GoalStatus = (typeof GOAL_STATUSES)[number];
/**
 * A goal counts as active when its status is active or in_progress (SPEC.md section 3): both read
 * 'Active', so one kind of goal never shows two labels (issue 11).
 */
export const GOAL_STATUS_LABELS: Record<GoalStatus, string> = {
  active: 'Active',
  in_progress: 'Active',
  completed: 'Completed',
  paused: 'Paused',
  cancelled: 'Cancelled',
};
/** Statuses a goal may be created or edited into (completion is reached or asked for with `complete`). */
export const GOAL_EDITABLE_STATUSES = ['active', 'in_progress', 'paused'] as const satisfies readonly GoalStatus[];
/** The editable statuses a form offers: in_progress reads 'Active' too, so it is not offered twice. */
export const GOAL_STATUS_CHOICES = ['active', 'paused'] as const satisfies readonly GoalStatus[];

/** Status actions: `POST /api/goals/{id}/{action}`. */
export const GOAL_ACTIONS = ['pause', 'resume', 'complete', 'cancel'] as const;
export type GoalAction = (typeof GOAL_ACTIONS)[number];
const ACTION_FROM: Record<GoalAction, readonly GoalStatus[]> = {
  pause: ['active', 'in_progress'],
  resume: ['paused', 'cancelled'],
  complete: ['active', 'in_progress', 'paused'],
  cancel: ['active', 'in_progress', 'paused'],
};
const ACTION_TO: Record<GoalAction, GoalStatus> = {
  pause: 'paused',
  resume: 'active',
  complete: 'completed',
  cancel: 'cancelled',
};
/** The status an action leads to from `status`, or null when it does not apply. */
export function goalActionResult(status: GoalStatus, action: GoalAction): GoalStatus | null {
  return ACTION_FROM[action].includes(status) ? ACTION_TO[action] : null;
}

export const GOAL_TITLE_MAX_LENGTH = 255;
export const GOAL_DESCRIPTION_MAX_LENGTH = 5000;
export const GOAL_CATEGORY_MAX_LENGTH = 50;
/** Largest count of a `new_clients` goal. */
export const MAX_GOAL_COUNT = 1_000_000;

export const GOAL_MESSAGES = {
  titleRequired: 'Please enter a title for the goal',
  titleTooLong: `The title may be at most ${GOAL_TITLE_MAX_LENGTH} characters`,
  descriptionTooLong: `The description may be at most ${GOAL_DESCRIPTION_MAX_LENGTH.toLocaleString('en-US')} characters`,
  typeInvalid: 'Please choose a goal type',
  typeLocked: 'The type of a goal cannot be changed after it is created',
  targetRequired: 'Please enter a target greater than zero',
  targetCountInvalid: 'Please enter a whole number of clients',
  targetCountTooLarge: `The target may be at most ${MAX_GOAL_COUNT.toLocaleString('en-US')} clients`,
  currentInvalid: 'Please enter the amount already saved (0 or more)',
  currentBelowAllocated: (allocated: number) =>
    `The current amount cannot be less than the ${formatCurrency(allocated)} allocated to this goal`,
  startDateRequired: 'Please enter the start date',
  targetDateRequired: 'Please enter the target date',
  targetDateBeforeStart: 'The target date cannot be before the start date',
  statusInvalid: 'Please choose active, in progress or paused',
  statusFilterInvalid: 'Please choose a status',
  typeFilterInvalid: 'Please choose a goal type',
  categoryTooLong: `The category may be at most ${GOAL_CATEGORY_MAX_LENGTH} characters`,
  colorInvalid: 'Please choose a colour such as #4c6ef5',
  // answers of the server
  notFound: 'Goal not found.',
  actionNotAllowed: (action: GoalAction, status: GoalStatus) =>
    `${/^[aeiou]/i.test(GOAL_STATUS_LABELS[status]) ? 'An' : 'A'} ${GOAL_STATUS_LABELS[status].toLowerCase()} goal cannot be ${action === 'pause' ? 'paused' : action === 'resume' ? 'resumed' : action === 'complete' ? 'completed' : 'cancelled'}.`,
  created: 'Goal created.',
  updated: 'Goal updated.',
  deleted: 'Goal deleted.',
  paused: 'Goal paused.',
  resumed: 'Goal resumed.',
  completed: 'Goal completed.',
  cancelled: 'Goal cancelled.',
  deleteConfirmTitle: 'Delete goal',
  deleteConfirmMessage: (title: string) =>
    `Delete the goal "${title}"?\nIts contributions are removed from it; payments and income stay recorded.`,
  emptyTitle: 'No goals yet',
  emptyMessage: 'Set a goal to see the money you receive flow into it.',
  // the Goal notification (SPEC.md section 3: type contains Goal)
  achievedTitle: 'Goal achieved',
  achievedMessage: (title: string) => `You reached your goal "${title}". Congratulations!`,
} as const;

const goalTypeSchema = z.enum(GOAL_TYPES, { error: GOAL_MESSAGES.typeInvalid });
const goalStatusSchema = z.enum(GOAL_STATUSES, { error: GOAL_MESSAGES.statusInvalid });

/**
 * Create (`POST /api/goals`) and edit (`PUT /api/goals/{id}`, all fields again). `start_date`
 * defaults to today on the server. `current_amount` (financial goals only; tracked goals compute
 * theirs and ignore it) is the goal's whole current amount: on create what is already saved, on
 * edit the corrected total (it may not go below what allocations brought, 422); omitted or null on
 * edit keeps it. On edit, `type` must stay what it was (422 `type` otherwise).
 */
export const goalInputSchema = z
  .strictObject({
    title: z
      .string({ error: GOAL_MESSAGES.titleRequired })
      .trim()
      .min(1, GOAL_MESSAGES.titleRequired)
      .max(GOAL_TITLE_MAX_LENGTH, GOAL_MESSAGES.titleTooLong),
    description: optionalText(GOAL_DESCRIPTION_MAX_LENGTH, GOAL_MESSAGES.descriptionTooLong),
    /** Defaults to `financial` on create; on edit, omitted keeps the goal's type. */
    type: goalTypeSchema.optional(),
    target_amount: z
      .number({ error: GOAL_MESSAGES.targetRequired })
      .pipe(amountSchema)
      .refine((value) => value > 0, GOAL_MESSAGES.targetRequired),
    current_amount: z
      .number({ error: GOAL_MESSAGES.currentInvalid })
      .pipe(amountSchema)
      .nullish()
      .transform((value) => value ?? null),
    start_date: z
      .string({ error: GOAL_MESSAGES.startDateRequired })
      .pipe(isoDateSchema)
      .nullish()
      .transform((value) => value ?? null),
    target_date: z
      .string({ error: GOAL_MESSAGES.targetDateRequired })
      .min(1, GOAL_MESSAGES.targetDateRequired)
      .pipe(isoDateSchema),
    /** Create: active (default), in_progress or paused. Edit: omitted or unchanged keeps it; otherwise between active, in_progress and paused only (409 else). */
    status: goalStatusSchema.optional(),
    category: optionalText(GOAL_CATEGORY_MAX_LENGTH, GOAL_MESSAGES.categoryTooLong),
    color: z
      .string({ error: GOAL_MESSAGES.colorInvalid })
      .trim()
      .regex(/^#[0-9a-fA-F]{6}$/, GOAL_MESSAGES.colorInvalid)
      .nullish()
      .or(z.literal(''))
      .transform((value) => (value ? value.toLowerCase() : null)),
  })
  .superRefine((goal, ctx) => {
    if (!hasIssueAt(ctx, 'type', 'target_amount') && goal.type === 'new_clients') {
      if (!Number.isInteger(goal.target_amount))
        ctx.addIssue({ code: 'custom', message: GOAL_MESSAGES.targetCountInvalid, path: ['target_amount'] });
      else if (goal.target_amount > MAX_GOAL_COUNT)
        ctx.addIssue({ code: 'custom', message: GOAL_MESSAGES.targetCountTooLarge, path: ['target_amount'] });
    }
    if (!hasIssueAt(ctx, 'start_date', 'target_date') && goal.start_date && goal.target_date < goal.start_date) {
      ctx.addIssue({ code: 'custom', message: GOAL_MESSAGES.targetDateBeforeStart, path: ['target_date'] });
    }
  });
export type GoalInput = z.input<typeof goalInputSchema>;
export type GoalRequest = z.output<typeof goalInputSchema>;
export const goalCreateRequestSchema = goalInputSchema;
export const goalUpdateRequestSchema = goalInputSchema;

export const GOAL_SORT_FIELDS = [
  'created_at',
  'target_date',
  'start_date',
  'title',
  'progress',
  'target_amount',
  'current_amount',
  'status',
] as const;
/** `active` means active or in_progress (SPEC.md section 3); `behind` active goals behind schedule. */
export const GOAL_STATUS_FILTERS = [
  'all',
  'active',
  'in_progress',
  'completed',
  'paused',
  'cancelled',
  'behind',
] as const;
export type GoalStatusFilter = (typeof GOAL_STATUS_FILTERS)[number];

/**
 * `GET /api/goals?type=financial&status=active` (SPEC.md section 7) and the tracker's filters:
 * `?status=all|active|in_progress|completed|paused|cancelled|behind&type=all|financial|...&sort=&direction=&search=&page=&per_page=`.
 * Answers `{ data: Goal[], meta }` (the modals read `data.data`).
 */
export const goalListQuerySchema = listQuerySchema(GOAL_SORT_FIELDS, 'created_at').extend({
  direction: z.enum(['asc', 'desc']).default('desc'),
  status: z.enum(GOAL_STATUS_FILTERS, { error: GOAL_MESSAGES.statusFilterInvalid }).default('all'),
  type: z.enum(['all', ...GOAL_TYPES], { error: GOAL_MESSAGES.typeFilterInvalid }).default('all'),
});
export type GoalListQuery = z.infer<typeof goalListQuerySchema>;
export type GoalListQueryInput = z.input<typeof goalListQuerySchema>;

export const goalPaceSchema = z.object({
  days_left: z.number().int(),
  /** In the goal's unit (decimal money or a count). */
  required_per_month: z.number(),
  current_per_month: z.number(),
  projected_at_target_date: z.number(),
  on_track: z.boolean(),
  behind_schedule: z.boolean(),
});
export type GoalPaceResponse = z.infer<typeof goalPaceSchema>;

export const goalSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  type: goalTypeSchema,
  unit: z.enum(['money', 'count']),
  /** True for the self-tracking types (their current amount is computed). */
  tracks_automatically: z.boolean(),
  target_amount: moneySchema,
  current_amount: moneySchema,
  /** `goalProgressPercent(current, target)`: capped at 100, 0 when the target is 0; 2 decimals. */
  progress: z.number(),
  remaining_amount: moneySchema,
  start_date: z.string(),
  target_date: z.string(),
  status: goalStatusSchema,
  /** status is active or in_progress. */
  is_active: z.boolean(),
  category: z.string().nullable(),
  color: z.string().nullable(),
  pace: goalPaceSchema,
  completed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Goal = z.infer<typeof goalSchema>;
export const goalResponseSchema = z.object({ data: goalSchema, message: z.string().optional() });
export type GoalResponse = z.infer<typeof goalResponseSchema>;
export const goalPageSchema = pageSchema(goalSchema);
export type GoalPage = z.infer<typeof goalPageSchema>;

/** Where a contribution came from. Financial goals: payments and other income (and the amount saved at creation); tracked goals: the records they count. */
export const CONTRIBUTION_SOURCES = ['payment', 'other_income', 'invoice', 'client'] as const;
export type ContributionSource = (typeof CONTRIBUTION_SOURCES)[number];

/** `GET /api/goals/{id}/contributions?page=&per_page=`: newest first. */
export const goalContributionSchema = z.object({
  /** Unique in the list: `payment-12`, `other_income-3`, `invoice-7`, `client-9`, `allocation-5`. */
  key: z.string(),
  source_type: z.enum(CONTRIBUTION_SOURCES),
  /** "Payment on invoice INV-0012", "Other income from Consulting", "Invoice INV-0012", "New client Acme". */
  label: z.string(),
  /** In the goal's unit (1 per client for new_clients). */
  amount: z.number(),
  date: z.string(),
  invoice_id: z.number().int().nullable(),
  invoice_number: z.string().nullable(),
  payment_id: z.number().int().nullable(),
  other_income_id: z.number().int().nullable(),
  other_income_source: z.string().nullable(),
  client_id: z.number().int().nullable(),
  created_at: z.string().nullable(),
});
export type GoalContribution = z.infer<typeof goalContributionSchema>;
export const goalContributionPageSchema = pageSchema(goalContributionSchema).extend({ goal: goalSchema });
export type GoalContributionPage = z.infer<typeof goalContributionPageSchema>;
export const goalContributionQuerySchema = listQuerySchema(['date'] as const, 'date').pick({
  page: true,
  per_page: true,
});

/** `GET /api/goals/analytics` */
export const goalAnalyticsSchema = z.object({
  counts: z.object({
    total: z.number().int(),
    achieved: z.number().int(),
    active: z.number().int(),
    behind_schedule: z.number().int(),
    paused: z.number().int(),
    cancelled: z.number().int(),
  }),
  /** Money that reached financial goals per month (last 12 months, oldest first) and the running total since the first contribution. */
  progress_over_time: z.array(z.object({ month: z.string(), contributed: moneySchema, cumulative: moneySchema })),
  /** Per goal (not cancelled): its current amount at the end of each of the same months, in its unit, and the percent. */
  goal_series: z.array(
    z.object({
      goal_id: z.number().int(),
      title: z.string(),
      type: goalTypeSchema,
      color: z.string().nullable(),
      points: z.array(z.object({ month: z.string(), amount: z.number(), progress: z.number() })),
    }),
  ),
  /** Money allocated to financial goals by source: invoice payments, and other income per income source. */
  contributions_by_source: z.array(
    z.object({
      source_type: z.enum(['payment', 'other_income']),
      label: z.string(),
      amount: moneySchema,
      count: z.number().int(),
    }),
  ),
  /** Achieved, active (on track), behind schedule: the three groups for a status chart. */
  status_breakdown: z.array(
    z.object({ key: z.enum(['achieved', 'active', 'behind_schedule']), label: z.string(), count: z.number().int() }),
  ),
});
export type GoalAnalytics = z.infer<typeof goalAnalyticsSchema>;
export const goalAnalyticsResponseSchema = z.object({ data: goalAnalyticsSchema });
