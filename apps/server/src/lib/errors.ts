import { MESSAGES, type FieldErrors } from '@ledgerleaf/domain';

/**
 * The one error type services throw. The error handler turns it into `{ message, errors? }` with its
 * status code (and any headers), so routes never build error responses by hand.
 */
export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly statusCode: number,
    message: string,
    readonly details: {
      errors?: FieldErrors;
      headers?: Record<string, string>;
      /** Extra top-level fields, e.g. the waiting list's `success: false`. */
      extra?: Record<string, unknown>;
      /** A 5xx whose message is fixed wording for the user (no internals), answered as is. */
      expose?: boolean;
    } = {},
  ) {
    super(message);
  }

  toBody(): Record<string, unknown> {
    return {
      ...this.details.extra,
      message: this.message,
      ...(this.details.errors ? { errors: this.details.errors } : {}),
    };
  }
}

/** 422 with field-keyed messages; the top-level message is the first of them (what a person reads first). */
export function validationError(errors: FieldErrors, extra?: Record<string, unknown>): AppError {
  const first = Object.values(errors).flat()[0] ?? MESSAGES.validationFailed;
  return new AppError(422, first, { errors, ...(extra ? { extra } : {}) });
}

export function unauthenticated(): AppError {
  return new AppError(401, MESSAGES.unauthenticated);
}

export function notFound(message: string = MESSAGES.notFound): AppError {
  return new AppError(404, message);
}
