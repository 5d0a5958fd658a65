import { Fragment } from 'react';
import type { ReactNode } from 'react';
import { Button, Group, Modal, Text, ThemeIcon, getDefaultZIndex } from '@mantine/core';
import { IconAlertTriangle, IconHelpCircle, IconInfoCircle, IconTrash } from '@tabler/icons-react';
import { CONFIRMATION_DEFAULTS } from '../constants';

/** The kinds of question (SPEC.md section 3): each has its icon and confirm-button colour; danger is red. */
export type ConfirmationType = 'danger' | 'warning' | 'info' | 'default';

/**
 * What `useConfirm()` accepts; every field left out takes CONFIRMATION_DEFAULTS ("Confirmation",
 * "Are you sure you want to proceed?", Confirm, Cancel, the default type; SPEC.md section 9).
 */
export interface ConfirmationOptions {
  title?: string;
  /** Plain text; line breaks ("\n") render as line breaks. */
  message?: string;
  confirmText?: string;
  cancelText?: string;
  /** Unknown values fall back to 'default' styling. */
  type?: ConfirmationType | (string & {});
}

export interface ConfirmationDialogProps extends ConfirmationOptions {
  opened: boolean;
  onConfirm: () => void;
  /** Escape, the Cancel button, the close button and a backdrop click all call this. */
  onCancel: () => void;
}

const TYPE_STYLE: Record<ConfirmationType, { color: string | undefined; icon: ReactNode }> = {
  danger: { color: 'red', icon: <IconTrash size={20} aria-hidden /> },
  warning: { color: 'orange', icon: <IconAlertTriangle size={20} aria-hidden /> },
  info: { color: 'blue', icon: <IconInfoCircle size={20} aria-hidden /> },
  default: { color: undefined, icon: <IconHelpCircle size={20} aria-hidden /> },
};

/** Normalises a dialog type: anything but danger, warning and info is 'default'. */
export function resolveConfirmationType(type: string | undefined): ConfirmationType {
  return type === 'danger' || type === 'warning' || type === 'info' ? type : 'default';
}

/** Splits text on line breaks and joins the lines with `<br />`. */
function withLineBreaks(text: string): ReactNode {
  const lines = text.split(/\r\n|\r|\n/);
  return lines.map((line, index) => (
    <Fragment key={index}>
      {index > 0 && <br />}
      {line}
    </Fragment>
  ));
}

/** The presentational confirmation dialog; `ConfirmationProvider` drives one for `useConfirm`. */
export function ConfirmationDialog({
  opened,
  onConfirm,
  onCancel,
  title = CONFIRMATION_DEFAULTS.title,
  message = CONFIRMATION_DEFAULTS.message,
  confirmText = CONFIRMATION_DEFAULTS.confirmText,
  cancelText = CONFIRMATION_DEFAULTS.cancelText,
  type,
}: ConfirmationDialogProps) {
  const resolved = resolveConfirmationType(type);
  const { color, icon } = TYPE_STYLE[resolved];
  // A destructive action gets the safe button focused first, so Enter does not destroy.
  const focusCancel = resolved === 'danger';
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      centered
      size="md"
      // A question about what is on screen: above any other modal (a form asking before it closes).
      zIndex={getDefaultZIndex('modal') + 10}
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-confirmation-type={resolved}
      title={
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color={color} radius="xl" size="lg" aria-hidden>
            {icon}
          </ThemeIcon>
          <Text component="span" fw={700} size="lg">
            {title}
          </Text>
        </Group>
      }
    >
      <Text data-testid="confirmation-message">{withLineBreaks(message)}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onCancel} data-autofocus={focusCancel || undefined}>
          {cancelText}
        </Button>
        <Button color={color} onClick={onConfirm} data-autofocus={!focusCancel || undefined}>
          {confirmText}
        </Button>
      </Group>
    </Modal>
  );
}
