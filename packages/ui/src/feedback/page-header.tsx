import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PageHeaderProps {
  /** The page's h1 (or h2 with `titleOrder`). */
  title: ReactNode;
  /** 2 when the page sits in a frame that has the h1 (the admin area, for instance). @default 1 */
  titleOrder?: 1 | 2;
  /** A line under the title. */
  description?: ReactNode;
  /** Buttons on the right (they wrap under the title on narrow screens). */
  actions?: ReactNode;
}

/** The heading row of a page: an h1, an optional description and actions. */
export function PageHeader({ title, description, actions, titleOrder = 1 }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" gap="md" mb="lg" wrap="wrap">
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Title order={titleOrder} fz={titleOrder === 1 ? 'h2' : 'h3'}>
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
