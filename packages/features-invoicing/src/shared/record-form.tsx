import { useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Button, Group, Skeleton, Stack } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { ACCOUNT_MESSAGES } from '@ledgerleaf/domain';
import { CardSkeleton } from '@ledgerleaf/ui';
import { useForm } from '@mantine/form';
import { splitServerErrors, type RequestError } from '@ledgerleaf/api';
import { useUnsavedChangesWarning } from '@ledgerleaf/ui/routing';

/** Above a form the signed-in role may read but not save (the read-only role; the server refuses its writes with 403). */
export function ReadOnlyNote() {
  return (
    <Alert color="gray" variant="light" icon={<IconEye size={20} aria-hidden />}>
      {ACCOUNT_MESSAGES.readOnlyRole}
    </Alert>
  );
}

/** The sections of a record's form; `readOnly` turns every field and button in them off (a disabled fieldset) under a note saying why. */
export function FormFields({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  return (
    <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Stack gap="lg">
        {readOnly && <ReadOnlyNote />}
        {children}
      </Stack>
    </fieldset>
  );
}

/** Cancel (back to the list) and the submit button, at the end of a record's form; read-only, only the way back. */
export function FormActions({
  cancelTo,
  submitLabel,
  saving,
  readOnly = false,
}: {
  cancelTo: string;
  submitLabel: string;
  saving: boolean;
  readOnly?: boolean;
}) {
  if (readOnly) {
    return (
      <Group justify="flex-end" gap="sm">
        <Button variant="default" component={Link} to={cancelTo}>
          Back
        </Button>
      </Group>
    );
  }
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" component={Link} to={cancelTo}>
        Cancel
      </Button>
      <Button type="submit" loading={saving}>
        {submitLabel}
      </Button>
    </Group>
  );
}

/** A form page while its data loads: one card per section (`cards` gives each card's lines). */
export function FormSkeleton({ cards }: { cards: number[] }) {
  return (
    <Stack gap="lg" aria-busy="true">
      {cards.map((lines, index) => (
        <CardSkeleton key={index} lines={lines} />
      ))}
      <Skeleton height={36} width={160} ml="auto" />
    </Stack>
  );
}

/** What Mantine's form holds: any object of fields (its own constraint, without naming `any` here). */
type FormValues = NonNullable<NonNullable<Parameters<typeof useForm>[0]>['initialValues']>;

/**
 * A record's form (a client, a product): Mantine's form validated by the domain's rules (on blur
 * too), a warning before leaving it unsaved, and a submit that saves, puts the server's 422 under
 * the fields it names (the rest in the alert above the form), and once saved says so and leaves.
 */
export function useRecordForm<Values extends FormValues, Saved>({
  initialValues,
  validate,
  save,
  isField,
  fallbackError,
  onSaved,
}: {
  initialValues: Values;
  validate: (values: Values) => Record<string, string>;
  save: (values: Values) => Promise<{ error: RequestError } | { data: Saved }>;
  isField: (key: string) => boolean;
  /** The alert's message when the server gave none ("The client could not be saved."). */
  fallbackError: string;
  /** After a save: the toast, and the page to open. */
  onSaved: (saved: Saved, values: Values) => string;
}) {
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const leaving = useRef(false);
  const form = useForm<Values>({ initialValues, validate, validateInputOnBlur: true });
  useUnsavedChangesWarning(() => !leaving.current && form.isDirty());

  const submit = async (valid: Values) => {
    setFormError(null);
    setSaving(true);
    const result = await save(valid);
    setSaving(false);
    if ('error' in result) {
      const { fields, message } = splitServerErrors(result.error, isField, fallbackError);
      form.setErrors(fields);
      setFormError(message);
      return;
    }
    leaving.current = true;
    navigate(onSaved(result.data, valid));
  };

  return {
    form,
    formError,
    saving,
    onSubmit: form.onSubmit(
      (valid) => void submit(valid),
      () => setFormError('Please correct the highlighted fields.'),
    ),
  };
}
