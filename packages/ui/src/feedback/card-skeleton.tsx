import { Card, Group, Skeleton, Stack, VisuallyHidden } from '@mantine/core';

export interface CardSkeletonProps {
  /** Text lines under the heading placeholder. @default 2 */
  lines?: number;
  /** Adds a block the height of a chart. */
  withChart?: boolean;
  /** Chart block height in px. @default 200 */
  chartHeight?: number;
}

/** Placeholder for a card while its data loads (KPI cards, widgets, charts). */
export function CardSkeleton({ lines = 2, withChart = false, chartHeight = 200 }: CardSkeletonProps) {
  return (
    <Card padding="lg" aria-busy="true" data-testid="card-skeleton">
      <VisuallyHidden>Loading...</VisuallyHidden>
      <Stack gap="sm" aria-hidden>
        <Group justify="space-between">
          <Skeleton height={12} width="40%" radius="xl" />
          <Skeleton height={28} width={28} circle />
        </Group>
        <Skeleton height={24} width="60%" radius="sm" />
        {Array.from({ length: lines }, (_, index) => (
          <Skeleton key={index} height={10} width={index % 2 === 0 ? '85%' : '70%'} radius="xl" />
        ))}
        {withChart && <Skeleton height={chartHeight} radius="md" mt="xs" />}
      </Stack>
    </Card>
  );
}
