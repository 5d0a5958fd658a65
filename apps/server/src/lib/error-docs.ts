import { z } from 'zod';
import { errorResponseSchema, MESSAGES } from '@ledgerleaf/domain';
import type { ResponseDoc } from './route';

/** An error answer (`{ message, errors? }`) as a route documents it for the OpenAPI document. */
export function errorDoc(description: string): ResponseDoc {
  return { description, schema: errorResponseSchema };
}

/**
 * A 409 refusing a change in the record's current status: `{ message, status }`, `status` being the
 * status that refused it. Other conflicts of the same route (a concurrent twin of an
 * Idempotency-Key, a record in use) answer `{ message }` only, so `status` is optional.
 */
export function conflictDoc(description: string, status: z.ZodType = z.string()): ResponseDoc {
  return {
    description,
    schema: errorResponseSchema.extend({
      status: status.optional().describe('The current status that refused the change'),
    }),
  };
}

/** A file answer (`application/pdf`, `text/csv; charset=utf-8`, `application/zip`): its media type, no JSON. */
export function fileDoc(description: string, contentType: string): ResponseDoc {
  return { description, contentType };
}

/**
 * The error answers most routes document, worded once. A module spreads them and names its own
 * record where that says more: `{ ...ERROR_DOCS, notFound: errorDoc("No such estimate in the caller's business") }`.
 * `documentedResponses` (lib/route.ts) adds the ones every route of a kind can give.
 */
export const ERROR_DOCS = {
  malformed: errorDoc(
    'The body is not valid JSON, or nests objects and arrays more than 32 levels deep (or, with path parameters, a path that does not decode)',
  ),
  badPath: errorDoc('A path that does not decode (an invalid percent-encoding)'),
  uriTooLong: errorDoc('A path parameter over 200 characters'),
  validation: errorDoc('Invalid input: field-keyed errors'),
  unauthenticated: errorDoc('Missing, revoked or expired token'),
  forbidden: errorDoc('The role of the caller may not do this'),
  notFound: errorDoc("No such record in the caller's business"),
  tooLarge: errorDoc('Body over the limit'),
  unsupportedMediaType: errorDoc('A body that is not application/json'),
  csrf: errorDoc(
    'Anti-forgery check failed: a write without a bearer token must echo the XSRF-TOKEN cookie (GET /sanctum/csrf-cookie) in X-XSRF-TOKEN',
  ),
  throttled: errorDoc('Too many requests from this address'),
  filesBusy: errorDoc(
    'Too many files (PDFs, spreadsheets, zips) under way for the business or this server: nothing was started; try again after `Retry-After` seconds',
  ),
  unexpected: {
    description: `An unexpected error on the server: \`{ message }\` with the same words every time ("${MESSAGES.unexpected}"); what went wrong is only in the server's log`,
    schema: z.strictObject({ message: z.string().describe('Always the same sentence; never details of the failure') }),
  },
} as const;
