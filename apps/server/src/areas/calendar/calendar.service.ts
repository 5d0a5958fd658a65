import {
  CALENDAR_MESSAGES,
  addCalendarDays,
  calendarKinds,
  crmSubjectOf,
  fromCents,
  projectedRunDates,
  roleMay,
  zonedDateTimeFormatter,
  zonedInstant,
  zonedToday,
  type CalendarEvent,
  type CalendarEventKind,
  type CalendarPeopleResponse,
  type CalendarQuery,
  type CalendarResponse,
  type CalendarRecordType,
} from '@ledgerleaf/domain';
import {
  listCalendarActivities,
  listCalendarEstimates,
  listCalendarGoals,
  listCalendarInvoices,
  listCalendarPayments,
  listCalendarPeople,
  listCalendarRecurring,
  listCalendarReminders,
  userInBusiness,
  type Db,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../lib/context';
import { validationError } from '../../lib/errors';
import { requireAdmin } from '../../plugins/auth';
import { businessTimeZone } from '../crm/crm-common';
import { scheduleOfRow } from '../invoicing/recurring/recurring-schedule';

/*
 * The calendar's events: each area's dates over a range, read from their tables in parallel and
 * worded here. Recurring runs are projected by the scheduler's own schedule code
 * (`projectedRunDates`, beside `dueRuns`), from the schedule's next run on, so a run the scheduler
 * will not make is never shown. Timed events (activities, reminders) are instants; the rest are days.
 */

const UNPAID = new Set(['sent', 'viewed', 'partial', 'overdue']);

export interface CollectParams {
  businessId: number;
  from: string;
  to: string;
  kinds: readonly CalendarEventKind[];
  timeZone: string;
  now: Date;
  /** Only this person's activities and reminders. */
  assigneeUserId?: number | undefined;
  /** Whether the reader may move activities. */
  canWrite: boolean;
}

function subjectRecord(row: { lead_id: number | null; opportunity_id: number | null; client_id: number | null }): {
  type: CalendarRecordType;
  id: number;
} {
  const subject = crmSubjectOf(row) ?? { kind: 'client' as const, id: row.client_id ?? 0 };
  return { type: subject.kind, id: subject.id };
}

/** The events of [from, to) of the chosen kinds, by start (the business's wall clock). */
export async function collectEvents(db: Db, params: CollectParams): Promise<CalendarEvent[]> {
  const { businessId, from, to, timeZone } = params;
  const kinds = new Set(params.kinds);
  const today = zonedToday(params.now, timeZone);
  const nowMs = params.now.getTime();
  const range = { businessId, from, to };
  const instants = {
    businessId,
    fromAt: zonedInstant(from, '00:00', timeZone).toISOString(),
    toAt: zonedInstant(to, '00:00', timeZone).toISOString(),
    assigneeUserId: params.assigneeUserId,
  };
  const none = Promise.resolve([]);
  const [invoices, recurring, estimates, activities, reminders, goals, payments] = await Promise.all([
    kinds.has('invoice_due') ? listCalendarInvoices(db, range) : none,
    kinds.has('recurring_run') && to > today ? listCalendarRecurring(db, { businessId, to }) : none,
    kinds.has('estimate_expiry') ? listCalendarEstimates(db, range) : none,
    kinds.has('activity') ? listCalendarActivities(db, instants) : none,
    kinds.has('reminder') ? listCalendarReminders(db, instants) : none,
    kinds.has('goal_target') ? listCalendarGoals(db, range) : none,
    kinds.has('payment') ? listCalendarPayments(db, range) : none,
  ]);
  // Timed events in the business's zone, with its offset: one Intl question per day, not per event.
  const zoned = zonedDateTimeFormatter(timeZone);
  const events: CalendarEvent[] = [];

  for (const invoice of invoices) {
    const unpaid = UNPAID.has(invoice.status);
    const overdue = unpaid && invoice.due_date < today && Number(invoice.balance_cents) > 0;
    const event: CalendarEvent = {
      id: `invoice_due-${invoice.id}`,
      kind: 'invoice_due',
      title: `${invoice.invoice_number ?? 'Draft invoice'} due · ${invoice.client_name}`,
      start: invoice.due_date,
      status: overdue ? 'overdue' : invoice.status === 'overdue' ? 'sent' : invoice.status,
      amount: fromCents(Number(unpaid ? invoice.balance_cents : invoice.total_cents)),
      record: { type: 'invoice', id: invoice.id },
    };
    if (overdue) event.overdue = true;
    events.push(event);
  }

  // Future runs only: from the business's today (a period of today not run yet is still to come).
  const runsFrom = from > today ? from : today;
  for (const row of recurring) {
    const runs = projectedRunDates(scheduleOfRow(row), {
      nextIndex: Number(row.next_index),
      generated: Number(row.generated_count),
      from: runsFrom,
      to,
    });
    if (runs.length === 0) continue;
    // One title, amount and record for every run of a schedule.
    const title = `Recurring invoice · ${row.client_name}`;
    const amount = fromCents(Number(row.total_cents));
    const record = { type: 'recurring_invoice' as const, id: row.id };
    for (const run of runs)
      events.push({
        id: `recurring_run-${row.id}-${run.period}`,
        kind: 'recurring_run',
        title,
        start: run.period,
        status: 'scheduled',
        amount,
        record,
      });
  }

  for (const estimate of estimates) {
    const expired = estimate.status === 'expired' || (estimate.status !== 'draft' && estimate.expiry_date < today);
    const event: CalendarEvent = {
      id: `estimate_expiry-${estimate.id}`,
      kind: 'estimate_expiry',
      title: `${estimate.estimate_number ?? 'Draft estimate'} expires · ${estimate.client_name}`,
      start: estimate.expiry_date,
      status: expired ? 'expired' : estimate.status,
      amount: fromCents(Number(estimate.total_cents)),
      record: { type: 'estimate', id: estimate.id },
    };
    if (expired) event.overdue = true;
    events.push(event);
  }

  for (const activity of activities) {
    const done = activity.done_at !== null;
    const dueMs = instantMs(activity.due_at);
    const event: CalendarEvent = {
      id: `activity-${activity.id}`,
      kind: 'activity',
      title: `${activity.type_name}: ${activity.subject}${activity.about_name ? ` · ${activity.about_name}` : ''}`,
      start: zoned(dueMs),
      status: done ? 'done' : 'open',
      record: subjectRecord(activity),
      activity_id: activity.id,
    };
    if (!done && dueMs < nowMs) event.overdue = true;
    if (activity.assignee_user_id !== null)
      event.assignee = { id: activity.assignee_user_id, name: activity.assignee_name ?? '' };
    if (params.canWrite && !done) event.editable = true;
    events.push(event);
  }

  for (const reminder of reminders) {
    const event: CalendarEvent = {
      id: `reminder-${reminder.id}`,
      kind: 'reminder',
      title: `Reminder: ${reminder.subject}`,
      start: zoned(instantMs(reminder.remind_at)),
      status: 'open',
      record: subjectRecord(reminder),
      activity_id: reminder.activity_id,
    };
    if (reminder.assignee_user_id !== null)
      event.assignee = { id: reminder.assignee_user_id, name: reminder.assignee_name ?? '' };
    events.push(event);
  }

  for (const goal of goals) {
    const reached = Number(goal.current_cents) >= Number(goal.target_cents);
    const active = goal.status === 'active' || goal.status === 'in_progress';
    const event: CalendarEvent = {
      id: `goal_target-${goal.id}`,
      kind: 'goal_target',
      title: `Goal target: ${goal.title}`,
      start: goal.target_date,
      status: goal.status,
      record: { type: 'goal', id: goal.id },
    };
    if (active && !reached && goal.target_date < today) event.overdue = true;
    if (goal.type !== 'new_clients') event.amount = fromCents(Number(goal.target_cents));
    events.push(event);
  }

  for (const payment of payments) {
    events.push({
      id: `payment-${payment.id}`,
      kind: 'payment',
      title: `Payment received · ${payment.invoice_number ?? 'invoice'} · ${payment.client_name}`,
      start: payment.payment_date,
      status: 'received',
      amount: fromCents(Number(payment.amount_cents)),
      record: { type: 'invoice', id: payment.invoice_id },
    });
  }

  // Starts are the business's dates and wall clocks: as text they sort in time (a day before its times).
  return events.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.id < b.id ? -1 : 1));
}

/** A stored instant (ISO text on SQLite, a Date from PostgreSQL) in milliseconds. */
function instantMs(value: string | Date): number {
  return typeof value === 'string' ? Date.parse(value) : value.getTime();
}

/** `GET /api/calendar/events`: the caller's business's events of the range. */
export async function calendarEvents(
  deps: Deps,
  { auth, query }: { auth: AuthContext; query: CalendarQuery },
): Promise<CalendarResponse> {
  const businessId = auth.businessId;
  if (query.person_id !== undefined && query.person_id !== auth.userId) {
    requireAdmin(auth);
    if (!(await userInBusiness(deps.db, { businessId, userId: query.person_id })))
      throw validationError({ person_id: [CALENDAR_MESSAGES.personInvalid] });
  }
  const timeZone = await businessTimeZone(deps.db, businessId);
  const now = deps.clock();
  const data = await collectEvents(deps.db, {
    businessId,
    from: query.from,
    to: query.to,
    kinds: calendarKinds(query.kinds),
    timeZone,
    now,
    assigneeUserId: query.person_id,
    canWrite: roleMay(auth.user.role, 'write'),
  });
  return { data, time_zone: timeZone, today: zonedToday(now, timeZone), from: query.from, to: query.to };
}

/** `GET /api/calendar/people`: whose activities an owner or admin may show. */
export async function calendarPeople(deps: Deps, { auth }: { auth: AuthContext }): Promise<CalendarPeopleResponse> {
  requireAdmin(auth);
  return { data: await listCalendarPeople(deps.db, { businessId: auth.businessId }) };
}

/** The feed's window around the business's today. */
export function feedWindow(today: string, back: number, ahead: number): { from: string; to: string } {
  return { from: addCalendarDays(today, -back), to: addCalendarDays(today, ahead) };
}
