import { randomUUID } from 'node:crypto';
import { ACTIVITY_REMINDER_NOTIFICATION_TYPE, CRM_MESSAGES, REMINDER_LEASE_MS } from '@ledgerleaf/domain';
import {
  claimReminderDelivery,
  completeReminderDelivery,
  deliverInAppReminder,
  enqueueDueReminderDeliveries,
  failReminderDelivery,
  findBusinessById,
  findReminderDeliveryContext,
  listClaimableReminderDeliveries,
  type ReminderDeliveryContext,
} from '@ledgerleaf/db';
import type { Deps } from '../../lib/context';
import { errorText, type JobCounts, type ScheduledJob, type SchedulerOptions } from '../../lib/scheduler';
import { renderEmail } from '../../lib/email-templates';
import { businessTimeZone } from '../../lib/business-clock';

/*
 * The CRM area's activity reminders (a scheduled job, stage `deliver`): every reminder whose time
 * has come becomes one delivery per channel the business's CRM settings enable (in the app, by
 * email), to the activity's assignee; each delivery goes out exactly once, also with several
 * schedulers at once:
 * 1. enqueue: UNIQUE (reminder, channel, firing) makes a second scheduler's enqueue add nothing;
 * 2. claim: one conditional UPDATE sets a lease and this pass's token: of two schedulers one wins;
 * 3. in-app: the notification and the "sent" mark are ONE transaction guarded by the token;
 *    email: rendered from the business's `activity_reminder` template, sent through the outbox,
 *    then marked sent (token-guarded);
 * 4. a failure is retried (1, 5, 15, 60 minutes) and ends `failed` after five attempts, shown on
 *    the activity's reminders (`deliveries`) rather than dropped.
 * An email whose sender crashed between the send and the mark is sent again once its lease runs
 * out (at least once); everything else is exactly once.
 */

declare module '../../lib/scheduler' {
  interface SchedulerHooks {
    /** Tests: throw here to make a reminder delivery fail (before its notification or email). */
    beforeReminderDelivery?: (delivery: { id: number; channel: string }) => void | Promise<void>;
  }
  interface SchedulerTuning {
    /** Deliveries claimed per pass. */
    reminderBatchSize?: number;
  }
}

function dueText(dueAt: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short' })
    .format(new Date(dueAt))
    .replace(/\u202f/g, ' ');
}

async function deliver(
  deps: Deps,
  context: ReminderDeliveryContext,
  token: string,
  options: SchedulerOptions,
): Promise<boolean> {
  const { delivery, activity, recipient } = context;
  const now = deps.clock();
  await options.hooks?.beforeReminderDelivery?.({ id: delivery.id, channel: delivery.channel });
  const due = dueText(activity.due_at, await businessTimeZone(deps.db, delivery.business_id));
  if (delivery.channel === 'in_app') {
    return deliverInAppReminder(deps.db, {
      id: delivery.id,
      token,
      now,
      type: ACTIVITY_REMINDER_NOTIFICATION_TYPE,
      data: {
        title: CRM_MESSAGES.reminderNotificationTitle,
        message: CRM_MESSAGES.reminderNotificationMessage(activity.subject, due),
        activity_id: activity.id,
        lead_id: activity.lead_id,
        opportunity_id: activity.opportunity_id,
        client_id: activity.client_id,
      },
    });
  }
  const business = await findBusinessById(deps.db, { businessId: delivery.business_id });
  const email = await renderEmail(deps.db, delivery.business_id, 'activity_reminder', {
    user_name: recipient.name,
    activity_subject: activity.subject,
    activity_type: activity.type_name,
    due_at: due,
    record_name: activity.about_name ?? '',
    link: `${deps.config.appUrl}/crm/reminders`,
    business_name: business?.name ?? '',
  });
  const sent = await deps.mailer.send({
    to: recipient.email,
    subject: email.subject,
    text: email.text,
    html: email.html,
    businessId: delivery.business_id,
    category: 'system',
    // The reminder's delivery is claimed and retried by this job: the mailer tries once.
    once: true,
  });
  const outcome = await sent.delivered;
  if (!outcome.ok) throw new Error(outcome.error);
  return completeReminderDelivery(deps.db, { id: delivery.id, token, now: deps.clock(), outboxEmailId: sent.id });
}

async function runCrmReminders(deps: Deps, options: SchedulerOptions): Promise<JobCounts> {
  const now = deps.clock();
  const businessId = options.businessId;
  await enqueueDueReminderDeliveries(deps.db, {
    now,
    limit: 1000,
    ...(businessId === undefined ? {} : { businessId }),
  });
  const ids = await listClaimableReminderDeliveries(deps.db, {
    now,
    limit: options.reminderBatchSize ?? 200,
    ...(businessId === undefined ? {} : { businessId }),
  });
  for (const id of ids) {
    const token = randomUUID();
    const claimed = await claimReminderDelivery(deps.db, { id, token, now: deps.clock(), leaseMs: REMINDER_LEASE_MS });
    // Another scheduler took it.
    if (!claimed) continue;
    try {
      const context = await findReminderDeliveryContext(deps.db, { id });
      if (!context) throw new Error('The activity or its assignee no longer exists');
      await deliver(deps, context, token, options);
    } catch (error) {
      const outcome = await failReminderDelivery(deps.db, { id, token, error: errorText(error), now: deps.clock() });
      deps.logger.warn({ reminderDeliveryId: id, err: errorText(error), outcome }, 'activity reminder delivery failed');
    }
  }
  // Reminders are not among the counts "Run now" answers (invoices, emails, overdue...).
  return {};
}

export const crmRemindersJob: ScheduledJob = { name: 'crm-reminders', stage: 'deliver', run: runCrmReminders };
