import { toDbTime } from '../../dialect';
import type { BetaFeedbackRow } from '../../schema-shell';
import type { Db } from '../shared/types';

export interface NewBetaFeedback {
  businessId: number;
  userId: number;
  type: string;
  feature: string;
  rating: number | null;
  description: string;
  systemInfo: { browser: string; os: string; screenSize: string; currentUrl: string };
  clientTimestamp: string | null;
  now: Date;
}

/** A beta feedback row joined with its author's name and email (null once the user is gone). */
export type BetaFeedbackWithUser = BetaFeedbackRow & { user_name: string | null; user_email: string | null };

export async function insertBetaFeedback(db: Db, params: NewBetaFeedback): Promise<BetaFeedbackRow> {
  return db
    .insertInto('beta_feedback')
    .values({
      business_id: params.businessId,
      user_id: params.userId,
      type: params.type,
      feature: params.feature,
      rating: params.rating,
      description: params.description,
      system_info: JSON.stringify(params.systemInfo),
      client_timestamp: params.clientTimestamp,
      created_at: toDbTime(params.now),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The business's feedback, newest first, with the total for paging; `type` keeps one kind of report. */
export async function listBetaFeedback(
  db: Db,
  params: { businessId: number; limit: number; offset: number; type?: string },
): Promise<{ rows: BetaFeedbackWithUser[]; total: number }> {
  let rowsQuery = db
    .selectFrom('beta_feedback')
    .leftJoin('users', 'users.id', 'beta_feedback.user_id')
    .selectAll('beta_feedback')
    .select(['users.name as user_name', 'users.email as user_email'])
    .where('beta_feedback.business_id', '=', params.businessId);
  let countQuery = db
    .selectFrom('beta_feedback')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where('business_id', '=', params.businessId);
  if (params.type !== undefined) {
    rowsQuery = rowsQuery.where('beta_feedback.type', '=', params.type);
    countQuery = countQuery.where('type', '=', params.type);
  }
  const rows = await rowsQuery
    .orderBy('beta_feedback.created_at', 'desc')
    .orderBy('beta_feedback.id', 'desc')
    .limit(params.limit)
    .offset(params.offset)
    .execute();
  const count = await countQuery.executeTakeFirstOrThrow();
  return { rows, total: Number(count.total) };
}
