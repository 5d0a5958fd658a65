import { addCalendarDays } from '@ledgerleaf/domain';
import {
  enqueueScheduledEmail,
  listBusinessesWithUnpaidInvoices,
  listInvoicesForReminder,
  listReminderSteps,
} from '@ledgerleaf/db';
import type { Deps } from '../../../lib/context';
import type { JobCounts, ScheduledJob, SchedulerOptions } from '../../../lib/scheduler';
import { localToday } from '../../invoicing/recurring/recurring.service';

/*
 * The account area's invoice reminders (a scheduled job): for each enabled step of a business's
 * reminder schedule (days before or after the due date, set at /settings/invoice-reminders), every
 * unpaid issued invoice whose due date plus the step's offset is today in the business's time zone
 * gets one reminder email, queued once per invoice and step (`dedupeKey`). A server that was down
 * catches up to `reminderGraceDays` late. The invoicing area's scheduled-emails job sends them later
 * in the same pass (and counts them).
 */

declare module '../../../lib/scheduler' {
  interface SchedulerTuning {
    /** Reminders for a step are sent up to this many days late (a server that was down catches up). */
    reminderGraceDays?: number;
  }
}

async function queueReminders(deps: Deps, options: SchedulerOptions): Promise<JobCounts> {
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
  return {};
}

export const remindersJob: ScheduledJob = { name: 'reminders', stage: 'queue', run: queueReminders };
