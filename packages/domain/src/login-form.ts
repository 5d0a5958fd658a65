import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from './constants';
import { MESSAGES } from './messages';

/**
 * The sign-in form's checks: loginRequestSchema's rules and messages for the form's own fields (the
 * first message per field, as `validateWith` gives), in plain code. The sign-in page uses this so
 * that zod (about 25 KiB gzipped) stays out of the first page people load; auth.test.ts proves it
 * answers what the schema answers.
 */
export function loginFormErrors(values: { email: string; password: string }): Record<string, string> {
  const errors: Record<string, string> = {};
  const email = values.email.trim();
  if (email.length < 1) errors.email = MESSAGES.emailRequired;
  else if (email.length > EMAIL_MAX_LENGTH) errors.email = MESSAGES.emailTooLong;
  if (values.password.length < 1) errors.password = MESSAGES.passwordRequired;
  else if (values.password.length > PASSWORD_MAX_LENGTH) errors.password = MESSAGES.passwordTooLong;
  return errors;
}
