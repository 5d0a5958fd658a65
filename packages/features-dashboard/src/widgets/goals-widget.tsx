import { Link } from 'react-router';
import { Anchor, Group, Progress, Stack, Text } from '@mantine/core';
import { formatGoalPercent, shownGoalPercent, type Goal } from '@ledgerleaf/domain';
import { paths } from '@ledgerleaf/api';
import { money } from '../shared/format';

/** The goals widget: the active goals with their progress, each opening its page. */
export default function GoalsWidget({ goals }: { goals: Goal[] }) {
  const active = goals.filter((goal) => goal.is_active);
  if (active.length === 0)
    return (
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          No active goals. Set one to see your progress here.
        </Text>
        <Anchor component={Link} to={paths.goals.create} size="sm" fw={600}>
          Create Goal
        </Anchor>
      </Stack>
    );
  return (
    <Stack gap="sm">
      {active.map((goal) => {
        const shown = goal.unit === 'money' ? money : (value: number) => String(value);
        return (
          <Stack key={goal.id} gap={4}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Anchor component={Link} to={paths.goals.detail(goal.id)} size="sm" fw={600} truncate>
                {goal.title}
              </Anchor>
              <Text size="sm" fw={600}>
                {formatGoalPercent(goal.progress)}
              </Text>
            </Group>
            <Progress
              value={shownGoalPercent(goal.progress)}
              color={goal.color ?? undefined}
              aria-label={`${goal.title}: ${formatGoalPercent(goal.progress)}`}
            />
            <Text size="xs" c="dimmed">
              {shown(goal.current_amount)} of {shown(goal.target_amount)}
            </Text>
          </Stack>
        );
      })}
      <Anchor component={Link} to={paths.goals.list} size="sm" fw={600}>
        Goals Tracker
      </Anchor>
    </Stack>
  );
}
