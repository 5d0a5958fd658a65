import { Link } from 'react-router';
import { Anchor, Badge, Card, Group, Progress, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { IconAward } from '@tabler/icons-react';
import { IconCalendarCheck, IconCoin, IconLock, IconTarget, IconTrophy } from '@tabler/icons-react';
import { GOAL_BADGE_MESSAGES, type GoalBadge } from '@ledgerleaf/domain';
import { useListGoalBadgesQuery, useDateFormat, loadErrorMessage, paths } from '@ledgerleaf/api';
import { CardSkeleton, PageHeader, LoadError } from '@ledgerleaf/ui';
import { GoalsNav } from '../shared/goals-nav';

const CATEGORY_ICONS: Record<GoalBadge['category'], typeof IconAward> = {
  goals: IconTrophy,
  milestone: IconTarget,
  amount: IconCoin,
  deadline: IconCalendarCheck,
};
const CATEGORY_COLORS: Record<GoalBadge['category'], string> = {
  goals: 'yellow',
  milestone: 'blue',
  amount: 'teal',
  deadline: 'grape',
};

/** One badge: earned ones show their date (and the goal that earned it), unearned ones how to earn them. */
export function BadgeCard({ badge }: { badge: GoalBadge }) {
  const { formatDate } = useDateFormat();
  const Icon = badge.earned ? CATEGORY_ICONS[badge.category] : IconLock;
  return (
    <Card
      withBorder
      padding="md"
      component="li"
      aria-label={`${badge.title}: ${badge.earned ? 'earned' : 'not earned yet'}`}
      data-earned={badge.earned}
      style={badge.earned ? undefined : { opacity: 0.85 }}
    >
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon
          size={48}
          radius="xl"
          variant={badge.earned ? 'filled' : 'light'}
          color={badge.earned ? CATEGORY_COLORS[badge.category] : 'gray'}
        >
          <Icon size={26} aria-hidden />
        </ThemeIcon>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={2} fz="md">
            {badge.title}
          </Title>
          {badge.earned ? (
            <>
              <Badge color="green" variant="dot" w="fit-content">
                {GOAL_BADGE_MESSAGES.earnedOn} {formatDate(badge.earned_at)}
              </Badge>
              {badge.goal_id !== null && badge.goal_title && (
                <Text size="xs" c="dimmed">
                  With{' '}
                  <Anchor component={Link} to={paths.goals.detail(badge.goal_id)} size="xs" underline="always">
                    {badge.goal_title}
                  </Anchor>
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {badge.how_to_earn}
              </Text>
            </>
          ) : (
            <>
              <Badge color="gray" variant="dot" w="fit-content">
                {GOAL_BADGE_MESSAGES.notEarned}
              </Badge>
              <Text size="sm">{badge.how_to_earn}</Text>
            </>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

/** `/goals/badges` (Goal Achievements): the whole catalogue, earned first in catalogue order. */
export function BadgesPage() {
  const query = useListGoalBadgesQuery(undefined, { refetchOnMountOrArgChange: true });
  const badges = query.data?.data ?? [];
  const meta = query.data?.meta;
  const earned = badges.filter((badge) => badge.earned);
  const unearned = badges.filter((badge) => !badge.earned);
  return (
    <>
      <PageHeader
        title={GOAL_BADGE_MESSAGES.title}
        description="Badges you earn by setting goals, moving money into them and reaching them."
      />
      <GoalsNav />
      {query.isError ? (
        <LoadError
          title="Achievements could not be loaded"
          message={loadErrorMessage(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : query.isLoading ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {Array.from({ length: 6 }, (_, index) => (
            <CardSkeleton key={index} lines={1} />
          ))}
        </SimpleGrid>
      ) : (
        <Stack gap="lg">
          {meta && (
            <Card withBorder padding="md">
              <Text fw={600}>
                {meta.earned} of {meta.total} badges earned
              </Text>
              <Progress
                value={meta.total > 0 ? (meta.earned / meta.total) * 100 : 0}
                mt="xs"
                aria-label="Badges earned"
                color="yellow"
              />
              {meta.earned === 0 && (
                <Text size="sm" c="dimmed" mt="xs">
                  No badges yet.{' '}
                  <Anchor component={Link} to={paths.goals.create} underline="always">
                    Create your first goal
                  </Anchor>{' '}
                  to earn "First Step".
                </Text>
              )}
            </Card>
          )}
          {earned.length > 0 && (
            <section aria-label="Earned badges">
              <SimpleGrid
                cols={{ base: 1, sm: 2, lg: 3 }}
                spacing="md"
                component="ul"
                style={{ listStyle: 'none', padding: 0, margin: 0 }}
              >
                {earned.map((badge) => (
                  <BadgeCard key={badge.code} badge={badge} />
                ))}
              </SimpleGrid>
            </section>
          )}
          {unearned.length > 0 && (
            <section aria-label="Badges to earn">
              <Title order={2} fz="h4" mb="sm">
                Still to earn
              </Title>
              <SimpleGrid
                cols={{ base: 1, sm: 2, lg: 3 }}
                spacing="md"
                component="ul"
                style={{ listStyle: 'none', padding: 0, margin: 0 }}
              >
                {unearned.map((badge) => (
                  <BadgeCard key={badge.code} badge={badge} />
                ))}
              </SimpleGrid>
            </section>
          )}
        </Stack>
      )}
    </>
  );
}
