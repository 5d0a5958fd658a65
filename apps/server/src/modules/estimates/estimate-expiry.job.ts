import { listExpirableEstimates } from '@ledgerleaf/db';
import type { Deps } from '../../lib/context';
import { businessTodays, latestBusinessDate, type ScheduledJob, type SchedulerOptions } from '../../lib/scheduler';
import { expireEstimate } from './estimates.service';

/*
 * The documents area's estimate expiry (a scheduled job): a sent or viewed estimate whose expiry
 * date has passed in the business's time zone is stored as expired, once, with an `estimate.expired`
 * event (`expireEstimate` locks and checks it again in its transaction).
 */

async function expireEstimates(deps: Deps, options: SchedulerOptions): Promise<{ expired: number }> {
  const result = { expired: 0 };
  const now = deps.clock();
  const todayIn = businessTodays(now);
  let afterId = 0;
  for (;;) {
    const rows = await listExpirableEstimates(deps.db, {
      before: latestBusinessDate(now),
      businessId: options.businessId,
      afterId,
      limit: 200,
    });
    if (rows.length === 0) return result;
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
    if (rows.length < 200) return result;
  }
}

export const estimateExpiryJob: ScheduledJob = { name: 'expire', stage: 'age', run: expireEstimates };
