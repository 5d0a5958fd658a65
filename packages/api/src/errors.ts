import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { firstFieldErrors, flattenFieldErrors, MESSAGES, type FieldErrors } from '@ledgerleaf/domain';

/** What an RTK Query hook or `unwrap()` hands back on failure. */
export type RequestError = FetchBaseQueryError | SerializedError | undefined | null;

interface ErrorBody {
  message?: unknown;
  errors?: unknown;
  success?: unknown;
}

export function isFetchError(error: unknown): error is FetchBaseQueryError {
  return typeof error === 'object' && error !== null && 'status' in error;
}

/** The HTTP status of a failed call, or null when no response arrived. */
export function errorStatus(error: RequestError): number | null {
  if (!isFetchError(error)) return null;
  if (typeof error.status === 'number') return error.status;
  if (error.status === 'PARSING_ERROR') return error.originalStatus;
  return null;
}

function body(error: RequestError): ErrorBody | null {
  if (!isFetchError(error)) return null;
  const data = 'data' in error ? error.data : undefined;
  return typeof data === 'object' && data !== null ? (data as ErrorBody) : null;
}

/** The field-keyed `errors` of a 422 answer, when there are any. */
export function fieldErrors(error: RequestError): FieldErrors | null {
  const errors = body(error)?.errors;
  if (typeof errors !== 'object' || errors === null) return null;
  const result: FieldErrors = {};
  for (const [field, messages] of Object.entries(errors as Record<string, unknown>)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter(
      (m): m is string => typeof m === 'string' && m !== '',
    );
    if (list.length > 0) result[field] = list;
  }
  return Object.keys(result).length > 0 ? result : null;
}

/** The server's `message`, when it sent one. */
export function serverMessage(error: RequestError): string | null {
  const message = body(error)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

function noResponse(error: RequestError): boolean {
  return isFetchError(error) && (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR');
}

function ownMessage(error: RequestError): string | null {
  if (!error) return null;
  if (isFetchError(error)) return error.status === 'CUSTOM_ERROR' && error.error ? error.error : null;
  return error.message ?? null;
}

/**
 * The login screen's message, SPEC.md section 8, in its order: validation errors joined with ', ';
 * the server's message; 'Server error: {status}'; no response; the error's own message; the
 * generic fallback. A non-OK answer whose body is not JSON reads 'Login failed with status: {status}'
 * ('Login failed' when even the status is unknown).
 */
export function loginErrorMessage(error: RequestError): string {
  if (isFetchError(error)) {
    if (error.status === 'PARSING_ERROR') {
      return error.originalStatus ? MESSAGES.loginFailedStatus(error.originalStatus) : MESSAGES.loginFailed;
    }
    if (typeof error.status === 'number') {
      const errors = fieldErrors(error);
      if (errors) return flattenFieldErrors(errors, ', ');
      return serverMessage(error) ?? MESSAGES.serverError(error.status);
    }
    if (noResponse(error)) return MESSAGES.noResponse;
  }
  return ownMessage(error) ?? MESSAGES.loginFallback;
}

/** SPEC.md section 8: field errors joined by line breaks, else the message, else 'Registration failed'. */
export function registrationErrorMessage(error: RequestError): string {
  const errors = fieldErrors(error);
  if (errors) return flattenFieldErrors(errors, '\n');
  if (noResponse(error)) return MESSAGES.noResponse;
  return serverMessage(error) ?? ownMessage(error) ?? MESSAGES.registrationFailed;
}

/**
 * Demo login (SPEC.md section 8): a success without a token says 'No token received from server.
 * Please try again.'; any other failure shows the server's message, else 'Failed to log in as demo
 * user. Please try again.'. A 404 is no exception: when the demo is off the server's 404 carries its
 * own message ('The demo account is not enabled on this server.'), so the chain stays the SPEC's.
 */
export function demoLoginErrorMessage(error: RequestError): string {
  if (isFetchError(error) && error.status === 'CUSTOM_ERROR' && error.error === MESSAGES.demoNoToken)
    return MESSAGES.demoNoToken;
  return serverMessage(error) ?? MESSAGES.demoFailed;
}

/** SPEC.md section 8, waiting list: errors.email[0], then the message, then the generic message. */
export function waitlistErrorMessage(error: RequestError): string {
  const email = fieldErrors(error)?.email?.[0];
  return email ?? serverMessage(error) ?? MESSAGES.waitlistError;
}

/** Any other call: the server's message or the given fallback. */
export function errorMessage(error: RequestError, fallback: string): string {
  if (noResponse(error)) return MESSAGES.noResponse;
  return serverMessage(error) ?? fallback;
}

/**
 * Splits a failed save into the errors shown under fields (keys the form knows; the first message of
 * each, SPEC.md section 5) and one message for the form alert or toast: the server's message, plus
 * any error whose key has no field on screen.
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
