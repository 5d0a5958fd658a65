import { Group, Progress, Stack, Text } from '@mantine/core';
import { goalProgressPercent, type Goal } from '@ledgerleaf/domain';
import { formatGoalAmount, formatPercent } from './format';

/**
 * A goal's progress bar and percent: SPEC.md section 3's rule (current / target, capped at 100, 0
 * when the target is 0) through the domain's `goalProgressPercent`.
 */
export function GoalProgress({
  goal,
  size = 'md',
}: {
  goal: Pick<Goal, 'title' | 'unit' | 'current_amount' | 'target_amount' | 'color' | 'status'>;
  size?: 'sm' | 'md' | 'lg';
}) {
  const percent = goalProgressPercent(goal.current_amount, goal.target_amount);
  const reached = percent >= 100;
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatGoalAmount(goal.unit, goal.current_amount)} of {formatGoalAmount(goal.unit, goal.target_amount)}
        </Text>
        <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatPercent(percent)}
        </Text>
      </Group>
      <Progress
        value={percent}
        size={size}
        color={reached ? 'green' : (goal.color ?? 'blue')}
        aria-label={`Progress of ${goal.title}`}
        striped={goal.status === 'paused'}
      />
    </Stack>
  );
}
