import { sql } from 'kysely';
import {
  DEFAULT_ACTIVITY_TYPES,
  DEFAULT_CRM_SETTINGS,
  DEFAULT_LEAD_SOURCES,
  DEFAULT_LOST_REASONS,
  DEFAULT_PIPELINE,
  POSITION_STEP,
  type StageType,
} from '@ledgerleaf/domain';
import { toDbTime } from '../../dialect';
import type { Database } from '../../schema';
import type { CrmActivityTypeRow, CrmNamedItemRow, CrmStageRow } from '../../schema-crm';
import type { ArchiveFilter } from '../shared/list-helpers';
import { bool, chunks, inTransaction, num } from '../shared/sql';
import type { Db } from '../shared/types';

/*
 * Queries of the CRM's configuration (issue 14): settings, pipeline stages, lead sources, lost
 * reasons, activity types, the defaults of a new business, and the check that referenced ids are
 * the business's. Every query is scoped by `businessId`: another business's id finds nothing.
 */

// ---------------------------------------------------------------- settings

export interface CrmSettingsValues {
  rate_window_days: number;
  reminder_in_app: boolean;
  reminder_email: boolean;
  default_owner_user_id: number | null;
  updated_at: string | null;
}

/** The business's CRM settings; the defaults (`DEFAULT_CRM_SETTINGS`) when it has no row yet. */
export async function findCrmSettings(db: Db, params: { businessId: number }): Promise<CrmSettingsValues> {
  const row = await db
    .selectFrom('crm_settings')
    .selectAll()
    .where('business_id', '=', params.businessId)
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_CRM_SETTINGS, updated_at: null };
  return {
    rate_window_days: row.rate_window_days,
    reminder_in_app: bool(row.reminder_in_app),
    reminder_email: bool(row.reminder_email),
    default_owner_user_id: row.default_owner_user_id,
    updated_at: row.updated_at,
  };
}

export async function saveCrmSettings(
  db: Db,
  params: {
    businessId: number;
    settings: Omit<CrmSettingsValues, 'updated_at'>;
    now: Date;
  },
): Promise<void> {
  const now = toDbTime(params.now);
  await db
    .insertInto('crm_settings')
    .values({ business_id: params.businessId, ...params.settings, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('business_id').doUpdateSet({ ...params.settings, updated_at: now }))
    .execute();
}

// ---------------------------------------------------------------- defaults

/**
 * Gives a business its CRM defaults once: the settings row, the default pipeline (New, Qualified,
 * Proposal, Negotiation, Won, Lost), lead sources, lost reasons and activity types (with their
 * "next" suggestions). Idempotent and safe under concurrency: the settings row is inserted first
 * with ON CONFLICT DO NOTHING, and only the call that inserted it writes the rest, in the same
 * transaction (a new one unless `db` is one). Answers whether this call seeded. A business that
 * already has its settings (seeded, or saved by a person) is left alone, so defaults deleted on
 * purpose never come back. Call it when a business is created and before its first CRM read.
 */
export async function seedCrmDefaults(db: Db, params: { businessId: number; now: Date }): Promise<boolean> {
  // A read first: the common case (already seeded) writes nothing, so it may run on every CRM read.
  const existing = await db
    .selectFrom('crm_settings')
    .select('business_id')
    .where('business_id', '=', params.businessId)
    .executeTakeFirst();
  if (existing) return false;
  return inTransaction(db, async (tx) => {
    const now = toDbTime(params.now);
    const inserted = await tx
      .insertInto('crm_settings')
      .values({
        business_id: params.businessId,
        rate_window_days: DEFAULT_CRM_SETTINGS.rate_window_days,
        reminder_in_app: DEFAULT_CRM_SETTINGS.reminder_in_app,
        reminder_email: DEFAULT_CRM_SETTINGS.reminder_email,
        default_owner_user_id: DEFAULT_CRM_SETTINGS.default_owner_user_id,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('business_id').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    const base = { business_id: params.businessId, created_at: now, updated_at: now };
    await tx
      .insertInto('crm_pipeline_stages')
      .values(DEFAULT_PIPELINE.map((stage, position) => ({ ...base, ...stage, position })))
      .execute();
    await tx
      .insertInto('crm_lead_sources')
      .values(
        DEFAULT_LEAD_SOURCES.map((name, position) => ({ ...base, name, sort_name: name.toLowerCase(), position })),
      )
      .execute();
    await tx
      .insertInto('crm_lost_reasons')
      .values(
        DEFAULT_LOST_REASONS.map((name, position) => ({ ...base, name, sort_name: name.toLowerCase(), position })),
      )
      .execute();
    const types = await tx
      .insertInto('crm_activity_types')
      .values(
        DEFAULT_ACTIVITY_TYPES.map((type, position) => ({
          ...base,
          name: type.name,
          sort_name: type.name.toLowerCase(),
          icon: type.icon,
          default_due_offset_minutes: type.default_due_offset_minutes,
          default_reminder_offset_minutes: type.default_reminder_offset_minutes,
          next_type_id: null,
          position,
        })),
      )
      .returning(['id', 'name'])
      .execute();
    const idOf = new Map(types.map((type) => [type.name, type.id]));
    for (const type of DEFAULT_ACTIVITY_TYPES) {
      if (!type.next_type_name) continue;
      await tx
        .updateTable('crm_activity_types')
        .set({ next_type_id: idOf.get(type.next_type_name) ?? null })
        .where('business_id', '=', params.businessId)
        .where('id', '=', idOf.get(type.name) as number)
        .execute();
    }
    return true;
  });
}

// ---------------------------------------------------------------- pipeline stages

export interface StageFields {
  name: string;
  type: StageType;
  probability: number;
  color: string;
  rotting_days: number | null;
}

/** A stage with the figures of its opportunities (kept by triggers, see migration 0013). */
export type StageWithTotals = CrmStageRow & { opportunity_count: number; amount_cents: number; weighted_cents: number };

/** The business's stages in pipeline order, each with its count, amount and weighted amount. */
export async function listStages(db: Db, params: { businessId: number }): Promise<StageWithTotals[]> {
  const rows = await db
    .selectFrom('crm_pipeline_stages as s')
    .leftJoin('crm_stage_totals as t', (join) =>
      join.onRef('t.stage_id', '=', 's.id').onRef('t.business_id', '=', 's.business_id'),
    )
    .selectAll('s')
    .select(['t.opportunity_count', 't.amount_cents', 't.weighted_cents'])
    .where('s.business_id', '=', params.businessId)
    .orderBy('s.position')
    .orderBy('s.id')
    .execute();
  return rows.map((row) => ({
    ...row,
    opportunity_count: num(row.opportunity_count),
    amount_cents: num(row.amount_cents),
    weighted_cents: num(row.weighted_cents),
  }));
}

export async function findStage(
  db: Db,
  params: { businessId: number; stageId: number },
): Promise<CrmStageRow | undefined> {
  return db
    .selectFrom('crm_pipeline_stages')
    .selectAll()
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.stageId)
    .executeTakeFirst();
}

/** The first open stage in pipeline order: where new opportunities go when no stage is given. */
export async function findFirstOpenStage(db: Db, params: { businessId: number }): Promise<CrmStageRow | undefined> {
  return db
    .selectFrom('crm_pipeline_stages')
    .selectAll()
    .where('business_id', '=', params.businessId)
    .where('type', '=', 'open')
    .orderBy('position')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** Adds a stage at the end of the pipeline (before nothing: the user reorders it). */
export async function insertStage(
  db: Db,
  params: { businessId: number; fields: StageFields; now: Date },
): Promise<CrmStageRow> {
  const now = toDbTime(params.now);
  return db
    .insertInto('crm_pipeline_stages')
    .values({
      business_id: params.businessId,
      ...params.fields,
      position: await nextPosition(db, 'crm_pipeline_stages', params.businessId),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Replaces a stage's fields. Changing the type of a stage that holds opportunities does not
 * change them: the service moves them (or refuses) first. Undefined when not the business's.
 */
export async function updateStage(
  db: Db,
  params: { businessId: number; stageId: number; fields: StageFields; now: Date },
): Promise<CrmStageRow | undefined> {
  return db
    .updateTable('crm_pipeline_stages')
    .set({ ...params.fields, updated_at: toDbTime(params.now) })
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.stageId)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Puts the stages in the order of `ids` (positions 0, 1, 2...). False, and nothing changed, unless
 * `ids` is exactly the business's set of stages.
 */
export async function reorderStages(
  db: Db,
  params: { businessId: number; ids: readonly number[]; now: Date },
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const current = await tx
      .selectFrom('crm_pipeline_stages')
      .select('id')
      .where('business_id', '=', params.businessId)
      .execute();
    const known = new Set(current.map((row) => row.id));
    if (known.size !== params.ids.length || new Set(params.ids).size !== params.ids.length) return false;
    if (!params.ids.every((id) => known.has(id))) return false;
    const now = toDbTime(params.now);
    for (const [position, id] of params.ids.entries()) {
      await tx
        .updateTable('crm_pipeline_stages')
        .set({ position, updated_at: now })
        .where('business_id', '=', params.businessId)
        .where('id', '=', id)
        .execute();
    }
    return true;
  });
}

/**
 * Moves every opportunity of `fromStage` into `toStage` (before deleting a stage, or when a stage's
 * type changes), with the rules of `applyStageMove` applied set-wise: into a won stage probability
 * 100 and the closed date set (kept if they were already won); into a lost stage probability 0,
 * `lostReasonId` (required unless they were already lost, whose reasons are kept) and the closed
 * date; into an open stage the target's default probability, closed date and reason cleared. They
 * keep their order and go below the target column's cards; each move is recorded in the stage
 * history. Answers how many moved. The caller checks that `lostReasonId` is the business's.
 */
export async function moveStageOpportunities(
  db: Db,
  params: {
    businessId: number;
    fromStage: Pick<CrmStageRow, 'id' | 'name' | 'type'>;
    toStage: Pick<CrmStageRow, 'id' | 'name' | 'type' | 'probability'>;
    lostReasonId?: number | null;
    userId: number | null;
    now: Date;
  },
): Promise<number> {
  const { fromStage, toStage } = params;
  if (fromStage.id === toStage.id) return 0;
  if (toStage.type === 'lost' && fromStage.type !== 'lost' && params.lostReasonId == null)
    throw new RangeError('A lost reason is needed to move opportunities into a lost stage');
  return inTransaction(db, async (tx) => {
    const now = toDbTime(params.now);
    const scope = tx
      .selectFrom('crm_opportunities')
      .where('business_id', '=', params.businessId)
      .where('stage_id', '=', fromStage.id);
    const bounds = await scope
      .select((eb) => [eb.fn.min('position').as('min'), eb.fn.countAll<number>().as('count')])
      .executeTakeFirstOrThrow();
    if (num(bounds.count) === 0) return 0;
    const targetLast = await tx
      .selectFrom('crm_opportunities')
      .select((eb) => eb.fn.max('position').as('max'))
      .where('business_id', '=', params.businessId)
      .where('stage_id', '=', toStage.id)
      .executeTakeFirst();
    // Shift the moved cards as a block below the target's last card, keeping their order.
    const shift = (targetLast?.max == null ? 0 : num(targetLast.max) + POSITION_STEP) - num(bounds.min);
    const moved = await scope.select('id').orderBy('id').execute();
    for (const part of chunks(moved, 500)) {
      await tx
        .insertInto('crm_stage_changes')
        .values(
          part.map((row) => ({
            business_id: params.businessId,
            opportunity_id: row.id,
            from_stage_id: fromStage.id,
            from_stage_name: fromStage.name,
            to_stage_id: toStage.id,
            to_stage_name: toStage.name,
            user_id: params.userId,
            changed_at: now,
          })),
        )
        .execute();
    }
    const sameType = fromStage.type === toStage.type;
    const closed =
      toStage.type === 'open'
        ? { closed_at: null, lost_reason_id: null, lost_note: null, probability: toStage.probability }
        : toStage.type === 'won'
          ? {
              probability: 100,
              lost_reason_id: null,
              lost_note: null,
              closed_at: sameType ? sql<string>`coalesce(closed_at, ${now})` : now,
            }
          : {
              probability: 0,
              lost_reason_id:
                sameType && params.lostReasonId == null ? sql<number>`lost_reason_id` : params.lostReasonId,
              closed_at: sameType ? sql<string>`coalesce(closed_at, ${now})` : now,
            };
    const result = await tx
      .updateTable('crm_opportunities')
      .set((eb) => ({
        ...closed,
        stage_id: toStage.id,
        stage_entered_at: now,
        position: eb('position', '+', shift),
        updated_at: now,
      }))
      .where('business_id', '=', params.businessId)
      .where('stage_id', '=', fromStage.id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  });
}

/**
 * Deletes a stage that holds no opportunity (`in_use` otherwise: move them first). The caller
 * checks the pipeline invariant (`stageDeleteError`) and renumbers nothing: positions may have gaps.
 */
export async function deleteStage(
  db: Db,
  params: { businessId: number; stageId: number },
): Promise<'deleted' | 'not_found' | 'in_use'> {
  const stage = await findStage(db, params);
  if (!stage) return 'not_found';
  const used = await db
    .selectFrom('crm_opportunities')
    .select('id')
    .where('business_id', '=', params.businessId)
    .where('stage_id', '=', params.stageId)
    .limit(1)
    .executeTakeFirst();
  if (used) return 'in_use';
  await db
    .deleteFrom('crm_pipeline_stages')
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.stageId)
    .execute();
  return 'deleted';
}

// ---------------------------------------------------------------- lead sources and lost reasons

type NamedTable = 'crm_lead_sources' | 'crm_lost_reasons';
/** The configuration lists a person archives rather than deletes while they are in use. */
type ArchivableTable = NamedTable | 'crm_activity_types';

/** The position after the table's last row of the business (0 for the first). */
async function nextPosition(
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

async function setArchived(
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

/**
 * Deletes a row of a configuration list unless a record refers to it (`in_use`: archive it
 * instead). The foreign keys (no cascade) refuse it as well, so nothing that uses it can be lost.
 */
async function deleteUnlessUsed(
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

export type LeadSourceWithUsage = CrmNamedItemRow & { lead_count: number; opportunity_count: number };
export type LostReasonWithUsage = CrmNamedItemRow & { opportunity_count: number };

async function insertNamedItem(
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

async function renameNamedItem(
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

// ---------------------------------------------------------------- activity types

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

// ---------------------------------------------------------------- references

/** The ids a CRM request may name, by the request's field name. */
export interface CrmReferences {
  stage_id?: number | null | undefined;
  move_to_stage_id?: number | null | undefined;
  source_id?: number | null | undefined;
  lost_reason_id?: number | null | undefined;
  type_id?: number | null | undefined;
  next_type_id?: number | null | undefined;
  owner_user_id?: number | null | undefined;
  assignee_user_id?: number | null | undefined;
  default_owner_user_id?: number | null | undefined;
  client_id?: number | null | undefined;
  lead_id?: number | null | undefined;
  opportunity_id?: number | null | undefined;
}

const REFERENCE_TABLES: Record<keyof CrmReferences, keyof Database> = {
  stage_id: 'crm_pipeline_stages',
  move_to_stage_id: 'crm_pipeline_stages',
  source_id: 'crm_lead_sources',
  lost_reason_id: 'crm_lost_reasons',
  type_id: 'crm_activity_types',
  next_type_id: 'crm_activity_types',
  owner_user_id: 'users',
  assignee_user_id: 'users',
  default_owner_user_id: 'users',
  client_id: 'clients',
  lead_id: 'crm_leads',
  opportunity_id: 'crm_opportunities',
};

/**
 * The fields of `refs` whose id is not one of the business's records (users: the business's team
 * members), for the API's 422 ("unknown stage, source, owner or type ids answer 422"). Null and
 * undefined ids are not checked. Archived sources, reasons and types count as known: the service
 * refuses them for NEW choices if it wants to (an existing record may keep an archived one).
 */
export async function unknownCrmReferences(
  db: Db,
  params: { businessId: number; refs: CrmReferences },
): Promise<Array<keyof CrmReferences>> {
  const unknown: Array<keyof CrmReferences> = [];
  for (const [field, id] of Object.entries(params.refs) as Array<[keyof CrmReferences, number | null | undefined]>) {
    if (id == null) continue;
    const table = REFERENCE_TABLES[field];
    const found = await sql<{
      id: number;
    }>`select id from ${sql.table(table)} where business_id = ${params.businessId} and id = ${id}`.execute(db);
    if (found.rows.length === 0) unknown.push(field);
  }
  return unknown;
}
