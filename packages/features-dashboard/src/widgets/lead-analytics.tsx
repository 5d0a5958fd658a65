import { Link } from 'react-router';
import { Anchor, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { CrmOverview, LeadAnalytics } from '@ledgerleaf/domain';
import { paths } from '@ledgerleaf/api';
import { percent } from '../shared/format';

/** Lead Analytics: new leads this month, conversion and win rates, leads by source, and the way to the pipeline. */
export default function LeadAnalyticsPanel({
  overview,
  analytics,
}: {
  overview: CrmOverview;
  analytics?: LeadAnalytics | undefined;
}) {
  const sources = (analytics?.by_source ?? []).filter((source) => source.leads > 0).sort((a, b) => b.leads - a.leads);
  return (
    <Stack gap="md">
      <SimpleGrid cols={3} spacing="sm">
        <Stack gap={0}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            New leads
          </Text>
          <Text fw={700} fz="lg" data-testid="lead-count">
            {overview.newLeadsThisMonth}
          </Text>
          <Text size="xs" c="dimmed">
            this month
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            Conversion
          </Text>
          <Text fw={700} fz="lg">
            {percent(overview.leadConversionRate)}
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            Win rate
          </Text>
          <Text fw={700} fz="lg">
            {percent(overview.winRate)}
          </Text>
        </Stack>
      </SimpleGrid>
      {sources.length > 0 ? (
        <Table fz="sm" verticalSpacing={4} aria-label="Leads by source">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Source</Table.Th>
              <Table.Th ta="right">Leads</Table.Th>
              <Table.Th ta="right">Converted</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sources.slice(0, 6).map((source) => (
              <Table.Tr key={source.source_id ?? 'none'}>
                <Table.Td>{source.name}</Table.Td>
                <Table.Td ta="right">{source.leads}</Table.Td>
                <Table.Td ta="right">{source.converted}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" c="dimmed">
          No leads yet.
        </Text>
      )}
      <Group>
        <Anchor component={Link} to={paths.crm.opportunities.list} size="sm" fw={600}>
          Sales Pipeline
        </Anchor>
      </Group>
    </Stack>
  );
}
