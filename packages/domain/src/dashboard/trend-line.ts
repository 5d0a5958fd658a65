/*
 * The Monthly Revenue card's small trend line (SPEC.md section 9): an SVG path through real figures
 * (the daily revenue of the last 30 days), never random numbers. Paths are cached, at most 100
 * entries (the oldest dropped first), like the number-format cache's 500.
 */

export const TREND_LINE_CACHE_LIMIT = 100;
const cache = new Map<string, string>();

/** An SVG path (`M x y L x y ...`) of `values` scaled into `width` x `height` (a flat line when all are equal). */
export function trendLinePath(values: readonly number[], width: number, height: number): string {
  const key = `${width}x${height}:${values.join(',')}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const finite = values.map((value) => (Number.isFinite(value) ? value : 0));
  const min = Math.min(...finite, 0);
  const max = Math.max(...finite, 0);
  const span = max - min;
  const step = finite.length > 1 ? width / (finite.length - 1) : 0;
  const round = (value: number) => Math.round(value * 100) / 100;
  const path = finite
    .map((value, index) => {
      const y = span === 0 ? height / 2 : height - ((value - min) / span) * height;
      return `${index === 0 ? 'M' : 'L'}${round(index * step)} ${round(y)}`;
    })
    .join(' ');
  if (cache.size >= TREND_LINE_CACHE_LIMIT) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(key, path);
  return path;
}

/** Size of the trend-line cache, for tests. */
export function trendLineCacheSize(): number {
  return cache.size;
}
