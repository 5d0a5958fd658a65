import { sql } from 'kysely';
import { toDbTime } from '../../dialect';
import type { CrmNamedItemRow } from '../../schema-crm';
import { num } from '../shared/sql';
import type { Db } from '../shared/types';
import { setArchived, type ArchivableTable as SharedArchivableTable } from '../shared/archive';

/*
 * Building blocks of the CRM's configuration lists (stages, lead sources, lost reasons, activity
 * types): positions, archiving, deleting unless in use. Not exported from the package.
 */

export type NamedTable = 'crm_lead_sources' | 'crm_lost_reasons';
/** The configuration lists a person archives rather than deletes while they are in use. */
export type ArchivableTable = Extract<SharedArchivableTable, NamedTable | 'crm_activity_types'>;
export { setArchived };

/** The position after the table's last row of the business (0 for the first). */
export async function nextPosition(
  db: Db,
  table: ArchivableTable | 'crm_pipeline_stages',
  businessId: number,
): Promise<number> {
  const last = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('position').as('position'))
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  return last?.position == null ? 0 : num(last.position) + 1;
}

/**
 * Deletes a row of a configuration list unless a record refers to it (`in_use`: archive it
 * instead). The foreign keys (no cascade) refuse it as well, so nothing that uses it can be lost.
 */
export async function deleteUnlessUsed(
  db: Db,
  table: ArchivableTable,
  params: { businessId: number; id: number },
  usedBy: ReadonlyArray<{ table: 'crm_leads' | 'crm_opportunities' | 'crm_activities'; column: string }>,
): Promise<'deleted' | 'not_found' | 'in_use'> {
  const found = await db
    .selectFrom(table)
    .select('id')
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.id)
    .executeTakeFirst();
  if (!found) return 'not_found';
  const result = await db
    .deleteFrom(table)
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.id)
    .where((eb) =>
      eb.and(
        usedBy.map((use) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom(use.table)
                .select(sql.lit(1).as('used'))
                .where(sql.ref(`${use.table}.${use.column}`), '=', params.id),
            ),
          ),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0 ? 'deleted' : 'in_use';
}

export async function insertNamedItem(
  db: Db,
  table: NamedTable,
  params: { businessId: number; name: string; now: Date },
): Promise<CrmNamedItemRow> {
  const now = toDbTime(params.now);
  return db
    .insertInto(table)
    .values({
      business_id: params.businessId,
      name: params.name,
      sort_name: params.name.toLowerCase(),
      position: await nextPosition(db, table, params.businessId),
      archived_at: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function renameNamedItem(
  db: Db,
  table: NamedTable,
  params: { businessId: number; id: number; name: string; now: Date },
): Promise<CrmNamedItemRow | undefined> {
  return db
    .updateTable(table)
    .set({ name: params.name, sort_name: params.name.toLowerCase(), updated_at: toDbTime(params.now) })
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.id)
    .returningAll()
    .executeTakeFirst();
}
