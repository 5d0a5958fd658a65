import { startTransition, useEffect, useState, type ReactNode } from 'react';

export interface DeferredMountProps {
  children: ReactNode;
  /** What shows until the children have rendered (nothing by default). */
  fallback?: ReactNode;
}

/**
 * Renders `fallback` first and its children in a React transition right after, once: the children's
 * first render then runs in slices of a few milliseconds between which the browser paints and takes
 * input, and commits on its own. Without it, a screen mounted by a synchronous update (the router's
 * first page after start-up, a store update) rendered in one task: on a phone the signed-in shell
 * and the invoice list took a single 1 s task (Lighthouse's total blocking time). Later updates of
 * the children render as they would anywhere.
 */
export function DeferredMount({ children, fallback = null }: DeferredMountProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    startTransition(() => setReady(true));
  }, []);
  return ready ? children : fallback;
}
