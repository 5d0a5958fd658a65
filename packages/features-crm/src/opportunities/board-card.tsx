/** One opportunity card of the pipeline board: drag handle, figures, next activity and its menu (move to, documents). */
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Anchor, Badge, Button, Card, Group, Menu, Stack, Text, Tooltip } from '@mantine/core';
import { IconDots, IconFileInvoice, IconFileText, IconGripVertical } from '@tabler/icons-react';
import type { OpportunityCard, PipelineStage } from '@ledgerleaf/domain';
import { paths } from '@ledgerleaf/api';
import { useCreateDocument } from '../shared/create-document';
import { Money } from '../shared/money';
import { ActivityIcon } from '../shared/labels';
import { cardKey } from './board-moves';

export function BoardCard({
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
