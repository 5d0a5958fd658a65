import { Link } from 'react-router';
import { Anchor, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { CrmOverview, LeadAnalytics } from '@ledgerleaf/domain';
import { paths, useDateFormat } from '@ledgerleaf/api';
import { money, percent } from '../shared/format';

/** The period of the answer in words: "Last 90 days (09/01/26 – 11/29/26)", or its dates. */
function periodWords(period: LeadAnalytics['period'], formatDate: (date: string) => string): string {
  const dates = `${period.from ? formatDate(period.from) : '…'} – ${period.to ? formatDate(period.to) : 'today'}`;
  return period.window_days ? `Last ${period.window_days} days (${dates})` : dates;
}

/** Reports > Lead sources over the same period: the same server figures, with the records behind each row. */
export function leadSourcesReportLink(period: LeadAnalytics['period']): string {
  const params = new URLSearchParams({ report: 'lead_sources' });
  if (period.from && period.to) {
    params.set('preset', 'custom');
    params.set('from', period.from);
    params.set('to', period.to);
  }
  return `${paths.reports}?${params.toString()}`;
}

function Figure({ label, value, note, testId }: { label: string; value: string; note: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fw={700} fz="lg" data-testid={testId}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {note}
      </Text>
    </Stack>
  );
}

/**
 * Lead Analytics: new leads this month; the conversion and win rates, and each source followed to
 * the money it brought (leads, converted, invoiced, paid: Reports > Lead sources' figures), all over
 * one period, the CRM settings' window, which the panel names; then the way to the pipeline.
 */
export default function LeadAnalyticsPanel({
  overview,
  analytics,
}: {
  overview: CrmOverview;
  analytics?: LeadAnalytics | undefined;
}) {
  const { formatDate } = useDateFormat();
  const sources = (analytics?.by_source ?? [])
    .filter((source) => source.leads > 0 || source.won_count > 0 || source.invoiced > 0)
    .sort((a, b) => b.leads - a.leads || b.invoiced - a.invoiced);
  const window = analytics?.period.window_days ? `last ${analytics.period.window_days} days` : 'in the period';
  return (
    <Stack gap="md">
      <SimpleGrid cols={3} spacing="sm">
        <Figure label="New leads" value={String(overview.newLeadsThisMonth)} note="this month" testId="lead-count" />
        <Figure
          label="Conversion"
          value={analytics ? percent(analytics.conversion_rate) : '…'}
          note={window}
          testId="lead-conversion-rate"
        />
        <Figure
          label="Win rate"
          value={analytics ? percent(analytics.win_rate) : '…'}
          note={window}
          testId="lead-win-rate"
        />
      </SimpleGrid>
      {analytics && (
        <Text size="xs" c="dimmed" data-testid="lead-analytics-period">
          Leads created, and opportunities won: {periodWords(analytics.period, formatDate)}
        </Text>
      )}
      {sources.length > 0 ? (
        <Table.ScrollContainer minWidth={300}>
          <Table fz="sm" verticalSpacing={4} aria-label="Leads by source">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Source</Table.Th>
                <Table.Th ta="right">Leads</Table.Th>
                <Table.Th ta="right">Converted</Table.Th>
                <Table.Th ta="right">Invoiced</Table.Th>
                <Table.Th ta="right">Paid</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sources.slice(0, 6).map((source) => (
                <Table.Tr key={source.source_id ?? 'none'}>
                  <Table.Td>{source.name}</Table.Td>
                  <Table.Td ta="right">{source.leads}</Table.Td>
                  <Table.Td ta="right">{source.converted}</Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                    {money(source.invoiced)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                    {money(source.paid)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm" c="dimmed">
          {analytics ? 'No leads in this period.' : 'No leads yet.'}
        </Text>
      )}
      <Group gap="md">
        <Anchor component={Link} to={paths.crm.opportunities.list} size="sm" fw={600}>
          Sales Pipeline
        </Anchor>
        {analytics && (
          <Anchor component={Link} to={leadSourcesReportLink(analytics.period)} size="sm">
            Lead sources report
          </Anchor>
        )}
      </Group>
    </Stack>
  );
}
