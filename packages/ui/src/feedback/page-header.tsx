import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PageHeaderProps {
  /** The page's h1. */
  title: ReactNode;
  /** A line under the title. */
  description?: ReactNode;
  /** Buttons on the right (they wrap under the title on narrow screens). */
  actions?: ReactNode;
}

/** The heading row of a page: an h1, an optional description and actions. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" gap="md" mb="lg" wrap="wrap">
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Title order={1} fz="h2">
          {title}
        </Title>
        {description !== undefined && (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        )}
      </Stack>
      {actions !== undefined && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
