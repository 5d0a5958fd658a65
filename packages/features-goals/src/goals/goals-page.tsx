import { useNavigate } from 'react-router';
import { Button, Card, Group, Pagination, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus, IconTarget } from '@tabler/icons-react';
import type { GOAL_SORT_FIELDS } from '@ledgerleaf/domain';
import {
  GOAL_MESSAGES,
  GOAL_STATUS_FILTERS,
  GOAL_TYPES,
  GOAL_TYPE_LABELS,
  type GoalStatusFilter,
} from '@ledgerleaf/domain';
import { useCanWrite, useListGoalsQuery, loadErrorMessage, paths } from '@ledgerleaf/api';
import { CardSkeleton, EmptyState, PageHeader, LoadError } from '@ledgerleaf/ui';
import { useUrlParams } from '@ledgerleaf/ui/routing';
import { GoalsNav } from '../shared/goals-nav';
import { GoalCard } from './goal-card';
import { GoalFormModal, useGoalModal } from './goal-form-modal';

export const GOALS_PER_PAGE = 24;

/** Self-tracking goals move with invoices, payments and clients recorded elsewhere: ask again on every visit. */
const FRESH = { refetchOnMountOrArgChange: true } as const;

const STATUS_LABELS: Record<GoalStatusFilter, string> = {
  all: 'All statuses',
  active: 'Active',
  // Offered as part of 'Active' (the server's `active` includes in_progress); a link with it still works.
  in_progress: 'Active',
  behind: 'Behind schedule',
  completed: 'Completed',
  paused: 'Paused',
  cancelled: 'Cancelled',
};

const SORTS: { value: string; label: string }[] = [
  { value: 'created_at:desc', label: 'Newest first' },
  { value: 'target_date:asc', label: 'Deadline, soonest first' },
  { value: 'progress:desc', label: 'Progress, highest first' },
  { value: 'progress:asc', label: 'Progress, lowest first' },
  { value: 'target_amount:desc', label: 'Target, largest first' },
  { value: 'title:asc', label: 'Title, A to Z' },
];

type SortField = (typeof GOAL_SORT_FIELDS)[number];

/** The tracker's filters live in the URL: `?status=&type=&sort=&direction=&page=` ("all" is left out). */
function useTrackerParams() {
  const url = useUrlParams({ defaults: { status: 'all', type: 'all' } });
  const status = url.oneOf('status', GOAL_STATUS_FILTERS, 'all');
  const type = url.oneOf<(typeof GOAL_TYPES)[number] | 'all'>('type', GOAL_TYPES, 'all');
  const sortParam = `${url.params.get('sort') ?? 'created_at'}:${url.params.get('direction') ?? 'desc'}`;
  const sort = SORTS.some((option) => option.value === sortParam) ? sortParam : 'created_at:desc';
  const [sortField, direction] = sort.split(':') as [SortField, 'asc' | 'desc'];
  return { status, type, sort, sortField, direction, page: url.page, update: url.update };
}

/**
 * `/goals` (Goal Tracker) and `/goals/create` (the same page with the goal modal open): cards with
 * progress, filters by status and type, sort, pages, the empty state, and the goal modal for create
 * and edit.
 */
export function GoalsPage({ create = false }: { create?: boolean }) {
  const navigate = useNavigate();
  // The read-only role reads the tracker; creating and editing goals is not offered (nor opened by /goals/create).
  const canWrite = useCanWrite();
  const params = useTrackerParams();
  const modal = useGoalModal();
  const query = useListGoalsQuery(
    {
      status: params.status,
      type: params.type,
      sort: params.sortField,
      direction: params.direction,
      page: params.page,
      per_page: GOALS_PER_PAGE,
    },
    FRESH,
  );
  const goals = query.data?.data ?? [];
  const meta = query.data?.meta;
  const filtered = params.status !== 'all' || params.type !== 'all';

  const modalOpened = canWrite && (modal.opened || (create && !modal.goal));
  const closeModal = () => {
    modal.close();
    if (create) navigate(paths.goals.list, { replace: true });
  };
  const openCreate = () => (create ? undefined : modal.openCreate());

  return (
    <>
      <PageHeader
        title="Goal Tracker"
        description="Set goals, see the money you receive flow into them, and earn badges on the way."
        actions={
          canWrite ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={openCreate}>
              Create Goal
            </Button>
          ) : undefined
        }
      />
      <GoalsNav />
      <Stack gap="md">
        <Card withBorder padding="sm">
          <Group gap="sm" wrap="wrap" align="flex-end">
            <Select
              label="Status"
              w={180}
              allowDeselect={false}
              data={GOAL_STATUS_FILTERS.filter((value) => value !== 'in_progress' || status === 'in_progress').map(
                (value) => ({ value, label: STATUS_LABELS[value] }),
              )}
              value={params.status}
              onChange={(value) => value && params.update({ status: value })}
            />
            <Select
              label="Type"
              w={220}
              allowDeselect={false}
              data={[
                { value: 'all', label: 'All types' },
                ...GOAL_TYPES.map((value) => ({ value, label: GOAL_TYPE_LABELS[value] })),
              ]}
              value={params.type}
              onChange={(value) => value && params.update({ type: value })}
            />
            <Select
              label="Sort by"
              w={230}
              allowDeselect={false}
              data={SORTS}
              value={params.sort}
              onChange={(value) => {
                if (!value) return;
                const [sort, direction] = value.split(':') as [string, string];
                params.update({
                  sort: sort === 'created_at' && direction === 'desc' ? '' : sort,
                  direction: sort === 'created_at' && direction === 'desc' ? '' : direction,
                });
              }}
            />
            {filtered && (
              <Button variant="subtle" onClick={() => params.update({ status: 'all', type: 'all' })}>
                Clear filters
              </Button>
            )}
          </Group>
        </Card>

        {query.isError ? (
          <LoadError
            title="Goals could not be loaded"
            message={loadErrorMessage(query.error)}
            onRetry={() => void query.refetch()}
          />
        ) : query.isLoading ? (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {Array.from({ length: 3 }, (_, index) => (
              <CardSkeleton key={index} lines={3} />
            ))}
          </SimpleGrid>
        ) : goals.length === 0 && !filtered && params.page === 1 ? (
          <EmptyState
            icon={<IconTarget size={28} stroke={1.5} aria-hidden />}
            title={GOAL_MESSAGES.emptyTitle}
            message={canWrite ? GOAL_MESSAGES.emptyMessage : 'The goals of the business will be listed here.'}
            action={
              canWrite ? (
                <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={openCreate}>
                  Create your first goal
                </Button>
              ) : undefined
            }
          />
        ) : goals.length === 0 ? (
          <EmptyState
            title="No matching goals"
            message="No goal has this status and type."
            action={
              <Button variant="default" onClick={() => params.update({ status: 'all', type: 'all' })}>
                Clear filters
              </Button>
            }
          />
        ) : (
          <>
            <SimpleGrid
              cols={{ base: 1, sm: 2, lg: 3 }}
              spacing="md"
              style={{ opacity: query.isFetching ? 0.7 : 1 }}
              aria-busy={query.isFetching}
            >
              {goals.map((goal) => (
                <GoalCard key={goal.id} goal={goal} onEdit={modal.openEdit} />
              ))}
            </SimpleGrid>
            {meta && meta.last_page > 1 && (
              <Group justify="space-between" wrap="wrap">
                <Text size="sm" c="dimmed">
                  {meta.total} goals
                </Text>
                <Pagination
                  total={meta.last_page}
                  value={meta.page}
                  onChange={(page) => params.update({ page })}
                  getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                  getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
                />
              </Group>
            )}
          </>
        )}
      </Stack>
      {canWrite && <GoalFormModal opened={modalOpened} goal={modal.goal} onClose={closeModal} />}
    </>
  );
}

/** `/goals/create`: the tracker with the goal modal open (the named route goals.create). */
export function GoalCreatePage() {
  return <GoalsPage create />;
}
