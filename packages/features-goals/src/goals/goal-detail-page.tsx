import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconBan,
  IconTrendingUp,
  IconCheck,
  IconEdit,
  IconPlayerPause,
  IconPlayerPlay,
  IconTrash,
} from '@tabler/icons-react';
import type { Goal, GoalContribution } from '@ledgerleaf/domain';
import {
  useCanWrite,
  useGetGoalQuery,
  useListGoalContributionsQuery,
  useDateFormat,
  loadErrorMessage,
  paths,
  queryState,
} from '@ledgerleaf/api';
import { CardSkeleton, EmptyState, PageHeader, LoadError } from '@ledgerleaf/ui';
import { RecordLoader, useRouteId } from '@ledgerleaf/ui/routing';
import { daysLeftLabel, formatGoalAmount } from '../shared/format';
import { GoalProgress } from '../shared/goal-progress';
import { GoalStatusBadge } from '../shared/goal-status';
import { GOAL_TYPE_BADGES } from '../shared/labels';
import { GoalsNav } from '../shared/goals-nav';
import { useGoalCommands } from './goal-actions';
import { GoalFormModal, useGoalModal } from './goal-form-modal';

export const CONTRIBUTIONS_PER_PAGE = 20;

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

/** Where a contribution came from, linking back to it: the invoice, the income, the client. */
function SourceLink({ contribution }: { contribution: GoalContribution }) {
  if (
    (contribution.source_type === 'payment' || contribution.source_type === 'invoice') &&
    contribution.invoice_id !== null
  ) {
    return (
      <Anchor component={Link} to={paths.invoices.detail(contribution.invoice_id)}>
        {contribution.label}
      </Anchor>
    );
  }
  if (contribution.source_type === 'other_income') {
    // The income list opens that income (its edit modal); without an id, the list.
    return (
      <Anchor
        component={Link}
        to={
          contribution.other_income_id !== null
            ? paths.goals.incomeEntry(contribution.other_income_id)
            : paths.goals.income
        }
      >
        {contribution.label}
      </Anchor>
    );
  }
  if (contribution.source_type === 'client' && contribution.client_id !== null) {
    return (
      <Anchor component={Link} to={paths.clients.edit(contribution.client_id)}>
        {contribution.label}
      </Anchor>
    );
  }
  return <>{contribution.label}</>;
}

function Contributions({ goal }: { goal: Goal }) {
  const { formatDate } = useDateFormat();
  const [page, setPage] = useState(1);
  const query = useListGoalContributionsQuery(
    { id: goal.id, page, per_page: CONTRIBUTIONS_PER_PAGE },
    { refetchOnMountOrArgChange: true },
  );
  const rows = query.data?.data ?? [];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="contributions-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="contributions-title">
          Contributions
        </Title>
        {query.isError ? (
          <LoadError
            title="Contributions could not be loaded"
            message={loadErrorMessage(query.error)}
            onRetry={() => void query.refetch()}
          />
        ) : query.isLoading ? (
          <Stack gap="xs" aria-busy="true">
            {Array.from({ length: 3 }, (_, index) => (
              <Skeleton key={index} height={20} />
            ))}
          </Stack>
        ) : rows.length === 0 ? (
          <EmptyState
            title="No contributions yet"
            titleOrder={3}
            message={
              goal.tracks_automatically
                ? 'This goal counts your records between its start and target dates; none so far.'
                : 'Allocate a payment after recording it on an invoice, or record other income, to move this goal.'
            }
          />
        ) : (
          <>
            <Table.ScrollContainer minWidth={420}>
              <Table striped aria-label="Contributions" verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Source</Table.Th>
                    <Table.Th style={{ textAlign: 'right' }}>Amount</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.key}>
                      <Table.Td>{formatDate(row.date)}</Table.Td>
                      <Table.Td>
                        <SourceLink contribution={row} />
                      </Table.Td>
                      <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                        {formatGoalAmount(goal.unit, row.amount)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {query.data && query.data.meta.last_page > 1 && (
              <Group justify="flex-end">
                <Pagination
                  total={query.data.meta.last_page}
                  value={page}
                  onChange={setPage}
                  getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
                />
              </Group>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

function GoalDetail({ goal }: { goal: Goal }) {
  const { formatDate } = useDateFormat();
  const navigate = useNavigate();
  const modal = useGoalModal();
  const { run, onDelete, available, busy } = useGoalCommands(goal, { onDeleted: () => navigate(paths.goals.list) });
  // The read-only role reads the goal and its contributions, without the actions that change it.
  const canWrite = useCanWrite();
  const open = goal.status === 'active' || goal.status === 'in_progress' || goal.status === 'paused';
  const amount = (value: number) => formatGoalAmount(goal.unit, value);
  const reached = goal.remaining_amount <= 0;

  return (
    <>
      <PageHeader
        title={goal.title}
        description={goal.description ?? undefined}
        actions={
          canWrite ? (
            <>
              <Button
                variant="default"
                leftSection={<IconEdit size={16} aria-hidden />}
                onClick={() => modal.openEdit(goal)}
              >
                Edit
              </Button>
              {available.includes('pause') && (
                <Button
                  variant="default"
                  leftSection={<IconPlayerPause size={16} aria-hidden />}
                  onClick={() => void run('pause')}
                  disabled={busy}
                >
                  Pause
                </Button>
              )}
              {available.includes('resume') && (
                <Button
                  variant="default"
                  leftSection={<IconPlayerPlay size={16} aria-hidden />}
                  onClick={() => void run('resume')}
                  disabled={busy}
                >
                  Resume
                </Button>
              )}
              {available.includes('complete') && (
                <Button
                  variant="default"
                  leftSection={<IconCheck size={16} aria-hidden />}
                  onClick={() => void run('complete')}
                  disabled={busy}
                >
                  Complete
                </Button>
              )}
              {available.includes('cancel') && (
                <Button
                  variant="default"
                  leftSection={<IconBan size={16} aria-hidden />}
                  onClick={() => void run('cancel')}
                  disabled={busy}
                >
                  Cancel goal
                </Button>
              )}
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => void onDelete()}
                disabled={busy}
              >
                Delete
              </Button>
            </>
          ) : undefined
        }
      />
      <GoalsNav />
      <Stack gap="md">
        <Anchor component={Link} to={paths.goals.list} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden /> All goals
          </Group>
        </Anchor>
        <Card withBorder padding="md">
          <Stack gap="sm">
            <Group gap={6} wrap="wrap">
              <GoalStatusBadge goal={goal} />
              <Badge variant="default">{GOAL_TYPE_BADGES[goal.type]}</Badge>
              {goal.category && <Badge variant="default">{goal.category}</Badge>}
            </Group>
            <GoalProgress goal={goal} size="lg" />
            <Text size="sm" c="dimmed">
              {formatDate(goal.start_date)} to {formatDate(goal.target_date)}
              {goal.completed_at ? ` · completed ${formatDate(goal.completed_at)}` : ''}
            </Text>
          </Stack>
        </Card>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <Figure
            label="Remaining"
            value={amount(goal.remaining_amount)}
            hint={reached ? 'Target reached' : `of ${amount(goal.target_amount)}`}
          />
          <Figure
            label="Deadline"
            value={formatDate(goal.target_date)}
            hint={open ? daysLeftLabel(goal.pace.days_left) : undefined}
          />
          <Figure
            label="Needed per month"
            value={reached ? amount(0) : amount(goal.pace.required_per_month)}
            hint={
              reached
                ? 'Nothing more needed'
                : goal.pace.days_left <= 0
                  ? 'The target date has passed'
                  : 'to reach the target on time'
            }
          />
          <Figure
            label="Projection at current pace"
            value={amount(goal.pace.projected_at_target_date)}
            hint={`${amount(goal.pace.current_per_month)} per month so far`}
          />
        </SimpleGrid>
        {open && !reached && (
          <Alert
            color={goal.pace.on_track ? 'green' : 'orange'}
            variant="default"
            icon={
              goal.pace.on_track ? (
                <IconTrendingUp size={20} aria-hidden />
              ) : (
                <IconAlertTriangle size={20} aria-hidden />
              )
            }
            title={goal.pace.on_track ? 'On track' : goal.pace.behind_schedule ? 'Behind schedule' : 'Not on track yet'}
          >
            {goal.pace.on_track
              ? `At the current pace this goal reaches ${amount(goal.pace.projected_at_target_date)} by ${formatDate(goal.target_date)}.`
              : `At the current pace this goal reaches ${amount(goal.pace.projected_at_target_date)} by ${formatDate(goal.target_date)}; ${amount(goal.pace.required_per_month)} per month would make it.`}
          </Alert>
        )}
        <Contributions goal={goal} />
      </Stack>
      {canWrite && <GoalFormModal opened={modal.opened} goal={modal.goal} onClose={modal.close} />}
    </>
  );
}

/** `/goals/{id}`: progress, remaining, deadline and days left, pace needed, projection, contributions. */
export function GoalDetailPage() {
  const { id, valid } = useRouteId();
  // Self-tracking goals move with records made elsewhere: ask again on every visit.
  const query = useGetGoalQuery(id, { skip: !valid, refetchOnMountOrArgChange: true });
  return (
    <RecordLoader
      state={queryState(query)}
      invalid={!valid}
      notFound={
        <>
          <PageHeader title="Goal not found" />
          <EmptyState
            title="This goal does not exist"
            message="It may have been deleted."
            action={
              <Button component={Link} to={paths.goals.list}>
                Back to goals
              </Button>
            }
          />
        </>
      }
      errorTitle="The goal could not be loaded"
      header={<PageHeader title="Goal" />}
      skeleton={
        <Stack gap="md">
          <CardSkeleton lines={3} />
          <CardSkeleton lines={4} />
        </Stack>
      }
      // What was read on an earlier visit is out of date by now: a failed read shows the error.
      errorOverData
    >
      {(goal) => <GoalDetail goal={goal} />}
    </RecordLoader>
  );
}
