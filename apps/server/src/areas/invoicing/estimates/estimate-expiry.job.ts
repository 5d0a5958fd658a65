import { listExpirableEstimates } from '@ledgerleaf/db';
import { countPastDue, type ScheduledJob } from '../../../lib/scheduler';
import { expireEstimate } from './estimates.service';

/*
 * The documents area's estimate expiry (a scheduled job): a sent or viewed estimate whose expiry
 * date has passed in the business's time zone is stored as expired, once, with an `estimate.expired`
 * event (`expireEstimate` locks and checks it again in its transaction).
 */
export const estimateExpiryJob: ScheduledJob = {
  name: 'expire',
  stage: 'age',
  run: async (deps, options) => ({
    expired: await countPastDue(deps, options, {
      list: (page) => listExpirableEstimates(deps.db, page),
      dateOf: (row) => row.expiry_date,
      change: (row, { today, now }) =>
        deps.db
          .transaction()
          .execute((tx) => expireEstimate(tx, { businessId: row.business_id, estimateId: row.id, now, today })),
    }),
  }),
};
