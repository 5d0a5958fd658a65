import type { ReactNode } from 'react';
import {
  ActionIcon,
  Box,
  Card,
  Group,
  LoadingOverlay,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
  useComputedColorScheme,
} from '@mantine/core';
import {
  IconArrowDownRight,
  IconArrowUpRight,
  IconCash,
  IconChartBar,
  IconClock,
  IconHelpCircle,
  IconUser,
} from '@tabler/icons-react';

/** The icons a summary card may carry (SPEC.md section 2, Dashboard summary card). */
export type SummaryCardIcon = 'cash' | 'user' | 'clock' | 'chart';
/** Its colours. */
export type SummaryCardColor = 'primary' | 'success' | 'warning' | 'danger';

const ICONS = { cash: IconCash, user: IconUser, clock: IconClock, chart: IconChartBar } as const;
const COLORS: Record<SummaryCardColor, string> = {
  primary: 'leaf',
  success: 'green',
  warning: 'yellow',
  danger: 'red',
};

export interface SummaryCardTrend {
  /** Percent change; null when there is nothing to compare with (the card shows `newLabel`). */
  value: number | null;
  /** What the percent is measured against, e.g. 'from last month'. */
  label: string;
  /** Shown instead of a percent when `value` is null. Default 'New'. */
  newLabel?: string;
  /** Why there is no percent (a tooltip on `newLabel`). */
  newHelp?: string;
}

export interface SummaryCardProps {
  title: string;
  /** The figure, already formatted. */
  value: ReactNode;
  icon: SummaryCardIcon;
  color?: SummaryCardColor;
  /** Shows the loading overlay over the card. */
  loading?: boolean;
  /** Optional trend: above 0 is green, 0 and below red (SPEC.md section 2). */
  trend?: SummaryCardTrend;
  /** A help tooltip beside the title (the definition of the figure). */
  help?: string;
  /** A line under the figure (a count, the period). */
  caption?: ReactNode;
  /** Anything below (a small trend line). */
  children?: ReactNode;
}

function formatPercent(value: number): string {
  return `${value > 0 ? '+' : ''}${value.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
}

/**
 * A dashboard KPI card: title, value, loading overlay, icon (cash, user, clock, chart), optional
 * trend (positive green, negative red) and colour (primary, success, warning, danger).
 */
export function SummaryCard({
  title,
  value,
  icon,
  color = 'primary',
  loading = false,
  trend,
  help,
  caption,
  children,
}: SummaryCardProps) {
  const Icon = ICONS[icon];
  const tint = COLORS[color];
  return (
    <Card withBorder radius="md" padding="md" pos="relative" h="100%" aria-busy={loading || undefined}>
      <LoadingOverlay visible={loading} zIndex={1} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} miw={0}>
          <Group gap={4} wrap="nowrap">
            <Text size="sm" c="dimmed" fw={600}>
              {title}
            </Text>
            {help && (
              <Tooltip label={help} multiline maw={260} withArrow openDelay={0} transitionProps={{ duration: 250 }}>
                <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`About ${title}: ${help}`}>
                  <IconHelpCircle size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
          <Text fz="xl" fw={700} style={{ overflowWrap: 'anywhere' }} data-testid="summary-card-value">
            {value}
          </Text>
          {caption && (
            <Text size="sm" c="dimmed">
              {caption}
            </Text>
          )}
        </Stack>
        <ThemeIcon size={40} radius="md" variant="light" color={tint} aria-hidden>
          <Icon size={22} stroke={1.6} />
        </ThemeIcon>
      </Group>
      {trend && <TrendLine trend={trend} />}
      {children && <Box mt="xs">{children}</Box>}
    </Card>
  );
}

function TrendLine({ trend }: { trend: SummaryCardTrend }) {
  // Shades that keep 4.5:1 on the card in each scheme (Mantine's green 9 on white is 4.36:1, so
  // light mode takes a darker green: #1f7a35 is 5.4:1).
  const dark = useComputedColorScheme('light') === 'dark';
  if (trend.value === null) {
    const label = trend.newLabel ?? 'New';
    const badge = (
      <Text size="sm" fw={600} c={dark ? 'blue.3' : 'blue.9'} span>
        {label}
      </Text>
    );
    return (
      <Group gap={4} mt="xs" data-testid="summary-card-trend" data-trend="new">
        {trend.newHelp ? (
          <Tooltip label={trend.newHelp} multiline maw={260} withArrow>
            <Text span tabIndex={0} aria-label={`${label}: ${trend.newHelp}`}>
              {badge}
            </Text>
          </Tooltip>
        ) : (
          badge
        )}
        <Text size="sm" c="dimmed" span>
          {trend.label}
        </Text>
      </Group>
    );
  }
  const up = trend.value > 0;
  const Arrow = up ? IconArrowUpRight : IconArrowDownRight;
  const tone = up ? (dark ? 'green.4' : '#1f7a35') : dark ? 'red.4' : 'red.9';
  return (
    <Group gap={4} mt="xs" data-testid="summary-card-trend" data-trend={up ? 'up' : 'down'}>
      <Text span c={tone} lh={0}>
        <Arrow size={16} aria-hidden />
      </Text>
      <Text size="sm" fw={600} c={tone} span className="summary-card-trend-value">
        {formatPercent(trend.value)}
      </Text>
      <Text size="sm" c="dimmed" span>
        {trend.label}
      </Text>
    </Group>
  );
}
