import { EmptyState as MantineEmptyState } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconInbox } from '@tabler/icons-react';

export interface EmptyStateProps {
  title: ReactNode;
  message?: ReactNode;
  /** Usually a Button: "Create your first invoice". */
  action?: ReactNode;
  /** Replaces the default inbox icon. */
  icon?: ReactNode;
  /** Heading level of the title: 1 when the empty state is the whole page, 2 (default) inside one. */
  titleOrder?: 1 | 2 | 3;
}

/** What a list or widget shows when it has nothing yet. */
export function EmptyState({ title, message, action, icon, titleOrder = 2 }: EmptyStateProps) {
  return (
    <MantineEmptyState
      variant="light"
      icon={icon ?? <IconInbox size={28} stroke={1.5} aria-hidden />}
      py="xl"
      data-testid="empty-state"
    >
      <MantineEmptyState.Title order={titleOrder} fz="lg">
        {title}
      </MantineEmptyState.Title>
      {message !== undefined && <MantineEmptyState.Description>{message}</MantineEmptyState.Description>}
      {action !== undefined && <MantineEmptyState.Actions>{action}</MantineEmptyState.Actions>}
    </MantineEmptyState>
  );
}
