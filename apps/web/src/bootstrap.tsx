import { startTransition, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { makeStore } from '@ledgerleaf/api';
import { App } from './app';
import { applyFontSize, readFontSizeIndex } from './layout/font-size';

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
        <App
          store={makeStore({ listen: true })}
          pathname={doc.defaultView?.location.pathname}
          search={doc.defaultView?.location.search}
        />
      </StrictMode>,
    ),
  );
  return root;
}
