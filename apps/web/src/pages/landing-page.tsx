import { Link } from 'react-router';
import { Button, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import { BrandLogo, ColorSchemeToggle } from '@ledgerleaf/ui';
import { paths } from '@ledgerleaf/api';

/** `/` for visitors without a stored token (with one, `/` redirects to the dashboard). */
export function LandingPage() {
  return (
    <Container size="sm" py="xl">
      <Group justify="space-between" component="header" mb={48}>
        <BrandLogo size="lg" />
        <ColorSchemeToggle />
      </Group>
      <Stack component="main" gap="lg">
        <Title order={1}>Invoicing, clients and goals for small businesses</Title>
        <Text size="lg" c="dimmed">
          Ledgerleaf keeps your invoices, estimates, clients and financial goals in one place, so you get paid on time
          and see where your business is heading.
        </Text>
        <List spacing="xs">
          <List.Item>Invoices, estimates and recurring billing</List.Item>
          <List.Item>A lightweight CRM for leads and opportunities</List.Item>
          <List.Item>Financial goals with progress you can see</List.Item>
        </List>
        <Group>
          <Button component={Link} to={paths.login} size="md">
            Sign in
          </Button>
          <Button component={Link} to={paths.register} size="md" variant="default">
            Create an account
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

export default LandingPage;
