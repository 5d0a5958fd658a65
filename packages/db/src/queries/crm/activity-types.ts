import { toDbTime } from '../../dialect';
import type { CrmActivityTypeRow } from '../../schema-crm';
import type { ArchiveFilter } from '../shared/list-helpers';
import { num } from '../shared/sql';
import type { Db } from '../shared/types';
import { deleteUnlessUsed, nextPosition, setArchived } from './config-lists';

/* Activity types (issue 14). Every query is scoped by `businessId`. */

export interface ActivityTypeFields {
  name: string;
  icon: string;
  default_due_offset_minutes: number;
  default_reminder_offset_minutes: number | null;
  next_type_id: number | null;
}

export type ActivityTypeWithUsage = CrmActivityTypeRow & { activity_count: number };

export async function listActivityTypes(
  db: Db,
  params: { businessId: number; status?: ArchiveFilter },
): Promise<ActivityTypeWithUsage[]> {
  let query = db
    .selectFrom('crm_activity_types as t')
    .selectAll('t')
    .select((eb) =>
      eb
        .selectFrom('crm_activities as a')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('a.business_id', '=', 't.business_id')
        .whereRef('a.type_id', '=', 't.id')
        .as('activity_count'),
    )
    .where('t.business_id', '=', params.businessId);
  if (params.status === 'active') query = query.where('t.archived_at', 'is', null);
  if (params.status === 'archived') query = query.where('t.archived_at', 'is not', null);
  const rows = await query.orderBy('t.position').orderBy('t.id').execute();
  return rows.map((row) => ({ ...row, activity_count: num(row.activity_count) }));
}

export async function findActivityType(
  db: Db,
  params: { businessId: number; typeId: number },
): Promise<CrmActivityTypeRow | undefined> {
  return db
    .selectFrom('crm_activity_types')
    .selectAll()
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.typeId)
    .executeTakeFirst();
}

/** A new type at the end of the list (a unique violation when the name is taken: 422 `name`). */
export async function insertActivityType(
  db: Db,
  params: { businessId: number; fields: ActivityTypeFields; now: Date },
): Promise<CrmActivityTypeRow> {
  const now = toDbTime(params.now);
  const position = await nextPosition(db, 'crm_activity_types', params.businessId);
  return db
    .insertInto('crm_activity_types')
    .values({
      business_id: params.businessId,
      ...params.fields,
      sort_name: params.fields.name.toLowerCase(),
      position,
      archived_at: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateActivityType(
  db: Db,
  params: { businessId: number; typeId: number; fields: ActivityTypeFields; now: Date },
): Promise<CrmActivityTypeRow | undefined> {
  return db
    .updateTable('crm_activity_types')
    .set({ ...params.fields, sort_name: params.fields.name.toLowerCase(), updated_at: toDbTime(params.now) })
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.typeId)
    .returningAll()
    .executeTakeFirst();
}

export function setActivityTypeArchived(
  db: Db,
  params: { businessId: number; typeId: number; archivedAt: Date | null; now: Date },
) {
  return setArchived(db, 'crm_activity_types', { ...params, id: params.typeId });
}

/** Deletes a type no activity has (`in_use` otherwise: archive it); types suggesting it suggest nothing after. */
export function deleteActivityType(db: Db, params: { businessId: number; typeId: number }) {
  return deleteUnlessUsed(db, 'crm_activity_types', { businessId: params.businessId, id: params.typeId }, [
    { table: 'crm_activities', column: 'type_id' },
  ]);
}
