import { Link } from 'react-router';
import { Anchor, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { DASHBOARD_DEFINITIONS, type DashboardSummary } from '@ledgerleaf/domain';
import { paths } from '@ledgerleaf/api';
import { money } from '../shared/format';

function Figure({ label, value, help }: { label: string; value: string; help: string }) {
  return (
    <Tooltip label={help} multiline maw={260} withArrow transitionProps={{ duration: 250 }}>
      <Stack gap={0} tabIndex={0} aria-label={`${label}: ${value}. ${help}`} data-testid={`client-${label}`}>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          {label}
        </Text>
        <Text fw={700} fz="lg">
          {value}
        </Text>
      </Stack>
    </Tooltip>
  );
}

/** Client Analytics: Active, Inactive and New counts, Average Revenue, Top Client Revenue (definitions in tooltips). */
export default function ClientAnalytics({ summary }: { summary: DashboardSummary }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
        <Figure label="Active" value={String(summary.activeClients)} help={DASHBOARD_DEFINITIONS.activeClients} />
        <Figure label="Inactive" value={String(summary.inactiveClients)} help={DASHBOARD_DEFINITIONS.inactiveClients} />
        <Figure label="New" value={String(summary.newClients)} help={DASHBOARD_DEFINITIONS.newClients} />
        <Figure
          label="Average Revenue"
          value={money(summary.averageClientRevenue)}
          help={DASHBOARD_DEFINITIONS.averageRevenue}
        />
        <Figure
          label="Top Client Revenue"
          value={money(summary.topClientRevenue)}
          help={DASHBOARD_DEFINITIONS.topClientRevenue}
        />
      </SimpleGrid>
      <Anchor component={Link} to={paths.clients.list} size="sm" fw={600}>
        Client Management
      </Anchor>
    </Stack>
  );
}
