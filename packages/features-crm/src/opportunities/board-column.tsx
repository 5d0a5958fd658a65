/** One stage column of the pipeline board: its figures, its droppable list of cards and "Load more". */
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Badge, Box, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { BoardColumn, OpportunityCard, PipelineStage } from '@ledgerleaf/domain';
import { Money } from '../shared/money';
import { BoardCard } from './board-card';
import { cardKey, columnKey } from './board-moves';

export function BoardColumnView({
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
