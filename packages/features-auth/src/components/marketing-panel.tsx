import { Button, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar, IconFileInvoice, IconUsers } from '@tabler/icons-react';

const FEATURES = [
  {
    title: 'Invoice Management',
    text: 'Create, send and track invoices, estimates and recurring billing.',
    icon: IconFileInvoice,
  },
  {
    title: 'Client Relationship Management',
    text: 'Follow leads and opportunities from first contact to paid invoice.',
    icon: IconUsers,
  },
  {
    title: 'Financial Insights',
    text: 'See revenue, outstanding balances and progress towards your goals.',
    icon: IconChartBar,
  },
] as const;

/** The login page's side panel: what Ledgerleaf does, the stealth-mode note and the waiting list. */
export function MarketingPanel({ onJoinWaitlist }: { onJoinWaitlist: () => void }) {
  return (
    <Stack gap="lg">
      <div>
        <Title order={2} size="h3">
          Invoicing, clients and goals in one place
        </Title>
        <Text mt="xs" c="dimmed">
          Ledgerleaf helps small businesses get paid and grow.
        </Text>
      </div>
      <List spacing="md" listStyleType="none" styles={{ itemWrapper: { alignItems: 'flex-start' } }}>
        {FEATURES.map(({ title, text, icon: Icon }) => (
          <List.Item
            key={title}
            icon={
              <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
                <Icon size={20} stroke={1.6} />
              </ThemeIcon>
            }
          >
            <Text fw={600}>{title}</Text>
            <Text size="sm" c="dimmed">
              {text}
            </Text>
          </List.Item>
        ))}
      </List>
      <Stack gap="xs">
        <Text size="sm">
          Ledgerleaf is currently in stealth mode. Join the waiting list to hear when early access opens.
        </Text>
        <div>
          <Button variant="outline" onClick={onJoinWaitlist}>
            Join the waiting list
          </Button>
        </div>
      </Stack>
    </Stack>
  );
}
