import { Badge } from '@mantine/core';
import { GOAL_STATUS_LABELS, type Goal, type GoalStatus } from '@ledgerleaf/domain';

const STATUS_COLORS: Record<GoalStatus, string> = {
  active: 'blue',
  in_progress: 'blue',
  completed: 'green',
  paused: 'yellow',
  cancelled: 'gray',
};

/** The goal's status as a badge, plus "Behind schedule" for an active goal behind its pace. */
export function GoalStatusBadge({ goal }: { goal: Pick<Goal, 'status' | 'pace'> }) {
  return (
    <>
      <Badge color={STATUS_COLORS[goal.status]} variant="dot">
        {GOAL_STATUS_LABELS[goal.status]}
      </Badge>
      {goal.pace.behind_schedule && (
        <Badge color="orange" variant="dot">
          Behind schedule
        </Badge>
      )}
    </>
  );
}
