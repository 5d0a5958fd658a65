import { sql } from 'kysely';
import { POSITION_STEP, type StageType } from '@ledgerleaf/domain';
import { toDbTime } from '../../dialect';
import type { CrmStageRow } from '../../schema-crm';
import { chunks, inTransaction, num } from '../shared/sql';
import type { Db } from '../shared/types';
import { nextPosition } from './config-lists';

/* The pipeline's stages (issue 14). Every query is scoped by `businessId`. */

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
