/** SPEC.md section 7: fired on `window` after money reached goals (payment allocation, other income). */
export const GOALS_UPDATED_EVENT = 'goals-updated';

let dispatching = false;

/** `window.dispatchEvent(new Event('goals-updated'))`, marked as ours so the host does not refresh twice. */
export function notifyGoalsUpdated(): void {
  if (typeof window === 'undefined') return;
  dispatching = true;
  try {
    window.dispatchEvent(new Event(GOALS_UPDATED_EVENT));
  } finally {
    dispatching = false;
  }
}

/** True while `notifyGoalsUpdated` is dispatching (our own writes already refreshed the goal queries). */
export function isOwnGoalsUpdate(): boolean {
  return dispatching;
}
