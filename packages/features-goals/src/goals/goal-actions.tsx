import type { ReactNode } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import {
  IconBan,
  IconCheck,
  IconDots,
  IconEdit,
  IconPlayerPause,
  IconPlayerPlay,
  IconTrash,
} from '@tabler/icons-react';
import { GOAL_MESSAGES, goalActionResult, type Goal, type GoalAction } from '@ledgerleaf/domain';
import { errorMessage, useCanWrite, useDeleteGoalMutation, useGoalActionMutation } from '@ledgerleaf/api';
import { useConfirm, useToast, type ConfirmationOptions } from '@ledgerleaf/ui';

const ACTION_LABELS: Record<GoalAction, string> = {
  pause: 'Pause',
  resume: 'Resume',
  complete: 'Mark as completed',
  cancel: 'Cancel goal',
};
const DONE: Record<GoalAction, string> = {
  pause: GOAL_MESSAGES.paused,
  resume: GOAL_MESSAGES.resumed,
  complete: GOAL_MESSAGES.completed,
  cancel: GOAL_MESSAGES.cancelled,
};
/** The order actions are offered in; `goalActionResult` says which apply to a status. */
const ACTIONS: readonly GoalAction[] = ['pause', 'resume', 'complete', 'cancel'];

/** Completing and cancelling ask first; pausing and resuming are one click (resume undoes a pause). */
function confirmation(action: GoalAction, goal: Goal): ConfirmationOptions | null {
  if (action === 'complete')
    return {
      title: 'Complete goal?',
      message: `Mark "${goal.title}" as completed? It stops receiving allocations.`,
      confirmText: 'Complete goal',
      type: 'info',
    };
  if (action === 'cancel') {
    return {
      title: 'Cancel goal?',
      message: `Cancel "${goal.title}"? It stops receiving allocations; what it holds stays recorded.\nYou can resume it later.`,
      confirmText: 'Cancel goal',
      cancelText: 'Keep goal',
      type: 'warning',
    };
  }
  return null;
}

/** Pause, resume, complete and cancel (both ask first) and delete (asks first) a goal; toasts the outcome. */
export function useGoalCommands(goal: Goal, { onDeleted }: { onDeleted?: () => void } = {}) {
  const confirm = useConfirm();
  const toast = useToast();
  const [runAction, actionState] = useGoalActionMutation();
  const [remove, removeState] = useDeleteGoalMutation();

  const run = async (action: GoalAction) => {
    const ask = confirmation(action, goal);
    if (ask) {
      try {
        await confirm(ask);
      } catch {
        return;
      }
    }
    const result = await runAction({ id: goal.id, action });
    if ('error' in result)
      toast.show({
        severity: 'error',
        summary: 'Error',
        detail: errorMessage(result.error, 'The goal could not be changed. Please try again.'),
      });
    else toast.show({ severity: 'success', summary: result.data.message ?? DONE[action], detail: goal.title });
  };

  const onDelete = async () => {
    try {
      await confirm({
        title: GOAL_MESSAGES.deleteConfirmTitle,
        message: GOAL_MESSAGES.deleteConfirmMessage(goal.title),
        confirmText: 'Delete goal',
        type: 'danger',
      });
    } catch {
      return;
    }
    const result = await remove(goal.id);
    if ('error' in result) {
      toast.show({
        severity: 'error',
        summary: 'Error',
        detail: errorMessage(result.error, 'The goal could not be deleted. Please try again.'),
      });
      return;
    }
    toast.show({ severity: 'success', summary: GOAL_MESSAGES.deleted, detail: goal.title });
    onDeleted?.();
  };

  const available = ACTIONS.filter((action) => goalActionResult(goal.status, action) !== null);
  return { run, onDelete, available, busy: actionState.isLoading || removeState.isLoading };
}

/** The "..." menu of a goal: edit, pause or resume, complete, cancel, delete; nothing for a role that may not write. */
export function GoalActionsMenu({
  goal,
  onEdit,
  onDeleted,
}: {
  goal: Goal;
  onEdit: () => void;
  onDeleted?: () => void;
}) {
  const { run, onDelete, available } = useGoalCommands(goal, { onDeleted });
  const canWrite = useCanWrite();
  if (!canWrite) return null;
  const icons: Record<GoalAction, ReactNode> = {
    pause: <IconPlayerPause size={16} aria-hidden />,
    resume: <IconPlayerPlay size={16} aria-hidden />,
    complete: <IconCheck size={16} aria-hidden />,
    cancel: <IconBan size={16} aria-hidden />,
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${goal.title}`}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEdit size={16} aria-hidden />} onClick={onEdit}>
          Edit
        </Menu.Item>
        {available.map((action) => (
          <Menu.Item key={action} leftSection={icons[action]} onClick={() => void run(action)}>
            {ACTION_LABELS[action]}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => void onDelete()}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
