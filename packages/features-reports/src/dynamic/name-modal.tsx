import { useEffect, useState } from 'react';
import { TextInput } from '@mantine/core';
import { DYNAMIC_MESSAGES } from '@ledgerleaf/domain';
import { ModalForm } from '@ledgerleaf/ui';

export interface NameModalProps {
  opened: boolean;
  title: string;
  submitLabel: string;
  initialName: string;
  saving: boolean;
  /** The server's refusal of the name (422 `name`), or of anything else. */
  error: string | null;
  onSubmit: (name: string) => void;
  onClose: () => void;
}

/** Asks for a saved report's name: save, save as, rename. */
export function NameModal({
  opened,
  title,
  submitLabel,
  initialName,
  saving,
  error,
  onSubmit,
  onClose,
}: NameModalProps) {
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (opened) {
      setName(initialName);
      setTouched(false);
    }
  }, [opened, initialName]);
  const missing = name.trim() === '';
  return (
    <ModalForm
      opened={opened}
      onClose={onClose}
      title={title}
      submitLabel={submitLabel}
      saving={saving}
      isDirty={() => name !== initialName}
      onSubmit={() => {
        setTouched(true);
        if (!missing) onSubmit(name.trim());
      }}
    >
      <TextInput
        label="Name"
        value={name}
        maxLength={120}
        data-autofocus
        required
        onChange={(event) => setName(event.currentTarget.value)}
        error={touched && missing ? DYNAMIC_MESSAGES.nameRequired : error}
      />
    </ModalForm>
  );
}
