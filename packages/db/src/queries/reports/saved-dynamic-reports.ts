import { toDbTime } from '../../dialect';
import type { Db } from '../shared/types';

/*
 * Saved dynamic reports (issue 16, migration 0018): the reports area's one table it writes. Every
 * read and write is scoped by the business; the definition is JSON text the service has checked.
 */

export interface SavedDynamicReportRecord {
  id: number;
  business_id: number;
  name: string;
  definition: string;
  created_by_user_id: number | null;
  created_by_name: string | null;
  created_at: string;
  updated_at: string;
}

function selectReports(db: Db) {
  return db
    .selectFrom('dynamic_reports')
    .leftJoin('users', 'users.id', 'dynamic_reports.created_by_user_id')
    .select([
      'dynamic_reports.id',
      'dynamic_reports.business_id',
      'dynamic_reports.name',
      'dynamic_reports.definition',
      'dynamic_reports.created_by_user_id',
      'users.name as created_by_name',
      'dynamic_reports.created_at',
      'dynamic_reports.updated_at',
    ]);
}

/** The business's saved reports by name (then id), at most `limit`. */
export async function listSavedDynamicReports(
  db: Db,
  params: { businessId: number; limit: number },
): Promise<SavedDynamicReportRecord[]> {
  return selectReports(db)
    .where('dynamic_reports.business_id', '=', params.businessId)
    .orderBy('dynamic_reports.name')
    .orderBy('dynamic_reports.id')
    .limit(params.limit)
    .execute();
}

export async function findSavedDynamicReport(
  db: Db,
  params: { businessId: number; id: number },
): Promise<SavedDynamicReportRecord | undefined> {
  return selectReports(db)
    .where('dynamic_reports.business_id', '=', params.businessId)
    .where('dynamic_reports.id', '=', params.id)
    .executeTakeFirst();
}

export async function insertSavedDynamicReport(
  db: Db,
  params: { businessId: number; userId: number; name: string; definition: string; now: Date },
): Promise<number> {
  const now = toDbTime(params.now);
  const row = await db
    .insertInto('dynamic_reports')
    .values({
      business_id: params.businessId,
      name: params.name,
      definition: params.definition,
      created_by_user_id: params.userId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Changes the name and/or the definition; false when the business has no such report. */
export async function updateSavedDynamicReport(
  db: Db,
  params: { businessId: number; id: number; name?: string; definition?: string; now: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('dynamic_reports')
    .set({
      ...(params.name !== undefined ? { name: params.name } : {}),
      ...(params.definition !== undefined ? { definition: params.definition } : {}),
      updated_at: toDbTime(params.now),
    })
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteSavedDynamicReport(db: Db, params: { businessId: number; id: number }): Promise<boolean> {
  const result = await db
    .deleteFrom('dynamic_reports')
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
