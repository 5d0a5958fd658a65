import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useConfirm } from '@ledgerleaf/ui';

/**
 * `useUnsavedChangesWarning` (shared/) for the editor, which also lives at `/invoices/:id?edit=1`:
 * leaving to `/invoices/:id` keeps the path, so the query string counts here too.
 */
export function useUnsavedInvoiceWarning(isDirty: () => boolean) {
  const confirm = useConfirm();
  const check = useRef(isDirty);
  check.current = isDirty;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search) &&
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
