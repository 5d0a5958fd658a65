import { z } from 'zod';
import { isoDateSchema, listQuerySchema, pageSchema } from '../common';
import type { FieldErrors } from '../errors';
import { toFieldErrors } from '../errors';
import { DISCOUNT_TYPES } from '../invoicing/calculation-contracts';
import { addCalendarDays, MAX_NET_DAYS } from '../invoicing/due-date';
import {
  checkDocumentContent,
  invoiceClientSummarySchema,
  invoiceInputShape,
  invoiceLineSchema,
  invoiceTotalsSchema,
  type InvoiceRequest,
} from '../invoicing/contracts';
import {
  LAST_DAY_OF_MONTH,
  RECURRING_END_TYPES,
  RECURRING_FREQUENCIES,
  SEND_TIME_PATTERN,
  isValidTimeZone,
  type RecurringSchedule,
} from './schedule';

/*
 * Recurring invoices: a template (client, lines, taxes, discounts, notes, terms, payment terms) and
 * a schedule. The scheduler turns each due period into one invoice, exactly once.
 */

export const RECURRING_STATUSES = ['active', 'paused', 'finished'] as const;
export const recurringStatusSchema = z.enum(RECURRING_STATUSES);
export type RecurringStatus = z.infer<typeof recurringStatusSchema>;
export const RECURRING_STATUS_LABELS: Record<RecurringStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  finished: 'Finished',
};
export const RECURRING_FREQUENCY_LABELS: Record<(typeof RECURRING_FREQUENCIES)[number], string> = {
  daily: 'Days',
  weekly: 'Weeks',
  monthly: 'Months',
  yearly: 'Years',
};
export const MISSED_RUN_POLICIES = ['catch_up', 'skip'] as const;
export type MissedRunPolicy = (typeof MISSED_RUN_POLICIES)[number];
export const MAX_RECURRING_INTERVAL = 365;
export const MAX_RECURRING_COUNT = 1000;

export const RECURRING_MESSAGES = {
  frequencyInvalid: 'Please choose how often it repeats',
  intervalInvalid: `Please enter a whole number from 1 to ${MAX_RECURRING_INTERVAL}`,
  dayOfMonthInvalid: 'Please choose a day from 1 to 31, or the last day',
  startDateRequired: 'Please enter the start date',
  endTypeInvalid: 'Please choose when it ends',
  endDateRequired: 'Please enter the end date',
  endDateBeforeStart: 'The end date cannot be before the start date',
  endCountInvalid: `Please enter a number of invoices from 1 to ${MAX_RECURRING_COUNT}`,
  paymentTermsInvalid: `Please enter a number of days from 0 to ${MAX_NET_DAYS}`,
  autoSendInvalid: 'Please answer true or false',
  sendTimeInvalid: 'Please enter a time as HH:mm (24 hours)',
  timeZoneInvalid: 'Please choose a time zone',
  missedRunsInvalid: 'Please choose catch up or skip',
  // answers of the server
  notFound: 'Recurring invoice not found.',
  created: 'Recurring invoice created.',
  updated: 'Recurring invoice updated.',
  deleted: 'Recurring invoice deleted.',
  paused: 'Recurring invoice paused.',
  resumed: 'Recurring invoice resumed.',
  skipped: (date: string) => `The run of ${date} will be skipped.`,
  finished: 'This recurring invoice has finished.',
  notPaused: 'Only a paused recurring invoice can be resumed.',
  notActive: 'Only an active recurring invoice can be paused or skipped.',
  configUpdated: 'Recurring invoice settings saved.',
  runDone: (created: number) =>
    created === 1 ? 'The scheduler created 1 invoice.' : `The scheduler created ${created} invoices.`,
  /** `next`: `on 11/25/26 at 09:00 (America/Chicago)` (`nextRunText`). */
  runNothingDue: (next: string) => `No invoice was due yet: the next run is ${next}.`,
  runNext: (next: string) => `The next run is ${next}.`,
  runNoActive: 'No invoice was due: there is no active recurring invoice.',
  runFailed: (failures: number) =>
    failures === 1
      ? '1 run failed: the recurring invoice shows why.'
      : `${failures} runs failed: the recurring invoices show why.`,
  issueNowNotActive: 'Only an active recurring invoice can be issued now.',
  issueNowAlreadyIssued: (period: string, next: string | null) =>
    `The invoice of the current period (${period}) has already been issued.${next ? ` The next period starts on ${next}.` : ''}`,
  issueNowNothingDue: (next: string) => `There is nothing to issue yet: the next period starts on ${next}.`,
  issuedNow: (invoiceNumber: string, period: string) => `Invoice ${invoiceNumber} issued for the period of ${period}.`,
} as const;

/** When the next run happens, as a sentence part: `on 11/25/26 at 09:00 (America/Chicago)`. */
export function nextRunText(next: { date: string; send_time: string; time_zone: string }): string {
  return `on ${next.date} at ${next.send_time} (${next.time_zone})`;
}

/**
 * What "Run now" answers in words: what it created, or why nothing was created (nothing due yet,
 * no active recurring invoice), what failed, and when the next run is. `nextDate` is the next
 * period's date already in the business's date format.
 */
export function schedulerRunMessage(
  counts: { invoices_created: number; failures: number },
  next: { date: string; send_time: string; time_zone: string } | null,
): string {
  const parts: string[] = [];
  if (counts.invoices_created > 0) parts.push(RECURRING_MESSAGES.runDone(counts.invoices_created));
  if (counts.failures > 0) parts.push(RECURRING_MESSAGES.runFailed(counts.failures));
  if (counts.invoices_created === 0 && counts.failures === 0)
    parts.push(next ? RECURRING_MESSAGES.runNothingDue(nextRunText(next)) : RECURRING_MESSAGES.runNoActive);
  else if (next) parts.push(RECURRING_MESSAGES.runNext(nextRunText(next)));
  return parts.join(' ');
}

const dayOfMonthSchema = z.union(
  [
    z.literal(LAST_DAY_OF_MONTH),
    z
      .number({ error: RECURRING_MESSAGES.dayOfMonthInvalid })
      .int(RECURRING_MESSAGES.dayOfMonthInvalid)
      .min(1, RECURRING_MESSAGES.dayOfMonthInvalid)
      .max(31, RECURRING_MESSAGES.dayOfMonthInvalid),
  ],
  {
    error: RECURRING_MESSAGES.dayOfMonthInvalid,
  },
);

/** The schedule fields of a recurring invoice request. */
const recurringScheduleShape = {
  frequency: z.enum(RECURRING_FREQUENCIES, { error: RECURRING_MESSAGES.frequencyInvalid }),
  interval: z
    .number({ error: RECURRING_MESSAGES.intervalInvalid })
    .int(RECURRING_MESSAGES.intervalInvalid)
    .min(1, RECURRING_MESSAGES.intervalInvalid)
    .max(MAX_RECURRING_INTERVAL, RECURRING_MESSAGES.intervalInvalid)
    .default(1),
  day_of_month: dayOfMonthSchema.nullish().transform((value) => value ?? null),
  start_date: z.string({ error: RECURRING_MESSAGES.startDateRequired }).pipe(isoDateSchema),
  end_type: z.enum(RECURRING_END_TYPES, { error: RECURRING_MESSAGES.endTypeInvalid }).default('never'),
  end_date: isoDateSchema.nullish().transform((value) => value ?? null),
  end_count: z
    .number({ error: RECURRING_MESSAGES.endCountInvalid })
    .int(RECURRING_MESSAGES.endCountInvalid)
    .min(1, RECURRING_MESSAGES.endCountInvalid)
    .max(MAX_RECURRING_COUNT, RECURRING_MESSAGES.endCountInvalid)
    .nullish()
    .transform((value) => value ?? null),
};

type ParsedSchedule = z.output<z.ZodObject<typeof recurringScheduleShape>>;

/** An end on a date needs that date, not before the start; an end after a count needs the count. */
function checkSchedule(schedule: ParsedSchedule, ctx: z.RefinementCtx) {
  if (schedule.end_type === 'on_date') {
    if (!schedule.end_date)
      ctx.addIssue({ code: 'custom', message: RECURRING_MESSAGES.endDateRequired, path: ['end_date'] });
    else if (schedule.end_date < schedule.start_date)
      ctx.addIssue({ code: 'custom', message: RECURRING_MESSAGES.endDateBeforeStart, path: ['end_date'] });
  }
  if (schedule.end_type === 'after_count' && schedule.end_count === null)
    ctx.addIssue({ code: 'custom', message: RECURRING_MESSAGES.endCountInvalid, path: ['end_count'] });
}

/** The schedule as stored: only the fields its frequency and end type use are kept. */
function normaliseSchedule(schedule: ParsedSchedule): RecurringSchedule {
  return {
    frequency: schedule.frequency,
    interval: schedule.interval,
    start_date: schedule.start_date,
    end_type: schedule.end_type,
    day_of_month: schedule.frequency === 'monthly' || schedule.frequency === 'yearly' ? schedule.day_of_month : null,
    end_date: schedule.end_type === 'on_date' ? schedule.end_date : null,
    end_count: schedule.end_type === 'after_count' ? schedule.end_count : null,
  };
}

export const recurringScheduleSchema = z
  .object(recurringScheduleShape)
  .superRefine(checkSchedule)
  .transform(normaliseSchedule);

/** The template of the invoices it produces: the invoice request without dates (they come from each period). */
export type RecurringTemplate = Omit<InvoiceRequest, 'issue_date' | 'due_date' | 'goal_id'>;

export interface RecurringRequest {
  template: RecurringTemplate;
  schedule: RecurringSchedule;
  payment_terms_days: number;
  auto_send: boolean;
}

const paymentTermsSchema = z
  .number({ error: RECURRING_MESSAGES.paymentTermsInvalid })
  .int(RECURRING_MESSAGES.paymentTermsInvalid)
  .min(0, RECURRING_MESSAGES.paymentTermsInvalid)
  .max(MAX_NET_DAYS, RECURRING_MESSAGES.paymentTermsInvalid);

const { issue_date: _issue, due_date: _due, goal_id: _goal, ...templateShape } = invoiceInputShape;

/**
 * `POST /api/recurring-invoices` and `PUT /api/recurring-invoices/{id}`: the schedule (`frequency,
 * interval, day_of_month, start_date, end_type, end_date, end_count`), `payment_terms_days` and
 * `auto_send`, and the template with the invoice's fields and rules (`client_id, lines,
 * discount_type, discount_value, notes, terms, currency`). `auto_send` parses to null when absent:
 * the business's default applies (`parseRecurringRequest`).
 */
export const recurringRequestSchema = z
  .strictObject({
    ...recurringScheduleShape,
    payment_terms_days: paymentTermsSchema
      .nullish()
      .transform((value) => value ?? 30)
      .describe('Days from each invoice date to its due date; 30 when absent'),
    auto_send: z
      .boolean({ error: RECURRING_MESSAGES.autoSendInvalid })
      .nullish()
      .transform((value) => value ?? null)
      .describe("Email each invoice when it is created; the business's default when absent"),
    ...templateShape,
    // Accepted and ignored, as they always were: every invoice's dates come from its period, and a
    // recurring invoice has no goal.
    issue_date: z.unknown().optional().describe('Ignored: each invoice is dated on its period'),
    due_date: z.unknown().optional().describe('Ignored: each invoice is due payment_terms_days after its date'),
    goal_id: z.unknown().optional().describe('Ignored: recurring invoices have no goal'),
  })
  .superRefine((request, ctx) => {
    checkSchedule(request, ctx);
    checkDocumentContent(request, ctx);
  })
  .transform((request) => {
    const {
      frequency,
      interval,
      day_of_month,
      start_date,
      end_type,
      end_date,
      end_count,
      payment_terms_days,
      auto_send,
      issue_date: _issueDate,
      due_date: _dueDate,
      goal_id: _goalId,
      ...template
    } = request;
    return {
      template,
      schedule: normaliseSchedule({ frequency, interval, day_of_month, start_date, end_type, end_date, end_count }),
      payment_terms_days,
      auto_send,
    };
  });

/** The recurring request of a body, with `auto_send` defaulting to the business's, or its field-keyed errors. */
export function parseRecurringRequest(
  body: unknown,
  defaults: { auto_send: boolean } = { auto_send: false },
): { success: true; data: RecurringRequest } | { success: false; errors: FieldErrors } {
  const parsed = recurringRequestSchema.safeParse(body);
  if (!parsed.success) return { success: false, errors: toFieldErrors(parsed.error) };
  return { success: true, data: { ...parsed.data, auto_send: parsed.data.auto_send ?? defaults.auto_send } };
}

/** The invoice request of one period: dated on the period, due after the payment terms. */
export function periodInvoiceRequest(
  template: RecurringTemplate,
  period: string,
  paymentTermsDays: number,
): InvoiceRequest {
  return { ...template, issue_date: period, due_date: addCalendarDays(period, paymentTermsDays), goal_id: null };
}

export const recurringConfigSchema = z.strictObject({
  send_time: z
    .string({ error: RECURRING_MESSAGES.sendTimeInvalid })
    .regex(SEND_TIME_PATTERN, RECURRING_MESSAGES.sendTimeInvalid),
  time_zone: z
    .string({ error: RECURRING_MESSAGES.timeZoneInvalid })
    .refine(isValidTimeZone, RECURRING_MESSAGES.timeZoneInvalid),
  default_auto_send: z.boolean({ error: RECURRING_MESSAGES.autoSendInvalid }),
  missed_runs: z.enum(MISSED_RUN_POLICIES, { error: RECURRING_MESSAGES.missedRunsInvalid }),
});
export type RecurringConfig = z.infer<typeof recurringConfigSchema>;
export type RecurringConfigInput = z.input<typeof recurringConfigSchema>;
export const DEFAULT_RECURRING_CONFIG: RecurringConfig = {
  send_time: '09:00',
  time_zone: 'UTC',
  default_auto_send: false,
  missed_runs: 'catch_up',
};
export const recurringConfigResponseSchema = z.object({ data: recurringConfigSchema, message: z.string().optional() });

const scheduleResponseSchema = z.object({
  frequency: z.enum(RECURRING_FREQUENCIES),
  interval: z.number().int(),
  day_of_month: z.union([z.number().int(), z.literal(LAST_DAY_OF_MONTH)]).nullable(),
  start_date: z.string(),
  end_type: z.enum(RECURRING_END_TYPES),
  end_date: z.string().nullable(),
  end_count: z.number().int().nullable(),
});

export const recurringInvoiceSchema = scheduleResponseSchema.extend({
  id: z.number().int(),
  status: recurringStatusSchema,
  client: invoiceClientSummarySchema,
  lines: z.array(invoiceLineSchema),
  discount_type: z.enum(DISCOUNT_TYPES).nullable(),
  discount_value: z.number().nullable(),
  totals: invoiceTotalsSchema,
  notes: z.string().nullable(),
  terms: z.string().nullable(),
  payment_terms_days: z.number().int(),
  auto_send: z.boolean(),
  next_run_date: z.string().nullable(),
  /** The next five run dates. */
  upcoming: z.array(z.string()),
  generated_count: z.number().int(),
  remaining_count: z.number().int().nullable(),
  last_run_at: z.string().nullable(),
  last_error: z.string().nullable(),
  invoices: z.array(
    z.object({
      id: z.number().int(),
      invoice_number: z.string().nullable(),
      period: z.string(),
      status: z.string(),
      total: z.number(),
      created_at: z.string(),
    }),
  ),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RecurringInvoice = z.infer<typeof recurringInvoiceSchema>;
export const recurringInvoiceResponseSchema = z.object({
  data: recurringInvoiceSchema,
  message: z.string().optional(),
});

export const recurringListItemSchema = z.object({
  id: z.number().int(),
  status: recurringStatusSchema,
  client: z.object({ id: z.number().int(), name: z.string() }),
  frequency: z.enum(RECURRING_FREQUENCIES),
  interval: z.number().int(),
  total: z.number(),
  auto_send: z.boolean(),
  next_run_date: z.string().nullable(),
  generated_count: z.number().int(),
  remaining_count: z.number().int().nullable(),
  created_at: z.string(),
});
export type RecurringListItem = z.infer<typeof recurringListItemSchema>;
export const recurringPageSchema = pageSchema(recurringListItemSchema);
export type RecurringPage = z.infer<typeof recurringPageSchema>;
export const RECURRING_SORT_FIELDS = ['next_run_date', 'client_name', 'total', 'status', 'created_at'] as const;
export const recurringListQuerySchema = listQuerySchema(RECURRING_SORT_FIELDS, 'next_run_date').extend({
  status: z.enum(['all', ...RECURRING_STATUSES], { error: RECURRING_MESSAGES.endTypeInvalid }).default('all'),
});
export type RecurringListQuery = z.infer<typeof recurringListQuerySchema>;
export type RecurringListQueryInput = z.input<typeof recurringListQuerySchema>;

/** `POST /api/recurring-invoices/preview`: the next five run dates of a schedule being edited. */
export const recurringPreviewResponseSchema = z.object({ data: z.object({ dates: z.array(z.string()) }) });

export const schedulerRunResponseSchema = z.object({
  data: z.object({
    invoices_created: z.number().int(),
    emails_sent: z.number().int(),
    overdue: z.number().int(),
    expired: z.number().int(),
    reminders: z.number().int(),
    failures: z.number().int(),
  }),
  /**
   * The business's next recurring run after this pass: the period, the instant it becomes due (at
   * the send time in the business's time zone) and that time and zone; null with no active
   * recurring invoice.
   */
  next_run: z
    .object({
      recurring_invoice_id: z.number().int(),
      period: z.string(),
      at: z.string(),
      send_time: z.string(),
      time_zone: z.string(),
    })
    .nullable(),
  /** What was created, or why nothing was, and when the next run is (`schedulerRunMessage`). */
  message: z.string(),
});
export type SchedulerRunResult = z.infer<typeof schedulerRunResponseSchema>['data'];
export type SchedulerNextRun = NonNullable<z.infer<typeof schedulerRunResponseSchema>['next_run']>;

/** `POST /api/recurring-invoices/{id}/issue-now`: the recurring invoice after it, and the invoice issued. */
export const recurringIssueNowResponseSchema = recurringInvoiceResponseSchema.extend({
  invoice: z.object({ id: z.number().int(), invoice_number: z.string(), period: z.string() }),
  message: z.string(),
});
export type RecurringIssueNowResponse = z.infer<typeof recurringIssueNowResponseSchema>;

/** A schedule's one-line description: `Every 2 months on the 31st (last day in shorter months)`. */
export function describeSchedule(schedule: Pick<RecurringSchedule, 'frequency' | 'interval' | 'day_of_month'>): string {
  const unit = { daily: 'day', weekly: 'week', monthly: 'month', yearly: 'year' }[schedule.frequency];
  const every = schedule.interval === 1 ? `Every ${unit}` : `Every ${schedule.interval} ${unit}s`;
  if (schedule.frequency !== 'monthly' && schedule.frequency !== 'yearly') return every;
  if (schedule.day_of_month === LAST_DAY_OF_MONTH) return `${every} on the last day`;
  if (schedule.day_of_month === null) return every;
  const day = schedule.day_of_month;
  const suffix =
    day % 10 === 1 && day !== 11
      ? 'st'
      : day % 10 === 2 && day !== 12
        ? 'nd'
        : day % 10 === 3 && day !== 13
          ? 'rd'
          : 'th';
  return `${every} on the ${day}${suffix}${day > 28 ? ' (last day in shorter months)' : ''}`;
}
