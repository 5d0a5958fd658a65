import {
  CRM_MESSAGES,
  applyStageMove,
  daysInStage,
  decodeBoardCursor,
  encodeBoardCursor,
  fromCents,
  initialStageState,
  isRotting,
  pageMeta,
  toCents,
  weightedAmountCents,
  type BoardColumn,
  type BoardColumnQuery,
  type BoardQuery,
  type Opportunity,
  type OpportunityCard,
  type OpportunityDocumentLink,
  type OpportunityListQuery,
  type OpportunityMoveRequest,
  type OpportunityPage,
  type OpportunityRequest,
  type StageChange,
  type StageType,
} from '@ledgerleaf/domain';
import {
  boardColumnTotals,
  deleteOpportunity as deleteOpportunityRow,
  findFirstOpenStage,
  findLeadRow,
  findOpportunity,
  findOpportunityRow,
  findStage,
  insertOpportunity,
  linkOpportunityDocument,
  listBoardCards,
  listNextActivities,
  listOpportunities as listOpportunityRows,
  listOpportunityDocuments,
  listStageChanges as listStageChangeRows,
  listStages,
  lockOpportunity,
  moveOpportunity as moveOpportunityRow,
  updateOpportunity as updateOpportunityRow,
  type BoardCard,
  type CrmStageRow,
  type Db,
  type OpportunityView,
  type StageWithTotals,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../lib/context';
import { toCsv } from '../../lib/csv';
import { notFound, validationError } from '../../lib/errors';
import { checkReferences } from './crm-common';
import { stageView } from './crm-config.service';

/*
 * Opportunities and the pipeline board. What a stage change does (probability, closed date, lost
 * reason) is the domain's `applyStageMove`, on every path: create, edit, move, convert.
 */

export function opportunityView(
  row: OpportunityView,
  now: Date,
  documents: Opportunity['documents'] = [],
): Opportunity {
  const amountCents = Number(row.amount_cents);
  const stageType = row.stage_type as StageType;
  return {
    id: row.id,
    title: row.title,
    client_id: row.client_id,
    client_name: row.client_name,
    lead_id: row.lead_id,
    lead_name: row.lead_name,
    amount: fromCents(amountCents),
    stage_id: row.stage_id,
    stage_name: row.stage_name,
    stage_type: stageType,
    probability: row.probability,
    weighted_amount: fromCents(weightedAmountCents(amountCents, row.probability)),
    expected_close_date: row.expected_close_date,
    owner_user_id: row.owner_user_id,
    owner_name: row.owner_name,
    source_id: row.source_id,
    source_name: row.source_name,
    notes: row.notes,
    lost_reason_id: row.lost_reason_id,
    lost_reason_name: row.lost_reason_name,
    lost_note: row.lost_note,
    closed_at: row.closed_at,
    stage_entered_at: row.stage_entered_at,
    days_in_stage: daysInStage(row.stage_entered_at, now),
    rotting: isRotting({ stageType, rottingDays: row.stage_rotting_days, enteredAt: row.stage_entered_at, now }),
    documents,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

async function loadOpportunity(db: Db, businessId: number, opportunityId: number, now: Date): Promise<Opportunity> {
  const row = await findOpportunity(db, { businessId, opportunityId });
  if (!row) throw notFound(CRM_MESSAGES.opportunityNotFound);
  const documents = await listOpportunityDocuments(db, { businessId, opportunityId });
  return opportunityView(
    row,
    now,
    documents.map((document) => ({
      kind: document.kind,
      id: document.id,
      number: document.number,
      status: document.status,
      total: fromCents(document.total_cents),
      paid: fromCents(document.paid_cents),
      issue_date: document.issue_date,
    })),
  );
}

function stageTarget(stage: Pick<CrmStageRow, 'id' | 'type' | 'probability'>) {
  return { id: stage.id, type: stage.type as StageType, probability: stage.probability };
}

export async function listOpportunities(
  deps: Deps,
  { auth, query }: { auth: AuthContext; query: OpportunityListQuery },
): Promise<OpportunityPage> {
  const { rows, total, summary } = await listOpportunityRows(deps.db, {
    businessId: auth.businessId,
    search: query.search,
    status: query.status,
    stageId: query.stage_id,
    ownerId: query.owner_id,
    sourceId: query.source_id,
    clientId: query.client_id,
    closeFrom: query.close_from,
    closeTo: query.close_to,
    sort: query.sort,
    direction: query.direction,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  const now = deps.clock();
  return {
    data: rows.map((row) => opportunityView(row, now)),
    meta: pageMeta(query.page, query.per_page, total),
    summary: {
      count: summary.count,
      total_amount: fromCents(summary.amount_cents),
      weighted_amount: fromCents(summary.weighted_cents),
    },
  };
}

export async function getOpportunity(
  deps: Deps,
  { auth, opportunityId }: { auth: AuthContext; opportunityId: number },
): Promise<Opportunity> {
  return loadOpportunity(deps.db, auth.businessId, opportunityId, deps.clock());
}

async function checkOpportunityReferences(db: Db, businessId: number, input: OpportunityRequest) {
  await checkReferences(db, businessId, {
    client_id: input.client_id,
    lead_id: input.lead_id,
    stage_id: input.stage_id,
    owner_user_id: input.owner_user_id,
    source_id: input.source_id,
    lost_reason_id: input.lost_reason_id,
  });
}

/** A new opportunity, at the top of its stage's column (the first open stage when none is named). */
export async function createOpportunity(
  deps: Deps,
  { auth, input }: { auth: AuthContext; input: OpportunityRequest },
): Promise<Opportunity> {
  const businessId = auth.businessId;
  return deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    await checkOpportunityReferences(tx, businessId, input);
    const stage = input.stage_id
      ? await findStage(tx, { businessId, stageId: input.stage_id })
      : await findFirstOpenStage(tx, { businessId });
    if (!stage) throw validationError({ stage_id: [CRM_MESSAGES.stageInvalid] });
    const state = initialStageState(stageTarget(stage), {
      now,
      lostReasonId: input.lost_reason_id,
      probability: input.probability,
    });
    if (!state.ok) throw validationError({ [state.field]: [state.message] });
    const lead = input.lead_id ? await findLeadRow(tx, { businessId, leadId: input.lead_id }) : undefined;
    const { id } = await insertOpportunity(tx, {
      businessId,
      fields: {
        title: input.title,
        client_id: input.client_id,
        lead_id: input.lead_id,
        amount_cents: toCents(input.amount),
        stage_id: stage.id,
        probability: state.probability,
        expected_close_date: input.expected_close_date,
        owner_user_id: input.owner_user_id ?? lead?.owner_user_id ?? auth.userId,
        source_id: input.source_id ?? lead?.source_id ?? null,
        notes: input.notes,
        lost_reason_id: state.lost_reason_id,
        lost_note: state.lost_reason_id === null ? null : input.lost_note,
        closed_at: state.closed_at,
      },
      userId: auth.userId,
      now,
    });
    return loadOpportunity(tx, businessId, id, now);
  });
}

/** Replaces an opportunity; a change of stage follows `applyStageMove` (a lost stage needs a reason: 422). */
export async function updateOpportunity(
  deps: Deps,
  { auth, opportunityId, input }: { auth: AuthContext; opportunityId: number; input: OpportunityRequest },
): Promise<Opportunity> {
  const businessId = auth.businessId;
  return deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    const current = await lockOpportunity(tx, { businessId, opportunityId });
    if (!current) throw notFound(CRM_MESSAGES.opportunityNotFound);
    await checkOpportunityReferences(tx, businessId, input);
    const stageId = input.stage_id ?? current.stage_id;
    const [from, to] = await Promise.all([
      findStage(tx, { businessId, stageId: current.stage_id }),
      findStage(tx, { businessId, stageId }),
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
    await updateOpportunityRow(tx, {
      businessId,
      opportunityId,
      fields: {
        title: input.title,
        client_id: input.client_id,
        lead_id: input.lead_id,
        amount_cents: toCents(input.amount),
        stage_id: stageId,
        probability: state.probability,
        expected_close_date: input.expected_close_date,
        owner_user_id: input.owner_user_id,
        source_id: input.source_id,
        notes: input.notes,
        lost_reason_id: state.lost_reason_id,
        lost_note: state.lost_reason_id === null ? null : input.lost_note,
        closed_at: state.closed_at,
      },
      userId: auth.userId,
      now,
    });
    return loadOpportunity(tx, businessId, opportunityId, now);
  });
}

export async function deleteOpportunity(
  deps: Deps,
  { auth, opportunityId }: { auth: AuthContext; opportunityId: number },
): Promise<void> {
  if (!(await deleteOpportunityRow(deps.db, { businessId: auth.businessId, opportunityId })))
    throw notFound(CRM_MESSAGES.opportunityNotFound);
}

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

export async function listStageChanges(
  deps: Deps,
  { auth, opportunityId }: { auth: AuthContext; opportunityId: number },
): Promise<StageChange[]> {
  if (!(await findOpportunityRow(deps.db, { businessId: auth.businessId, opportunityId })))
    throw notFound(CRM_MESSAGES.opportunityNotFound);
  const rows = await listStageChangeRows(deps.db, { businessId: auth.businessId, opportunityId });
  return rows.map((row) => ({
    id: row.id,
    opportunity_id: row.opportunity_id,
    from_stage_id: row.from_stage_id,
    from_stage_name: row.from_stage_name,
    to_stage_id: row.to_stage_id,
    to_stage_name: row.to_stage_name,
    changed_at: row.changed_at,
    user_id: row.user_id,
    user_name: row.user_name,
  }));
}

/** Links an estimate or invoice of the business to the opportunity (422 `id` when it is not the business's). */
export async function linkDocument(
  deps: Deps,
  { auth, opportunityId, input }: { auth: AuthContext; opportunityId: number; input: OpportunityDocumentLink },
): Promise<Opportunity> {
  const businessId = auth.businessId;
  if (!(await findOpportunityRow(deps.db, { businessId, opportunityId })))
    throw notFound(CRM_MESSAGES.opportunityNotFound);
  const linked = await linkOpportunityDocument(deps.db, {
    businessId,
    opportunityId,
    kind: input.kind,
    documentId: input.id,
    now: deps.clock(),
  });
  if (!linked) throw validationError({ id: ['Please choose a document'] });
  return loadOpportunity(deps.db, businessId, opportunityId, deps.clock());
}

const OPPORTUNITY_CSV_COLUMNS = [
  'id',
  'title',
  'client',
  'lead',
  'amount',
  'stage',
  'stage_type',
  'probability',
  'weighted_amount',
  'expected_close_date',
  'owner',
  'source',
  'lost_reason',
  'closed_at',
  'created_at',
] as const;

export async function exportOpportunitiesCsv(
  deps: Deps,
  { auth, query }: { auth: AuthContext; query: OpportunityListQuery },
): Promise<string> {
  const rows: OpportunityView[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await listOpportunityRows(deps.db, {
      businessId: auth.businessId,
      search: query.search,
      status: query.status,
      stageId: query.stage_id,
      ownerId: query.owner_id,
      sourceId: query.source_id,
      clientId: query.client_id,
      closeFrom: query.close_from,
      closeTo: query.close_to,
      sort: query.sort,
      direction: query.direction,
      limit: 1000,
      offset,
    });
    rows.push(...page.rows);
    if (page.rows.length < 1000) break;
  }
  return toCsv(
    OPPORTUNITY_CSV_COLUMNS,
    rows.map((row) => {
      const amountCents = Number(row.amount_cents);
      return {
        id: row.id,
        title: row.title,
        client: row.client_name,
        lead: row.lead_name,
        amount: fromCents(amountCents).toFixed(2),
        stage: row.stage_name,
        stage_type: row.stage_type,
        probability: row.probability,
        weighted_amount: fromCents(weightedAmountCents(amountCents, row.probability)).toFixed(2),
        expected_close_date: row.expected_close_date,
        owner: row.owner_name,
        source: row.source_name,
        lost_reason: row.lost_reason_name,
        closed_at: row.closed_at,
        created_at: row.created_at,
      };
    }),
  );
}

// ---------------------------------------------------------------- the board

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
