import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { PageHeader } from '@ledgerleaf/ui';

export interface ContentSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** The date the legal texts last changed; shown under their titles. */
export const LEGAL_UPDATED = 'November 22, 2026';

/**
 * A readable long-form page (legal texts, help): the title, a short introduction, an "On this
 * page" list linking to each section, the sections, and links to the related pages.
 */
export function ContentPage({
  title,
  intro,
  updated,
  sections,
  related,
}: {
  title: string;
  intro: ReactNode;
  updated?: string;
  sections: ContentSection[];
  related?: { label: string; to: string }[];
}) {
  return (
    <Stack gap="lg" maw={860}>
      <PageHeader title={title} description={updated ? `Last updated ${updated}` : undefined} />
      <Text size="lg">{intro}</Text>
      {sections.length > 2 && (
        <Card component="nav" aria-label="On this page" padding="md">
          <Text fw={700} size="sm" mb={6}>
            On this page
          </Text>
          <List size="sm" spacing={4}>
            {sections.map((section) => (
              <List.Item key={section.id}>
                <Anchor href={`#${section.id}`} size="sm">
                  {section.title}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Card>
      )}
      {sections.map((section) => (
        <Stack key={section.id} gap="xs" component="section" aria-labelledby={`${section.id}-title`}>
          <Title order={2} size="h3" id={`${section.id}-title`}>
            <span id={section.id} style={{ scrollMarginTop: 80 }} />
            {section.title}
          </Title>
          <Stack gap="xs" style={{ lineHeight: 1.65 }}>
            {section.body}
          </Stack>
        </Stack>
      ))}
      {related && related.length > 0 && (
        <Group gap="md" pt="md" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Text size="sm" fw={600}>
            See also:
          </Text>
          {related.map((link) => (
            <Anchor key={link.to} component={Link} to={link.to} size="sm">
              {link.label}
            </Anchor>
          ))}
        </Group>
      )}
    </Stack>
  );
}

/** A paragraph of a content page. */
export function P({ children }: { children: ReactNode }) {
  return <Text>{children}</Text>;
}

/** An in-app link inside a content page. */
export function To({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} inherit underline="always">
      {children}
    </Anchor>
  );
}
