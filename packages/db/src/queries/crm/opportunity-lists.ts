import { type Expression, type ExpressionBuilder, sql, type SqlBool } from 'kysely';
import type { Database } from '../../schema';
import type { CrmOpportunityRow } from '../../schema-crm';
import { containsLower, type PageParams, type SortDirection } from '../shared/list-helpers';
import { num } from '../shared/sql';
import type { Db } from '../shared/types';
import { leadNameSql, weightedSql } from './crm-shared';
import { type OpportunityView, opportunityViewQuery } from './opportunity-view';

/*
 * The opportunities list and the board's columns (issue 14): filtered, sorted pages with their
 * figures. Every query is scoped by `businessId`. Money in cents.
 */

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
