import { CRM_MESSAGES } from './messages';

/*
 * The pipeline's rules, pure: stage types, the invariant every pipeline keeps, what moving an
 * opportunity to a stage does to its probability, closed date and lost reason, the weighted
 * amount, rotting, and the manual order of cards in a column.
 */

/**
 * Won and lost are stage TYPES, never stage names: a business may call its won stage "Signed" and
 * have two lost stages ("Lost", "Disqualified"). Every rule below reads the type.
 */
export const STAGE_TYPES = ['open', 'won', 'lost'] as const;
export type StageType = (typeof STAGE_TYPES)[number];
export const STAGE_TYPE_LABELS: Record<StageType, string> = { open: 'Open', won: 'Won', lost: 'Lost' };

export function isClosedStageType(type: StageType): boolean {
  return type !== 'open';
}

/**
 * The probability of a closed stage is fixed: an opportunity in a won stage is 100 % likely, in a
 * lost stage 0 %. An open stage's probability is its own default (what a card gets on entering it).
 */
export function fixedStageProbability(type: StageType): number | null {
  if (type === 'won') return 100;
  if (type === 'lost') return 0;
  return null;
}

// ---------------------------------------------------------------- the pipeline invariant

/**
 * A pipeline always has at least one open, one won and one lost stage, so that every opportunity
 * can be worked on, won and lost. Answers the message for what is missing (checked in the order
 * open, won, lost), or null when the stages keep the invariant. Check the stages as they WOULD be
 * after a change (a delete, a type change) and refuse the change when this answers a message.
 */
export function pipelineInvariantError(stages: ReadonlyArray<{ type: StageType }>): string | null {
  const types = new Set(stages.map((stage) => stage.type));
  if (!types.has('open')) return CRM_MESSAGES.pipelineNeedsOpen;
  if (!types.has('won')) return CRM_MESSAGES.pipelineNeedsWon;
  if (!types.has('lost')) return CRM_MESSAGES.pipelineNeedsLost;
  return null;
}

/** The stages after deleting `stageId`, checked: null when the delete keeps the invariant. */
export function stageDeleteError(
  stages: ReadonlyArray<{ id: number; type: StageType }>,
  stageId: number,
): string | null {
  return pipelineInvariantError(stages.filter((stage) => stage.id !== stageId));
}

/** The stages after giving `stageId` the type `type`, checked: null when the change keeps the invariant. */
export function stageTypeChangeError(
  stages: ReadonlyArray<{ id: number; type: StageType }>,
  stageId: number,
  type: StageType,
): string | null {
  return pipelineInvariantError(stages.map((stage) => (stage.id === stageId ? { ...stage, type } : stage)));
}

// ---------------------------------------------------------------- weighted amount

/**
 * The weighted amount of an opportunity in cents: amount x probability / 100, rounded to the cent
 * half up (amounts and probabilities are never negative, so half up is half away from zero). A
 * column's or the pipeline's weighted total is the sum of its cards' weighted amounts (each rounded
 * once), so the column always equals the sum of what its cards show. The database computes the
 * same figure as `(amount_cents * probability + 50) / 100` in integer arithmetic.
 */
export function weightedAmountCents(amountCents: number, probability: number): number {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) throw new RangeError(`Bad amount: ${amountCents}`);
  if (!Number.isInteger(probability) || probability < 0 || probability > 100)
    throw new RangeError(`Bad probability: ${probability}`);
  // amount_cents is at most 99,999,999,999, times 100 stays below 2^53.
  return Math.floor((amountCents * probability + 50) / 100);
}

// ---------------------------------------------------------------- stage moves

export interface OpportunityStageState {
  stage_type: StageType;
  probability: number;
  /** ISO instant, set while the opportunity is in a won or lost stage. */
  closed_at: string | null;
  lost_reason_id: number | null;
}

export interface StageMoveTarget {
  id: number;
  type: StageType;
  /** The stage's default probability. */
  probability: number;
}

export type StageMoveResult =
  | { ok: true; probability: number; closed_at: string | null; lost_reason_id: number | null }
  | { ok: false; field: 'lost_reason_id'; message: string };

/**
 * What an opportunity becomes when it moves into `target` (or is saved in it):
 * - into a **won** stage: probability 100, closed date set (kept when it was already won), no lost reason;
 * - into a **lost** stage: probability 0, closed date set (kept when it was already lost), and a lost
 *   reason REQUIRED: the one given, else the one it already had in a lost stage; without one the move
 *   is refused (`ok: false`, the API's 422 on `lost_reason_id`), whichever path asked for it (form,
 *   board drop, bulk);
 * - into an **open** stage: closed date and lost reason cleared (a reopen), and the probability is
 *   the one given, else the target stage's default when the stage changes, else unchanged (an edit
 *   that keeps the stage keeps an overridden probability).
 * A probability given for a won or lost stage is ignored: those are fixed.
 */
export function applyStageMove(
  current: OpportunityStageState & { stage_id: number },
  target: StageMoveTarget,
  options: { now: Date; lostReasonId?: number | null | undefined; probability?: number | null | undefined },
): StageMoveResult {
  const now = options.now.toISOString();
  if (target.type === 'won') {
    return {
      ok: true,
      probability: 100,
      closed_at: current.stage_type === 'won' && current.closed_at ? current.closed_at : now,
      lost_reason_id: null,
    };
  }
  if (target.type === 'lost') {
    const reason = options.lostReasonId ?? (current.stage_type === 'lost' ? current.lost_reason_id : null);
    if (reason == null) return { ok: false, field: 'lost_reason_id', message: CRM_MESSAGES.lostReasonRequired };
    return {
      ok: true,
      probability: 0,
      closed_at: current.stage_type === 'lost' && current.closed_at ? current.closed_at : now,
      lost_reason_id: reason,
    };
  }
  const stageChanged = current.stage_id !== target.id;
  const probability = options.probability ?? (stageChanged ? target.probability : current.probability);
  return { ok: true, probability, closed_at: null, lost_reason_id: null };
}

/** The state of a new opportunity created in `target` (same rules as a move from nowhere). */
export function initialStageState(
  target: StageMoveTarget,
  options: { now: Date; lostReasonId?: number | null | undefined; probability?: number | null | undefined },
): StageMoveResult {
  return applyStageMove(
    { stage_id: 0, stage_type: 'open', probability: target.probability, closed_at: null, lost_reason_id: null },
    target,
    options,
  );
}

// ---------------------------------------------------------------- rotting

const DAY_MS = 86_400_000;

/** Whole days (24 hours) an opportunity has spent in its stage since `enteredAt`; 0 for a future instant. */
export function daysInStage(enteredAt: string | Date, now: Date): number {
  const entered = typeof enteredAt === 'string' ? new Date(enteredAt) : enteredAt;
  return Math.max(0, Math.floor((now.getTime() - entered.getTime()) / DAY_MS));
}

/**
 * A card is rotting when it has stayed in an OPEN stage more whole days than the stage's rotting
 * threshold (`rotting_days`; null means the stage never flags). Won and lost cards never rot.
 * Example: threshold 14, entered 15 days and 1 hour ago: rotting; exactly 14 days ago: not yet.
 */
export function isRotting(params: {
  stageType: StageType;
  rottingDays: number | null;
  enteredAt: string | Date;
  now: Date;
}): boolean {
  if (params.stageType !== 'open' || params.rottingDays == null) return false;
  return daysInStage(params.enteredAt, params.now) > params.rottingDays;
}

/**
 * The `stage_entered_at` instant at or before which a card of an open stage with `rottingDays` is
 * rotting (`stage_entered_at <= threshold`, the same as `isRotting`), for a query that counts them.
 */
export function rottingThreshold(rottingDays: number, now: Date): Date {
  return new Date(now.getTime() - (rottingDays + 1) * DAY_MS);
}

// ---------------------------------------------------------------- manual order within a column

/** Gap between neighbours when a column is (re)numbered, and what a card at either end moves by. */
export const POSITION_STEP = 1024;
/** Beyond this the doubles lose whole-number precision around the step: renumber first. */
const POSITION_LIMIT = 2 ** 50;

export type PositionResult = { position: number } | { rebalance: true };

/**
 * The position of a card dropped between `previous` (the card above it, null at the top) and
 * `next` (the card below it, null at the bottom): a number strictly between the two, so a move
 * writes ONE row. Cards are ordered by (position, id) ascending.
 * - empty column: 0; at the top: `next - STEP`; at the bottom: `previous + STEP`;
 * - between two cards: their midpoint.
 * Halving the same gap again and again runs out of double precision after about 50 moves; when the
 * midpoint is no longer strictly between its neighbours (or the neighbours are out of order, or a
 * position grows past 2^50) this answers `{ rebalance: true }`: renumber the column
 * (`rebalancedPositions`) and ask again.
 */
export function positionBetween(previous: number | null, next: number | null): PositionResult {
  let position: number;
  if (previous === null && next === null) position = 0;
  else if (previous === null) position = (next as number) - POSITION_STEP;
  else if (next === null) position = previous + POSITION_STEP;
  else {
    if (!(previous < next)) return { rebalance: true };
    position = previous + (next - previous) / 2;
    if (!(previous < position && position < next)) return { rebalance: true };
  }
  if (!Number.isFinite(position) || Math.abs(position) > POSITION_LIMIT) return { rebalance: true };
  return { position };
}

/** Fresh positions for a column of `count` cards in their current order: STEP, 2 x STEP, ... */
export function rebalancedPositions(count: number): number[] {
  return Array.from({ length: count }, (_, index) => (index + 1) * POSITION_STEP);
}

// ---------------------------------------------------------------- board cursor

/**
 * The board's column pages are keyset pages over (position, id): the cursor is the last card's
 * position and id, `"<position>~<id>"` (a double's shortest round-trip text, so it parses back to
 * the same number). Opaque to the browser: it only hands back `next_cursor`.
 */
export function encodeBoardCursor(card: { position: number; id: number }): string {
  return `${String(card.position)}~${card.id}`;
}

export function decodeBoardCursor(cursor: string): { position: number; id: number } | null {
  const match = /^(-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)~(\d{1,15})$/i.exec(cursor);
  if (!match) return null;
  const position = Number(match[1]);
  const id = Number(match[2]);
  if (!Number.isFinite(position) || !Number.isSafeInteger(id) || id <= 0) return null;
  return { position, id };
}
