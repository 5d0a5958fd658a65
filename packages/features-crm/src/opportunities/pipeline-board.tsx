import { useEffect, useRef, useState } from 'react';
import {
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  closestCorners,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { Box, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { formatCurrency, type BoardColumn, type OpportunityCard, type PipelineStage } from '@ledgerleaf/domain';
import { errorMessage, queryState, useCanWrite, type BoardFilters, type RequestError } from '@ledgerleaf/api';
import { useGetBoardQuery, useLazyGetBoardColumnQuery, useMoveOpportunityMutation } from '@ledgerleaf/api/crm';
import { CardSkeleton, EmptyState, LoadError, useToast } from '@ledgerleaf/ui';
import { LostReasonModal } from './lost-reason-modal';
import { BoardColumnView } from './board-column';
import { adjust, columnKey, idOfCard, placementOf, type PendingMove } from './board-moves';

/**
 * The pipeline board: one column per stage (count, total and weighted amount of all its cards),
 * a page of cards per column with "Load more", cards moved by drag and drop with the mouse, touch
 * or the keyboard (Space to pick up, arrows to move, Space to drop, Escape to cancel), or by the
 * card's "Move to" menu. A drop into a lost stage asks for the lost reason first; the move is
 * shown at once and undone if the server refuses it.
 */
export function PipelineBoard({ filters }: { filters: BoardFilters }) {
  const toast = useToast();
  const canWrite = useCanWrite();
  const query = useGetBoardQuery(filters);
  const state = queryState(query);
  const [columns, setColumns] = useState<BoardColumn[]>([]);
  const [loadColumn] = useLazyGetBoardColumnQuery();
  const [loadingColumn, setLoadingColumn] = useState<number | null>(null);
  const [move, moveState] = useMoveOpportunityMutation();
  const [pending, setPending] = useState<PendingMove | null>(null);
  const dragStart = useRef<{ snapshot: BoardColumn[]; from: number } | null>(null);

  useEffect(() => {
    if (query.data) setColumns(query.data);
  }, [query.data]);

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const stages = columns.map((column) => column.stage);

  const columnOf = (key: UniqueIdentifier, from: BoardColumn[] = columns): BoardColumn | undefined => {
    const text = String(key);
    if (text.startsWith('column-')) return from.find((column) => columnKey(column.stage.id) === text);
    const id = idOfCard(key);
    return from.find((column) => column.cards.some((card) => card.id === id));
  };

  const send = async (target: PendingMove, lost?: { lost_reason_id: number; lost_note: string | null }) => {
    const result = await move({
      id: target.card.id,
      body: {
        stage_id: target.stage.id,
        previous_id: target.previous_id,
        next_id: target.next_id,
        ...(lost ?? {}),
      },
    });
    if ('error' in result) {
      setColumns(target.snapshot);
      toast.show({
        severity: 'error',
        summary: 'The opportunity was not moved',
        detail: errorMessage(result.error as RequestError, 'Please try again.'),
      });
      return false;
    }
    const moved = result.data.data;
    setColumns((current) =>
      current.map((column) => {
        if (column.stage.id === target.from && target.from !== target.stage.id) return adjust(column, target.card, -1);
        if (column.stage.id !== target.stage.id) return column;
        const cards = column.cards.map((card) => (card.id === moved.id ? moved : card));
        return target.from === target.stage.id ? { ...column, cards } : adjust({ ...column, cards }, moved, 1);
      }),
    );
    toast.show({ severity: 'success', summary: result.data.message ?? `Moved to ${target.stage.name}.` });
    return true;
  };

  /** After the card sits where it was dropped: ask for a lost reason, or send the move. */
  const settle = (cardId: number, from: number, snapshot: BoardColumn[], placed: BoardColumn[]) => {
    const place = placementOf(placed, cardId);
    const original = placementOf(snapshot, cardId);
    if (!place || !original) return;
    if (place.column.stage.id === from && place.index === original.index) return;
    const target: PendingMove = {
      card: original.column.cards[original.index]!,
      from,
      stage: place.column.stage,
      previous_id: place.previous_id,
      next_id: place.next_id,
      snapshot,
    };
    if (place.column.stage.type === 'lost' && from !== place.column.stage.id) setPending(target);
    else void send(target);
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    const column = columnOf(active.id);
    if (column) dragStart.current = { snapshot: columns, from: column.stage.id };
  };

  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!over) return;
    setColumns((current) => {
      const source = columnOf(active.id, current);
      const target = columnOf(over.id, current);
      if (!source || !target || source.stage.id === target.stage.id) return current;
      const id = idOfCard(active.id);
      const card = source.cards.find((candidate) => candidate.id === id)!;
      const overIndex = String(over.id).startsWith('card-')
        ? target.cards.findIndex((candidate) => candidate.id === idOfCard(over.id))
        : target.cards.length;
      const index = overIndex < 0 ? target.cards.length : overIndex;
      return current.map((column) => {
        if (column.stage.id === source.stage.id)
          return { ...column, cards: column.cards.filter((candidate) => candidate.id !== id) };
        if (column.stage.id === target.stage.id)
          return { ...column, cards: [...column.cards.slice(0, index), card, ...column.cards.slice(index)] };
        return column;
      });
    });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const start = dragStart.current;
    dragStart.current = null;
    if (!start) return;
    if (!over) {
      setColumns(start.snapshot);
      return;
    }
    const id = idOfCard(active.id);
    let placed = columns;
    const column = columnOf(active.id, columns);
    if (column && String(over.id).startsWith('card-')) {
      const from = column.cards.findIndex((card) => card.id === id);
      const to = column.cards.findIndex((card) => card.id === idOfCard(over.id));
      if (from >= 0 && to >= 0 && from !== to) {
        const cards = [...column.cards];
        cards.splice(to, 0, cards.splice(from, 1)[0]!);
        placed = columns.map((candidate) =>
          candidate.stage.id === column.stage.id ? { ...candidate, cards } : candidate,
        );
        setColumns(placed);
      }
    }
    settle(id, start.from, start.snapshot, placed);
  };

  const onDragCancel = () => {
    if (dragStart.current) setColumns(dragStart.current.snapshot);
    dragStart.current = null;
  };

  /** The card's "Move to" menu: to the top of the stage's column. */
  const moveTo = (card: OpportunityCard, stage: PipelineStage) => {
    const snapshot = columns;
    const placed = columns.map((column) => {
      if (column.stage.id === card.stage_id) return { ...column, cards: column.cards.filter((c) => c.id !== card.id) };
      if (column.stage.id === stage.id) return { ...column, cards: [card, ...column.cards] };
      return column;
    });
    setColumns(placed);
    settle(card.id, card.stage_id, snapshot, placed);
  };

  const loadMore = async (column: BoardColumn) => {
    if (!column.next_cursor) return;
    setLoadingColumn(column.stage.id);
    const result = await loadColumn({ ...filters, stageId: column.stage.id, cursor: column.next_cursor });
    setLoadingColumn(null);
    if (!result.data) {
      toast.show({
        severity: 'error',
        summary: 'More opportunities could not be loaded',
        detail: errorMessage(result.error as RequestError, 'Please try again.'),
      });
      return;
    }
    const page = result.data;
    setColumns((current) =>
      current.map((candidate) =>
        candidate.stage.id === column.stage.id
          ? {
              ...candidate,
              cards: [
                ...candidate.cards,
                ...page.cards.filter((card) => !candidate.cards.some((c) => c.id === card.id)),
              ],
              next_cursor: page.next_cursor,
            }
          : candidate,
      ),
    );
  };

  const titleOf = (key: UniqueIdentifier | undefined) =>
    key === undefined
      ? ''
      : (columns.flatMap((column) => column.cards).find((card) => card.id === idOfCard(key))?.title ?? '');
  const placeText = (key: UniqueIdentifier) => {
    const column = columnOf(key);
    if (!column) return '';
    const index = column.cards.findIndex((card) => card.id === idOfCard(key));
    return `${column.stage.name}, position ${index + 1} of ${column.cards.length}`;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}. Use the arrow keys to move it, Space to drop.`,
    onDragOver: ({ active, over }) => (over ? `${titleOf(active.id)} is over ${placeText(active.id)}.` : ''),
    onDragEnd: ({ active, over }) => (over ? `${titleOf(active.id)} dropped in ${placeText(active.id)}.` : ''),
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
  };

  if (state.error !== null && !query.data)
    return <LoadError title="The pipeline could not be loaded" message={state.error} onRetry={state.retry} />;
  if (!query.data)
    return (
      <Group align="flex-start" wrap="nowrap" gap="md" aria-busy="true" style={{ overflow: 'hidden' }}>
        {[0, 1, 2, 3].map((key) => (
          <Box key={key} style={{ flex: '0 0 272px' }}>
            <CardSkeleton lines={6} />
          </Box>
        ))}
      </Group>
    );
  if (columns.length === 0)
    return <EmptyState title="No pipeline stages" message="Add the stages of your pipeline in the CRM settings." />;
  const empty = columns.every((column) => column.count === 0);

  return (
    <Stack gap="sm">
      {empty && (
        <Text size="sm" c="dimmed">
          {filters.search || filters.owner_id
            ? 'No opportunities match these filters.'
            : 'No opportunities yet. Create one, or convert a lead.'}
        </Text>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCorners}
        onDragStart={onDragStart}
        onDragOver={onDragOver}
        onDragEnd={onDragEnd}
        onDragCancel={onDragCancel}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              'To move an opportunity, press Space or Enter to pick it up. Use the arrow keys to move it between stages and within a stage. Press Space or Enter again to drop it, or Escape to cancel.',
          },
        }}
      >
        <ScrollArea type="auto" offsetScrollbars scrollbarSize={8}>
          <Group
            align="flex-start"
            wrap="nowrap"
            gap="md"
            pb="sm"
            role="region"
            aria-label="Pipeline board"
            style={{ scrollSnapType: 'x proximity' }}
          >
            {columns.map((column) => (
              <BoardColumnView
                key={column.stage.id}
                column={column}
                canWrite={canWrite}
                stages={stages}
                onMoveTo={moveTo}
                onLoadMore={() => void loadMore(column)}
                loadingMore={loadingColumn === column.stage.id}
              />
            ))}
          </Group>
        </ScrollArea>
      </DndContext>
      <LostReasonModal
        opened={pending !== null}
        title={pending?.card.title ?? ''}
        stageName={pending?.stage.name ?? ''}
        busy={moveState.isLoading}
        onCancel={() => {
          if (pending) setColumns(pending.snapshot);
          setPending(null);
        }}
        onConfirm={(reason) => {
          if (!pending) return;
          const target = pending;
          void send(target, reason).then(() => setPending(null));
        }}
      />
      <Text size="xs" c="dimmed">
        Totals:{' '}
        {formatCurrency(
          columns.reduce((sum, column) => sum + (column.stage.type === 'open' ? column.total_amount : 0), 0),
        )}{' '}
        open, weighted{' '}
        {formatCurrency(
          columns.reduce((sum, column) => sum + (column.stage.type === 'open' ? column.weighted_amount : 0), 0),
        )}
        .
      </Text>
    </Stack>
  );
}
