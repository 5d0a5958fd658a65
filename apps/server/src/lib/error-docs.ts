import { errorResponseSchema } from '@ledgerleaf/domain';
import type { ResponseDoc } from './route';

/** An error answer (`{ message, errors? }`) as a route documents it for the OpenAPI document. */
export function errorDoc(description: string): ResponseDoc {
  return { description, schema: errorResponseSchema };
}

/**
 * The error answers most routes document, worded once. A module spreads them and names its own
 * record where that says more: `{ ...ERROR_DOCS, notFound: errorDoc("No such estimate in the caller's business") }`.
 */
export const ERROR_DOCS = {
  validation: errorDoc('Invalid input: field-keyed errors'),
  unauthenticated: errorDoc('Missing, revoked or expired token'),
  forbidden: errorDoc('The role of the caller may not do this'),
  notFound: errorDoc("No such record in the caller's business"),
  tooLarge: errorDoc('Body over the limit'),
  throttled: errorDoc('Too many requests from this address'),
} as const;
