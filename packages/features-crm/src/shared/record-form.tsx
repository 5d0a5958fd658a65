import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from '@mantine/form';
import { splitServerErrors, type RequestError } from '@ledgerleaf/api';
import { useUnsavedChangesWarning } from '@ledgerleaf/ui/routing';

/** What Mantine's form holds: any object of fields (its own constraint, without naming `any` here). */
type FormValues = NonNullable<NonNullable<Parameters<typeof useForm>[0]>['initialValues']>;

/**
 * A CRM record's form (a lead, an opportunity), as the clients' form does it: Mantine's form
 * validated by the domain's schema (on blur too), a warning before leaving it unsaved, and a submit
 * that saves, puts the server's 422 under the fields it names (the rest in the alert), and once saved
 * leaves for the page `onSaved` names.
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
  fallbackError: string;
  onSaved: (saved: Saved, values: Values) => string | null;
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
