import { sql, type ExpressionBuilder, type SqlBool, type Expression } from 'kysely';
import { positionBetween, rebalancedPositions } from '@ledgerleaf/domain';
import { toDbTime } from '../../dialect';
import type { Database } from '../../schema';
import type { CrmOpportunityRow, CrmStageChangeRow } from '../../schema-crm';
import { containsLower, type PageParams, type SortDirection } from '../shared/list-helpers';
import { chunks, inTransaction, num } from '../shared/sql';
import { leadNameSql, weightedSql } from './crm-shared';
import type { Db } from '../shared/types';

/*
 * Queries of opportunities (issue 14): create, edit, move on the board (one row written, a stage
 * change recorded), the list, the board's column pages and figures, the stage history, and the
 * links to estimates and invoices. Every query is scoped by `businessId`. Money in cents.
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

/** An opportunity with the names it refers to and its stage's type and rotting threshold. */
export type OpportunityView = CrmOpportunityRow & {
  client_name: string | null;
  lead_name: string | null;
  stage_name: string;
  stage_type: string;
  stage_rotting_days: number | null;
  owner_name: string | null;
  source_name: string | null;
  lost_reason_name: string | null;
};

function opportunityViewQuery(db: Db, businessId: number) {
  return db
    .selectFrom('crm_opportunities')
    .innerJoin('crm_pipeline_stages', 'crm_pipeline_stages.id', 'crm_opportunities.stage_id')
    .leftJoin('clients', 'clients.id', 'crm_opportunities.client_id')
    .leftJoin('crm_leads', 'crm_leads.id', 'crm_opportunities.lead_id')
    .leftJoin('users', 'users.id', 'crm_opportunities.owner_user_id')
    .leftJoin('crm_lead_sources', 'crm_lead_sources.id', 'crm_opportunities.source_id')
    .leftJoin('crm_lost_reasons', 'crm_lost_reasons.id', 'crm_opportunities.lost_reason_id')
    .selectAll('crm_opportunities')
    .select([
      'clients.name as client_name',
      leadNameSql().as('lead_name'),
      'crm_pipeline_stages.name as stage_name',
      'crm_pipeline_stages.type as stage_type',
      'crm_pipeline_stages.rotting_days as stage_rotting_days',
      'users.name as owner_name',
      'crm_lead_sources.name as source_name',
      'crm_lost_reasons.name as lost_reason_name',
    ])
    .where('crm_opportunities.business_id', '=', businessId);
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

// ---------------------------------------------------------------- list

export type OpportunitySort =
  'created_at' | 'updated_at' | 'title' | 'amount' | 'probability' | 'expected_close_date' | 'stage';

export interface OpportunityFilters {
  businessId: number;
  search?: string | undefined;
  /** By the type of the stage. */
  status?: 'all' | 'open' | 'won' | 'lost' | undefined;
  stageId?: number | undefined;
  ownerId?: number | 'none' | undefined;
  sourceId?: number | 'none' | undefined;
  clientId?: number | undefined;
  /** Expected close dates, `yyyy-MM-dd`, both included. */
  closeFrom?: string | undefined;
  closeTo?: string | undefined;
}

export interface OpportunityListParams extends OpportunityFilters, PageParams {
  sort: OpportunitySort;
  direction: SortDirection;
}

/** The filters as one condition over `crm_opportunities` (search: the title, the client's and the lead's names). */
function opportunityFilter(
  eb: ExpressionBuilder<Database, 'crm_opportunities'>,
  params: OpportunityFilters,
): Expression<SqlBool> {
  const conditions: Array<Expression<SqlBool>> = [eb('crm_opportunities.business_id', '=', params.businessId)];
  if (params.status && params.status !== 'all')
    conditions.push(
      eb(
        'crm_opportunities.stage_id',
        'in',
        eb
          .selectFrom('crm_pipeline_stages')
          .select('crm_pipeline_stages.id')
          .where('crm_pipeline_stages.business_id', '=', params.businessId)
          .where('crm_pipeline_stages.type', '=', params.status),
      ),
    );
  if (params.stageId !== undefined) conditions.push(eb('crm_opportunities.stage_id', '=', params.stageId));
  if (params.ownerId === 'none') conditions.push(eb('crm_opportunities.owner_user_id', 'is', null));
  else if (params.ownerId !== undefined) conditions.push(eb('crm_opportunities.owner_user_id', '=', params.ownerId));
  if (params.sourceId === 'none') conditions.push(eb('crm_opportunities.source_id', 'is', null));
  else if (params.sourceId !== undefined) conditions.push(eb('crm_opportunities.source_id', '=', params.sourceId));
  if (params.clientId !== undefined) conditions.push(eb('crm_opportunities.client_id', '=', params.clientId));
  if (params.closeFrom) conditions.push(eb('crm_opportunities.expected_close_date', '>=', params.closeFrom));
  if (params.closeTo) conditions.push(eb('crm_opportunities.expected_close_date', '<=', params.closeTo));
  const search = params.search?.trim();
  if (search)
    conditions.push(
      eb.or([
        containsLower(eb.ref('crm_opportunities.search_text'), search),
        eb(
          'crm_opportunities.client_id',
          'in',
          eb
            .selectFrom('clients')
            .select('clients.id')
            .where('clients.business_id', '=', params.businessId)
            .where((inner) => containsLower(inner.ref('clients.search_text'), search)),
        ),
        eb(
          'crm_opportunities.lead_id',
          'in',
          eb
            .selectFrom('crm_leads')
            .select('crm_leads.id')
            .where('crm_leads.business_id', '=', params.businessId)
            .where((inner) => containsLower(inner.ref('crm_leads.search_text'), search)),
        ),
      ]),
    );
  return eb.and(conditions);
}

/**
 * One page of opportunities, how many match, and the count, amount and weighted amount of all of
 * them (not only the page). Ties broken by id so pages never overlap.
 */
export async function listOpportunities(
  db: Db,
  params: OpportunityListParams,
): Promise<{
  rows: OpportunityView[];
  total: number;
  summary: { count: number; amount_cents: number; weighted_cents: number };
}> {
  const base = db.selectFrom('crm_opportunities').where((eb) => opportunityFilter(eb, params));
  const totals = await base
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.sum<number>('crm_opportunities.amount_cents').as('amount'),
      eb.fn.sum<number>(weightedSql()).as('weighted'),
    ])
    .executeTakeFirstOrThrow();
  const direction = params.direction;
  let query = base.select('crm_opportunities.id');
  switch (params.sort) {
    case 'created_at':
    case 'updated_at':
    case 'probability':
      query = query.orderBy(`crm_opportunities.${params.sort}`, direction);
      break;
    case 'title':
      query = query.orderBy('crm_opportunities.sort_title', direction);
      break;
    case 'amount':
      query = query.orderBy('crm_opportunities.amount_cents', direction);
      break;
    case 'expected_close_date':
      // Without a date sorts last ascending on both databases.
      query = query.orderBy(sql`coalesce(crm_opportunities.expected_close_date, '9999-12-31')`, direction);
      break;
    case 'stage':
      query = query
        .orderBy(
          (eb) =>
            eb
              .selectFrom('crm_pipeline_stages')
              .select('crm_pipeline_stages.position')
              .whereRef('crm_pipeline_stages.id', '=', 'crm_opportunities.stage_id'),
          direction,
        )
        .orderBy('crm_opportunities.position', direction);
      break;
  }
  const ids = (
    await query.orderBy('crm_opportunities.id', direction).limit(params.limit).offset(params.offset).execute()
  ).map((row) => row.id);
  const summary = { count: num(totals.count), amount_cents: num(totals.amount), weighted_cents: num(totals.weighted) };
  if (ids.length === 0) return { rows: [], total: summary.count, summary };
  const views = await opportunityViewQuery(db, params.businessId).where('crm_opportunities.id', 'in', ids).execute();
  const byId = new Map(views.map((view) => [view.id, view]));
  return { rows: ids.map((id) => byId.get(id)).filter((view) => view !== undefined), total: summary.count, summary };
}

/** A client's opportunities (client 360), open ones first, then the newest. */
export async function listClientOpportunities(
  db: Db,
  params: { businessId: number; clientId: number },
): Promise<OpportunityView[]> {
  return opportunityViewQuery(db, params.businessId)
    .where('crm_opportunities.client_id', '=', params.clientId)
    .orderBy(sql`case when crm_pipeline_stages.type = 'open' then 0 else 1 end`)
    .orderBy('crm_opportunities.created_at', 'desc')
    .orderBy('crm_opportunities.id', 'desc')
    .execute();
}

// ---------------------------------------------------------------- the board

export interface ColumnTotals {
  count: number;
  amount_cents: number;
  weighted_cents: number;
}

/** The board's filters, applied to cards and figures alike. */
export interface BoardFilters {
  businessId: number;
  ownerId?: number | 'none' | undefined;
  search?: string | undefined;
}

function hasBoardFilter(params: BoardFilters): boolean {
  return params.ownerId !== undefined || Boolean(params.search?.trim());
}

/**
 * Every column's count, total amount and weighted amount, by stage id (stages without cards are
 * absent: 0). Unfiltered, they are the trigger-kept `crm_stage_totals` rows: a few rows whatever
 * the number of cards. With an owner or search filter they add up the matching cards.
 */
export async function boardColumnTotals(db: Db, params: BoardFilters): Promise<Map<number, ColumnTotals>> {
  const totals = new Map<number, ColumnTotals>();
  if (!hasBoardFilter(params)) {
    const rows = await db
      .selectFrom('crm_stage_totals')
      .select(['stage_id', 'opportunity_count', 'amount_cents', 'weighted_cents'])
      .where('business_id', '=', params.businessId)
      .execute();
    for (const row of rows)
      totals.set(row.stage_id, {
        count: num(row.opportunity_count),
        amount_cents: num(row.amount_cents),
        weighted_cents: num(row.weighted_cents),
      });
    return totals;
  }
  const rows = await db
    .selectFrom('crm_opportunities')
    .where((eb) => opportunityFilter(eb, params))
    .select((eb) => [
      'crm_opportunities.stage_id',
      eb.fn.countAll<number>().as('count'),
      eb.fn.sum<number>('crm_opportunities.amount_cents').as('amount'),
      eb.fn.sum<number>(weightedSql()).as('weighted'),
    ])
    .groupBy('crm_opportunities.stage_id')
    .execute();
  for (const row of rows)
    totals.set(row.stage_id, {
      count: num(row.count),
      amount_cents: num(row.amount),
      weighted_cents: num(row.weighted),
    });
  return totals;
}

/** A board card: the opportunity's own columns with its client's, lead's and owner's names. */
export type BoardCard = Pick<
  CrmOpportunityRow,
  | 'id'
  | 'title'
  | 'client_id'
  | 'lead_id'
  | 'amount_cents'
  | 'probability'
  | 'expected_close_date'
  | 'owner_user_id'
  | 'stage_id'
  | 'position'
  | 'stage_entered_at'
  | 'closed_at'
> & { client_name: string | null; lead_name: string | null; owner_name: string | null };

/**
 * One page of a column: the cards of `stageId` in manual order (position, id) after the cursor
 * (`after`: the last card of the previous page, from `decodeBoardCursor`), at most `limit`, and the
 * cursor of the next page (null on the last). Served by the index (business_id, stage_id,
 * position, id): a page reads `limit + 1` index entries whatever the column's size.
 */
export async function listBoardCards(
  db: Db,
  params: BoardFilters & {
    stageId: number;
    after?: { position: number; id: number } | null | undefined;
    limit: number;
  },
): Promise<{ cards: BoardCard[]; next: { position: number; id: number } | null }> {
  let query = db
    .selectFrom('crm_opportunities')
    .leftJoin('clients', 'clients.id', 'crm_opportunities.client_id')
    .leftJoin('crm_leads', 'crm_leads.id', 'crm_opportunities.lead_id')
    .leftJoin('users', 'users.id', 'crm_opportunities.owner_user_id')
    .select([
      'crm_opportunities.id',
      'crm_opportunities.title',
      'crm_opportunities.client_id',
      'crm_opportunities.lead_id',
      'crm_opportunities.amount_cents',
      'crm_opportunities.probability',
      'crm_opportunities.expected_close_date',
      'crm_opportunities.owner_user_id',
      'crm_opportunities.stage_id',
      'crm_opportunities.position',
      'crm_opportunities.stage_entered_at',
      'crm_opportunities.closed_at',
      'clients.name as client_name',
      leadNameSql().as('lead_name'),
      'users.name as owner_name',
    ])
    .where('crm_opportunities.business_id', '=', params.businessId)
    .where('crm_opportunities.stage_id', '=', params.stageId);
  if (hasBoardFilter(params)) query = query.where((eb) => opportunityFilter(eb, params));
  const after = params.after;
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('crm_opportunities.position', '>', after.position),
        eb.and([eb('crm_opportunities.position', '=', after.position), eb('crm_opportunities.id', '>', after.id)]),
      ]),
    );
  const rows = await query
    .orderBy('crm_opportunities.position')
    .orderBy('crm_opportunities.id')
    .limit(params.limit + 1)
    .execute();
  const cards = rows.slice(0, params.limit).map((row) => ({ ...row, position: Number(row.position) }));
  const last = cards[cards.length - 1];
  return { cards, next: rows.length > params.limit && last ? { position: last.position, id: last.id } : null };
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

// ---------------------------------------------------------------- estimates and invoices made from it

export type OpportunityDocumentKind = 'estimate' | 'invoice';

/**
 * Links an estimate or invoice of the business to an opportunity of the business (a document
 * belongs to at most one opportunity: linking it again moves the link). False when either is not
 * the business's. Call it in the transaction that saves the document ("Create invoice" from a won
 * opportunity), and for the invoice an estimate linked to an opportunity converts into.
 */
export async function linkOpportunityDocument(
  db: Db,
  params: { businessId: number; opportunityId: number; kind: OpportunityDocumentKind; documentId: number; now: Date },
): Promise<boolean> {
  const opportunity = await findOpportunityRow(db, params);
  if (!opportunity) return false;
  const table = params.kind === 'estimate' ? 'estimates' : 'invoices';
  const document = await db
    .selectFrom(table)
    .select('id')
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.documentId)
    .executeTakeFirst();
  if (!document) return false;
  const column = params.kind === 'estimate' ? 'estimate_id' : 'invoice_id';
  await db
    .insertInto('crm_opportunity_documents')
    .values({
      business_id: params.businessId,
      opportunity_id: params.opportunityId,
      estimate_id: params.kind === 'estimate' ? params.documentId : null,
      invoice_id: params.kind === 'invoice' ? params.documentId : null,
      created_at: toDbTime(params.now),
    })
    .onConflict((oc) => oc.column(column).doUpdateSet({ opportunity_id: params.opportunityId }))
    .execute();
  return true;
}

export async function unlinkOpportunityDocument(
  db: Db,
  params: { businessId: number; opportunityId: number; kind: OpportunityDocumentKind; documentId: number },
): Promise<boolean> {
  const result = await db
    .deleteFrom('crm_opportunity_documents')
    .where('business_id', '=', params.businessId)
    .where('opportunity_id', '=', params.opportunityId)
    .where(params.kind === 'estimate' ? 'estimate_id' : 'invoice_id', '=', params.documentId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The opportunity a document is linked to (to link the invoice an estimate converts into), if any. */
export async function findDocumentOpportunityId(
  db: Db,
  params: { businessId: number; kind: OpportunityDocumentKind; documentId: number },
): Promise<number | undefined> {
  const row = await db
    .selectFrom('crm_opportunity_documents')
    .select('opportunity_id')
    .where('business_id', '=', params.businessId)
    .where(params.kind === 'estimate' ? 'estimate_id' : 'invoice_id', '=', params.documentId)
    .executeTakeFirst();
  return row?.opportunity_id;
}

export interface OpportunityDocumentView {
  kind: OpportunityDocumentKind;
  id: number;
  number: string | null;
  status: string;
  total_cents: number;
  paid_cents: number;
  issue_date: string;
}

/** The estimates and invoices linked to an opportunity, oldest first. */
export async function listOpportunityDocuments(
  db: Db,
  params: { businessId: number; opportunityId: number },
): Promise<OpportunityDocumentView[]> {
  const estimates = await db
    .selectFrom('crm_opportunity_documents as d')
    .innerJoin('estimates as e', 'e.id', 'd.estimate_id')
    .select(['e.id', 'e.estimate_number as number', 'e.status', 'e.total_cents', 'e.issue_date'])
    .where('d.business_id', '=', params.businessId)
    .where('d.opportunity_id', '=', params.opportunityId)
    .orderBy('e.id')
    .execute();
  const invoices = await db
    .selectFrom('crm_opportunity_documents as d')
    .innerJoin('invoices as i', 'i.id', 'd.invoice_id')
    .select(['i.id', 'i.invoice_number as number', 'i.status', 'i.total_cents', 'i.paid_cents', 'i.issue_date'])
    .where('d.business_id', '=', params.businessId)
    .where('d.opportunity_id', '=', params.opportunityId)
    .orderBy('i.id')
    .execute();
  return [
    ...estimates.map((row) => ({
      kind: 'estimate' as const,
      ...row,
      total_cents: num(row.total_cents),
      paid_cents: 0,
    })),
    ...invoices.map((row) => ({
      kind: 'invoice' as const,
      ...row,
      total_cents: num(row.total_cents),
      paid_cents: num(row.paid_cents),
    })),
  ].sort((a, b) => (a.issue_date < b.issue_date ? -1 : a.issue_date > b.issue_date ? 1 : 0));
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
