import type { ReactNode } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';

export interface SelectionBarProps {
  /** The toolbar's accessible name: 'Selected invoices', 'Selected leads'. */
  label: string;
  /** What is selected, read out as it changes: '2 invoices selected'. */
  summary: ReactNode;
  /** The actions on the selection (buttons, a select with its Apply). */
  children: ReactNode;
  /** Offers Clear selection when given. */
  onClear?: () => void;
}

/**
 * The bar of a list's bulk actions, shown while rows are selected: the count, the actions, and
 * Clear selection. It wraps on a phone (the actions go under the count).
 */
export function SelectionBar({ label, summary, children, onClear }: SelectionBarProps) {
  return (
    <Paper withBorder p="xs" radius="md" role="toolbar" aria-label={label}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600} mr="auto" aria-live="polite">
          {summary}
        </Text>
        {children}
        {onClear && (
          <Button size="xs" variant="subtle" leftSection={<IconX size={14} aria-hidden />} onClick={onClear}>
            Clear selection
          </Button>
        )}
      </Group>
    </Paper>
  );
}
