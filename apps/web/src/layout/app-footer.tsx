import { Anchor, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@ledgerleaf/api';

/** The footer's named routes (SPEC.md section 2): resources, goals info and legal pages. */
export const FOOTER_GROUPS = [
  {
    title: 'Resources',
    links: [
      { label: 'Features', to: paths.resources.features, name: 'resources.features' },
      { label: 'FAQ', to: paths.resources.faq, name: 'resources.faq' },
      { label: 'Support', to: paths.resources.support, name: 'resources.support' },
      { label: 'Goals guide', to: paths.goals.info, name: 'goals.info' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Terms of Service', to: paths.legal.terms, name: 'legal.terms' },
      { label: 'Privacy Policy', to: paths.legal.privacy, name: 'legal.privacy' },
      { label: 'Cookie Policy', to: paths.legal.cookies, name: 'legal.cookies' },
      { label: 'GDPR', to: paths.legal.gdpr, name: 'legal.gdpr' },
    ],
  },
] as const;

/** Announced, not linked (SPEC.md section 2). */
export const COMING_SOON = ['Partners', 'Pricing', 'Mobile App', 'API Access'] as const;

export function AppFooter({ year = new Date().getFullYear() }: { year?: number }) {
  return (
    <Stack
      component="footer"
      gap="md"
      py="lg"
      mt="xl"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="lg">
        {FOOTER_GROUPS.map((group) => (
          <nav key={group.title} aria-labelledby={`footer-${group.title.toLowerCase()}`}>
            <Title order={2} size="h6" id={`footer-${group.title.toLowerCase()}`} mb={6}>
              {group.title}
            </Title>
            <Stack gap={4}>
              {group.links.map((link) => (
                <Anchor key={link.to} component={Link} to={link.to} size="sm" c="dimmed">
                  {link.label}
                </Anchor>
              ))}
            </Stack>
          </nav>
        ))}
        <div>
          <Title order={2} size="h6" mb={6} id="footer-coming-soon">
            Coming Soon
          </Title>
          <List
            size="sm"
            c="dimmed"
            listStyleType="none"
            spacing={4}
            aria-labelledby="footer-coming-soon"
            styles={{ root: { paddingInlineStart: 0 } }}
          >
            {COMING_SOON.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        </div>
      </SimpleGrid>
      {/* On a phone the line keeps clear of the Scroll-to-top button (bottom right) at the page's end. */}
      <Group justify="space-between" gap="xs" pe={{ base: 96, sm: 0 }}>
        <Text size="xs" c="dimmed">
          © {year} Ledgerleaf. All rights reserved.
        </Text>
      </Group>
    </Stack>
  );
}
