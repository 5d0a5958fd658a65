import { startTransition, StrictMode, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { makeStore } from '@ledgerleaf/api';
import { App } from './app';
import { applyFontSize, readFontSizeIndex } from './layout/font-size';

/** The id of the start-up screen index.html draws before the scripts have run. */
export const PAGE_START_SCREEN_ID = 'll-boot';

/**
 * Removes the page's own start-up screen in the commit that draws React's first screen (the same
 * start-up screen, drawn by Mantine), so that the two never show together and nothing moves.
 */
export function ReplacesPageStartScreen({ doc, children }: { doc: Document; children: ReactNode }) {
  useLayoutEffect(() => {
    doc.getElementById(PAGE_START_SCREEN_ID)?.remove();
  }, [doc]);
  return children;
}

/**
 * Resolves when every stylesheet of the page has loaded (or failed: the app then starts unstyled
 * rather than never). The built page adds its stylesheet from a script, which the module scripts do
 * not wait for as they wait for one the parser inserted; that script marks a link `data-settled`
 * once it has loaded or failed: a link that failed before the entry ran has no event left to wait
 * for, and only some browsers give it an (empty) sheet (Chromium does).
 */
export function stylesheetsLoaded(doc: Document = document): Promise<void> {
  const pending = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
    (link) => !link.sheet && !link.hasAttribute('data-settled'),
  );
  return Promise.all(
    pending.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  ).then(() => undefined);
}

/** Mounts the app into #root. Without it (SPEC.md section 8) an error is logged and nothing mounts. */
export function mount(doc: Document = document): Root | null {
  const element = doc.getElementById('root');
  if (!element) {
    console.error('Ledgerleaf could not start: the page has no #root element to mount into.');
    return null;
  }
  applyFontSize(readFontSizeIndex(), doc);
  const root = createRoot(element);
  // The first render as a transition: React renders it in slices between which the browser can
  // paint and handle input, rather than in one task (100 ms on a phone).
  startTransition(() =>
    root.render(
      <StrictMode>
        <ReplacesPageStartScreen doc={doc}>
          <App
            store={makeStore({ listen: true })}
            pathname={doc.defaultView?.location.pathname}
            search={doc.defaultView?.location.search}
          />
        </ReplacesPageStartScreen>
      </StrictMode>,
    ),
  );
  return root;
}
