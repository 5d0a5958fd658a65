import { formatCurrency, greetingName, utcCalendarDate } from '@ledgerleaf/domain';
import {
  claimScheduledEmail,
  listClaimableScheduledEmails,
  markScheduledEmailSent,
  notifyBusinessUsers,
  releaseScheduledEmail,
  type ScheduledEmailRow,
} from '@ledgerleaf/db';
import type { Deps } from '../../../lib/context';
import { businessDate } from '../../../lib/display-date';
import { publish } from '../../../lib/events';
import { errorText, type ScheduledJob, type SchedulerOptions } from '../../../lib/scheduler';
import { emailTemplateFor, renderEmail } from '../../../lib/email-templates';
import { getInvoiceView } from '../invoices/invoice-view';
import { defaultRecipients } from '../documents/document-delivery';
import { renderDocumentPdf } from '../documents/document-pdf';
import { composeInvoiceEmail } from './invoice-email';

/*
 * The invoicing area's scheduled emails (a scheduled job, the last of a pass): the emails that other
 * jobs decided in their own transactions (`scheduled_emails`: recurring invoices to auto-send,
 * reminders) are each claimed with a lease by one scheduler, handed to the mailer (after the deciding
 * transaction committed), and marked sent. A failure goes back to pending and is retried on the next
 * pass; a crashed sender's lease runs out. They use the business's email templates, like the invoices
 * and reminders its users send.
 */

declare module '../../../lib/scheduler' {
  interface SchedulerHooks {
    /** Tests: throw here to simulate a crash after the commit and before the email goes out. */
    beforeEmail?: (email: ScheduledEmailRow) => void | Promise<void>;
  }
  interface SchedulerTuning {
    /** How long a claimed email is reserved for its sender. */
    emailLeaseMs?: number;
  }
}

export const EMAIL_LEASE_MS = 5 * 60_000;

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
async function deliver(deps: Deps, email: ScheduledEmailRow, options: SchedulerOptions): Promise<boolean> {
  await options.hooks?.beforeEmail?.(email);
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
        recipient_name: greetingName(document.client, to),
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
        recipientName: greetingName(document.client, to),
        invoiceNumber,
        total: invoice.totals.total,
        balanceDue: invoice.balance_due,
        dueDate: invoice.due_date,
        dateFormat: document.business.date_format,
        publicUrl,
        // The business's invoice template, as when a user sends the invoice.
        template: await emailTemplateFor(deps.db, email.business_id, 'invoice'),
      });
  const rendered = await renderDocumentPdf(deps, document);
  const sent = await deps.mailer.send({
    to,
    subject: composed.subject,
    text: composed.text,
    html: composed.html,
    replyTo: document.business.email,
    attachments: [{ filename: rendered.filename, content: rendered.pdf, contentType: 'application/pdf' }],
    businessId: email.business_id,
    category: 'invoice',
    document: { type: 'invoice', id: document.invoice.id },
    // The scheduled email is claimed and retried by this job: the mailer tries once.
    once: true,
  });
  // Wait for the mail server, so a refused message is retried by the job, not marked sent.
  const outcome = await sent.delivered;
  if (!outcome.ok) throw new Error(`The mail server refused the message: ${outcome.error}`);
  const kept = sent.transport === 'log' ? { kept_in_outbox: true as const } : {};
  await deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    await markScheduledEmailSent(tx, { id: email.id, outboxEmailId: sent.id, now });
    const event = {
      businessId: email.business_id,
      userId: null,
      subject: { type: 'invoice' as const, id: invoice.id },
      at: now,
    };
    await publish(
      tx,
      isReminder
        ? {
            ...event,
            type: 'invoice.reminder_sent',
            data: { invoice_number: invoiceNumber, offset_days: data.offset_days ?? 0, to, ...kept },
          }
        : {
            ...event,
            type: 'invoice.sent',
            data: { invoice_number: invoiceNumber, via: 'email', to, scheduled: true, ...kept },
          },
    );
  });
  return true;
}

async function sendScheduledEmails(
  deps: Deps,
  options: SchedulerOptions,
): Promise<{ emails_sent: number; reminders: number; failures: number }> {
  const result = { emails_sent: 0, reminders: 0, failures: 0 };
  const lease = options.emailLeaseMs ?? EMAIL_LEASE_MS;
  const attempted = new Set<number>();
  for (;;) {
    const ids = (
      await listClaimableScheduledEmails(deps.db, { now: deps.clock(), limit: 100, businessId: options.businessId })
    ).filter((id) => !attempted.has(id));
    if (ids.length === 0) return result;
    for (const id of ids) {
      attempted.add(id);
      const claimed = await claimScheduledEmail(deps.db, { id, now: deps.clock(), leaseMs: lease });
      if (!claimed) continue;
      try {
        if (await deliver(deps, claimed, options)) {
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

export const scheduledEmailsJob: ScheduledJob = { name: 'emails', stage: 'deliver', run: sendScheduledEmails };
