import { toDbTime } from '../../dialect';
import type { ActivityLogRow } from '../../schema';
import type { Db } from './types';

export async function insertActivity(
  db: Db,
  params: {
    businessId: number;
    userId: number | null;
    subjectType: string;
    subjectId: number | null;
    event: string;
    data: unknown;
    now: Date;
  },
): Promise<{ id: number }> {
  return db
    .insertInto('activity_log')
    .values({
      business_id: params.businessId,
      user_id: params.userId,
      subject_type: params.subjectType,
      subject_id: params.subjectId,
      event: params.event,
      data: JSON.stringify(params.data ?? {}),
      created_at: toDbTime(params.now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Newest first; optionally one subject's timeline. */
export async function listActivity(
  db: Db,
  params: { businessId: number; subjectType?: string; subjectId?: number; limit?: number },
): Promise<ActivityLogRow[]> {
  let query = db.selectFrom('activity_log').selectAll().where('business_id', '=', params.businessId);
  if (params.subjectType) query = query.where('subject_type', '=', params.subjectType);
  if (params.subjectId !== undefined) query = query.where('subject_id', '=', params.subjectId);
  return query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(params.limit ?? 100)
    .execute();
}
