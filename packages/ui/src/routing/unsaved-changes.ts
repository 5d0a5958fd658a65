import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useConfirm } from '../confirmation/confirmation-provider';

export interface UnsavedChangesOptions {
  /**
   * A change of the query string leaves the page too: an editor that lives at `/invoices/7?edit=1`
   * is left for `/invoices/7` without the path changing.
   */
  watchQuery?: boolean;
}

/**
 * Warns before leaving a form with unsaved changes: an in-app navigation asks through the
 * confirmation dialog ("Discard changes?"), a reload or tab close through the browser's own prompt.
 * `isDirty` is read at the moment of leaving, so a form that just saved (and navigates away) passes.
 */
export function useUnsavedChangesWarning(isDirty: () => boolean, { watchQuery = false }: UnsavedChangesOptions = {}) {
  const confirm = useConfirm();
  const check = useRef(isDirty);
  check.current = isDirty;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      (currentLocation.pathname !== nextLocation.pathname ||
        (watchQuery && currentLocation.search !== nextLocation.search)) &&
      check.current(),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    confirm({
      title: 'Discard changes?',
      message: 'You have unsaved changes. Leave this page and lose them?',
      confirmText: 'Leave page',
      cancelText: 'Stay',
      type: 'warning',
    }).then(
      () => blocker.proceed(),
      () => blocker.reset(),
    );
  }, [blocker, confirm]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (check.current()) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
}
