import { firstFieldErrors } from '@ledgerleaf/domain';
import { fieldErrors, serverMessage, type RequestError } from '@ledgerleaf/api';

/**
 * Splits a failed save into the errors shown under fields (keys the form knows; first message only,
 * SPEC.md section 5) and one message for a toast or alert: the server's message, plus any error whose
 * key has no field on screen.
 */
export function splitServerErrors(
  error: RequestError,
  isField: (key: string) => boolean,
  fallback: string,
): { fields: Record<string, string>; message: string } {
  const all = firstFieldErrors(fieldErrors(error));
  const fields: Record<string, string> = {};
  const orphans: string[] = [];
  for (const [key, message] of Object.entries(all)) {
    if (isField(key)) fields[key] = message;
    else orphans.push(message);
  }
  const head = serverMessage(error) ?? fallback;
  const message = [head, ...orphans.filter((text) => text !== head)].join('\n');
  return { fields, message };
}
