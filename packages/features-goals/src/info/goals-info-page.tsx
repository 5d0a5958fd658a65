import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Card, Group, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { GOAL_BADGES, GOAL_TYPES, GOAL_TYPE_LABELS, type GoalType } from '@ledgerleaf/domain';
import { useCanWrite, paths } from '@ledgerleaf/api';
import { PageHeader } from '@ledgerleaf/ui';
import { useGoalsActions } from '../host/goals-host';
import { GoalsNav } from '../shared/goals-nav';

const TYPE_EXPLANATIONS: Record<GoalType, string> = {
  financial:
    'You fill it yourself: after a payment is recorded on an invoice you choose how much of it goes to the goal, and other income can be split over several goals.',
  revenue_collected: 'Tracks itself: every payment received between the start and target dates counts.',
  amount_invoiced: 'Tracks itself: the totals of the invoices issued between the start and target dates count.',
  new_clients: 'Tracks itself: each client added between the start and target dates counts as one.',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section">
      <Stack gap="sm">
        <Title order={2} fz="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** `/goals-info` (named route goals.info): how goals, allocations, other income and badges work. */
export function GoalsInfoPage() {
  const { openOtherIncome } = useGoalsActions();
  // The page explains; the read-only role is not offered to create or record anything from it.
  const canWrite = useCanWrite();
  return (
    <>
      <PageHeader
        title="How goals work"
        description="Goals turn the money your business receives into progress you can see."
        actions={
          canWrite ? (
            <Button component={Link} to={paths.goals.create}>
              Create Goal
            </Button>
          ) : undefined
        }
      />
      <GoalsNav />
      <Stack gap="lg">
        <Section title="Goals">
          <Text>
            A goal has a title, a target, a start date and a target date. Its progress is what it holds divided by its
            target, shown as a percent that stops at 100%. The{' '}
            <Anchor component={Link} to={paths.goals.list} underline="always">
              Goal Tracker
            </Anchor>{' '}
            lists them with their progress; each goal's page shows what is left, the days to its deadline, what is
            needed per month to make it and where the current pace leads.
          </Text>
          <Table.ScrollContainer minWidth={420}>
            <Table aria-label="Goal types" withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>How it moves</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {GOAL_TYPES.map((type) => (
                  <Table.Tr key={type}>
                    <Table.Td fw={600}>{GOAL_TYPE_LABELS[type]}</Table.Td>
                    <Table.Td>{TYPE_EXPLANATIONS[type]}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text>
            Active and in-progress goals count as active. You can pause a goal (it stops being offered for allocations),
            resume it, mark it completed, or delete it; deleting takes its contributions off it but keeps the payments
            and income recorded.
          </Text>
        </Section>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Section title="Allocating a payment">
            <List spacing="xs">
              <List.Item>
                Record a payment on an invoice: the Allocate Payment to Goals window opens with your active financial
                goals that have not reached their target.
              </List.Item>
              <List.Item>
                Type an amount per goal, or use Allocate Evenly to share what is unallocated; Clear All starts again.
                The total never exceeds the payment.
              </List.Item>
              <List.Item>An invoice linked to a goal offers the whole payment to that goal to begin with.</List.Item>
              <List.Item>
                Skip allocates nothing. Tick "Don't show this again" if you never want the window after a payment.
              </List.Item>
            </List>
          </Section>
          <Section title="Other income">
            <Text>
              Money that does not come from an invoice (a grant, interest, a refund) is other income. Record it with its
              amount, date and source, and split it over your financial goals.
            </Text>
            <Group>
              {canWrite && (
                <Button variant="light" onClick={openOtherIncome}>
                  Add Other Income
                </Button>
              )}
              <Anchor component={Link} to={paths.goals.income} underline="always">
                See recorded income
              </Anchor>
            </Group>
          </Section>
        </SimpleGrid>
        <Section title="Badges">
          <Text>
            Badges are earned automatically, once each, and stay earned. See yours under{' '}
            <Anchor component={Link} to={paths.goals.badges} underline="always">
              Goal Achievements
            </Anchor>
            .
          </Text>
          <Table.ScrollContainer minWidth={420}>
            <Table aria-label="Badges" withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Badge</Table.Th>
                  <Table.Th>How to earn it</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {GOAL_BADGES.map((badge) => (
                  <Table.Tr key={badge.code}>
                    <Table.Td fw={600}>{badge.title}</Table.Td>
                    <Table.Td>{badge.how_to_earn}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Section>
      </Stack>
    </>
  );
}
