import { useState, type ReactNode } from 'react';
import { Box, Button, Card, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import {
  ALLOCATION_MESSAGES,
  allocateEvenly,
  clearAllocations,
  formatCurrency,
  goalProgressPercent,
  progressAfterAllocation,
  sanitizeAllocationAmount,
  setAllocationAmount,
  totalAllocated,
  unallocatedAmount,
  type Goal,
  type GoalAllocationLine,
} from '@ledgerleaf/domain';
import { AmountInput } from '@ledgerleaf/ui';
import { formatPercent } from '../shared/format';

/** SPEC.md section 9: the amount input of the allocation panel is 120px wide. */
export const ALLOCATION_INPUT_WIDTH = 120;

export interface GoalAllocationPanelProps {
  /** The offered goals (active, below target: `offerableGoals`). */
  goals: readonly Goal[];
  lines: readonly GoalAllocationLine[];
  paymentAmount: number;
  onChange: (lines: GoalAllocationLine[]) => void;
  loading?: boolean;
  disabled?: boolean;
  /** Shown under the empty state when there is no goal to offer (a link to create one). */
  emptyAction?: ReactNode;
}

/**
 * "Allocate Payment to Financial Goals (Optional)" (SPEC.md sections 2 and 5): the unallocated
 * amount, one row per goal with its amount input (min 0, max the payment, step 0.01), progress and
 * the "After allocation" line, "Allocate Evenly" and "Clear All". Every number rule comes from the
 * domain (`setAllocationAmount`, `allocateEvenly`, `unallocatedAmount`, `progressAfterAllocation`).
 */
export function GoalAllocationPanel({
  goals,
  lines,
  paymentAmount,
  onChange,
  loading = false,
  disabled = false,
  emptyAction,
}: GoalAllocationPanelProps) {
  // What each input holds while typing ("12.", ""), kept only while it means the stored amount.
  const [drafts, setDrafts] = useState<Record<number, string | number>>({});
  const unallocated = unallocatedAmount(paymentAmount, lines);
  const total = totalAllocated(lines);
  const amountOf = (goalId: number) => lines.find((line) => line.goal_id === goalId)?.amount ?? 0;

  const change = (goalId: number, raw: string | number) => {
    const next = setAllocationAmount(lines, goalId, raw, paymentAmount);
    setDrafts((current) => ({ ...current, [goalId]: raw }));
    onChange(next);
  };
  const replaceAll = (next: GoalAllocationLine[]) => {
    setDrafts({});
    onChange(next);
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="goal-allocation-title">
      <Stack gap="sm">
        <Title order={3} fz="md" id="goal-allocation-title">
          {ALLOCATION_MESSAGES.panelTitle}
        </Title>
        {loading ? (
          <Group justify="center" py="md">
            <Loader size="sm" aria-label="Loading goals" />
          </Group>
        ) : (
          <>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" aria-live="polite">
                Unallocated amount:{' '}
                <Text
                  span
                  fw={700}
                  c={unallocated < 0 ? 'red' : undefined}
                  style={{ fontVariantNumeric: 'tabular-nums' }}
                  data-testid="unallocated-amount"
                >
                  {formatCurrency(unallocated)}
                </Text>
              </Text>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="light"
                  disabled={disabled || unallocated <= 0 || goals.length === 0}
                  onClick={() =>
                    replaceAll(
                      allocateEvenly(
                        goals.map((goal) => goal.id),
                        lines,
                        paymentAmount,
                      ),
                    )
                  }
                >
                  {ALLOCATION_MESSAGES.allocateEvenly}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  disabled={disabled || total === 0}
                  onClick={() => replaceAll(clearAllocations(lines))}
                >
                  {ALLOCATION_MESSAGES.clearAll}
                </Button>
              </Group>
            </Group>
            {goals.length === 0 && (
              <Stack gap="xs" align="flex-start" data-testid="allocation-empty">
                <Text size="sm" c="dimmed">
                  {ALLOCATION_MESSAGES.noGoals}
                </Text>
                {emptyAction}
              </Stack>
            )}
            <Stack
              gap="sm"
              component="ul"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
              hidden={goals.length === 0}
            >
              {goals.map((goal) => {
                const amount = amountOf(goal.id);
                const draft = drafts[goal.id];
                const shown = draft !== undefined && sanitizeAllocationAmount(draft) === amount ? draft : amount;
                const current = goalProgressPercent(goal.current_amount, goal.target_amount);
                const after = progressAfterAllocation(goal.current_amount, amount, goal.target_amount);
                const added = Math.max(0, Math.min(100, after) - current);
                return (
                  <Box component="li" key={goal.id} data-testid={`allocation-row-${goal.id}`}>
                    <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
                      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                        <Text fw={600} size="sm" truncate>
                          {goal.title}
                        </Text>
                        <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                          {formatCurrency(goal.current_amount)} of {formatCurrency(goal.target_amount)} ·{' '}
                          {formatPercent(current)} complete
                        </Text>
                      </Stack>
                      <AmountInput
                        aria-label={`Amount for ${goal.title}`}
                        w={ALLOCATION_INPUT_WIDTH}
                        size="xs"
                        prefix="$"
                        min={0}
                        max={paymentAmount}
                        step={0.01}
                        decimalScale={2}
                        allowNegative={false}
                        clampBehavior="none"
                        inputMode="decimal"
                        disabled={disabled}
                        value={shown}
                        onChange={(value) => change(goal.id, value)}
                        onBlur={() => setDrafts((current) => ({ ...current, [goal.id]: amount }))}
                      />
                    </Group>
                    <Progress.Root size="sm" mt={6} aria-hidden>
                      <Progress.Section value={current} color={goal.color ?? 'blue'} />
                      <Progress.Section value={added} color="teal" striped />
                    </Progress.Root>
                    {amount > 0 && (
                      <Text
                        size="xs"
                        mt={4}
                        c="var(--mantine-color-anchor)"
                        style={{ fontVariantNumeric: 'tabular-nums' }}
                      >
                        {ALLOCATION_MESSAGES.afterAllocation}:{' '}
                        {formatCurrency(sanitizeAllocationAmount(goal.current_amount + amount))} of{' '}
                        {formatCurrency(goal.target_amount)} ({formatPercent(after)})
                      </Text>
                    )}
                  </Box>
                );
              })}
            </Stack>
          </>
        )}
      </Stack>
    </Card>
  );
}
