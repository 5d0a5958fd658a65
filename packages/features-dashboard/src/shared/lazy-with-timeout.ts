import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * `React.lazy` that gives up after `ms`: the import rejects with `message` (the revenue chart's
 * 'Failed to load chart component' after 10 s), which the widget's boundary shows.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyWithTimeout<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
  ms: number,
  message: string,
): LazyExoticComponent<T> {
  return lazy(
    () =>
      new Promise<{ default: T }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(message)), ms);
        load().then(
          (module) => {
            clearTimeout(timer);
            resolve(module);
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      }),
  );
}
