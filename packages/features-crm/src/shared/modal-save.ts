import { useCallback, useState } from 'react';
import { splitServerErrors, type RequestError } from '@ledgerleaf/api';
import { useToast } from '@ledgerleaf/ui';

type Check<T> =
  { valid: true; data: T; errors: Record<string, string> } | { valid: false; errors: Record<string, string> };
type Answer = { error: unknown; data?: undefined } | { data: { message?: string | null }; error?: undefined };

/**
 * The save of a CRM modal form (a stage, an activity type, an activity): the domain's check, then
 * the call; the server's refusal goes under the fields it names (`isField`) and the rest in the
 * alert; once saved, the server's message (or `saved`) as a toast, and the modal closes.
 */
export function useModalSave({
  isField,
  fallback,
  onClose,
}: {
  isField: (key: string) => boolean;
  /** The alert when the server says nothing: 'The stage was not saved.' */
  fallback: string;
  onClose: () => void;
}) {
  const toast = useToast();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const reset = useCallback(() => {
    setErrors({});
    setAlert(null);
  }, []);

  const save = async <T>(check: Check<T>, call: (data: T) => PromiseLike<Answer>, saved: string) => {
    setAlert(null);
    if (!check.valid) {
      setErrors(check.errors);
      return;
    }
    const result = await call(check.data);
    if (result.error !== undefined) {
      const split = splitServerErrors(result.error as RequestError, isField, fallback);
      setErrors(split.fields);
      setAlert(split.message);
      return;
    }
    toast.show({ severity: 'success', summary: result.data?.message ?? saved });
    onClose();
  };

  return { errors, alert, reset, save };
}
