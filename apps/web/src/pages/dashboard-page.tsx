import { Link } from 'react-router';
import { Anchor, Button, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFilePlus, IconFileText, IconSparkles, IconTargetArrow, IconUserPlus } from '@tabler/icons-react';
import { useAppSelector, useCanWrite, paths } from '@ledgerleaf/api';
import { PageHeader } from '@ledgerleaf/ui';

/** The dashboard's Quick Actions (SPEC.md section 2, Dashboard). */
const QUICK_ACTIONS = [
  { label: 'New Invoice', to: paths.invoices.create, icon: IconFilePlus },
  { label: 'New Estimate', to: paths.estimates.create, icon: IconFileText },
  { label: 'New Client', to: paths.clients.create, icon: IconUserPlus },
  { label: 'New Lead', to: paths.crm.leads.create, icon: IconTargetArrow },
] as const;

/**
 * /dashboard. Until the dashboard figures exist (they come with invoicing), the page is honest: a
 * welcome for the new account pointing at the first steps, and no made-up numbers.
 */
export function DashboardPage() {
  const user = useAppSelector((state) => state.auth.user);
  // Every quick action creates something: the read-only role (the server refuses its writes) gets none.
  const canWrite = useCanWrite();
  const firstName = user?.name.trim().split(/\s+/)[0];

  return (
    <>
      <PageHeader title="Dashboard" description={user?.business_name} />
      <Stack gap="lg">
        <Card withBorder radius="md" padding="lg" data-testid="welcome-banner">
          <Group align="flex-start" wrap="nowrap" gap="md">
            <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
              <IconSparkles size={24} stroke={1.6} />
            </ThemeIcon>
            <Stack gap={6}>
              <Title order={2} size="h3">
                {firstName ? `Welcome to Ledgerleaf, ${firstName}!` : 'Welcome to Ledgerleaf!'}
              </Title>
              <Text>
                {canWrite
                  ? 'Your workspace is ready. Start by creating your first invoice or adding a client via the quick actions.'
                  : 'You can read the business’s invoices, estimates, clients, products and goals; your role does not change them.'}
              </Text>
              <Text size="sm" c="dimmed">
                Your revenue, outstanding invoices, pipeline and goals will appear here as soon as there is something to
                show.
              </Text>
            </Stack>
          </Group>
        </Card>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {canWrite && (
            <Card withBorder radius="md" padding="lg">
              <Title order={2} size="h4" mb="sm">
                Quick Actions
              </Title>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                {QUICK_ACTIONS.map(({ label, to, icon: Icon }) => (
                  <Button
                    key={to}
                    component={Link}
                    to={to}
                    variant="light"
                    justify="flex-start"
                    leftSection={<Icon size={18} aria-hidden />}
                  >
                    {label}
                  </Button>
                ))}
              </SimpleGrid>
            </Card>
          )}
          <Card withBorder radius="md" padding="lg">
            <Title order={2} size="h4" mb="sm">
              Getting started
            </Title>
            <List spacing="xs" size="sm">
              <List.Item>Add your clients and the products or services you sell.</List.Item>
              <List.Item>Send your first invoice or estimate and record payments as they arrive.</List.Item>
              <List.Item>
                Set a financial goal in the{' '}
                <Anchor component={Link} to={paths.goals.list} underline="always" inherit>
                  Goals Tracker
                </Anchor>{' '}
                and allocate income to it.
              </List.Item>
            </List>
          </Card>
        </SimpleGrid>
      </Stack>
    </>
  );
}

export default DashboardPage;
