/**
 * Runs `task` once the browser is idle (at the latest after `timeout` ms), for what a screen does
 * not need for its first paint; returns the cancel. Without `requestIdleCallback` (Safari before 18,
 * jsdom) it runs after `fallbackDelay` ms.
 */
export function whenIdle(task: () => void, timeout: number, fallbackDelay = 50): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = setTimeout(task, fallbackDelay);
    return () => clearTimeout(timer);
  }
  const handle = window.requestIdleCallback(() => task(), { timeout });
  return () => window.cancelIdleCallback(handle);
}
