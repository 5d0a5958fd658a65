import {
  DEFAULT_RECURRING_CONFIG,
  addCalendarDays,
  calculateInvoiceRequest,
  dueRuns,
  formatCurrency,
  fromCents,
  localCalendarDate,
  occurrenceDate,
  periodInvoiceRequest,
  remainingCount,
  utcCalendarDate,
  withinEndDate,
  type MissedRunPolicy,
  type RecurringTemplate,
  type SchedulerRunResult,
} from '@ledgerleaf/domain';
import {
  claimScheduledEmail,
  claimWriteLock,
  enqueueScheduledEmail,
  findInvoicingSettings,
  insertInvoice,
  isUniqueViolation,
  linkInvoiceOrigin,
  listBusinessTaxRates,
  listBusinessesWithUnpaidInvoices,
  listClaimableScheduledEmails,
  listDueRecurringInvoices,
  listExpirableEstimates,
  listInvoicesBecomingOverdue,
  listInvoicesForReminder,
  listReminderSteps,
  lockInvoice,
  lockRecurringInvoice,
  markScheduledEmailSent,
  notifyBusinessUsers,
  releaseScheduledEmail,
  updateInvoiceState,
  updateRecurringInvoice,
  type RecurringInvoiceRow,
  type ScheduledEmailRow,
} from '@ledgerleaf/db';
import type { Deps } from '../../lib/context';
import { businessDate } from '../../lib/display-date';
import { publish } from '../../lib/events';
import { renderInvoicePdf, invoicePdfFilename } from '../../lib/pdf/render-invoice';
import { defaultRecipients, logoBytes, pdfViewOf } from '../invoice-delivery/invoice-delivery.service';
import { composeInvoiceEmail } from '../invoice-delivery/invoice-email';
import {
  buildInvoiceContent,
  effectiveStatus,
  getInvoiceView,
  markInvoiceSent,
  newPublicToken,
} from '../invoices/invoices.service';
import { expireEstimate } from '../estimates/estimates.service';
import { emailTemplateFor, renderEmail } from '../email-templates/email-templates.service';
import { scheduleOfRow } from '../recurring/recurring-schedule';
import { localToday } from '../recurring/recurring.service';
import { DEFAULT_SCHEDULER_INTERVAL_MS } from '../../env';

/*
 * The scheduler: one pass ("tick") does, in order,
 *   1. recurring invoices: every due period becomes exactly one invoice (numbered, optionally to be
 *      emailed) in ONE transaction with advancing the schedule. The transaction locks the recurring
 *      row on the occurrence it expects to run (`next_index`): a second scheduler (another process,
 *      another server) finds the row moved on and does nothing; should it get as far as inserting,
 *      UNIQUE (recurring_invoice_id, recurring_period) refuses the second invoice and rolls it back.
 *   2. invoices past due: stored as overdue, in the activity log;
 *   3. estimates past expiry: stored as expired, in the activity log;
 *   4. invoice reminders configured at /settings/invoice-reminders: each once per invoice and step;
 *   5. the emails decided above (`scheduled_emails`): each claimed with a lease by one scheduler,
 *      handed to the mailer after the deciding transaction committed, marked sent; a failure goes
 *      back to pending and is retried on the next tick, a crashed sender's lease runs out. They are
 *      the business's email templates, like the invoices and reminders its users send.
 * "Today" (past due, expired, reminder steps) is the business's date in its time zone (the recurring
 * settings). The background pass and the CLI do every business; "Run now" in the app does the
 * caller's business only (`businessId`).
 */

export interface SchedulerHooks {
  /** Tests: throw here to simulate a crash after the invoice insert (the transaction rolls back). */
  afterInvoiceInsert?: (recurringId: number, period: string) => void | Promise<void>;
  /** Tests: throw here to simulate a crash after the commit and before the email goes out. */
  beforeEmail?: (email: ScheduledEmailRow) => void | Promise<void>;
}

export interface SchedulerOptions {
  hooks?: SchedulerHooks;
  /** Recurring invoices read per query. */
  batchSize?: number;
  /** How long a claimed email is reserved for its sender. */
  emailLeaseMs?: number;
  /** Only these steps (tests); all by default. */
  only?: ReadonlyArray<'recurring' | 'overdue' | 'expire' | 'reminders' | 'emails'>;
  /** Reminders for a step are sent up to this many days late (a server that was down catches up). */
  reminderGraceDays?: number;
  /** Only this business's work (the app's "Run now"); every business by default. */
  businessId?: number;
}

export const EMAIL_LEASE_MS = 5 * 60_000;

function emptyResult(): SchedulerRunResult {
  return { invoices_created: 0, emails_sent: 0, overdue: 0, expired: 0, reminders: 0, failures: 0 };
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

/** The latest calendar date anywhere: no business's local date is more than a day ahead of UTC's. */
function latestLocalDate(now: Date): string {
  return addCalendarDays(utcCalendarDate(now), 1);
}

/** A business's today from the time zone of its recurring settings (null: it kept the default), memoised per zone for one pass. */
function localTodays(now: Date): (timeZone: string | null) => string {
  const byZone = new Map<string, string>();
  return (timeZone) => {
    const zone = timeZone ?? DEFAULT_RECURRING_CONFIG.time_zone;
    let today = byZone.get(zone);
    if (today === undefined) {
      today = localCalendarDate(now, zone);
      byZone.set(zone, today);
    }
    return today;
  };
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

class RunRefused extends Error {
  override name = 'RunRefused';
}

/** Runs one period inside a transaction. Answers the invoice id, or null when another scheduler had done it. */
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

async function runPeriod(
  deps: Deps,
  row: DueRow,
  run: { index: number; period: string },
  skipped: ReadonlyArray<{ index: number; period: string }>,
  hooks: SchedulerHooks,
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
    const built = buildInvoiceContent(request, computed.calculation, pricesIncludeTax);
    const { id: invoiceId } = await insertInvoice(tx, {
      businessId: row.business_id,
      fields: built.fields,
      lines: built.lines,
      publicToken: newPublicToken(),
      now,
    });
    await linkInvoiceOrigin(tx, {
      businessId: row.business_id,
      invoiceId,
      recurring: { id: row.id, period: run.period },
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
    await hooks.afterInvoiceInsert?.(row.id, run.period);
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

async function runRecurring(deps: Deps, options: SchedulerOptions, result: SchedulerRunResult): Promise<void> {
  const now = deps.clock();
  const throughDate = latestLocalDate(now);
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
            options.hooks ?? {},
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

async function runOverdue(deps: Deps, options: SchedulerOptions, result: SchedulerRunResult): Promise<void> {
  const now = deps.clock();
  const todayIn = localTodays(now);
  let afterId = 0;
  for (;;) {
    const rows = await listInvoicesBecomingOverdue(deps.db, {
      before: latestLocalDate(now),
      businessId: options.businessId,
      afterId,
      limit: 200,
    });
    if (rows.length === 0) return;
    afterId = rows[rows.length - 1]?.id ?? afterId;
    for (const candidate of rows) {
      const today = todayIn(candidate.time_zone);
      // Not past due yet where the business is.
      if (candidate.due_date >= today) continue;
      const moved = await deps.db.transaction().execute(async (tx) => {
        const row = await lockInvoice(tx, { businessId: candidate.business_id, invoiceId: candidate.id });
        if (!row || row.status === 'overdue' || effectiveStatus(row, today) !== 'overdue') return false;
        await updateInvoiceState(tx, {
          businessId: row.business_id,
          invoiceId: row.id,
          set: { status: 'overdue' },
          now,
        });
        await publish(tx, {
          type: 'invoice.overdue',
          businessId: row.business_id,
          userId: null,
          subject: { type: 'invoice', id: row.id },
          data: {
            invoice_number: row.invoice_number,
            due_date: row.due_date,
            balance_due: fromCents(Number(row.balance_cents)),
          },
          at: now,
        });
        return true;
      });
      if (moved) result.overdue += 1;
    }
    if (rows.length < 200) return;
  }
}

async function runExpiry(deps: Deps, options: SchedulerOptions, result: SchedulerRunResult): Promise<void> {
  const now = deps.clock();
  const todayIn = localTodays(now);
  let afterId = 0;
  for (;;) {
    const rows = await listExpirableEstimates(deps.db, {
      before: latestLocalDate(now),
      businessId: options.businessId,
      afterId,
      limit: 200,
    });
    if (rows.length === 0) return;
    afterId = rows[rows.length - 1]?.id ?? afterId;
    for (const row of rows) {
      const today = todayIn(row.time_zone);
      if (row.expiry_date >= today) continue;
      if (
        await deps.db
          .transaction()
          .execute((tx) => expireEstimate(tx, { businessId: row.business_id, estimateId: row.id, now, today }))
      )
        result.expired += 1;
    }
    if (rows.length < 200) return;
  }
}

async function queueReminders(deps: Deps, options: SchedulerOptions): Promise<void> {
  const now = deps.clock();
  const grace = options.reminderGraceDays ?? 7;
  for (const businessId of await listBusinessesWithUnpaidInvoices(deps.db, { businessId: options.businessId })) {
    const steps = (await listReminderSteps(deps.db, { businessId })).filter((step) => step.enabled);
    if (steps.length === 0) continue;
    const today = await localToday(deps, deps.db, businessId);
    for (const step of steps) {
      // Due date + offset within [today - grace, today].
      const dueTo = addCalendarDays(today, -step.offset_days);
      const dueFrom = addCalendarDays(dueTo, -grace);
      const invoices = await listInvoicesForReminder(deps.db, {
        businessId,
        dueFrom,
        dueTo,
        offsetDays: step.offset_days,
        limit: 1000,
      });
      for (const invoice of invoices) {
        await enqueueScheduledEmail(deps.db, {
          businessId,
          kind: 'reminder',
          dedupeKey: `${invoice.id}:${step.offset_days}`,
          invoiceId: invoice.id,
          data: { offset_days: step.offset_days },
          now,
        });
      }
    }
  }
}

/** What a delivery was queued with: a reminder's step, a recurring email's recurring invoice and period. */
function scheduledData(email: ScheduledEmailRow): {
  offset_days?: number;
  recurring_invoice_id?: number;
  period?: string;
} {
  return email.data
    ? (JSON.parse(email.data) as { offset_days?: number; recurring_invoice_id?: number; period?: string })
    : {};
}

/** Mails one claimed delivery; answers true when it was handed to the mailer. */
async function deliver(deps: Deps, email: ScheduledEmailRow, hooks: SchedulerHooks): Promise<boolean> {
  await hooks.beforeEmail?.(email);
  if (email.invoice_id === null) throw new Error('scheduled email without an invoice');
  const document = await getInvoiceView(deps.db, email.business_id, email.invoice_id, {
    appUrl: deps.config.appUrl,
    today: utcCalendarDate(deps.clock()),
  });
  if (!document) throw new Error('invoice not found');
  const invoice = document.invoice;
  const to = defaultRecipients(document);
  if (to.length === 0) throw new Error(`${document.client.name} has no email address`);
  const publicUrl = invoice.public_url ?? `${deps.config.appUrl}/i/${document.public_token}`;
  const invoiceNumber = invoice.invoice_number ?? '';
  const data = scheduledData(email);
  const isReminder = email.kind === 'reminder';
  if (isReminder && (invoice.status === 'paid' || invoice.status === 'void' || invoice.balance_due <= 0)) return false;
  const composed = isReminder
    ? await renderEmail(deps.db, email.business_id, 'reminder', {
        client_name: document.client.name,
        invoice_number: invoiceNumber,
        amount: formatCurrency(invoice.totals.total),
        balance_due: formatCurrency(invoice.balance_due),
        due_date: businessDate(invoice.due_date, document.business.date_format),
        link: publicUrl,
        business_name: document.business.name,
      })
    : composeInvoiceEmail({
        businessName: document.business.name,
        clientName: document.client.name,
        invoiceNumber,
        total: invoice.totals.total,
        balanceDue: invoice.balance_due,
        dueDate: invoice.due_date,
        dateFormat: document.business.date_format,
        publicUrl,
        // The business's invoice template, as when a user sends the invoice.
        template: await emailTemplateFor(deps.db, email.business_id, 'invoice'),
      });
  const logo = await logoBytes(document.business.company_logo, {
    uploadsDir: deps.config.uploadsDir,
    appUrl: deps.config.appUrl,
  });
  const pdf = await renderInvoicePdf(pdfViewOf(document, logo));
  const sent = await deps.mailer.send({
    to,
    subject: composed.subject,
    text: composed.text,
    html: composed.html,
    replyTo: document.business.email,
    attachments: [{ filename: invoicePdfFilename(invoice), content: pdf, contentType: 'application/pdf' }],
    businessId: email.business_id,
    category: 'invoice',
  });
  if (deps.config.smtpUrl) {
    // SMTP delivery runs in the background: wait for it, so a refused message is retried, not marked sent.
    await deps.mailer.flush();
    const outbox = await deps.db
      .selectFrom('outbox_emails')
      .select(['error'])
      .where('id', '=', sent.id)
      .executeTakeFirst();
    if (outbox?.error) throw new Error(`The mail server refused the message: ${outbox.error}`);
  }
  await deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    await markScheduledEmailSent(tx, { id: email.id, outboxEmailId: sent.id, now });
    await publish(tx, {
      type: isReminder ? 'invoice.reminder_sent' : 'invoice.sent',
      businessId: email.business_id,
      userId: null,
      subject: { type: 'invoice', id: invoice.id },
      data: isReminder
        ? { invoice_number: invoiceNumber, offset_days: data.offset_days ?? 0, to }
        : { invoice_number: invoiceNumber, via: 'email', to, scheduled: true },
      at: now,
    });
  });
  return true;
}

async function runEmails(deps: Deps, options: SchedulerOptions, result: SchedulerRunResult): Promise<void> {
  const lease = options.emailLeaseMs ?? EMAIL_LEASE_MS;
  const attempted = new Set<number>();
  for (;;) {
    const ids = (
      await listClaimableScheduledEmails(deps.db, { now: deps.clock(), limit: 100, businessId: options.businessId })
    ).filter((id) => !attempted.has(id));
    if (ids.length === 0) return;
    for (const id of ids) {
      attempted.add(id);
      const claimed = await claimScheduledEmail(deps.db, { id, now: deps.clock(), leaseMs: lease });
      if (!claimed) continue;
      try {
        if (await deliver(deps, claimed, options.hooks ?? {})) {
          if (claimed.kind === 'reminder') result.reminders += 1;
          else result.emails_sent += 1;
        } else {
          await markScheduledEmailSent(deps.db, { id: claimed.id, outboxEmailId: 0, now: deps.clock() });
        }
      } catch (error) {
        result.failures += 1;
        deps.logger.error({ err: errorText(error), scheduledEmailId: claimed.id }, 'scheduled email failed');
        await releaseScheduledEmail(deps.db, { id: claimed.id, error: errorText(error) });
        if (claimed.kind === 'recurring' && claimed.attempts === 1) {
          await deps.db
            .transaction()
            .execute((tx) =>
              notifyBusinessUsers(tx, {
                businessId: claimed.business_id,
                type: 'RecurringInvoice',
                data: {
                  title: 'Recurring invoice email failed',
                  message: `The invoice email could not be sent: ${errorText(error)}. It will be retried.`,
                  invoice_id: claimed.invoice_id,
                  recurring_invoice_id: scheduledData(claimed).recurring_invoice_id ?? null,
                },
                now: deps.clock(),
              }),
            )
            .catch(() => undefined);
        }
      }
    }
  }
}

/** One pass of the scheduler (see the top of this file). Safe to run from several processes at once. */
export async function runScheduler(deps: Deps, options: SchedulerOptions = {}): Promise<SchedulerRunResult> {
  const result = emptyResult();
  const only = new Set(options.only ?? ['recurring', 'overdue', 'expire', 'reminders', 'emails']);
  if (only.has('recurring')) await runRecurring(deps, options, result);
  if (only.has('overdue')) await runOverdue(deps, options, result);
  if (only.has('expire')) await runExpiry(deps, options, result);
  if (only.has('reminders')) await queueReminders(deps, options);
  if (only.has('emails')) await runEmails(deps, options, result);
  return result;
}

export interface SchedulerController {
  start(intervalMs?: number): void;
  stop(): Promise<void>;
  /** Runs a pass now (waits for a running one first). */
  runNow(options?: SchedulerOptions): Promise<SchedulerRunResult>;
  readonly running: boolean;
}

/** The in-process scheduler: a pass every `intervalMs`, never two at once in this process. */
export function createSchedulerController(deps: Deps): SchedulerController {
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<SchedulerRunResult> | null = null;
  const runNow = async (options?: SchedulerOptions): Promise<SchedulerRunResult> => {
    while (current) await current.catch(() => undefined);
    const pass = runScheduler(deps, options);
    current = pass;
    try {
      return await pass;
    } finally {
      current = null;
    }
  };
  return {
    start(intervalMs = DEFAULT_SCHEDULER_INTERVAL_MS) {
      if (timer) return;
      const tick = () => {
        if (current) return;
        runNow().catch((error: unknown) => deps.logger.error({ err: errorText(error) }, 'scheduler pass failed'));
      };
      timer = setInterval(tick, intervalMs);
      timer.unref();
      setImmediate(tick);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await current?.catch(() => undefined);
    },
    runNow,
    get running() {
      return timer !== null;
    },
  };
}

export { scheduleOfRow };
