import { toDbTime } from '../../dialect';
import type { Db } from './types';

/** The tables whose rows a business archives (a date) and restores (null) rather than deletes while in use. */
export type ArchivableTable = 'clients' | 'products' | 'crm_lead_sources' | 'crm_lost_reasons' | 'crm_activity_types';

/** Archives (a date) or restores (null) a row of the business. False when the business has no such row. */
export async function setArchived(
  db: Db,
  table: ArchivableTable,
  params: { businessId: number; id: number; archivedAt: Date | null; now: Date },
): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ archived_at: params.archivedAt ? toDbTime(params.archivedAt) : null, updated_at: toDbTime(params.now) })
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
