import { useCallback, useRef } from 'react';
import { Modal, type ModalProps } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { useAsk } from '../confirmation/confirmation-provider';
import type { ConfirmationOptions } from '../confirmation/confirmation-dialog';

/** What a form modal with unsaved input asks before closing. */
export const DISCARD_CHANGES_QUESTION: ConfirmationOptions = {
  title: 'Discard changes?',
  message: 'You have unsaved changes. Close this form and lose them?',
  confirmText: 'Discard changes',
  cancelText: 'Keep editing',
  type: 'warning',
};

/**
 * `onClose` guarded by a question: when `isDirty()` answers true at the moment of closing, the
 * confirmation dialog asks first ("Discard changes?") and only "Discard changes" closes. A second
 * request while the question is open is ignored (Escape reaches both dialogs). Use the result for
 * every way out of the form: the modal's close button, Escape, a backdrop click and Cancel.
 */
export function useGuardedClose(
  onClose: () => void,
  isDirty: () => boolean,
  question: ConfirmationOptions = DISCARD_CHANGES_QUESTION,
): () => void {
  const ask = useAsk();
  const asking = useRef(false);
  const latest = useRef({ onClose, isDirty, question });
  latest.current = { onClose, isDirty, question };
  return useCallback(() => {
    if (asking.current) return;
    if (!latest.current.isDirty()) {
      latest.current.onClose();
      return;
    }
    asking.current = true;
    void ask(latest.current.question).then((discard) => {
      asking.current = false;
      if (discard) latest.current.onClose();
    });
  }, [ask]);
}

/** A dropdown of a field (date picker, colour picker, select list, menu) that is on screen now. */
const OPEN_POPUP =
  '.mantine-Popover-dropdown, .mantine-Combobox-dropdown, .mantine-Menu-dropdown, .mantine-ColorInput-dropdown, [data-dates-dropdown]';

function popupIsOpen(): boolean {
  for (const element of document.querySelectorAll<HTMLElement>(OPEN_POPUP)) {
    const style = getComputedStyle(element);
    if (style.display !== 'none' && style.visibility !== 'hidden') return true;
  }
  return false;
}

export interface FormModalProps extends ModalProps {
  /** Give `useGuardedClose`'s result, so closing a form with unsaved input asks first. */
  onClose: () => void;
}

/**
 * A modal holding a form. Escape belongs to what is open inside it first: while a date picker, a
 * colour picker or a select list is open, Escape closes that and leaves the form (and its input)
 * alone; otherwise it calls `onClose`, like the close button and a backdrop click.
 */
export function FormModal({ onClose, closeOnEscape = true, opened, ...props }: FormModalProps) {
  useWindowEvent(
    'keydown',
    (event) => {
      if (!opened || !closeOnEscape || event.key !== 'Escape' || event.isComposing) return;
      const target = event.target as HTMLElement | null;
      if (target?.getAttribute?.('data-mantine-stop-propagation') === 'true') return;
      if (popupIsOpen()) return;
      // The confirmation dialog asking about this form takes its own Escape; useGuardedClose ignores
      // this second request while it asks.
      onClose();
    },
    { capture: true },
  );
  return <Modal {...props} opened={opened} onClose={onClose} closeOnEscape={false} />;
}
