import { fromCents } from '@ledgerleaf/domain';
import { listInvoicesBecomingOverdue, lockInvoice, updateInvoiceState } from '@ledgerleaf/db';
import type { Deps } from '../../lib/context';
import { publish } from '../../lib/events';
import { businessTodays, latestBusinessDate, type ScheduledJob, type SchedulerOptions } from '../../lib/scheduler';
import { effectiveStatus } from './invoice-view';

/*
 * The invoicing area's overdue marking (a scheduled job). Overdue is derived when an invoice is read
 * (an unpaid issued invoice past its due date); this job also stores it, once, with an
 * `invoice.overdue` event in the activity log, when the due date has passed in the business's time
 * zone. Each invoice is locked and checked again in its own transaction, so two schedulers mark it once.
 */

async function markOverdue(deps: Deps, options: SchedulerOptions): Promise<{ overdue: number }> {
  const result = { overdue: 0 };
  const now = deps.clock();
  const todayIn = businessTodays(now);
  let afterId = 0;
  for (;;) {
    const rows = await listInvoicesBecomingOverdue(deps.db, {
      before: latestBusinessDate(now),
      businessId: options.businessId,
      afterId,
      limit: 200,
    });
    if (rows.length === 0) return result;
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
    if (rows.length < 200) return result;
  }
}

export const overdueJob: ScheduledJob = { name: 'overdue', stage: 'age', run: markOverdue };
