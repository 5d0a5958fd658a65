import { trendLinePath } from '@ledgerleaf/domain';

const WIDTH = 120;
const HEIGHT = 28;

/**
 * The Monthly Revenue card's small trend line: the daily revenue of the last 30 days, real figures
 * (a line that moved by chance would mislead). Paths come from domain `trendLinePath` (cache of 100).
 */
export function TrendLine({ values }: { values: number[] }) {
  const path = trendLinePath(values, WIDTH, HEIGHT);
  return (
    <svg
      width="100%"
      height={HEIGHT}
      viewBox={`-2 -2 ${WIDTH + 4} ${HEIGHT + 4}`}
      preserveAspectRatio="none"
      role="img"
      aria-label="Daily revenue over the last 30 days"
      data-testid="revenue-trend-line"
    >
      <path
        d={path}
        fill="none"
        stroke="var(--mantine-primary-color-filled)"
        strokeWidth={2}
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
