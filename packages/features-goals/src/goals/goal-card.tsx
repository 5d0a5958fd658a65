import { Link } from 'react-router';
import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { Goal } from '@ledgerleaf/domain';
import { useDateFormat, paths } from '@ledgerleaf/api';
import { daysLeftLabel } from '../shared/format';
import { GoalProgress } from '../shared/goal-progress';
import { GoalStatusBadge } from '../shared/goal-status';
import { GOAL_TYPE_BADGES } from '../shared/labels';
import { GoalActionsMenu } from './goal-actions';

/** A goal on the tracker: title (to its details), status, type, progress bar and percent, deadline. */
export function GoalCard({ goal, onEdit }: { goal: Goal; onEdit: (goal: Goal) => void }) {
  const { formatDate } = useDateFormat();
  const open = goal.status === 'active' || goal.status === 'in_progress' || goal.status === 'paused';
  return (
    <Card
      withBorder
      padding="md"
      component="article"
      aria-labelledby={`goal-${goal.id}-title`}
      style={goal.color ? { borderTop: `4px solid ${goal.color}` } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Anchor
              component={Link}
              to={paths.goals.detail(goal.id)}
              fw={700}
              id={`goal-${goal.id}-title`}
              style={{ overflowWrap: 'anywhere' }}
            >
              {goal.title}
            </Anchor>
            <Group gap={6} wrap="wrap">
              <GoalStatusBadge goal={goal} />
              <Badge variant="default">{GOAL_TYPE_BADGES[goal.type]}</Badge>
              {goal.category && <Badge variant="default">{goal.category}</Badge>}
            </Group>
          </Stack>
          <GoalActionsMenu goal={goal} onEdit={() => onEdit(goal)} />
        </Group>
        <GoalProgress goal={goal} />
        <Text size="xs" c="dimmed" mt="auto">
          Target date {formatDate(goal.target_date)}
          {open
            ? ` · ${daysLeftLabel(goal.pace.days_left)}`
            : goal.completed_at
              ? ` · completed ${formatDate(goal.completed_at)}`
              : ''}
        </Text>
      </Stack>
    </Card>
  );
}
