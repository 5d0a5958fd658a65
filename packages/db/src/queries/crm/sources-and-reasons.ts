import type { CrmNamedItemRow } from '../../schema-crm';
import type { ArchiveFilter } from '../shared/list-helpers';
import { num } from '../shared/sql';
import type { Db } from '../shared/types';
import { deleteUnlessUsed, insertNamedItem, renameNamedItem, setArchived } from './config-lists';

/* Lead sources and lost reasons (issue 14). Every query is scoped by `businessId`. */

export type LeadSourceWithUsage = CrmNamedItemRow & { lead_count: number; opportunity_count: number };
export type LostReasonWithUsage = CrmNamedItemRow & { opportunity_count: number };

/**
 * Lead sources of the business in their order, with how many leads and opportunities have each.
 * `status`: active (not archived; what pickers offer), archived, or all (the management screen).
 */
export async function listLeadSources(
  db: Db,
  params: { businessId: number; status?: ArchiveFilter },
): Promise<LeadSourceWithUsage[]> {
  let query = db
    .selectFrom('crm_lead_sources as s')
    .selectAll('s')
    .select((eb) => [
      eb
        .selectFrom('crm_leads as l')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('l.business_id', '=', 's.business_id')
        .whereRef('l.source_id', '=', 's.id')
        .as('lead_count'),
      eb
        .selectFrom('crm_opportunities as o')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('o.business_id', '=', 's.business_id')
        .whereRef('o.source_id', '=', 's.id')
        .as('opportunity_count'),
    ])
    .where('s.business_id', '=', params.businessId);
  if (params.status === 'active') query = query.where('s.archived_at', 'is', null);
  if (params.status === 'archived') query = query.where('s.archived_at', 'is not', null);
  const rows = await query.orderBy('s.position').orderBy('s.id').execute();
  return rows.map((row) => ({
    ...row,
    lead_count: num(row.lead_count),
    opportunity_count: num(row.opportunity_count),
  }));
}

export async function findLeadSource(
  db: Db,
  params: { businessId: number; sourceId: number },
): Promise<CrmNamedItemRow | undefined> {
  return db
    .selectFrom('crm_lead_sources')
    .selectAll()
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.sourceId)
    .executeTakeFirst();
}

/** Active sources by lowercased name (CSV import resolves `source` cells with it). */
export async function findLeadSourcesByNames(
  db: Db,
  params: { businessId: number; names: readonly string[] },
): Promise<CrmNamedItemRow[]> {
  if (params.names.length === 0) return [];
  return db
    .selectFrom('crm_lead_sources')
    .selectAll()
    .where('business_id', '=', params.businessId)
    .where(
      'sort_name',
      'in',
      params.names.map((name) => name.trim().toLowerCase()),
    )
    .execute();
}

/** A new source (a unique violation when the business already has the name: answer 422 `name`). */
export function insertLeadSource(db: Db, params: { businessId: number; name: string; now: Date }) {
  return insertNamedItem(db, 'crm_lead_sources', params);
}

export function renameLeadSource(db: Db, params: { businessId: number; sourceId: number; name: string; now: Date }) {
  return renameNamedItem(db, 'crm_lead_sources', { ...params, id: params.sourceId });
}

/** Archives (a date) or restores (null): archived sources stay on their leads and leave the pickers. */
export function setLeadSourceArchived(
  db: Db,
  params: { businessId: number; sourceId: number; archivedAt: Date | null; now: Date },
) {
  return setArchived(db, 'crm_lead_sources', { ...params, id: params.sourceId });
}

/**
 * Deletes a source no lead and no opportunity has. A source in use answers `in_use` and nothing
 * changes: deleting a source never deletes or alters a lead (the foreign key refuses it too).
 */
export function deleteLeadSource(db: Db, params: { businessId: number; sourceId: number }) {
  return deleteUnlessUsed(db, 'crm_lead_sources', { businessId: params.businessId, id: params.sourceId }, [
    { table: 'crm_leads', column: 'source_id' },
    { table: 'crm_opportunities', column: 'source_id' },
  ]);
}

/** Lost reasons of the business in their order, with how many opportunities have each. */
export async function listLostReasons(
  db: Db,
  params: { businessId: number; status?: ArchiveFilter },
): Promise<LostReasonWithUsage[]> {
  let query = db
    .selectFrom('crm_lost_reasons as r')
    .selectAll('r')
    .select((eb) =>
      eb
        .selectFrom('crm_opportunities as o')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('o.business_id', '=', 'r.business_id')
        .whereRef('o.lost_reason_id', '=', 'r.id')
        .as('opportunity_count'),
    )
    .where('r.business_id', '=', params.businessId);
  if (params.status === 'active') query = query.where('r.archived_at', 'is', null);
  if (params.status === 'archived') query = query.where('r.archived_at', 'is not', null);
  const rows = await query.orderBy('r.position').orderBy('r.id').execute();
  return rows.map((row) => ({ ...row, opportunity_count: num(row.opportunity_count) }));
}

export async function findLostReason(
  db: Db,
  params: { businessId: number; reasonId: number },
): Promise<CrmNamedItemRow | undefined> {
  return db
    .selectFrom('crm_lost_reasons')
    .selectAll()
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.reasonId)
    .executeTakeFirst();
}

export function insertLostReason(db: Db, params: { businessId: number; name: string; now: Date }) {
  return insertNamedItem(db, 'crm_lost_reasons', params);
}

export function renameLostReason(db: Db, params: { businessId: number; reasonId: number; name: string; now: Date }) {
  return renameNamedItem(db, 'crm_lost_reasons', { ...params, id: params.reasonId });
}

export function setLostReasonArchived(
  db: Db,
  params: { businessId: number; reasonId: number; archivedAt: Date | null; now: Date },
) {
  return setArchived(db, 'crm_lost_reasons', { ...params, id: params.reasonId });
}

/** Deletes a reason no opportunity has (`in_use` otherwise: archive it). */
export function deleteLostReason(db: Db, params: { businessId: number; reasonId: number }) {
  return deleteUnlessUsed(db, 'crm_lost_reasons', { businessId: params.businessId, id: params.reasonId }, [
    { table: 'crm_opportunities', column: 'lost_reason_id' },
  ]);
}
