/** The pipeline board's pure move logic: card and column keys, a column's figures as a card moves, where a card ended up. */
import type { UniqueIdentifier } from '@dnd-kit/core';
import type { BoardColumn, OpportunityCard, PipelineStage } from '@ledgerleaf/domain';

export const cardKey = (id: number) => `card-${id}`;
export const columnKey = (stageId: number) => `column-${stageId}`;
export const idOfCard = (key: UniqueIdentifier) => Number(String(key).replace('card-', ''));

/** Figures of a column after a card leaves (-1) or joins (+1) it. */
export function adjust(column: BoardColumn, card: OpportunityCard, sign: 1 | -1): BoardColumn {
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    ...column,
    count: column.count + sign,
    total_amount: round(column.total_amount + sign * card.amount),
    weighted_amount: round(column.weighted_amount + sign * card.weighted_amount),
  };
}

/** Where a card ended up: its column and neighbours (the server places it between them). */
export function placementOf(columns: BoardColumn[], cardId: number) {
  for (const column of columns) {
    const index = column.cards.findIndex((card) => card.id === cardId);
    if (index >= 0)
      return {
        column,
        index,
        previous_id: column.cards[index - 1]?.id ?? null,
        next_id: column.cards[index + 1]?.id ?? null,
      };
  }
  return null;
}

export interface PendingMove {
  card: OpportunityCard;
  from: number;
  stage: PipelineStage;
  previous_id: number | null;
  next_id: number | null;
  snapshot: BoardColumn[];
}
