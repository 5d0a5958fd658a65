import { lazy, memo, useDeferredValue, useMemo } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Box, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconFilePlus,
  IconFileText,
  IconInfoCircle,
  IconRefresh,
  IconSparkles,
  IconTargetArrow,
  IconUserPlus,
} from '@tabler/icons-react';
import { DASHBOARD_DEFINITIONS, DASHBOARD_MESSAGES, type CrmOverview, type DashboardSummary } from '@ledgerleaf/domain';
import { paths, useCanWrite, useDateFormat } from '@ledgerleaf/api';
import { ErrorBoundary, PageHeader, SummaryCard } from '@ledgerleaf/ui';
import { useDashboard } from './use-dashboard';
import RevenueChart from './widgets/revenue-chart';
import { count, money } from './shared/format';
import { TrendLine } from './shared/trend-line';
import { Widget } from './shared/widget';

// Each widget is its own chunk; the charts bring ECharts with them (never loaded by /login). The
// revenue widget is part of the page: its summary shows with its data, and it loads its chart's
// code itself (widgets/revenue-chart.tsx).
// Each is memoised, like the KPI cards: the page renders again at every load stage, and a widget
// whose data is the same (RTK Query keeps it the same object) is not drawn again.
const PipelineChart = memo(lazy(() => import('./widgets/pipeline-chart')));
const ClientAnalytics = memo(lazy(() => import('./widgets/client-analytics')));
const GoalsWidget = memo(lazy(() => import('./widgets/goals-widget')));
const LeadAnalyticsPanel = memo(lazy(() => import('./widgets/lead-analytics')));
const RecentActivity = memo(lazy(() => import('./widgets/recent-activity')));
const Revenue = memo(RevenueChart);

/** The dashboard's Quick Actions (SPEC.md section 2): New Estimate is `/estimates/create`, which redirects. */
export const QUICK_ACTIONS = [
  { label: 'New Invoice', to: paths.invoices.create, icon: IconFilePlus },
  { label: 'New Estimate', to: paths.estimates.quickCreate, icon: IconFileText },
  { label: 'New Client', to: paths.clients.create, icon: IconUserPlus },
  { label: 'New Lead', to: paths.crm.leads.create, icon: IconTargetArrow },
] as const;

/** Where a KPI leads: a link at the card's foot (the card itself holds a help button, so it is not one big link). */
function KpiLink({ to, children }: { to: string; children: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" fw={600}>
      {children}
    </Anchor>
  );
}

/** /dashboard: KPIs, the revenue chart, client analytics, goals, the CRM pipeline, lead analytics, recent activity. */
/** The unpaid invoices the "Due This Week" card counts: due from today to today + 6, soonest first. */
export function dueThisWeekUrl(summary: Pick<DashboardSummary, 'dueThisWeekFrom' | 'dueThisWeekTo'> | undefined) {
  const range = summary ? `&due_from=${summary.dueThisWeekFrom}&due_to=${summary.dueThisWeekTo}` : '';
  return `${paths.invoices.list}?status=unpaid${range}&sort=due_date&direction=asc`;
}

export function DashboardPage() {
  return (
    <>
      <PageHeader title="Dashboard" />
      <ErrorBoundary>
        <DashboardContent />
      </ErrorBoundary>
    </>
  );
}

function DashboardContent() {
  const d = useDashboard();
  const canWrite = useCanWrite();
  const { formatDateTime } = useDateFormat();
  const summary = d.summary.data;
  const crm = d.crm.data;
  // The cards draw in a transition after their figures arrive (the skeletons stay until then), like
  // the widgets (shared/widget.tsx): a store update renders in one go, and on a phone this was a long task.
  const summaryLoading = !summary && d.summary.isLoading;
  const crmLoading = !d.reached('activity');
  const kpis = useDeferredValue(
    useMemo(() => ({ summary, summaryLoading, crm, crmLoading }), [summary, summaryLoading, crm, crmLoading]),
  );

  return (
    <Stack gap="lg">
      {summary?.welcomeMessage && (
        <Card withBorder radius="md" padding="lg" data-testid="welcome-banner">
          <Group align="flex-start" wrap="nowrap" gap="md">
            <IconSparkles size={28} stroke={1.6} aria-hidden color="var(--mantine-primary-color-filled)" />
            <Stack gap={4}>
              <Title order={2} size="h3">
                {DASHBOARD_MESSAGES.welcomeTitle}
              </Title>
              <Text>{summary.message ?? DASHBOARD_MESSAGES.welcome}</Text>
            </Stack>
          </Group>
        </Card>
      )}

      {d.stagedError && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title={DASHBOARD_MESSAGES.errorTitle}
          data-testid="dashboard-error"
        >
          {d.stagedError}
        </Alert>
      )}
      {d.refreshError && (
        <Alert color="red" variant="filled" role="alert" data-testid="refresh-error">
          {d.refreshError}
        </Alert>
      )}

      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" data-testid="last-refresh">
          {d.lastRefresh ? `Updated ${formatDateTime(new Date(d.lastRefresh).toISOString())}` : ''}
        </Text>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconRefresh size={14} aria-hidden />}
          loading={d.refreshing}
          disabled={d.stage !== 'done'}
          onClick={d.refresh}
        >
          Refresh
        </Button>
      </Group>

      {d.summaryError && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          icon={<IconInfoCircle size={18} aria-hidden />}
          data-testid="summary-error"
        >
          {d.summaryError}
        </Alert>
      )}

      {/* As many columns as 15rem cards fit: the width follows the text size, so at 150 % text a wide
          screen shows two columns and a figure like $108,896.59 never breaks inside. */}
      <Box
        data-testid="kpis"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 15rem), 1fr))',
          gap: 'var(--mantine-spacing-md)',
        }}
      >
        <KpiCards {...kpis} />
      </Box>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Widget widget="chart" title="Revenue" failed={d.revenue.isError} loading={!d.reached('clients')} height={320}>
          {d.revenue.data && <Revenue data={d.revenue.data} />}
        </Widget>
        <Widget
          widget="chart"
          title="Client Analytics"
          failed={d.summary.isError}
          loading={!d.reached('goalsCrm') || !summary}
          height={180}
        >
          {summary && <ClientAnalytics summary={summary} />}
        </Widget>
        <Widget widget="goals" title="Goals" failed={d.goals.isError} loading={!d.reached('activity')}>
          {d.goals.data && <GoalsWidget goals={d.goals.data.data} />}
        </Widget>
        <Widget widget="crm" title="CRM Pipeline" failed={d.pipeline.isError} loading={!d.reached('activity')}>
          {d.pipeline.data && <PipelineChart pipeline={d.pipeline.data} />}
        </Widget>
        <Widget
          widget="leads"
          title="Lead Analytics"
          failed={d.crm.isError || d.leads.isError}
          loading={!d.reached('done')}
        >
          {crm && <LeadAnalyticsPanel overview={crm} analytics={d.leads.data} />}
        </Widget>
        <Widget widget="activity" title="Recent Activity" failed={d.activity.isError} loading={!d.reached('done')}>
          {d.activity.data && <RecentActivity items={d.activity.data.data} />}
        </Widget>
      </SimpleGrid>

      {canWrite && (
        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb="sm">
            Quick Actions
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
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
    </Stack>
  );
}

/** The four KPI cards (a memo: the page renders again at every load stage, the cards only when their figures change). */
const KpiCards = memo(function KpiCards({
  summary,
  summaryLoading,
  crm,
  crmLoading,
}: {
  summary: DashboardSummary | undefined;
  summaryLoading: boolean;
  crm: CrmOverview | undefined;
  crmLoading: boolean;
}) {
  return summaryLoading ? (
    Array.from({ length: 4 }, (_, index) => <Skeleton key={index} h={132} radius="md" data-testid="kpi-skeleton" />)
  ) : (
    <>
      <SummaryCard
        title="Outstanding"
        value={money(summary?.totalOutstanding)}
        caption={count(summary?.outstandingInvoices ?? 0, 'invoice')}
        icon="cash"
        color="warning"
        help={DASHBOARD_DEFINITIONS.outstanding}
      >
        <KpiLink to={`${paths.invoices.list}?status=unpaid`}>Unpaid invoices</KpiLink>
      </SummaryCard>
      <SummaryCard
        title="Due This Week"
        value={money(summary?.dueThisWeek)}
        caption={`${count(summary?.dueThisWeekCount ?? 0, 'invoice')} · ${DASHBOARD_MESSAGES.dueThisWeekHint}`}
        icon="clock"
        color="danger"
        help={DASHBOARD_MESSAGES.dueThisWeekTooltip}
      >
        <KpiLink to={dueThisWeekUrl(summary)}>Invoices due this week</KpiLink>
      </SummaryCard>
      <SummaryCard
        title="Monthly Revenue"
        value={money(summary?.thisMonthRevenue)}
        icon="chart"
        color="success"
        help={DASHBOARD_DEFINITIONS.monthlyRevenue}
        trend={{
          value: summary?.revenueTrend ?? null,
          label: 'from last month',
          newHelp: DASHBOARD_DEFINITIONS.revenueNew,
        }}
      >
        <TrendLine values={(summary?.revenueLast30Days ?? []).map((day) => day.amount)} />
      </SummaryCard>
      <SummaryCard
        title="Pipeline Value"
        value={money(crm?.openOpportunitiesValue)}
        caption={count(crm?.openOpportunitiesCount ?? 0, 'opportunity', 'opportunities')}
        icon="user"
        color="primary"
        loading={crmLoading}
        help={DASHBOARD_DEFINITIONS.pipeline}
      >
        <KpiLink to={paths.crm.opportunities.list}>Pipeline board</KpiLink>
      </SummaryCard>
    </>
  );
});

export default DashboardPage;
