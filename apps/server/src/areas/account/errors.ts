import { ERROR_DOCS, errorDoc } from '../../lib/error-docs';

/** Error answers the account area documents in the OpenAPI document. */
export const ACCOUNT_ERRORS = {
  ...ERROR_DOCS,
  unsupported: errorDoc('Not a multipart/form-data request'),
};
