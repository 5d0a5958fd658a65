import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from '@mantine/form';
import { useUnsavedChangesWarning } from './unsaved-changes';

/** What Mantine's form holds: any object of fields (its own constraint, without naming `any` here). */
type FormValues = NonNullable<NonNullable<Parameters<typeof useForm>[0]>['initialValues']>;

/** A refused save in words: the messages under the fields the form has, and the one for the alert. */
export interface RecordFormErrors {
  fields: Record<string, string>;
  message: string;
}

export interface RecordFormOptions<Values, Saved, Failure> {
  initialValues: Values;
  /** The domain's rules: a message per field that breaks one. */
  validate: (values: Values) => Record<string, string>;
  save: (values: Values) => Promise<{ error: Failure } | { data: Saved }>;
  /** The server's refusal split between the fields and the alert (the api's `splitServerErrors`). */
  serverErrors: (error: Failure) => RecordFormErrors;
  /** After a save (the place for the toast): the page to open, or null to stay on the form, now clean. */
  onSaved: (saved: Saved, values: Values) => string | null;
}

/**
 * A record's form (a client, a product, a lead, an opportunity): Mantine's form validated by the
 * domain's rules (on blur too), a warning before leaving it unsaved, and a submit that saves, puts
 * the server's 422 under the fields it names (the rest in the alert above the form), and once saved
 * leaves for the page `onSaved` names (or stays, clean).
 */
export function useRecordForm<Values extends FormValues, Saved, Failure>({
  initialValues,
  validate,
  save,
  serverErrors,
  onSaved,
}: RecordFormOptions<Values, Saved, Failure>) {
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
      const { fields, message } = serverErrors(result.error);
      form.setErrors(fields);
      setFormError(message);
      return;
    }
    const next = onSaved(result.data, valid);
    if (next === null) {
      form.resetDirty();
      return;
    }
    leaving.current = true;
    navigate(next);
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
