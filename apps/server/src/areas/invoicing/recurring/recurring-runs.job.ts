import {
  DEFAULT_RECURRING_CONFIG,
  RECURRING_MESSAGES,
  calculateInvoiceRequest,
  dueRuns,
  fromCents,
  localCalendarDate,
  occurrenceDate,
  periodInvoiceRequest,
  remainingCount,
  withinEndDate,
  type MissedRunPolicy,
  type RecurringIssueNowResponse,
  type RecurringTemplate,
} from '@ledgerleaf/domain';
import {
  claimWriteLock,
  countRecurringPeriodInvoices,
  enqueueScheduledEmail,
  findRecurringRunRow,
  findInvoicingSettings,
  isUniqueViolation,
  listBusinessTaxRates,
  listDueRecurringInvoices,
  lockRecurringInvoice,
  notifyBusinessUsers,
  updateRecurringInvoice,
  type RecurringInvoiceRow,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../../lib/context';
import { businessDate } from '../../../lib/display-date';
import { AppError, notFound } from '../../../lib/errors';
import { publish } from '../../../lib/events';
import { errorText, latestBusinessDate, type ScheduledJob, type SchedulerOptions } from '../../../lib/scheduler';
import { insertBuiltInvoice } from '../invoices/invoice-content';
import { markInvoiceSent } from '../invoices/invoices.service';
import { scheduleOfRow } from './recurring-schedule';
import { getRecurring } from './recurring.service';

/*
 * The documents area's recurring runs (a scheduled job): every due period of an active recurring
 * invoice becomes exactly one invoice (numbered, optionally queued to be emailed by the invoicing
 * area's scheduled-emails job) in ONE transaction with advancing the schedule. The transaction locks
 * the recurring row on the occurrence it expects to run (`next_index`): a second scheduler (another
 * process, another server) finds the row moved on and does nothing; should it get as far as
 * inserting, UNIQUE (recurring_invoice_id, recurring_period) refuses the second invoice and rolls it
 * back. A period is due once its date has come at the business's send time in its time zone; missed
 * periods are run or skipped as the business's missed-runs policy says.
 */

declare module '../../../lib/scheduler' {
  interface SchedulerHooks {
    /** Tests: throw here to simulate a crash after the invoice insert (the transaction rolls back). */
    afterInvoiceInsert?: (recurringId: number, period: string) => void | Promise<void>;
  }
  interface SchedulerTuning {
    /** Recurring invoices read per query. */
    batchSize?: number;
  }
}

class RunRefused extends Error {
  override name = 'RunRefused';
}

type DueRow = RecurringInvoiceRow & {
  send_time: string | null;
  time_zone: string | null;
  missed_runs: string | null;
  client_name: string;
};

/** What one pass reads once per business: its pricing setting and tax rates. */
interface BusinessContext {
  pricesIncludeTax: boolean;
  taxRates: Awaited<ReturnType<typeof listBusinessTaxRates>>;
}

/** Invoices a pass created per business, for one notification per business and pass. */
type Created = Map<
  number,
  Array<{
    invoiceNumber: string;
    clientName: string;
    period: string;
    invoiceId: number;
    recurringId: number;
    autoSend: boolean;
  }>
>;

/** A business's pricing setting and tax rates, read once per pass. */
async function businessContext(
  deps: Deps,
  cache: Map<number, BusinessContext>,
  businessId: number,
): Promise<BusinessContext> {
  const cached = cache.get(businessId);
  if (cached) return cached;
  const context = {
    pricesIncludeTax: (await findInvoicingSettings(deps.db, { businessId }))?.prices_include_tax ?? false,
    taxRates: await listBusinessTaxRates(deps.db, { businessId }),
  };
  cache.set(businessId, context);
  return context;
}

/** Runs one period inside a transaction. Answers the invoice id, or null when another scheduler had done it. */
async function runPeriod(
  deps: Deps,
  row: DueRow,
  run: { index: number; period: string },
  skipped: ReadonlyArray<{ index: number; period: string }>,
  options: SchedulerOptions,
  context: BusinessContext,
  created: Created,
): Promise<number | null> {
  return deps.db.transaction().execute(async (tx) => {
    await claimWriteLock(tx);
    const now = deps.clock();
    const expected = skipped[0]?.index ?? run.index;
    const locked = await lockRecurringInvoice(tx, {
      businessId: row.business_id,
      recurringId: row.id,
      expect: { nextIndex: expected },
    });
    if (!locked) return null;
    const schedule = scheduleOfRow(locked);
    if (skipped.length > 0) {
      await publish(tx, {
        type: 'recurring.skipped',
        businessId: row.business_id,
        userId: null,
        subject: { type: 'recurring_invoice', id: row.id },
        data: { periods: skipped.map((s) => s.period), reason: 'missed' },
        at: now,
      });
    }
    const template = JSON.parse(locked.template) as RecurringTemplate;
    const request = periodInvoiceRequest(template, run.period, locked.payment_terms_days);
    const pricesIncludeTax = context.pricesIncludeTax;
    // The client cannot be deleted while a recurring invoice refers to it (foreign key).
    const computed = calculateInvoiceRequest(request, {
      taxRates: context.taxRates,
      prices_include_tax: pricesIncludeTax,
    });
    if (!computed.success)
      throw new RunRefused(Object.values(computed.errors).flat()[0] ?? 'The template is no longer valid.');
    const { invoiceId, content: built } = await insertBuiltInvoice(tx, {
      businessId: row.business_id,
      request,
      calculation: computed.calculation,
      pricesIncludeTax,
      origin: { recurring: { id: row.id, period: run.period } },
      now,
    });
    await publish(tx, {
      type: 'invoice.created',
      businessId: row.business_id,
      userId: null,
      subject: { type: 'invoice', id: invoiceId },
      data: {
        total: fromCents(built.fields.total_cents),
        lines: built.lines.length,
        recurring_invoice_id: row.id,
        period: run.period,
      },
      at: now,
    });
    await options.hooks?.afterInvoiceInsert?.(row.id, run.period);
    const autoSend = Boolean(locked.auto_send);
    // Issued (numbered) by the schedule; `auto_send` tells the timeline whether an email follows or the owner must send it.
    const { invoice_number: invoiceNumber } = await markInvoiceSent(tx, {
      businessId: row.business_id,
      userId: null,
      invoiceId,
      now,
      via: 'manual',
      data: { recurring_invoice_id: row.id, period: run.period, auto_send: autoSend },
    });
    if (autoSend)
      await enqueueScheduledEmail(tx, {
        businessId: row.business_id,
        kind: 'recurring',
        dedupeKey: `${row.id}:${run.period}`,
        invoiceId,
        data: { recurring_invoice_id: row.id, period: run.period },
        now,
      });
    const generated = locked.generated_count + 1;
    const nextIndex = run.index + 1;
    const nextDate = occurrenceDate(schedule, nextIndex);
    const remaining = remainingCount(schedule, generated);
    const finished = !withinEndDate(schedule, nextDate) || remaining === 0;
    await updateRecurringInvoice(tx, {
      businessId: row.business_id,
      recurringId: row.id,
      set: {
        next_index: nextIndex,
        next_run_date: finished ? null : nextDate,
        generated_count: generated,
        status: finished ? 'finished' : 'active',
        last_run_at: now.toISOString(),
        last_error: null,
      },
      now,
    });
    await publish(tx, {
      type: 'recurring.run',
      businessId: row.business_id,
      userId: null,
      subject: { type: 'recurring_invoice', id: row.id },
      data: { period: run.period, invoice_id: invoiceId, invoice_number: invoiceNumber, auto_send: autoSend, finished },
      at: now,
    });
    const list = created.get(row.business_id) ?? [];
    list.push({
      invoiceNumber,
      clientName: row.client_name,
      period: run.period,
      invoiceId,
      recurringId: row.id,
      autoSend,
    });
    created.set(row.business_id, list);
    return invoiceId;
  });
}

/** A failed run: recorded on the recurring invoice, and notified once per distinct error. */
async function recordFailure(deps: Deps, row: DueRow, period: string, error: unknown): Promise<void> {
  const message = errorText(error);
  await deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    const locked = await lockRecurringInvoice(tx, { businessId: row.business_id, recurringId: row.id });
    if (!locked) return;
    const text = `${period}: ${message}`;
    if (locked.last_error === text) return;
    await updateRecurringInvoice(tx, {
      businessId: row.business_id,
      recurringId: row.id,
      set: { last_error: text },
      now,
    });
    await publish(tx, {
      type: 'recurring.failed',
      businessId: row.business_id,
      userId: null,
      subject: { type: 'recurring_invoice', id: row.id },
      data: { period, error: message },
      at: now,
    });
    await notifyBusinessUsers(tx, {
      businessId: row.business_id,
      type: 'RecurringInvoice',
      data: {
        title: 'Recurring invoice failed',
        message: `The invoice for ${period} could not be created: ${message}`,
        recurring_invoice_id: row.id,
      },
      now,
    });
  });
}

async function runRecurring(
  deps: Deps,
  options: SchedulerOptions,
): Promise<{ invoices_created: number; failures: number }> {
  const result = { invoices_created: 0, failures: 0 };
  const now = deps.clock();
  const throughDate = latestBusinessDate(now);
  const batchSize = options.batchSize ?? 500;
  const contexts = new Map<number, BusinessContext>();
  const created: Created = new Map();
  let afterId = 0;
  for (;;) {
    const rows = await listDueRecurringInvoices(deps.db, {
      throughDate,
      businessId: options.businessId,
      afterId,
      limit: batchSize,
    });
    if (rows.length === 0) break;
    afterId = rows[rows.length - 1]?.id ?? afterId;
    for (const row of rows) {
      const due = dueRuns({
        schedule: scheduleOfRow(row),
        nextIndex: row.next_index,
        generated: row.generated_count,
        sendTime: row.send_time ?? DEFAULT_RECURRING_CONFIG.send_time,
        timeZone: row.time_zone ?? DEFAULT_RECURRING_CONFIG.time_zone,
        missedRuns: (row.missed_runs ?? DEFAULT_RECURRING_CONFIG.missed_runs) as MissedRunPolicy,
        now,
        limit: 50,
      });
      let skipped = due.skipped;
      for (const run of due.run) {
        try {
          const invoiceId = await runPeriod(
            deps,
            row,
            run,
            skipped,
            options,
            await businessContext(deps, contexts, row.business_id),
            created,
          );
          if (invoiceId === null) break; // another scheduler ran (or is running) this row
          result.invoices_created += 1;
          skipped = [];
        } catch (error) {
          // Someone else's invoice for this period committed first: nothing to do.
          if (isUniqueViolation(error)) break;
          result.failures += 1;
          deps.logger.error(
            { err: errorText(error), recurringInvoiceId: row.id, period: run.period },
            'recurring invoice run failed',
          );
          await recordFailure(deps, row, run.period, error).catch(() => undefined);
          break;
        }
      }
    }
    if (rows.length < batchSize) break;
  }
  await notifyCreated(deps, created);
  return result;
}

/** One RecurringInvoice notification per business and pass: the invoice it created, or how many. */
async function notifyCreated(deps: Deps, created: Created): Promise<void> {
  for (const [businessId, list] of created) {
    const first = list[0];
    if (!first) continue;
    const data =
      list.length === 1
        ? {
            title: 'Recurring invoice created',
            message: `Invoice ${first.invoiceNumber} for ${first.clientName} was created for ${first.period}${first.autoSend ? ' and will be emailed.' : '. It was not emailed: send it from the invoice.'}`,
            invoice_id: first.invoiceId,
            recurring_invoice_id: first.recurringId,
          }
        : {
            title: 'Recurring invoices created',
            message: `${list.length.toLocaleString('en-US')} recurring invoices were created (${list
              .slice(0, 3)
              .map((item) => item.invoiceNumber)
              .join(', ')}${list.length > 3 ? ', …' : ''}).`,
            count: list.length,
          };
    await deps.db
      .transaction()
      .execute((tx) => notifyBusinessUsers(tx, { businessId, type: 'RecurringInvoice', data, now: deps.clock() }))
      .catch((error: unknown) => deps.logger.error({ err: errorText(error) }, 'recurring notification failed'));
  }
}

/**
 * "Issue now": the invoice of the recurring invoice's current period (its next period, once that
 * date has come in the business's zone), issued at once rather than at the send time, exactly as the
 * scheduler would (numbered, emailed when auto-send is on, the schedule advanced) and in the same
 * transaction shape, so a period still has one invoice: a second "Issue now", or the scheduler
 * racing it, finds the period done and answers 409.
 */
export async function issueRecurringNow(
  deps: Deps,
  params: { auth: AuthContext; recurringId: number },
): Promise<RecurringIssueNowResponse> {
  const { businessId } = params.auth;
  const display = (date: string) => businessDate(date, params.auth.user.date_format);
  const row = await findRecurringRunRow(deps.db, { businessId, recurringId: params.recurringId });
  if (!row) throw notFound(RECURRING_MESSAGES.notFound);
  const refuse = (message: string): never => {
    throw new AppError(409, message, { extra: { status: row.status } });
  };
  if (row.status !== 'active' || row.next_run_date === null) refuse(RECURRING_MESSAGES.issueNowNotActive);
  const schedule = scheduleOfRow(row);
  const index = Number(row.next_index);
  const period = occurrenceDate(schedule, index);
  const today = localCalendarDate(deps.clock(), row.time_zone ?? DEFAULT_RECURRING_CONFIG.time_zone);
  const alreadyIssued = async (done: string, next: string | null): Promise<never> => {
    const issued = await countRecurringPeriodInvoices(deps.db, { recurringId: row.id, period: done });
    return refuse(
      issued > 0
        ? RECURRING_MESSAGES.issueNowAlreadyIssued(display(done), next === null ? null : display(next))
        : RECURRING_MESSAGES.issueNowNothingDue(display(next ?? done)),
    );
  };
  if (period > today) {
    if (index === 0) refuse(RECURRING_MESSAGES.issueNowNothingDue(display(period)));
    await alreadyIssued(occurrenceDate(schedule, index - 1), period);
  }
  const created: Created = new Map();
  let invoiceId: number | null;
  try {
    invoiceId = await runPeriod(
      deps,
      row,
      { index, period },
      [],
      {},
      await businessContext(deps, new Map(), businessId),
      created,
    );
  } catch (error) {
    if (isUniqueViolation(error)) return alreadyIssued(period, null);
    if (error instanceof RunRefused) throw new AppError(409, error.message, { extra: { status: row.status } });
    throw error;
  }
  // Another scheduler moved the row on between the read and the lock: that period is done.
  if (invoiceId === null) return alreadyIssued(period, null);
  const issued = created.get(businessId)?.[0];
  const invoiceNumber = issued?.invoiceNumber ?? '';
  return {
    data: await getRecurring(deps, { auth: params.auth, recurringId: row.id }),
    invoice: { id: invoiceId, invoice_number: invoiceNumber, period },
    message: RECURRING_MESSAGES.issuedNow(invoiceNumber, display(period)),
  };
}

export const recurringRunsJob: ScheduledJob = {
  name: 'recurring',
  stage: 'create',
  run: runRecurring,
};
