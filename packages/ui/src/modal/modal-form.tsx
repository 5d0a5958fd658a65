import type { ReactNode } from 'react';
import { Button, Group, Stack, type MantineSpacing, type ModalProps } from '@mantine/core';
import { FormAlert } from '../feedback/form-alert';
import { FormModal, useGuardedClose } from './form-modal';

export interface ModalFormProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The submit button's words: 'Add stage', 'Save type'. */
  submitLabel: string;
  onSubmit: () => void;
  saving?: boolean;
  /** The form's error above its fields (what the server refused that no field shows). */
  alert?: string | null;
  /** When it answers true, closing asks "Discard changes?" first. */
  isDirty?: () => boolean;
  size?: ModalProps['size'];
  fullScreen?: boolean;
  /** The space between the fields ('sm' unless told) and between Cancel and the submit button (Mantine's default unless told). */
  gap?: MantineSpacing;
  footerGap?: MantineSpacing;
  /** Cancel is off while the form saves. */
  cancelDisabledWhileSaving?: boolean;
  /** A submit button of the form's own, instead of `submitLabel` with the saving spinner. */
  submitButton?: ReactNode;
  children: ReactNode;
}

const never = () => false;

/**
 * A small record's form in a modal (a stage, an activity type, an activity): the form alert, the
 * fields, and Cancel and the submit button at the end. A FormModal, so Escape closes an open picker
 * before the form, and every way out goes through `useGuardedClose`.
 */
export function ModalForm({
  opened,
  onClose,
  title,
  submitLabel,
  onSubmit,
  saving = false,
  alert,
  isDirty = never,
  size,
  fullScreen,
  gap = 'sm',
  footerGap,
  cancelDisabledWhileSaving = false,
  submitButton,
  children,
}: ModalFormProps) {
  const close = useGuardedClose(onClose, isDirty);
  return (
    <FormModal
      opened={opened}
      onClose={close}
      title={title}
      size={size}
      fullScreen={fullScreen}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap={gap}>
          {alert && <FormAlert>{alert}</FormAlert>}
          {children}
          <Group justify="flex-end" gap={footerGap}>
            <Button variant="default" onClick={close} disabled={cancelDisabledWhileSaving && saving}>
              Cancel
            </Button>
            {submitButton ?? (
              <Button type="submit" loading={saving}>
                {submitLabel}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </FormModal>
  );
}
