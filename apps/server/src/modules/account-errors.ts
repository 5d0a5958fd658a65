import { errorResponseSchema } from '@ledgerleaf/domain';

/** Error answers the account area documents in the OpenAPI document. */
export const ACCOUNT_ERRORS = {
  validation: { description: 'Invalid input: field-keyed errors', schema: errorResponseSchema },
  unauthenticated: { description: 'Missing, revoked or expired token', schema: errorResponseSchema },
  forbidden: { description: 'The role of the caller may not do this', schema: errorResponseSchema },
  notFound: { description: "No such record in the caller's business", schema: errorResponseSchema },
  unsupported: { description: 'Not a multipart/form-data request', schema: errorResponseSchema },
};
