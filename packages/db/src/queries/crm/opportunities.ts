import { positionBetween, rebalancedPositions } from '@ledgerleaf/domain';
import { toDbTime } from '../../dialect';
import type { CrmOpportunityRow, CrmStageChangeRow } from '../../schema-crm';
import { chunks, inTransaction } from '../shared/sql';
import type { Db } from '../shared/types';
import { type OpportunityView, opportunityViewQuery } from './opportunity-view';

export type { OpportunityView } from './opportunity-view';

/*
 * Queries of opportunities (issue 14): create, edit, move on the board (one row written, a stage
 * change recorded) and the stage history. The list and the board are in `opportunity-lists.ts`,
 * the links to estimates and invoices in `opportunity-documents.ts`. Every query is scoped by
 * `businessId`. Money in cents.
 *
 * The rules of a stage change (probability, closed date, lost reason) are the domain's
 * `applyStageMove`: the service computes them and passes the result in `fields` / `state`; these
 * queries do the bookkeeping (stage history, `stage_entered_at`, the card's position).
 */

export interface OpportunityFields {
  title: string;
  client_id: number | null;
  lead_id: number | null;
  amount_cents: number;
  stage_id: number;
  probability: number;
  expected_close_date: string | null;
  owner_user_id: number | null;
  source_id: number | null;
  notes: string | null;
  lost_reason_id: number | null;
  lost_note: string | null;
  /** ISO instant; set in won and lost stages (`applyStageMove`). */
  closed_at: string | null;
}

async function stageName(db: Db, businessId: number, stageId: number): Promise<string> {
  const row = await db
    .selectFrom('crm_pipeline_stages')
    .select('name')
    .where('business_id', '=', businessId)
    .where('id', '=', stageId)
    .executeTakeFirst();
  if (!row) throw new RangeError(`Stage ${stageId} is not the business's`);
  return row.name;
}

/** The position of a card going to the top of a stage's column (renumbering the column when needed). */
async function topPosition(db: Db, businessId: number, stageId: number, exceptId?: number): Promise<number> {
  const first = async () => {
    let query = db
      .selectFrom('crm_opportunities')
      .select('position')
      .where('business_id', '=', businessId)
      .where('stage_id', '=', stageId);
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    const row = await query.orderBy('position').orderBy('id').limit(1).executeTakeFirst();
    return row ? Number(row.position) : null;
  };
  let result = positionBetween(null, await first());
  if ('rebalance' in result) {
    await rebalanceColumn(db, { businessId, stageId });
    result = positionBetween(null, await first());
  }
  if ('rebalance' in result) throw new Error('Could not place the card after renumbering its column');
  return result.position;
}

/** A stage-history row (names as they are now, so the history survives a renamed or deleted stage). */
async function recordStageChange(
  db: Db,
  params: {
    businessId: number;
    opportunityId: number;
    fromStageId: number | null;
    toStageId: number;
    userId: number | null;
    at: string;
  },
): Promise<void> {
  await db
    .insertInto('crm_stage_changes')
    .values({
      business_id: params.businessId,
      opportunity_id: params.opportunityId,
      from_stage_id: params.fromStageId,
      from_stage_name: params.fromStageId === null ? null : await stageName(db, params.businessId, params.fromStageId),
      to_stage_id: params.toStageId,
      to_stage_name: await stageName(db, params.businessId, params.toStageId),
      user_id: params.userId,
      changed_at: params.at,
    })
    .execute();
}

/**
 * Inserts an opportunity at the top of its stage's column and records the stage it starts in (a
 * stage change from nothing). `fields.stage_id` must be the business's (checked by the service);
 * `createdAt` lets the demo seed date it. Runs in a transaction (a new one unless `db` is one).
 */
export async function insertOpportunity(
  db: Db,
  params: { businessId: number; fields: OpportunityFields; userId: number | null; now: Date; createdAt?: Date },
): Promise<{ id: number; position: number }> {
  return inTransaction(db, async (tx) => {
    const now = toDbTime(params.now);
    const created = params.createdAt ? toDbTime(params.createdAt) : now;
    const position = await topPosition(tx, params.businessId, params.fields.stage_id);
    const row = await tx
      .insertInto('crm_opportunities')
      .values({
        business_id: params.businessId,
        ...params.fields,
        sort_title: params.fields.title.toLowerCase(),
        search_text: params.fields.title.toLowerCase(),
        position,
        stage_entered_at: created,
        created_by_user_id: params.userId,
        created_at: created,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordStageChange(tx, {
      businessId: params.businessId,
      opportunityId: row.id,
      fromStageId: null,
      toStageId: params.fields.stage_id,
      userId: params.userId,
      at: created,
    });
    return { id: row.id, position };
  });
}

export async function findOpportunityRow(
  db: Db,
  params: { businessId: number; opportunityId: number },
): Promise<CrmOpportunityRow | undefined> {
  return db
    .selectFrom('crm_opportunities')
    .selectAll()
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.opportunityId)
    .executeTakeFirst();
}

export async function findOpportunity(
  db: Db,
  params: { businessId: number; opportunityId: number },
): Promise<OpportunityView | undefined> {
  return opportunityViewQuery(db, params.businessId)
    .where('crm_opportunities.id', '=', params.opportunityId)
    .executeTakeFirst();
}

/** Reads an opportunity and takes its row lock for the rest of the transaction (moves and edits of one card are serialised). */
export async function lockOpportunity(
  db: Db,
  params: { businessId: number; opportunityId: number },
): Promise<CrmOpportunityRow | undefined> {
  return db
    .updateTable('crm_opportunities')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.opportunityId)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Replaces an opportunity's fields. When the stage changes, the change is recorded (from, to, when,
 * by whom), `stage_entered_at` restarts and the card goes to the top of its new column. Undefined
 * when not the business's. Runs in a transaction (a new one unless `db` is one).
 */
export async function updateOpportunity(
  db: Db,
  params: { businessId: number; opportunityId: number; fields: OpportunityFields; userId: number | null; now: Date },
): Promise<CrmOpportunityRow | undefined> {
  return inTransaction(db, async (tx) => {
    const current = await lockOpportunity(tx, params);
    if (!current) return undefined;
    const now = toDbTime(params.now);
    const stageChanged = current.stage_id !== params.fields.stage_id;
    const placement = stageChanged
      ? {
          stage_entered_at: now,
          position: await topPosition(tx, params.businessId, params.fields.stage_id, params.opportunityId),
        }
      : {};
    const row = await tx
      .updateTable('crm_opportunities')
      .set({
        ...params.fields,
        ...placement,
        sort_title: params.fields.title.toLowerCase(),
        search_text: params.fields.title.toLowerCase(),
        updated_at: now,
      })
      .where('business_id', '=', params.businessId)
      .where('id', '=', params.opportunityId)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (stageChanged)
      await recordStageChange(tx, {
        businessId: params.businessId,
        opportunityId: params.opportunityId,
        fromStageId: current.stage_id,
        toStageId: params.fields.stage_id,
        userId: params.userId,
        at: now,
      });
    return row;
  });
}

/** What a move sets besides the stage and the position (the domain's `applyStageMove` result). */
export interface OpportunityMoveState {
  probability: number;
  closed_at: string | null;
  lost_reason_id: number | null;
  lost_note: string | null;
}

/**
 * Moves a card to `stageId` between `previousId` (the card above it; null at the top) and
 * `nextId` (the card below; null at the bottom): its position becomes a number between theirs, so
 * ONE opportunity row is written (plus a stage-history row when the stage changes). When the gap is
 * exhausted the column is renumbered first (`rebalanceColumn`, rare). Neighbours must be other
 * cards of the business in that stage, else `neighbour` and nothing changes. A move within the
 * same stage keeps `state`'s closed date and the stage entry time. Runs in a transaction.
 */
export async function moveOpportunity(
  db: Db,
  params: {
    businessId: number;
    opportunityId: number;
    stageId: number;
    previousId: number | null;
    nextId: number | null;
    state: OpportunityMoveState;
    userId: number | null;
    now: Date;
  },
): Promise<{ status: 'moved'; row: CrmOpportunityRow } | { status: 'not_found' } | { status: 'neighbour' }> {
  return inTransaction(db, async (tx) => {
    const current = await lockOpportunity(tx, params);
    if (!current) return { status: 'not_found' };
    const neighbour = async (id: number | null): Promise<number | null | false> => {
      if (id === null) return null;
      if (id === params.opportunityId) return false;
      const row = await tx
        .selectFrom('crm_opportunities')
        .select('position')
        .where('business_id', '=', params.businessId)
        .where('stage_id', '=', params.stageId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? Number(row.position) : false;
    };
    const place = async () => {
      const previous = await neighbour(params.previousId);
      const next = await neighbour(params.nextId);
      if (previous === false || next === false) return false as const;
      if (previous === null && next === null) {
        // No neighbour named: an empty column, or "anywhere" (the stage picker): the top.
        return { position: await topPosition(tx, params.businessId, params.stageId, params.opportunityId) };
      }
      return positionBetween(previous, next);
    };
    let placed = await place();
    if (placed === false) return { status: 'neighbour' };
    if ('rebalance' in placed) {
      await rebalanceColumn(tx, { businessId: params.businessId, stageId: params.stageId });
      placed = await place();
      if (placed === false || 'rebalance' in placed) return { status: 'neighbour' };
    }
    const now = toDbTime(params.now);
    const stageChanged = current.stage_id !== params.stageId;
    const row = await tx
      .updateTable('crm_opportunities')
      .set({
        ...params.state,
        stage_id: params.stageId,
        position: placed.position,
        ...(stageChanged ? { stage_entered_at: now } : {}),
        updated_at: now,
      })
      .where('business_id', '=', params.businessId)
      .where('id', '=', params.opportunityId)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (stageChanged)
      await recordStageChange(tx, {
        businessId: params.businessId,
        opportunityId: params.opportunityId,
        fromStageId: current.stage_id,
        toStageId: params.stageId,
        userId: params.userId,
        at: now,
      });
    return { status: 'moved', row };
  });
}

/**
 * Renumbers a column: its cards keep their order, (position, id), and get positions STEP, 2 x STEP,
 * ... (`rebalancedPositions`). Needed only when repeated moves into one gap exhausted the doubles'
 * precision (`positionBetween` answers `rebalance`). Answers the number of cards.
 */
export async function rebalanceColumn(db: Db, params: { businessId: number; stageId: number }): Promise<number> {
  const rows = await db
    .selectFrom('crm_opportunities')
    .select('id')
    .where('business_id', '=', params.businessId)
    .where('stage_id', '=', params.stageId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const positions = rebalancedPositions(rows.length);
  // One row at a time: positions are not unique, so no intermediate state can clash.
  for (const [index, row] of rows.entries()) {
    await db
      .updateTable('crm_opportunities')
      .set({ position: positions[index] as number })
      .where('business_id', '=', params.businessId)
      .where('id', '=', row.id)
      .execute();
  }
  return rows.length;
}

export async function deleteOpportunity(
  db: Db,
  params: { businessId: number; opportunityId: number },
): Promise<boolean> {
  const result = await db
    .deleteFrom('crm_opportunities')
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.opportunityId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ---------------------------------------------------------------- stage history

export type StageChangeView = CrmStageChangeRow & { user_name: string | null };

/** An opportunity's stage changes, oldest first (the first is the stage it was created in). */
export async function listStageChanges(
  db: Db,
  params: { businessId: number; opportunityId: number },
): Promise<StageChangeView[]> {
  return db
    .selectFrom('crm_stage_changes')
    .leftJoin('users', 'users.id', 'crm_stage_changes.user_id')
    .selectAll('crm_stage_changes')
    .select('users.name as user_name')
    .where('crm_stage_changes.business_id', '=', params.businessId)
    .where('crm_stage_changes.opportunity_id', '=', params.opportunityId)
    .orderBy('crm_stage_changes.changed_at')
    .orderBy('crm_stage_changes.id')
    .execute();
}

/** Opportunity titles by id (timelines, reminders). */
export async function findOpportunityTitles(
  db: Db,
  params: { businessId: number; ids: readonly number[] },
): Promise<Map<number, string>> {
  const titles = new Map<number, string>();
  for (const part of chunks([...new Set(params.ids)], 500)) {
    const rows = await db
      .selectFrom('crm_opportunities')
      .select(['id', 'title'])
      .where('business_id', '=', params.businessId)
      .where('id', 'in', part)
      .execute();
    for (const row of rows) titles.set(row.id, row.title);
  }
  return titles;
}
