import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Link } from 'react-router';
import {
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  closestCorners,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Menu,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconDots, IconFileInvoice, IconFileText, IconGripVertical } from '@tabler/icons-react';
import { formatCurrency, type BoardColumn, type OpportunityCard, type PipelineStage } from '@ledgerleaf/domain';
import { errorMessage, paths, queryState, useCanWrite, type BoardFilters, type RequestError } from '@ledgerleaf/api';
import { useGetBoardQuery, useLazyGetBoardColumnQuery, useMoveOpportunityMutation } from '@ledgerleaf/api/crm';
import { CardSkeleton, EmptyState, LoadError, useToast } from '@ledgerleaf/ui';
import { useCreateDocument } from '../shared/create-document';
import { Money } from '../shared/money';
import { ActivityIcon } from '../shared/labels';
import { LostReasonModal } from './lost-reason-modal';

const cardKey = (id: number) => `card-${id}`;
const columnKey = (stageId: number) => `column-${stageId}`;
const idOfCard = (key: UniqueIdentifier) => Number(String(key).replace('card-', ''));

/** Figures of a column after a card leaves (-1) or joins (+1) it. */
function adjust(column: BoardColumn, card: OpportunityCard, sign: 1 | -1): BoardColumn {
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

interface PendingMove {
  card: OpportunityCard;
  from: number;
  stage: PipelineStage;
  previous_id: number | null;
  next_id: number | null;
  snapshot: BoardColumn[];
}

function BoardCard({
  card,
  stage,
  canWrite,
  stages,
  onMoveTo,
}: {
  card: OpportunityCard;
  stage: PipelineStage;
  canWrite: boolean;
  stages: PipelineStage[];
  onMoveTo: (card: OpportunityCard, stage: PipelineStage) => void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: cardKey(card.id),
    disabled: !canWrite,
  });
  const documents = useCreateDocument();
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    opacity: isDragging ? 0.5 : 1,
  };
  const who = card.client_name ?? card.lead_name;
  return (
    <Card
      ref={setNodeRef}
      style={style}
      withBorder
      padding="sm"
      radius="md"
      data-testid="board-card"
      data-rotting={card.rotting || undefined}
      aria-label={card.title}
      component="article"
      styles={
        card.rotting
          ? { root: { borderLeft: '4px solid var(--mantine-color-orange-6)' } }
          : { root: { borderLeft: `4px solid ${stage.color}` } }
      }
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap={4} align="flex-start">
          <Anchor component={Link} to={paths.crm.opportunities.edit(card.id)} fw={600} size="sm" lineClamp={2}>
            {card.title}
          </Anchor>
          {canWrite && (
            <Group gap={0} wrap="nowrap">
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" size="sm" aria-label={`Move ${card.title} to`}>
                    <IconDots size={14} aria-hidden />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Label>Move to</Menu.Label>
                  {stages
                    .filter((candidate) => candidate.id !== card.stage_id)
                    .map((candidate) => (
                      <Menu.Item key={candidate.id} onClick={() => onMoveTo(card, candidate)}>
                        {candidate.name}
                      </Menu.Item>
                    ))}
                </Menu.Dropdown>
              </Menu>
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label={`Drag ${card.title}`}
                style={{ cursor: 'grab', touchAction: 'none' }}
                {...attributes}
                {...listeners}
              >
                <IconGripVertical size={14} aria-hidden />
              </ActionIcon>
            </Group>
          )}
        </Group>
        {who && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {who}
          </Text>
        )}
        <Group justify="space-between" gap={4}>
          <Money value={card.amount} size="sm" fw={600} />
          <Text size="xs" c="dimmed">
            {card.probability}%
          </Text>
        </Group>
        <Group gap={4}>
          {card.rotting && (
            <Badge size="xs" color="orange" variant="dot" title={`${card.days_in_stage} days in ${stage.name}`}>
              Rotting · {card.days_in_stage}d
            </Badge>
          )}
          {card.owner_name && (
            <Text size="xs" c="dimmed">
              {card.owner_name}
            </Text>
          )}
        </Group>
        {card.next_activity && (
          <Group gap={4} wrap="nowrap">
            <ActivityIcon name={card.next_activity.type_icon} size={12} />
            <Text size="xs" c={card.next_activity.overdue ? 'var(--mantine-color-error)' : 'dimmed'} lineClamp={1}>
              {card.next_activity.overdue ? 'Overdue: ' : ''}
              {card.next_activity.subject}
            </Text>
          </Group>
        )}
        {stage.type === 'won' && canWrite && (
          <Tooltip label="Convert the lead into a client first" disabled={card.client_id !== null}>
            <Group gap={4} mt={4}>
              <Button
                size="compact-xs"
                variant="light"
                leftSection={<IconFileText size={12} aria-hidden />}
                disabled={card.client_id === null}
                loading={documents.busy === `estimate-${card.id}`}
                onClick={() => void documents.run('estimate', card)}
              >
                Create estimate
              </Button>
              <Button
                size="compact-xs"
                variant="light"
                leftSection={<IconFileInvoice size={12} aria-hidden />}
                disabled={card.client_id === null}
                loading={documents.busy === `invoice-${card.id}`}
                onClick={() => void documents.run('invoice', card)}
              >
                Create invoice
              </Button>
            </Group>
          </Tooltip>
        )}
      </Stack>
    </Card>
  );
}

function BoardColumnView({
  column,
  canWrite,
  stages,
  onMoveTo,
  onLoadMore,
  loadingMore,
}: {
  column: BoardColumn;
  canWrite: boolean;
  stages: PipelineStage[];
  onMoveTo: (card: OpportunityCard, stage: PipelineStage) => void;
  onLoadMore: () => void;
  loadingMore: boolean;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: columnKey(column.stage.id) });
  const { stage } = column;
  const headingId = `stage-${stage.id}-title`;
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-testid="board-column"
      style={{ flex: '0 0 272px', width: 272, scrollSnapAlign: 'start' }}
    >
      <Card
        withBorder
        padding="xs"
        radius="md"
        style={{
          background: isOver
            ? 'light-dark(var(--mantine-color-blue-0), var(--mantine-color-dark-5))'
            : 'light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-7))',
          borderTop: `3px solid ${stage.color}`,
        }}
      >
        <Stack gap={6} mb="xs">
          <Group justify="space-between" wrap="nowrap">
            <Text component="h2" fw={700} size="sm" id={headingId}>
              {stage.name}
              {stage.type !== 'open' && (
                <Badge ml={6} size="xs" variant="dot" color={stage.type === 'won' ? 'green' : 'red'}>
                  {stage.type}
                </Badge>
              )}
            </Text>
            <Badge variant="default" aria-label={`${column.count} opportunities`}>
              {column.count}
            </Badge>
          </Group>
          <Group justify="space-between" gap={4}>
            <Text size="xs" c="dimmed">
              Total <Money value={column.total_amount} fw={600} c="var(--mantine-color-text)" />
            </Text>
            <Text size="xs" c="dimmed">
              Weighted <Money value={column.weighted_amount} fw={600} c="var(--mantine-color-text)" />
            </Text>
          </Group>
        </Stack>
        <SortableContext items={column.cards.map((card) => cardKey(card.id))} strategy={verticalListSortingStrategy}>
          <Stack ref={setNodeRef} gap="xs" mih={80} data-stage-id={stage.id}>
            {column.cards.map((card) => (
              <BoardCard
                key={card.id}
                card={card}
                stage={stage}
                canWrite={canWrite}
                stages={stages}
                onMoveTo={onMoveTo}
              />
            ))}
            {column.cards.length === 0 && (
              <Text size="xs" c="dimmed" ta="center" py="md">
                No opportunities
              </Text>
            )}
          </Stack>
        </SortableContext>
        {column.next_cursor && (
          <Button variant="subtle" size="xs" fullWidth mt="xs" onClick={onLoadMore} loading={loadingMore}>
            Load more ({column.count - column.cards.length} more)
          </Button>
        )}
      </Card>
    </Box>
  );
}

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
