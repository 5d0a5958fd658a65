/*
 * The dashboard's timings (SPEC.md sections 4 and 9). The refresh interval's value is not shown in
 * the SPEC; a one-minute constant is, so the summary refreshes every minute while the page is open.
 */

/** The summary refresh interval (and the unit of "more than five refresh intervals"). */
export const REFRESH_INTERVAL_MS = 60_000;
/** After this many intervals away, a return refreshes only the activity. */
export const MAX_REFRESH_INTERVALS = 5;
/** The Refresh button's debounce (SPEC.md section 9: 500 ms in one reading). */
export const REFRESH_DEBOUNCE_MS = 500;
/** A widget's loading placeholder appears after this delay (200-300 ms), so a fast load never flashes it. */
export const PLACEHOLDER_DELAY_MS = 250;
/** The revenue chart's code must arrive within this time, else 'Failed to load chart component'. */
export const CHART_TIMEOUT_MS = 10_000;
