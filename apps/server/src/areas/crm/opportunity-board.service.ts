/** The pipeline board on the server: cards, columns with their figures and pages, and moving a card between stages. */
import {
  CRM_MESSAGES,
  applyStageMove,
  daysInStage,
  decodeBoardCursor,
  encodeBoardCursor,
  fromCents,
  isRotting,
  weightedAmountCents,
  type BoardColumn,
  type BoardColumnQuery,
  type BoardQuery,
  type OpportunityCard,
  type OpportunityMoveRequest,
  type StageType,
} from '@ledgerleaf/domain';
import {
  boardColumnTotals,
  findOpportunity,
  findStage,
  listBoardCards,
  listNextActivities,
  listStages,
  lockOpportunity,
  moveOpportunity as moveOpportunityRow,
  type BoardCard,
  type Db,
  type StageWithTotals,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../lib/context';
import { notFound, validationError } from '../../lib/errors';
import { checkReferences } from './crm-common';
import { stageView } from './crm-config.service';
import { stageTarget } from './opportunities.service';

function cardView(
  card: BoardCard,
  stage: Pick<StageWithTotals, 'type' | 'rotting_days'>,
  next: Awaited<ReturnType<typeof listNextActivities>>,
  now: Date,
): OpportunityCard {
  const amountCents = Number(card.amount_cents);
  const activity = next.get(card.id);
  return {
    id: card.id,
    title: card.title,
    client_id: card.client_id,
    client_name: card.client_name,
    lead_id: card.lead_id,
    lead_name: card.lead_name,
    amount: fromCents(amountCents),
    probability: card.probability,
    weighted_amount: fromCents(weightedAmountCents(amountCents, card.probability)),
    expected_close_date: card.expected_close_date,
    owner_user_id: card.owner_user_id,
    owner_name: card.owner_name,
    stage_id: card.stage_id,
    position: Number(card.position),
    stage_entered_at: card.stage_entered_at,
    days_in_stage: daysInStage(card.stage_entered_at, now),
    rotting: isRotting({
      stageType: stage.type as StageType,
      rottingDays: stage.rotting_days,
      enteredAt: card.stage_entered_at,
      now,
    }),
    next_activity: activity
      ? {
          id: activity.id,
          subject: activity.subject,
          due_at: activity.due_at,
          type_icon: activity.type_icon,
          overdue: new Date(activity.due_at).getTime() < now.getTime(),
        }
      : null,
  };
}

/**
 * Moves a card (board drop, keyboard move, stage picker) between two neighbours of the target
 * column: one row written (plus the stage history when the stage changes). A lost stage needs a
 * lost reason (422 `lost_reason_id`), whichever way the card got there.
 */
export async function moveOpportunity(
  deps: Deps,
  { auth, opportunityId, input }: { auth: AuthContext; opportunityId: number; input: OpportunityMoveRequest },
): Promise<{ data: OpportunityCard; message: string }> {
  const businessId = auth.businessId;
  return deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    const current = await lockOpportunity(tx, { businessId, opportunityId });
    if (!current) throw notFound(CRM_MESSAGES.opportunityNotFound);
    await checkReferences(tx, businessId, { stage_id: input.stage_id, lost_reason_id: input.lost_reason_id });
    const [from, to] = await Promise.all([
      findStage(tx, { businessId, stageId: current.stage_id }),
      findStage(tx, { businessId, stageId: input.stage_id }),
    ]);
    if (!from || !to) throw validationError({ stage_id: [CRM_MESSAGES.stageInvalid] });
    const state = applyStageMove(
      {
        stage_id: current.stage_id,
        stage_type: from.type as StageType,
        probability: current.probability,
        closed_at: current.closed_at,
        lost_reason_id: current.lost_reason_id,
      },
      stageTarget(to),
      { now, lostReasonId: input.lost_reason_id, probability: input.probability },
    );
    if (!state.ok) throw validationError({ [state.field]: [state.message] });
    const moved = await moveOpportunityRow(tx, {
      businessId,
      opportunityId,
      stageId: to.id,
      previousId: input.previous_id,
      nextId: input.next_id,
      state: {
        probability: state.probability,
        closed_at: state.closed_at,
        lost_reason_id: state.lost_reason_id,
        lost_note:
          state.lost_reason_id === null
            ? null
            : (input.lost_note ?? (to.id === current.stage_id ? current.lost_note : null)),
      },
      userId: auth.userId,
      now,
    });
    if (moved.status === 'not_found') throw notFound(CRM_MESSAGES.opportunityNotFound);
    if (moved.status === 'neighbour')
      throw validationError({
        [input.previous_id !== null ? 'previous_id' : 'next_id']: [CRM_MESSAGES.neighbourInvalid],
      });
    const view = await findOpportunity(tx, { businessId, opportunityId });
    if (!view) throw notFound(CRM_MESSAGES.opportunityNotFound);
    const next = await listNextActivities(tx, { businessId, opportunityIds: [opportunityId] });
    const card = cardView(
      { ...view, position: Number(moved.row.position) },
      { type: to.type, rotting_days: to.rotting_days },
      next,
      now,
    );
    const message =
      to.type === 'won' ? CRM_MESSAGES.opportunityWon(card.amount) : CRM_MESSAGES.opportunityMoved(to.name);
    return { data: card, message };
  });
}

async function column(
  db: Db,
  params: {
    businessId: number;
    stage: StageWithTotals;
    totals: Awaited<ReturnType<typeof boardColumnTotals>>;
    filters: { ownerId?: number | 'none' | undefined; search?: string | undefined };
    after: { position: number; id: number } | null;
    limit: number;
    now: Date;
  },
): Promise<{ column: BoardColumn; cards: BoardCard[] }> {
  const page = await listBoardCards(db, {
    businessId: params.businessId,
    ...params.filters,
    stageId: params.stage.id,
    after: params.after,
    limit: params.limit,
  });
  const totals = params.totals.get(params.stage.id) ?? { count: 0, amount_cents: 0, weighted_cents: 0 };
  return {
    cards: page.cards,
    column: {
      stage: stageView(params.stage),
      count: totals.count,
      total_amount: fromCents(totals.amount_cents),
      weighted_amount: fromCents(totals.weighted_cents),
      cards: [],
      next_cursor: page.next ? encodeBoardCursor(page.next) : null,
    },
  };
}

/** Every stage's column: its figures (under the filters) and its first page of cards. */
export async function board(
  deps: Deps,
  { auth, query }: { auth: AuthContext; query: BoardQuery },
): Promise<{ columns: BoardColumn[] }> {
  const businessId = auth.businessId;
  const now = deps.clock();
  const filters = { ownerId: query.owner_id, search: query.search };
  const stageRows = await listStages(deps.db, { businessId });
  const totals = await boardColumnTotals(deps.db, { businessId, ...filters });
  const columns = [];
  for (const stage of stageRows)
    columns.push(await column(deps.db, { businessId, stage, totals, filters, after: null, limit: query.limit, now }));
  const next = await listNextActivities(deps.db, {
    businessId,
    opportunityIds: columns.flatMap((entry) => entry.cards.map((card) => card.id)),
  });
  return {
    columns: columns.map((entry, index) => ({
      ...entry.column,
      cards: entry.cards.map((card) => cardView(card, stageRows[index]!, next, now)),
    })),
  };
}

/** One column's next page (`cursor` from the previous page's `next_cursor`). */
export async function boardColumn(
  deps: Deps,
  { auth, stageId, query }: { auth: AuthContext; stageId: number; query: BoardColumnQuery },
): Promise<BoardColumn> {
  const businessId = auth.businessId;
  const now = deps.clock();
  const stage = (await listStages(deps.db, { businessId })).find((row) => row.id === stageId);
  if (!stage) throw notFound(CRM_MESSAGES.stageNotFound);
  const filters = { ownerId: query.owner_id, search: query.search };
  const totals = await boardColumnTotals(deps.db, { businessId, ...filters });
  const after = query.cursor ? decodeBoardCursor(query.cursor) : null;
  const entry = await column(deps.db, { businessId, stage, totals, filters, after, limit: query.limit, now });
  const next = await listNextActivities(deps.db, {
    businessId,
    opportunityIds: entry.cards.map((card) => card.id),
  });
  return { ...entry.column, cards: entry.cards.map((card) => cardView(card, stage, next, now)) };
}
