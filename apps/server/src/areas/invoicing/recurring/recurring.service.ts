import {
  DEFAULT_RECURRING_CONFIG,
  RECURRING_MESSAGES,
  addCalendarDays,
  calculateInvoiceRequest,
  fromCents,
  invoiceTotals,
  localCalendarDate,
  occurrenceDate,
  occurrenceIndexOnOrAfter,
  pageMeta,
  periodDueAt,
  remainingCount,
  upcomingRunDates,
  withinEndDate,
  type RecurringConfig,
  type SchedulerNextRun,
  type RecurringInvoice,
  type RecurringListQuery,
  type RecurringPage,
  type RecurringRequest,
  type RecurringSchedule,
  type RecurringStatus,
  type RecurringTemplate,
} from '@ledgerleaf/domain';
import {
  claimWriteLock,
  deleteRecurringInvoice as deleteRecurringRow,
  findClient,
  findInvoicingSettings,
  findNextRecurringRun,
  findRecurringInvoice,
  findRecurringSettings,
  insertRecurringInvoice,
  listBusinessTaxRates,
  listRecurringPage,
  listRecurringProducedInvoices,
  lockRecurringInvoice,
  saveRecurringSettings,
  unlinkRecurringInvoices,
  updateRecurringInvoice,
  type Db,
  type RecurringInvoiceRow,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { publish } from '../../../lib/events';
import { requestLinesView, resolveStoredContent } from '../documents/document-content';
import { scheduleOfRow, storedDayOfMonth } from './recurring-schedule';

export async function recurringConfig(db: Db, businessId: number): Promise<RecurringConfig> {
  const row = await findRecurringSettings(db, { businessId });
  if (!row) return { ...DEFAULT_RECURRING_CONFIG };
  return {
    send_time: row.send_time,
    time_zone: row.time_zone,
    default_auto_send: Boolean(row.default_auto_send),
    missed_runs: row.missed_runs as RecurringConfig['missed_runs'],
  };
}

export async function getRecurringConfig(deps: Deps, params: { auth: AuthContext }): Promise<RecurringConfig> {
  return recurringConfig(deps.db, params.auth.businessId);
}

export async function saveRecurringConfig(
  deps: Deps,
  params: { auth: AuthContext; input: RecurringConfig },
): Promise<RecurringConfig> {
  await deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    await saveRecurringSettings(tx, { businessId: params.auth.businessId, ...params.input, now });
    await publish(tx, {
      type: 'settings.recurring_updated',
      businessId: params.auth.businessId,
      userId: params.auth.userId,
      subject: { type: 'business', id: params.auth.businessId },
      data: { ...params.input },
      at: now,
    });
  });
  return recurringConfig(deps.db, params.auth.businessId);
}

/** The business's next recurring run: the earliest next period of its active recurring invoices, due at its send time in its zone. */
export async function nextRecurringRun(db: Db, businessId: number): Promise<SchedulerNextRun | null> {
  const next = await findNextRecurringRun(db, { businessId });
  if (!next) return null;
  const config = await recurringConfig(db, businessId);
  return {
    recurring_invoice_id: next.id,
    period: next.next_run_date,
    at: periodDueAt(next.next_run_date, config.send_time, config.time_zone).toISOString(),
    send_time: config.send_time,
    time_zone: config.time_zone,
  };
}

/** Today in the business's time zone (what "from today" means for a schedule, and for the scheduler's reminders). */
export async function localToday(deps: Deps, db: Db, businessId: number): Promise<string> {
  const config = await recurringConfig(db, businessId);
  return localCalendarDate(deps.clock(), config.time_zone);
}

function nextState(
  schedule: RecurringSchedule,
  nextIndex: number,
  generated: number,
): { status: RecurringStatus; next_index: number; next_run_date: string | null } {
  const date = occurrenceDate(schedule, nextIndex);
  const remaining = remainingCount(schedule, generated);
  if (!withinEndDate(schedule, date) || remaining === 0)
    return { status: 'finished', next_index: nextIndex, next_run_date: null };
  return { status: 'active', next_index: nextIndex, next_run_date: date };
}

async function view(deps: Deps, db: Db, businessId: number, recurringId: number): Promise<RecurringInvoice> {
  const row = await findRecurringInvoice(db, { businessId, recurringId });
  if (!row) throw notFound(RECURRING_MESSAGES.notFound);
  const template = JSON.parse(row.template) as RecurringTemplate;
  const schedule = scheduleOfRow(row);
  const taxRates = await listBusinessTaxRates(db, { businessId });
  const pricesIncludeTax = (await findInvoicingSettings(db, { businessId }))?.prices_include_tax ?? false;
  const computed = calculateInvoiceRequest(template, { taxRates, prices_include_tax: pricesIncludeTax });
  const client = await findClient(db, { businessId, clientId: row.client_id });
  const produced = await listRecurringProducedInvoices(db, { businessId, recurringId });
  const generated = Number(row.generated_count);
  const amounts = computed.success
    ? invoiceTotals(computed.calculation)
    : {
        totals: {
          subtotal: 0,
          line_discounts: 0,
          invoice_discount: 0,
          taxable: 0,
          taxes: [],
          tax: 0,
          total: 0,
          prices_include_tax: false,
        },
      };
  return {
    id: row.id,
    status: row.status as RecurringStatus,
    client: { id: row.client_id, name: client?.name ?? row.client_name, email: client?.email ?? null },
    lines: requestLinesView(template.lines, computed.success ? computed.calculation : null),
    discount_type: template.discount_type,
    discount_value: template.discount_value,
    totals: amounts.totals,
    notes: template.notes,
    terms: template.terms,
    payment_terms_days: Number(row.payment_terms_days),
    auto_send: Boolean(row.auto_send),
    ...schedule,
    next_run_date: row.status === 'finished' ? null : row.next_run_date,
    upcoming:
      row.status === 'finished'
        ? []
        : upcomingRunDates(schedule, { fromIndex: Number(row.next_index), generated, count: 5 }),
    generated_count: generated,
    remaining_count: remainingCount(schedule, generated),
    last_run_at: row.last_run_at,
    last_error: row.last_error,
    invoices: produced.map((invoice) => ({
      id: invoice.id,
      invoice_number: invoice.invoice_number,
      period: invoice.recurring_period ?? '',
      status: invoice.status,
      total: fromCents(Number(invoice.total_cents)),
      created_at: invoice.created_at,
    })),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

async function fieldsOf(db: Db, businessId: number, input: RecurringRequest) {
  // Computed as the scheduler will: with the business's pricing setting and today's tax rates.
  const pricesIncludeTax = (await findInvoicingSettings(db, { businessId }))?.prices_include_tax ?? false;
  const { calculation } = await resolveStoredContent(db, businessId, input.template, pricesIncludeTax);
  return {
    client_id: input.template.client_id,
    template: JSON.stringify(input.template),
    total_cents: calculation.total_cents,
    frequency: input.schedule.frequency,
    interval_count: input.schedule.interval,
    day_of_month: storedDayOfMonth(input.schedule.day_of_month),
    start_date: input.schedule.start_date,
    end_type: input.schedule.end_type,
    end_date: input.schedule.end_date,
    end_count: input.schedule.end_count,
    payment_terms_days: input.payment_terms_days,
    auto_send: input.auto_send,
  };
}

export async function listRecurring(
  deps: Deps,
  params: { auth: AuthContext; query: RecurringListQuery },
): Promise<RecurringPage> {
  const { query } = params;
  const { rows, total } = await listRecurringPage(deps.db, {
    businessId: params.auth.businessId,
    status: query.status,
    search: query.search,
    sort: query.sort,
    direction: query.direction,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: rows.map((row) => ({
      id: row.id,
      status: row.status as RecurringStatus,
      client: { id: row.client_id, name: row.client_name },
      frequency: row.frequency as RecurringSchedule['frequency'],
      interval: Number(row.interval_count),
      total: fromCents(Number(row.total_cents)),
      auto_send: Boolean(row.auto_send),
      next_run_date: row.status === 'finished' ? null : row.next_run_date,
      generated_count: Number(row.generated_count),
      remaining_count: remainingCount(scheduleOfRow(row), Number(row.generated_count)),
      created_at: row.created_at,
    })),
    meta: pageMeta(query.page, query.per_page, total),
  };
}

export async function getRecurring(
  deps: Deps,
  params: { auth: AuthContext; recurringId: number },
): Promise<RecurringInvoice> {
  return view(deps, deps.db, params.auth.businessId, params.recurringId);
}

export async function createRecurring(
  deps: Deps,
  params: { auth: AuthContext; input: RecurringRequest },
): Promise<RecurringInvoice> {
  const { businessId, userId } = params.auth;
  return deps.db.transaction().execute(async (tx) => {
    await claimWriteLock(tx);
    const now = deps.clock();
    const fields = await fieldsOf(tx, businessId, params.input);
    const state = nextState(params.input.schedule, 0, 0);
    const { id } = await insertRecurringInvoice(tx, { businessId, fields, state, now });
    await publish(tx, {
      type: 'recurring.created',
      businessId,
      userId,
      subject: { type: 'recurring_invoice', id },
      data: { next_run_date: state.next_run_date, total: fromCents(fields.total_cents) },
      at: now,
    });
    return view(deps, tx, businessId, id);
  });
}

function refuse(message: string, status: string): never {
  throw new AppError(409, message, { extra: { status } });
}

async function requireLocked(tx: Db, businessId: number, recurringId: number): Promise<RecurringInvoiceRow> {
  const row = await lockRecurringInvoice(tx, { businessId, recurringId });
  if (!row) throw notFound(RECURRING_MESSAGES.notFound);
  return row;
}

/** Replaces template and schedule; the next run is the first occurrence after the last period produced (or from the start). */
export async function updateRecurring(
  deps: Deps,
  params: { auth: AuthContext; recurringId: number; input: RecurringRequest },
): Promise<RecurringInvoice> {
  const { businessId, userId } = params.auth;
  return deps.db.transaction().execute(async (tx) => {
    await claimWriteLock(tx);
    const now = deps.clock();
    const row = await requireLocked(tx, businessId, params.recurringId);
    const fields = await fieldsOf(tx, businessId, params.input);
    const produced = await listRecurringProducedInvoices(tx, { businessId, recurringId: row.id, limit: 1 });
    const lastPeriod = produced[0]?.recurring_period ?? null;
    const schedule = params.input.schedule;
    const from = lastPeriod ? addCalendarDays(lastPeriod, 1) : schedule.start_date;
    const state = nextState(schedule, occurrenceIndexOnOrAfter(schedule, from), Number(row.generated_count));
    const status = row.status === 'paused' && state.status === 'active' ? 'paused' : state.status;
    await updateRecurringInvoice(tx, { businessId, recurringId: row.id, fields, set: { ...state, status }, now });
    await publish(tx, {
      type: 'recurring.updated',
      businessId,
      userId,
      subject: { type: 'recurring_invoice', id: row.id },
      data: { next_run_date: state.next_run_date },
      at: now,
    });
    return view(deps, tx, businessId, row.id);
  });
}

export async function deleteRecurring(deps: Deps, params: { auth: AuthContext; recurringId: number }): Promise<void> {
  const { businessId, userId } = params.auth;
  await deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    const row = await requireLocked(tx, businessId, params.recurringId);
    // The invoices it produced stay; their link to it is cleared.
    await unlinkRecurringInvoices(tx, { businessId, recurringId: row.id });
    await deleteRecurringRow(tx, { businessId, recurringId: row.id });
    await publish(tx, {
      type: 'recurring.deleted',
      businessId,
      userId,
      subject: { type: 'recurring_invoice', id: row.id },
      data: { generated: row.generated_count },
      at: now,
    });
  });
}

export async function pauseRecurring(
  deps: Deps,
  params: { auth: AuthContext; recurringId: number },
): Promise<RecurringInvoice> {
  const { businessId, userId } = params.auth;
  return deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    const row = await requireLocked(tx, businessId, params.recurringId);
    if (row.status !== 'active') refuse(RECURRING_MESSAGES.notActive, row.status);
    await updateRecurringInvoice(tx, { businessId, recurringId: row.id, set: { status: 'paused' }, now });
    await publish(tx, {
      type: 'recurring.paused',
      businessId,
      userId,
      subject: { type: 'recurring_invoice', id: row.id },
      data: {},
      at: now,
    });
    return view(deps, tx, businessId, row.id);
  });
}

/** Resumes from today: periods that passed while paused are not invoiced. */
export async function resumeRecurring(
  deps: Deps,
  params: { auth: AuthContext; recurringId: number },
): Promise<RecurringInvoice> {
  const { businessId, userId } = params.auth;
  return deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    const row = await requireLocked(tx, businessId, params.recurringId);
    if (row.status !== 'paused') refuse(RECURRING_MESSAGES.notPaused, row.status);
    const schedule = scheduleOfRow(row);
    const today = await localToday(deps, tx, businessId);
    const fromDate = row.next_run_date && row.next_run_date > today ? row.next_run_date : today;
    const index = Math.max(Number(row.next_index), occurrenceIndexOnOrAfter(schedule, fromDate));
    const state = nextState(schedule, index, Number(row.generated_count));
    await updateRecurringInvoice(tx, { businessId, recurringId: row.id, set: state, now });
    await publish(tx, {
      type: 'recurring.resumed',
      businessId,
      userId,
      subject: { type: 'recurring_invoice', id: row.id },
      data: { next_run_date: state.next_run_date },
      at: now,
    });
    return view(deps, tx, businessId, row.id);
  });
}

/** Skips the next run: the schedule moves to the following occurrence (a skipped run is not an invoice, so it does not count). */
export async function skipNextRun(
  deps: Deps,
  params: { auth: AuthContext; recurringId: number },
): Promise<{ data: RecurringInvoice; skipped: string }> {
  const { businessId, userId } = params.auth;
  return deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    const row = await requireLocked(tx, businessId, params.recurringId);
    if (row.status !== 'active' || row.next_run_date === null) refuse(RECURRING_MESSAGES.notActive, row.status);
    const skipped = row.next_run_date;
    const state = nextState(scheduleOfRow(row), Number(row.next_index) + 1, Number(row.generated_count));
    await updateRecurringInvoice(tx, { businessId, recurringId: row.id, set: state, now });
    await publish(tx, {
      type: 'recurring.skipped',
      businessId,
      userId,
      subject: { type: 'recurring_invoice', id: row.id },
      data: { periods: [skipped], reason: 'skipped' },
      at: now,
    });
    return { data: await view(deps, tx, businessId, row.id), skipped };
  });
}
