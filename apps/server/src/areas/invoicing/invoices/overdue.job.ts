import { fromCents } from '@ledgerleaf/domain';
import { listInvoicesBecomingOverdue, lockInvoice, updateInvoiceState } from '@ledgerleaf/db';
import { publish } from '../../../lib/events';
import { countPastDue, type ScheduledJob } from '../../../lib/scheduler';
import { effectiveStatus } from './invoice-view';

/*
 * The invoicing area's overdue marking (a scheduled job). Overdue is derived when an invoice is read
 * (an unpaid issued invoice past its due date); this job also stores it, once, with an
 * `invoice.overdue` event in the activity log, when the due date has passed in the business's time
 * zone. Each invoice is locked and checked again in its own transaction, so two schedulers mark it once.
 */
export const overdueJob: ScheduledJob = {
  name: 'overdue',
  stage: 'age',
  run: async (deps, options) => ({
    overdue: await countPastDue(deps, options, {
      list: (page) => listInvoicesBecomingOverdue(deps.db, page),
      dateOf: (candidate) => candidate.due_date,
      change: (candidate, { today, now }) =>
        deps.db.transaction().execute(async (tx) => {
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
        }),
    }),
  }),
};
