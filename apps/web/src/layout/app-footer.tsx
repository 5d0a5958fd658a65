import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

/** The footer's named routes (SPEC.md section 2): resources, goals info and legal pages. */
const FOOTER_LINKS = [
  { label: 'Features', to: '/resources/features' },
  { label: 'FAQ', to: '/resources/faq' },
  { label: 'Support', to: '/resources/support' },
  { label: 'Goals guide', to: '/goals-info' },
  { label: 'Terms', to: '/legal/terms' },
  { label: 'Privacy', to: '/legal/privacy' },
  { label: 'Cookies', to: '/legal/cookies' },
  { label: 'GDPR', to: '/legal/gdpr' },
] as const;

const COMING_SOON = ['Partners', 'Pricing', 'Mobile App', 'API Access'] as const;

export function AppFooter() {
  return (
    <Stack component="footer" gap="xs" py="md" mt="xl" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Group gap="md" wrap="wrap" component="nav" aria-label="Footer">
        {FOOTER_LINKS.map((link) => (
          <Anchor key={link.to} component={Link} to={link.to} size="sm" c="dimmed">
            {link.label}
          </Anchor>
        ))}
      </Group>
      <Text size="xs" c="dimmed">
        Coming Soon: {COMING_SOON.join(' · ')}
      </Text>
      <Text size="xs" c="dimmed">
        © {new Date().getFullYear()} Ledgerleaf. All rights reserved.
      </Text>
    </Stack>
  );
}
