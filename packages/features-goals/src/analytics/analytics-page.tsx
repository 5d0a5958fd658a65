import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Card, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { ChartOption } from '@ledgerleaf/ui/chart';
import { formatCurrency, type GoalAnalytics } from '@ledgerleaf/domain';
import { useCanWrite, useGetGoalAnalyticsQuery, loadErrorMessage, paths } from '@ledgerleaf/api';
import { CardSkeleton, EmptyState, ErrorBoundary, PageHeader, LoadError } from '@ledgerleaf/ui';
import { formatPercent } from '../shared/format';
import { GoalsNav } from '../shared/goals-nav';
import {
  contributionsBySourceOption,
  goalProgressOption,
  monthLabel,
  moneyOverTimeOption,
  statusBreakdownOption,
} from './chart-options';

// ECharts loads with the first chart of this page only, never on other routes.
const EChart = lazy(() => import('@ledgerleaf/ui/chart'));

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Card withBorder padding="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {value}
      </Text>
    </Card>
  );
}

/** A chart with its title, and the same figures as a table (the accessible alternative, also for printing). */
function ChartCard({
  title,
  summary,
  option,
  table,
  empty,
}: {
  title: string;
  summary: string;
  option: ChartOption;
  table: ReactNode;
  empty: boolean;
}) {
  const id = title.toLowerCase().replace(/[^a-z]+/g, '-');
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} fz="h4" id={id}>
          {title}
        </Title>
        {empty ? (
          <Text size="sm" c="dimmed">
            Nothing to show yet.
          </Text>
        ) : (
          <>
            <ErrorBoundary>
              <Suspense fallback={<Skeleton height={300} role="status" aria-label="Loading chart" />}>
                <EChart option={option} label={summary} />
              </Suspense>
            </ErrorBoundary>
            <details>
              <summary style={{ cursor: 'pointer' }}>
                <Text span size="sm">
                  Show the figures as a table
                </Text>
              </summary>
              <Table.ScrollContainer minWidth={320} mt="xs">
                {table}
              </Table.ScrollContainer>
            </details>
          </>
        )}
      </Stack>
    </Card>
  );
}

function Charts({ data }: { data: GoalAnalytics }) {
  const options = useMemo(
    () => ({
      money: moneyOverTimeOption(data),
      goals: goalProgressOption(data),
      sources: contributionsBySourceOption(data),
      status: statusBreakdownOption(data),
    }),
    [data],
  );
  const months = data.goal_series[0]?.points.map((point) => point.month) ?? [];
  const totalContributed = data.progress_over_time.reduce((sum, point) => sum + point.contributed, 0);
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <ChartCard
        title="Progress over time"
        summary={`Progress of ${data.goal_series.length} ${data.goal_series.length === 1 ? 'goal' : 'goals'} over the last ${months.length} months, in percent of their targets.`}
        option={options.goals}
        empty={data.goal_series.length === 0}
        table={
          <Table aria-label="Progress over time" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Goal</Table.Th>
                {months.map((month) => (
                  <Table.Th key={month}>{monthLabel(month)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.goal_series.map((goal) => (
                <Table.Tr key={goal.goal_id}>
                  <Table.Th scope="row">{goal.title}</Table.Th>
                  {goal.points.map((point) => (
                    <Table.Td key={point.month}>{formatPercent(point.progress)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        }
      />
      <ChartCard
        title="Money into financial goals"
        summary={`${formatCurrency(totalContributed)} allocated to financial goals over the last ${data.progress_over_time.length} months, per month and as a running total.`}
        option={options.money}
        empty={data.progress_over_time.length === 0}
        table={
          <Table aria-label="Money into financial goals" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Month</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Contributed</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Running total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.progress_over_time.map((point) => (
                <Table.Tr key={point.month}>
                  <Table.Th scope="row">{monthLabel(point.month)}</Table.Th>
                  <Table.Td style={{ textAlign: 'right' }}>{formatCurrency(point.contributed)}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{formatCurrency(point.cumulative)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        }
      />
      <ChartCard
        title="Contributions by source"
        summary={`Money allocated to financial goals by source: ${data.contributions_by_source.map((source) => `${source.label} ${formatCurrency(source.amount)}`).join(', ')}.`}
        option={options.sources}
        empty={data.contributions_by_source.length === 0}
        table={
          <Table aria-label="Contributions by source" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Source</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Contributions</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.contributions_by_source.map((source) => (
                <Table.Tr key={`${source.source_type}-${source.label}`}>
                  <Table.Th scope="row">{source.label}</Table.Th>
                  <Table.Td style={{ textAlign: 'right' }}>{source.count}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{formatCurrency(source.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        }
      />
      <ChartCard
        title="Achieved, active and behind schedule"
        summary={data.status_breakdown.map((group) => `${group.label}: ${group.count}`).join(', ')}
        option={options.status}
        empty={data.status_breakdown.every((group) => group.count === 0)}
        table={
          <Table aria-label="Achieved, active and behind schedule" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Group</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Goals</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.status_breakdown.map((group) => (
                <Table.Tr key={group.key}>
                  <Table.Th scope="row">{group.label}</Table.Th>
                  <Table.Td style={{ textAlign: 'right' }}>{group.count}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        }
      />
    </SimpleGrid>
  );
}

/** `/goals/analytics`: counts, progress over time, money by month and source, achieved vs active vs behind schedule. */
export function AnalyticsPage() {
  const query = useGetGoalAnalyticsQuery(undefined, { refetchOnMountOrArgChange: true });
  const canWrite = useCanWrite();
  const data = query.data;
  return (
    <>
      <PageHeader
        title="Goal Analytics"
        description="How your goals move over time and where their money comes from."
      />
      <GoalsNav />
      {query.isError ? (
        <LoadError
          title="Analytics could not be loaded"
          message={loadErrorMessage(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : !data ? (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
            {Array.from({ length: 4 }, (_, index) => (
              <CardSkeleton key={index} lines={0} />
            ))}
          </SimpleGrid>
          <CardSkeleton withChart />
        </Stack>
      ) : data.counts.total === 0 ? (
        <EmptyState
          title="No goals to analyse yet"
          message="Charts appear here once you have goals and money flowing into them."
          action={
            canWrite ? (
              <Button component={Link} to={paths.goals.create}>
                Create your first goal
              </Button>
            ) : undefined
          }
        />
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
            <Stat label="Goals" value={data.counts.total} />
            <Stat label="Achieved" value={data.counts.achieved} />
            <Stat label="Active" value={data.counts.active} />
            <Stat label="Behind schedule" value={data.counts.behind_schedule} />
          </SimpleGrid>
          <Charts data={data} />
          <Text size="sm" c="dimmed">
            Each goal's own history is on its page in the{' '}
            <Anchor component={Link} to={paths.goals.list} underline="always">
              Goal Tracker
            </Anchor>
            .
          </Text>
        </Stack>
      )}
    </>
  );
}
